/* kat_options.c - the options of ngcc-kat, its help and its messages.
 *
 * Part of ngcc-perf.
 */
#define _GNU_SOURCE 1

#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kat_run.h"
#include "kind.h"
#include "manifest.h"
#include "gnu_cli.h"

const char *const kat_status_names[] = {
    "PASS", "MISMATCH", "NOKAT", "CRYPTOFAIL", "OVERFLOW",
    "LOADFAIL", "TIMEOUT", "CRASH", "USAGE",
};

/* The names of the kinds' official drivers, or their KAT files with
 * "<instance>" for the name, joined by " or ": the help says what the
 * table says. */
static void kinds_list(FILE *f, int files)
{
    char name[NGCC_KATGEN_NAME_MAX];
    int i, n = 0;

    for (i = 0; kinds[i] != NULL; i++) {
        if (kinds[i]->kat == NULL)
            continue;
        fputs(n++ ? " or " : "", f);
        if (!files)
            fputs(kinds[i]->kat->official_driver, f);
        else if (ngcc_katgen_filename(kinds[i], "<instance>", name,
                                      sizeof name) == 0)
            fputs(name, f);
    }
}

/* Every kind's KAT file keys, ", "-separated, for the help. */
static void kat_keys_list(FILE *f)
{
    char keys[256];
    int i;

    for (i = 0; kinds[i] != NULL; i++)
        fprintf(f, "%s%s", i ? ", " : "", kat_file_keys(kinds[i], keys, sizeof keys));
}

const char *kat_file_keys(const struct kind *k, char *buf, size_t size)
{
    struct kind_kat_file all[KIND_MAX_KAT_FILES];
    int i, n = kind_kat_files(k, all, KIND_MAX_KAT_FILES);

    buf[0] = '\0';
    for (i = 0; i < n; i++)
        appendf(buf, size, "%s%s", i ? ", " : "", all[i].key);
    return buf;
}

int kat_file_of(const struct options *o, const struct kind *k, struct kind_kat_file *f)
{
    struct kind_kat_file all[KIND_MAX_KAT_FILES];
    int n = kind_kat_files(k, all, KIND_MAX_KAT_FILES);

    if (o->file == NULL) {
        if (n < 1)
            return -1;
        *f = all[0];
        return 0;
    }
    return kind_kat_file_find(k, o->file, f);
}

double kat_file_timeout(const struct options *o, const struct kind_kat_file *f)
{
    double t = o->quick ? QUICK_TIMEOUT_S : DEFAULT_TIMEOUT_S;

    t += (double)f->work_bytes / KAT_FLOOR_BYTES_PER_S + (double)f->calls * KAT_FLOOR_CALL_S;
    return t < KAT_FILE_TIMEOUT_CAP_S ? t : KAT_FILE_TIMEOUT_CAP_S;
}

static void usage(FILE *f)
{
    fprintf(f,
"Usage: " PROG " [OPTION]... LIBRARY\n"
"Generate the known-answer tests of an instance library the way the official\n"
"driver of its kind does (");
    kinds_list(f, 0);
    fprintf(f,
"), and check their\n"
"canonical digest against a manifest line or a submitted KAT file.  The\n"
"library is loaded only in a child process with time and memory limits.\n"
"Prints the KAT log, ending with\n"
"  RESULT <id> <instance> <STATUS>[ <reason>]\n"
"\n"
"  -m, --manifest=FILE        compare with this instance's line in FILE\n"
"                             (kat.sha256; looked up as <label>/<KAT file>,\n"
"                             then as the bare KAT file name)\n"
"  -r, --reference=FILE       compare with a submitted KAT file (canonical\n"
"                             form, first N records; a template-mode file is\n"
"                             compared without its *_Len lines)\n"
"  -n, --records=N            records to generate (default: the manifest\n"
"                             line's :N, else the KAT file's records, 10 for\n"
"                             a KEM or a signature)\n"
"  -f, --file=KEY             generate the kind's KAT file KEY, the file name\n"
"                             less _<instance>.txt (");
    kat_keys_list(f);
    fprintf(f, ");\n"
"                             default: the kind's first\n"
"      --progress             say on stderr now and then (at most every 5 s)\n"
"                             the record, the share done and the time left\n"
"  -o, --output=FILE          keep the generated KAT file as FILE (when it\n"
"                             was generated in full)\n"
"  -l, --log=FILE             also write the KAT log to FILE\n"
"  -w, --write-manifest=FILE  add or replace this instance's line in FILE\n"
"                             (mode strict, <label>/<KAT file>:\n"
"                             ");
    kinds_list(f, 1);
    fprintf(f,
");\n"
"                             only when every comparison asked for passed\n"
"      --id=ID                scheme id to report (default: the library's)\n"
"      --label=LABEL          instance label to report and to look up\n"
"                             (default: the library's)\n"
"  -t, --timeout=SECONDS      wall-clock limit for the child (default 300;\n"
"                             with --file, sized for the file: 300 s plus\n"
"                             1 s per MiB hashed or drawn and 1 ms per call,\n"
"                             at most 21600)\n"
"      --memory=MIB           address-space limit for the child (default\n"
"                             4096 plus the file's message buffer; 0: none)\n"
"  -q, --quiet                print only the RESULT line\n"
"  -h, --help                 display this help and exit\n"
"  -V, --version              output version information and exit\n"
"\n"
"LIBRARY is a path; a name without '/' is taken from the current directory.\n"
"What the library itself prints goes to standard error.\n"
"\n"
"Exit status:\n"
"  0  PASS        the digest matches every reference given, or was written\n"
"  1  MISMATCH    it differs from the manifest line or the KAT file\n"
"  2  NOKAT       no reference: no manifest line and no KAT file\n"
"  3  CRYPTOFAIL  a call failed, or disagreed (dec with enc, verify with sign)\n"
"  4  OVERFLOW    the library wrote outside a buffer\n"
"  5  LOADFAIL    the library or one of its symbols could not be loaded\n"
"  6  TIMEOUT     the child hit the time limit\n"
"  7  CRASH       the child died (the signal is named)\n"
"  8  usage or input error (bad option, unreadable or malformed manifest or\n"
"     reference, an output that cannot be written)\n"
"Unlike the package's other tools (usage errors: 2), 0 to 7 are the statuses\n"
"of the KAT specification, so a usage error is 8.\n"
"\n");
    gnu_cli_bug_lines(f);
}

void errmsg(const char *fmt, ...)
{
    va_list ap;

    fflush(stdout);
    fputs(PROG ": ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static void usage_error(const char *fmt, const char *arg)
{
    fflush(stdout);
    fputs(PROG ": ", stderr);
    fprintf(stderr, fmt, arg);
    fputs("\nTry '" PROG " --help' for more information.\n", stderr);
    exit(ST_USAGE);
}

/* Copy SRC into DST (SIZE > 0) as one printable line: control characters
 * become '?'. */
void copy_clean(char *dst, size_t size, const char *src)
{
    size_t i;

    for (i = 0; i + 1 < size && src[i] != '\0'; i++) {
        unsigned char c = (unsigned char)src[i];
        dst[i] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
    }
    dst[i] = '\0';
}

void appendf(char *buf, size_t size, const char *fmt, ...)
{
    size_t len = strlen(buf);
    va_list ap;

    if (len + 1 >= size)
        return;
    va_start(ap, fmt);
    vsnprintf(buf + len, size - len, fmt, ap);
    va_end(ap);
}

static int parse_ulong(const char *s, unsigned long min, unsigned long max,
                       unsigned long *out)
{
    char *end;
    unsigned long v;

    if (*s < '0' || *s > '9')
        return -1;
    errno = 0;
    v = strtoul(s, &end, 10);
    if (errno != 0 || *end != '\0' || v < min || v > max)
        return -1;
    *out = v;
    return 0;
}

static int parse_seconds(const char *s, double *out)
{
    char *end;
    double v;

    if ((*s < '0' || *s > '9') && *s != '.')
        return -1;
    errno = 0;
    v = strtod(s, &end);
    if (errno != 0 || *end != '\0' || !(v > 0) || v > 1e7)
        return -1;
    *out = v;
    return 0;
}

/* The label a library file suggests: its base name without ".so". */
void label_from_path(const char *path, char *buf, size_t size)
{
    const char *base = strrchr(path, '/');
    size_t n;

    base = base ? base + 1 : path;
    n = strlen(base);
    if (n > 3 && strcmp(base + n - 3, ".so") == 0)
        n -= 3;
    if (n >= size)
        n = size - 1;
    memcpy(buf, base, n);
    buf[n] = '\0';
    copy_clean(buf, size, buf);
}


/* ---- options ------------------------------------------------------------ */

void parse_options(int argc, char **argv, struct options *o)
{
    enum { OPT_ID = 256, OPT_LABEL, OPT_MEMORY, OPT_QUICK, OPT_PROGRESS };
    static const struct option longopts[] = {
        {"manifest", required_argument, NULL, 'm'},
        {"reference", required_argument, NULL, 'r'},
        {"records", required_argument, NULL, 'n'},
        {"file", required_argument, NULL, 'f'},
        {"progress", no_argument, NULL, OPT_PROGRESS},
        {"output", required_argument, NULL, 'o'},
        {"log", required_argument, NULL, 'l'},
        {"write-manifest", required_argument, NULL, 'w'},
        {"id", required_argument, NULL, OPT_ID},
        {"label", required_argument, NULL, OPT_LABEL},
        {"timeout", required_argument, NULL, 't'},
        {"memory", required_argument, NULL, OPT_MEMORY},
        {"quick", no_argument, NULL, OPT_QUICK},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    struct kind_kat_file kf;
    int c, k, memory_given = 0;

    memset(o, 0, sizeof *o);
    o->timeout_s = DEFAULT_TIMEOUT_S;
    o->memory_mib = DEFAULT_MEMORY_MIB;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":m:r:n:f:o:l:w:t:qhV", longopts,
                            NULL)) != -1) {
        switch (c) {
        case 'm': o->manifest = optarg; break;
        case 'r': o->reference = optarg; break;
        case 'o': o->output = optarg; break;
        case 'l': o->log = optarg; break;
        case 'w': o->write_manifest = optarg; break;
        case 'q': o->quiet = 1; break;
        case 'n':
            if (parse_ulong(optarg, 1, NGCC_MANIFEST_MAX_RECORDS,
                            &o->records) != 0)
                usage_error("--records: invalid value '%s' (1 to 100000000)",
                            optarg);
            break;
        case 't':
            if (parse_seconds(optarg, &o->timeout_s) != 0)
                usage_error("--timeout: invalid value '%s' (seconds, more "
                            "than 0, at most 10000000)", optarg);
            o->timeout_given = 1;
            break;
        case OPT_QUICK:
            o->quick = 1;
            break;
        case 'f':
            o->file = optarg;
            break;
        case OPT_PROGRESS:
            o->progress = 1;
            break;
        case OPT_MEMORY:
            if (parse_ulong(optarg, 0, MAX_MEMORY_MIB, &o->memory_mib) != 0)
                usage_error("--memory: invalid value '%s' (MiB, 0 for none, at "
                            "most 1073741824)",
                            optarg);
            memory_given = 1;
            break;
        case OPT_ID:
            if (!ngcc_manifest_valid_component(optarg))
                usage_error("invalid id '%s' (no blanks or '/')", optarg);
            o->id = optarg;
            break;
        case OPT_LABEL:
            if (!ngcc_manifest_valid_component(optarg))
                usage_error("invalid label '%s' (no blanks or '/')", optarg);
            o->label = optarg;
            break;
        case 'h':
            usage(stdout);
            exit(gnu_cli_stdout_status(PROG, 0, ST_USAGE));
        case 'V':
            gnu_cli_version(PROG);
            exit(gnu_cli_stdout_status(PROG, 0, ST_USAGE));
        case ':':
            usage_error("option '%s' requires an argument", argv[optind - 1]);
            break;
        default:
            usage_error("unrecognized option '%s'", argv[optind - 1]);
            break;
        }
    }
    if (o->quick && !o->timeout_given)
        o->timeout_s = QUICK_TIMEOUT_S;
    if (o->file != NULL) {
        /* The first kind with such a file sizes the limits; the child
         * refuses the key if the instance's kind has none. */
        for (k = 0; kinds[k] != NULL && kind_kat_file_find(kinds[k], o->file, &kf) < 0; k++)
            ;
        if (kinds[k] == NULL)
            usage_error("--file: no kind has a KAT file '%s' (see --help)", o->file);
        if (!o->timeout_given)
            o->timeout_s = kat_file_timeout(o, &kf);
        if (!memory_given && o->memory_mib > 0)
            o->memory_mib += (unsigned long)(kf.message_bytes >> 20);
    }
    if (optind >= argc)
        usage_error("%s", "missing LIBRARY");
    if (optind + 1 < argc)
        usage_error("extra operand '%s'", argv[optind + 1]);
    o->library = argv[optind];
    if (o->library[0] == '\0')
        usage_error("%s", "empty LIBRARY name");
    o->dlpath = malloc(strlen(o->library) + 3);
    if (o->dlpath == NULL) {
        errmsg("out of memory");
        exit(ST_USAGE);
    }
    sprintf(o->dlpath, "%s%s", strchr(o->library, '/') ? "" : "./",
            o->library);
}

