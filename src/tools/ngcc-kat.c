/* ngcc-kat - the known-answer tests of one instance library.
 *
 * Part of ngcc-perf.  Generates the KAT file of an instance library the way
 * the official KAT_KEM.c driver does (kat.md section 1), digests its
 * canonical form and checks it against a manifest line and/or a submitted KAT
 * file, then prints the KAT log and one RESULT line (kat.md section 3).
 *
 * The library is untrusted: it is loaded only in a sandboxed child
 * (sandbox.c), so its crash, hang or overflow is a status, never the end of
 * this program.  The child reports through a pipe, a line at a time:
 *
 *     at <record|-> <call>     before every call into the library
 *     meta <key> <value>       the instance's metadata
 *     records <n>              records about to be generated
 *     time <seconds>           generation time
 *     result <status> <text>   OK, CRYPTOFAIL, OVERFLOW, LOADFAIL, NOMEM,
 *                              ERROR (a write error) or USAGE
 *
 * and writes the KAT text into a temporary file made by the parent.  The
 * parent digests and compares that file itself.
 */
#define _GNU_SOURCE 1

#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <dlfcn.h>
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>
#include <unistd.h>

#include "canonical.h"
#include "katgen.h"
#include "manifest.h"
#include "ngcc_instance.h"
#include "sandbox.h"
#include "sha256.h"

#ifdef HAVE_CONFIG_H
#define NGCC_KAT_VERSION PACKAGE_VERSION
#else
#define NGCC_KAT_VERSION "unknown"
#endif

#define PROG "ngcc-kat"

/* Results and exit status (kat.md section 3), plus the driver's own. */
enum kat_status {
    ST_PASS = 0,
    ST_MISMATCH = 1,
    ST_NOKAT = 2,
    ST_CRYPTOFAIL = 3,
    ST_OVERFLOW = 4,
    ST_LOADFAIL = 5,
    ST_TIMEOUT = 6,
    ST_CRASH = 7,
    ST_USAGE = 8
};

static const char *const status_names[] = {
    "PASS", "MISMATCH", "NOKAT", "CRYPTOFAIL", "OVERFLOW",
    "LOADFAIL", "TIMEOUT", "CRASH", "USAGE",
};

#define DEFAULT_TIMEOUT_S 600.0
#define DEFAULT_MEMORY_MIB 4096UL
#define MAX_MEMORY_MIB (1UL << 30)

struct options {
    const char *manifest;
    const char *reference;
    const char *output;
    const char *log;
    const char *write_manifest;
    const char *id;
    const char *label;
    unsigned long records;      /* 0: not given */
    double timeout_s;
    unsigned long memory_mib;
    int quiet;
    const char *library;        /* as given */
    char *dlpath;               /* as passed to dlopen */
};

/* ---- small helpers ------------------------------------------------------ */

static void usage(FILE *f)
{
    fprintf(f,
"Usage: " PROG " [OPTION]... LIBRARY\n"
"Generate the known-answer tests of an instance library the way the official\n"
"KAT_KEM.c driver does, and check their canonical digest against a manifest\n"
"line or a submitted KAT file.  The library is loaded only in a child\n"
"process with time and memory limits.  Prints the KAT log, ending with\n"
"  RESULT <id> <instance> <STATUS>[ <reason>]\n"
"\n"
"  -m, --manifest=FILE        compare with this instance's line in FILE\n"
"                             (kat.sha256; looked up as <label>/<KAT file>,\n"
"                             then as the bare KAT file name)\n"
"  -r, --reference=FILE       compare with a submitted KAT file (canonical\n"
"                             form, first N records; a template-mode file is\n"
"                             compared without its *_Len lines)\n"
"  -n, --records=N            records to generate (default: the manifest\n"
"                             line's :N, else 10)\n"
"  -o, --output=FILE          keep the generated KAT file as FILE (when it\n"
"                             was generated in full)\n"
"  -l, --log=FILE             also write the KAT log to FILE\n"
"  -w, --write-manifest=FILE  add or replace this instance's line in FILE\n"
"                             (mode strict, <label>/KAT_KEM_<instance>.txt);\n"
"                             only when every comparison asked for passed\n"
"      --id=ID                scheme id to report (default: the library's)\n"
"      --label=LABEL          instance label to report and to look up\n"
"                             (default: the library's)\n"
"  -t, --timeout=SECONDS      wall-clock limit for the child (default 600)\n"
"      --memory=MIB           address-space limit for the child (default\n"
"                             4096; 0: none)\n"
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
"  3  CRYPTOFAIL  a call failed, or dec disagreed with enc\n"
"  4  OVERFLOW    the library wrote outside a buffer\n"
"  5  LOADFAIL    the library or one of its symbols could not be loaded\n"
"  6  TIMEOUT     the child hit the time limit\n"
"  7  CRASH       the child died (the signal is named)\n"
"  8  usage or input error (bad option, unreadable or malformed manifest or\n"
"     reference, an output that cannot be written)\n");
}

static void errmsg(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;

static void errmsg(const char *fmt, ...)
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
static void copy_clean(char *dst, size_t size, const char *src)
{
    size_t i;

    for (i = 0; i + 1 < size && src[i] != '\0'; i++) {
        unsigned char c = (unsigned char)src[i];
        dst[i] = (c < 0x20 || c == 0x7f) ? '?' : (char)c;
    }
    dst[i] = '\0';
}

/* Append to a fixed buffer. */
static void appendf(char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void appendf(char *buf, size_t size, const char *fmt, ...)
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
static void label_from_path(const char *path, char *buf, size_t size)
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

/* Write BUF to PATH through a temporary file and a rename. */
static int write_file_atomic(const char *path, const char *buf, size_t len,
                             char *err, size_t errsize)
{
    size_t tlen = strlen(path) + 16;
    char *tmp = malloc(tlen);
    mode_t mask;
    FILE *fp;
    int fd;

    if (tmp == NULL) {
        snprintf(err, errsize, "%s: out of memory", path);
        return -1;
    }
    snprintf(tmp, tlen, "%s.tmpXXXXXX", path);
    fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errsize, "%s: cannot create a temporary file: %s", path,
                 strerror(errno));
        free(tmp);
        return -1;
    }
    mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    fp = fdopen(fd, "w");
    if (fp == NULL || fwrite(buf, 1, len, fp) != len) {
        snprintf(err, errsize, "%s: %s", tmp, strerror(errno));
        if (fp != NULL)
            fclose(fp);
        else
            close(fd);
        unlink(tmp);
        free(tmp);
        return -1;
    }
    if (fclose(fp) != 0 || rename(tmp, path) != 0) {
        snprintf(err, errsize, "%s: %s", path, strerror(errno));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

/* ---- planning: how many records, which manifest line -------------------- */

/* Shared by the child (before generating) and the parent (after): the number
 * of records to generate and this instance's manifest entry, if any.
 * Returns 0, or -1 with ERR set (an input error). */
static int plan_records(const struct options *o, const struct ngcc_manifest *m,
                        const char *label, const char *katfile,
                        unsigned long *n,
                        const struct ngcc_manifest_entry **entry,
                        size_t *ambiguous, char *err, size_t errsize)
{
    const struct ngcc_manifest_entry *e = NULL;

    *ambiguous = 0;
    if (m != NULL)
        e = ngcc_manifest_lookup(m, label, katfile, ambiguous);
    *entry = e;
    if (o->records != 0) {
        if (e != NULL && e->records != o->records) {
            snprintf(err, errsize,
                     "--records=%lu conflicts with %s:%lu, whose digest "
                     "covers %lu records",
                     o->records, m->name, e->lineno, e->records);
            return -1;
        }
        *n = o->records;
    } else {
        *n = e != NULL ? e->records : NGCC_KAT_DEFAULT_RECORDS;
    }
    return 0;
}

/* ---- the child ---------------------------------------------------------- */

struct child_ctx {
    const struct options *opt;
    const struct ngcc_manifest *manifest;
    int kat_fd;
    int msg_fd;
};

static void send_at(void *arg, unsigned long record, const char *call)
{
    struct child_ctx *c = arg;
    ngcc_sandbox_send(c->msg_fd, "at %lu %s", record, call);
}

static void send_meta(int fd, const char *key, const char *value)
{
    char clean[2048];

    copy_clean(clean, sizeof clean, value != NULL ? value : "");
    ngcc_sandbox_send(fd, "meta %s %s", key, clean);
}

/* dlsym into a function pointer without a non-ISO cast. */
static int lookup(void *h, const char *name, void *fnptr, size_t size)
{
    void *p;

    dlerror();
    p = dlsym(h, name);
    if (p == NULL || size != sizeof p)
        return -1;
    memcpy(fnptr, &p, size);
    return 0;
}

static int kat_child(int msg_fd, void *arg)
{
    struct child_ctx *c = arg;
    const struct options *o = c->opt;
    const struct ngcc_instance_info *info;
    const struct ngcc_manifest_entry *entry;
    ngcc_instance_info_fn info_fn;
    struct ngcc_kem_api api;
    struct ngcc_katgen_opts kopts;
    enum ngcc_katgen_status st;
    char missing[512] = "", katfile[NGCC_KATGEN_NAME_MAX], msg[1024];
    char label[256];
    const char *dlmsg;
    struct timespec t0, t1;
    size_t ambiguous;
    unsigned long n;
    FILE *out;
    void *h;

    c->msg_fd = msg_fd;
    /* What the candidate prints must not end up in the KAT log. */
    dup2(2, 1);

    ngcc_sandbox_send(msg_fd, "at - dlopen");
    h = dlopen(o->dlpath, RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        dlmsg = dlerror();
        copy_clean(msg, sizeof msg, dlmsg ? dlmsg : "unknown error");
        /* dlerror() usually starts with the path already. */
        if (strstr(msg, o->dlpath) != NULL)
            ngcc_sandbox_send(msg_fd, "result LOADFAIL cannot load %s", msg);
        else
            ngcc_sandbox_send(msg_fd, "result LOADFAIL cannot load %s: %s",
                              o->library, msg);
        return 0;
    }
    if (lookup(h, NGCC_SYM_INSTANCE_INFO, &info_fn, sizeof info_fn) != 0) {
        ngcc_sandbox_send(msg_fd,
                          "result LOADFAIL %s: missing symbol %s (not an "
                          "ngcc-perf instance library)",
                          o->library, NGCC_SYM_INSTANCE_INFO);
        return 0;
    }
    ngcc_sandbox_send(msg_fd, "at - %s", NGCC_SYM_INSTANCE_INFO);
    info = info_fn();
    if (info == NULL || info->abi != NGCC_INSTANCE_ABI) {
        ngcc_sandbox_send(msg_fd,
                          "result LOADFAIL %s: %s() reports ABI %d, this "
                          "driver needs %d (rebuild the library)",
                          o->library, NGCC_SYM_INSTANCE_INFO,
                          info ? info->abi : -1, NGCC_INSTANCE_ABI);
        return 0;
    }
    send_meta(msg_fd, "id", info->id);
    send_meta(msg_fd, "type", info->type);
    send_meta(msg_fd, "algorithm", info->algorithm);
    send_meta(msg_fd, "instance", info->instance);
    send_meta(msg_fd, "algorithm_instance", info->algorithm_instance);
    send_meta(msg_fd, "variant", info->variant);
    send_meta(msg_fd, "source_dir", info->source_dir);
    send_meta(msg_fd, "compiler", info->compiler);
    send_meta(msg_fd, "flags", info->flags);
    send_meta(msg_fd, "flags_class", info->flags_class);
    send_meta(msg_fd, "flags_reason", info->flags_reason);
    ngcc_sandbox_send(msg_fd, "meta blank %d", info->blank_test_vectors != 0);
    ngcc_sandbox_send(msg_fd, "meta lengths %llu %llu %llu %llu",
                      info->pk_len, info->sk_len, info->ct_len, info->ss_len);

#define RESOLVE(field, name)                                                 \
    do {                                                                     \
        if (lookup(h, name, &api.field, sizeof api.field) != 0)              \
            appendf(missing, sizeof missing, "%s%s", missing[0] ? ", " : "", \
                    name);                                                   \
    } while (0)
    memset(&api, 0, sizeof api);
    RESOLVE(pk_len, "kem_get_pk_len_bytes");
    RESOLVE(sk_len, "kem_get_sk_len_bytes");
    RESOLVE(ct_len, "kem_get_ct_len_bytes");
    RESOLVE(ss_len, "kem_get_ss_len_bytes");
    RESOLVE(keygen, "kem_keygen");
    RESOLVE(enc, "kem_enc");
    RESOLVE(dec, "kem_dec");
    RESOLVE(drng_seed, NGCC_SYM_DRNG_SEED);
#undef RESOLVE
    if (missing[0] != '\0') {
        ngcc_sandbox_send(msg_fd, "result LOADFAIL %s: missing symbol%s %s",
                          o->library, strchr(missing, ',') ? "s" : "",
                          missing);
        return 0;
    }

    if (info->algorithm_instance == NULL ||
        ngcc_katgen_filename(info->algorithm_instance, katfile,
                             sizeof katfile) != 0) {
        copy_clean(msg, sizeof msg,
                   info->algorithm_instance ? info->algorithm_instance : "");
        ngcc_sandbox_send(msg_fd,
                          "result LOADFAIL %s: ALGORITHM_INSTANCE '%s' cannot "
                          "name a KAT file",
                          o->library, msg);
        return 0;
    }
    copy_clean(label, sizeof label,
               o->label ? o->label : info->instance ? info->instance : "");
    if (plan_records(o, c->manifest, label, katfile, &n, &entry, &ambiguous,
                     msg, sizeof msg) != 0) {
        ngcc_sandbox_send(msg_fd, "result USAGE %s", msg);
        return 0;
    }
    ngcc_sandbox_send(msg_fd, "records %lu", n);

    out = fdopen(c->kat_fd, "w");
    if (out == NULL) {
        ngcc_sandbox_send(msg_fd, "result ERROR cannot write the KAT file: %s",
                          strerror(errno));
        return 0;
    }
    kopts.records = n;
    kopts.blank = info->blank_test_vectors != 0;
    kopts.progress = send_at;
    kopts.progress_arg = c;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    st = ngcc_katgen_run(&api, &kopts, out, msg, sizeof msg);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (fclose(out) != 0 && st == NGCC_KATGEN_OK) {
        snprintf(msg, sizeof msg, "cannot write the KAT file: %s",
                 strerror(errno));
        st = NGCC_KATGEN_ERROR;
    }
    ngcc_sandbox_send(msg_fd, "time %.6f",
                      (double)(t1.tv_sec - t0.tv_sec) +
                          (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    ngcc_sandbox_send(msg_fd, "result %s %s", ngcc_katgen_status_name(st),
                      msg);
    return 0;
}

/* ---- the parent's view of the child's report ---------------------------- */

struct report {
    int have_meta;
    char id[256], type[64], algorithm[256], instance[256];
    char algorithm_instance[256], variant[128], source_dir[1024];
    char compiler[512], flags[2048], flags_class[64], flags_reason[512];
    int blank;
    unsigned long long len[4];
    int have_at;
    char at_record[32], at_call[64];
    int have_records;
    unsigned long records;
    int have_time;
    double gen_time;
    int have_result;
    char result[32], reason[1536];
};

static void on_line(const char *line, size_t len, void *arg)
{
    struct report *r = arg;
    const char *sp;

    (void)len;
    if (strncmp(line, "meta ", 5) == 0) {
        static const struct {
            const char *key;
            size_t off, size;
        } fields[] = {
#define F(k) {#k, offsetof(struct report, k), sizeof(((struct report *)0)->k)}
            F(id), F(type), F(algorithm), F(instance), F(algorithm_instance),
            F(variant), F(source_dir), F(compiler), F(flags), F(flags_class),
            F(flags_reason),
#undef F
        };
        const char *key = line + 5;
        size_t klen, i;

        sp = strchr(key, ' ');
        klen = sp ? (size_t)(sp - key) : strlen(key);
        sp = sp ? sp + 1 : "";
        r->have_meta = 1;
        for (i = 0; i < sizeof fields / sizeof fields[0]; i++) {
            if (strlen(fields[i].key) == klen &&
                strncmp(fields[i].key, key, klen) == 0) {
                copy_clean((char *)r + fields[i].off, fields[i].size, sp);
                return;
            }
        }
        if (klen == 5 && strncmp(key, "blank", 5) == 0)
            r->blank = atoi(sp) != 0;
        else if (klen == 7 && strncmp(key, "lengths", 7) == 0)
            sscanf(sp, "%llu %llu %llu %llu", &r->len[0], &r->len[1],
                   &r->len[2], &r->len[3]);
    } else if (strncmp(line, "at ", 3) == 0) {
        char rec[32], call[64];
        if (sscanf(line + 3, "%31s %63s", rec, call) == 2) {
            copy_clean(r->at_record, sizeof r->at_record, rec);
            copy_clean(r->at_call, sizeof r->at_call, call);
            r->have_at = 1;
        }
    } else if (strncmp(line, "records ", 8) == 0) {
        r->have_records = sscanf(line + 8, "%lu", &r->records) == 1;
    } else if (strncmp(line, "time ", 5) == 0) {
        r->have_time = sscanf(line + 5, "%lf", &r->gen_time) == 1;
    } else if (strncmp(line, "result ", 7) == 0) {
        char st[32] = "";
        const char *rest = line + 7;
        size_t n;

        sp = strchr(rest, ' ');
        n = sp ? (size_t)(sp - rest) : strlen(rest);
        if (n >= sizeof st)
            n = sizeof st - 1;
        memcpy(st, rest, n);
        st[n] = '\0';
        copy_clean(r->result, sizeof r->result, st);
        copy_clean(r->reason, sizeof r->reason, sp ? sp + 1 : "");
        r->have_result = 1;
    }
}

/* Where the child was: " in kem_dec at record 3", " while loading ...". */
static void where(const struct report *r, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!r->have_at)
        return;
    if (strcmp(r->at_call, "dlopen") == 0)
        snprintf(buf, size, " while loading the library");
    else if (strcmp(r->at_record, "-") == 0)
        snprintf(buf, size, " in %s", r->at_call);
    else
        snprintf(buf, size, " in %s at record %s", r->at_call, r->at_record);
}

/* ---- comparisons (parent) ----------------------------------------------- */

struct check {
    int asked;          /* this reference was given */
    int compared;       /* and a comparison took place */
    int matched;
    char line[2048];    /* log line */
    char reason[1536];  /* MISMATCH/NOKAT reason */
};

static FILE *reopen_fd(int fd)
{
    int d;
    FILE *fp;

    if (lseek(fd, 0, SEEK_SET) != 0)
        return NULL;
    d = dup(fd);
    if (d < 0)
        return NULL;
    fp = fdopen(d, "rb");
    if (fp == NULL)
        close(d);
    return fp;
}

static int digest_fd(int fd, enum ngcc_canon_mode mode, unsigned long records,
                     struct ngcc_canon_result *res)
{
    FILE *fp = reopen_fd(fd);
    int rc;

    if (fp == NULL)
        return -1;
    rc = ngcc_canon_digest_file(fp, mode, records, res);
    fclose(fp);
    return rc;
}

static int check_manifest(const struct options *o,
                          const struct ngcc_manifest_entry *e,
                          size_t ambiguous, const char *label,
                          const char *katfile, int kat_fd, struct check *c,
                          char *err, size_t errsize)
{
    struct ngcc_canon_result res;

    c->asked = 1;
    if (e == NULL) {
        if (ambiguous > 1)
            snprintf(c->reason, sizeof c->reason,
                     "%s has no line for %s/%s and %zu for %s", o->manifest,
                     label, katfile, ambiguous, katfile);
        else
            snprintf(c->reason, sizeof c->reason, "%s has no line for %s/%s",
                     o->manifest, label, katfile);
        snprintf(c->line, sizeof c->line, "manifest: %s", c->reason);
        return 0;
    }
    if (digest_fd(kat_fd, e->mode, e->records, &res) != 0) {
        snprintf(err, errsize, "cannot read back the generated KAT file: %s",
                 strerror(errno));
        return -1;
    }
    c->compared = 1;
    c->matched = strcmp(res.hex, e->hex) == 0;
    snprintf(c->line, sizeof c->line,
             "manifest: %s line %lu (%s): %s %s, %lu records: %s",
             o->manifest, e->lineno, e->path, e->hex,
             ngcc_canon_mode_name(e->mode), e->records,
             c->matched ? "match" : "MISMATCH");
    if (!c->matched)
        snprintf(c->reason, sizeof c->reason,
                 "%s line %lu expects %s, generated %s (%s, %lu records)",
                 o->manifest, e->lineno, e->hex, res.hex,
                 ngcc_canon_mode_name(e->mode), e->records);
    return 0;
}

static int check_reference(const struct options *o, const struct report *r,
                           unsigned long n, int kat_fd, struct check *c,
                           char *err, size_t errsize)
{
    struct ngcc_canon_reader ra, rb;
    struct ngcc_canon_result gen, ref;
    struct ngcc_canon_diff d;
    enum ngcc_canon_mode mode;
    FILE *gf = NULL, *rf = NULL;
    char key[128];
    int tmpl, rc = -1, cmp;

    c->asked = 1;
    rf = fopen(o->reference, "rb");
    if (rf == NULL) {
        snprintf(err, errsize, "%s: %s", o->reference, strerror(errno));
        return -1;
    }
    /* A reference made in template mode ("PK_Len = " bare) is compared
     * without the *_Len lines, unless this library prints them bare too. */
    ngcc_canon_reader_file(&rb, rf, NGCC_CANON_STRICT, n);
    tmpl = ngcc_canon_is_template(&rb);
    ngcc_canon_reader_free(&rb);
    if (tmpl < 0)
        goto read_error;
    mode = (tmpl != 0) != (r->blank != 0) ? NGCC_CANON_NOLEN
                                          : NGCC_CANON_STRICT;

    rewind(rf);
    if (ngcc_canon_digest_file(rf, mode, n, &ref) != 0)
        goto read_error;
    if (digest_fd(kat_fd, mode, n, &gen) != 0)
        goto gen_error;

    rewind(rf);
    gf = reopen_fd(kat_fd);
    if (gf == NULL)
        goto gen_error;
    ngcc_canon_reader_file(&ra, rf, mode, n);
    ngcc_canon_reader_file(&rb, gf, mode, n);
    cmp = ngcc_canon_compare(&ra, &rb, &d);
    ngcc_canon_reader_free(&ra);
    ngcc_canon_reader_free(&rb);
    if (cmp < 0)
        goto read_error;
    c->compared = 1;
    c->matched = cmp == 0;
    snprintf(c->line, sizeof c->line,
             "reference: %s: %s %s, %lu records%s: %s", o->reference, ref.hex,
             ngcc_canon_mode_name(mode), ref.records,
             tmpl ? " (template mode)" : "",
             c->matched ? "match" : "MISMATCH");
    if (!c->matched) {
        copy_clean(key, sizeof key, d.key);
        switch (d.kind) {
        case NGCC_CANON_LINE_DIFFERS:
            snprintf(c->reason, sizeof c->reason,
                     "%s differs from the generated file at record %ld, "
                     "line %lu (%s; generated line %lu): reference %s, "
                     "generated %s",
                     o->reference, d.record_a, d.line_a, key, d.line_b,
                     ref.hex, gen.hex);
            break;
        case NGCC_CANON_A_SHORTER:
            snprintf(c->reason, sizeof c->reason,
                     "%s ends after record %ld (%lu records); the generated "
                     "file goes on at record %ld, line %lu (%s): reference "
                     "%s, generated %s",
                     o->reference, d.record_a, ref.records, d.record_b,
                     d.line_b, key, ref.hex, gen.hex);
            break;
        default:
            snprintf(c->reason, sizeof c->reason,
                     "the generated file ends after record %ld; %s goes on "
                     "at record %ld, line %lu (%s): reference %s, generated "
                     "%s",
                     d.record_b, o->reference, d.record_a, d.line_a, key,
                     ref.hex, gen.hex);
            break;
        }
    }
    rc = 0;
    goto out;

read_error:
    snprintf(err, errsize, "%s: %s", o->reference, strerror(errno));
    goto out;
gen_error:
    snprintf(err, errsize, "cannot read back the generated KAT file: %s",
             strerror(errno));
out:
    if (gf != NULL)
        fclose(gf);
    fclose(rf);
    return rc;
}

/* ---- options ------------------------------------------------------------ */

static void parse_options(int argc, char **argv, struct options *o)
{
    enum { OPT_ID = 256, OPT_LABEL, OPT_MEMORY };
    static const struct option longopts[] = {
        {"manifest", required_argument, NULL, 'm'},
        {"reference", required_argument, NULL, 'r'},
        {"records", required_argument, NULL, 'n'},
        {"output", required_argument, NULL, 'o'},
        {"log", required_argument, NULL, 'l'},
        {"write-manifest", required_argument, NULL, 'w'},
        {"id", required_argument, NULL, OPT_ID},
        {"label", required_argument, NULL, OPT_LABEL},
        {"timeout", required_argument, NULL, 't'},
        {"memory", required_argument, NULL, OPT_MEMORY},
        {"quiet", no_argument, NULL, 'q'},
        {"help", no_argument, NULL, 'h'},
        {"version", no_argument, NULL, 'V'},
        {NULL, 0, NULL, 0},
    };
    int c;

    memset(o, 0, sizeof *o);
    o->timeout_s = DEFAULT_TIMEOUT_S;
    o->memory_mib = DEFAULT_MEMORY_MIB;
    opterr = 0;
    while ((c = getopt_long(argc, argv, ":m:r:n:o:l:w:t:qhV", longopts,
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
                usage_error("invalid record count '%s' (1 to 100000000)",
                            optarg);
            break;
        case 't':
            if (parse_seconds(optarg, &o->timeout_s) != 0)
                usage_error("invalid timeout '%s' (seconds, > 0)", optarg);
            break;
        case OPT_MEMORY:
            if (parse_ulong(optarg, 0, MAX_MEMORY_MIB, &o->memory_mib) != 0)
                usage_error("invalid memory limit '%s' (MiB, 0 for none)",
                            optarg);
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
            exit(fflush(stdout) == 0 ? 0 : ST_USAGE);
        case 'V':
            printf(PROG " (ngcc-perf) " NGCC_KAT_VERSION "\n");
            exit(fflush(stdout) == 0 ? 0 : ST_USAGE);
        case ':':
            usage_error("option '%s' requires an argument", argv[optind - 1]);
            break;
        default:
            usage_error("unrecognized option '%s'", argv[optind - 1]);
            break;
        }
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

/* The temporary KAT file: beside --output, else in $TMPDIR. */
static int make_kat_temp(const struct options *o, char **path)
{
    const char *dir = getenv("TMPDIR");
    size_t len;
    int fd;
    mode_t mask;

    if (o->output != NULL) {
        len = strlen(o->output) + 16;
        *path = malloc(len);
        if (*path == NULL)
            return -1;
        snprintf(*path, len, "%s.tmpXXXXXX", o->output);
    } else {
        if (dir == NULL || dir[0] == '\0')
            dir = "/tmp";
        len = strlen(dir) + 32;
        *path = malloc(len);
        if (*path == NULL)
            return -1;
        snprintf(*path, len, "%s/ngcc-kat.XXXXXX", dir);
    }
    fd = mkstemp(*path);
    if (fd < 0) {
        free(*path);
        *path = NULL;
        return -1;
    }
    mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    return fd;
}

/* ---- one run ------------------------------------------------------------ */

struct run {
    struct options o;
    struct ngcc_manifest manifest;
    const struct ngcc_manifest *mp;     /* &manifest when --manifest */
    int kat_fd;                         /* the temporary KAT file */
    char *kat_tmp;                      /* its path, NULL once renamed */
    struct ngcc_sandbox_result sb;
    struct report rep;
    char id[256], label[256], katfile[NGCC_KATGEN_NAME_MAX];
    enum kat_status status;
    char reason[2048];
    int generated;                      /* the child wrote a whole KAT file */
    unsigned long records;
    const struct ngcc_manifest_entry *entry;
    size_t ambiguous;
    struct ngcc_canon_result digest;    /* strict, all records */
    struct check mcheck, rcheck;
    char written[1024];                 /* the manifest line written */
};

/* Read the inputs before anything runs: a bad manifest or reference is the
 * user's error.  0, or -1 after a message. */
static int load_inputs(struct run *r)
{
    const struct options *o = &r->o;
    char err[2048];

    if (o->manifest != NULL) {
        if (ngcc_manifest_load(&r->manifest, o->manifest, err, sizeof err) !=
            0) {
            errmsg("%s", err);
            return -1;
        }
        r->mp = &r->manifest;
    }
    if (o->reference != NULL && access(o->reference, R_OK) != 0) {
        errmsg("%s: %s", o->reference, strerror(errno));
        return -1;
    }
    if (o->write_manifest != NULL && access(o->write_manifest, F_OK) == 0) {
        /* Refuse early to rewrite a manifest that does not parse. */
        struct ngcc_manifest probe;
        if (ngcc_manifest_load(&probe, o->write_manifest, err, sizeof err) !=
            0) {
            errmsg("%s", err);
            return -1;
        }
        ngcc_manifest_free(&probe);
    }
    r->kat_fd = make_kat_temp(o, &r->kat_tmp);
    if (r->kat_fd < 0) {
        errmsg("cannot create a temporary KAT file%s%s: %s",
               o->output ? " beside " : "", o->output ? o->output : "",
               strerror(errno));
        return -1;
    }
    return 0;
}

/* Run the child; then turn its end and its report into a status.  0, or -1
 * after a message (the driver's own failure). */
static int run_child(struct run *r)
{
    const struct options *o = &r->o;
    struct ngcc_sandbox_limits lim;
    struct child_ctx cc;
    const struct report *rep = &r->rep;
    char err[512], wh[256];

    lim.timeout_s = o->timeout_s;
    lim.memory_mib = o->memory_mib;
    cc.opt = o;
    cc.manifest = r->mp;
    cc.kat_fd = r->kat_fd;
    cc.msg_fd = -1;
    fflush(NULL);
    if (ngcc_sandbox_run(&lim, kat_child, &cc, on_line, &r->rep, &r->sb, err,
                         sizeof err) != 0) {
        errmsg("cannot start the child: %s", err);
        return -1;
    }

    /* The names this run reports under. */
    copy_clean(r->id, sizeof r->id,
               o->id ? o->id : rep->id[0] ? rep->id : "-");
    if (o->label != NULL)
        copy_clean(r->label, sizeof r->label, o->label);
    else if (rep->instance[0] != '\0')
        copy_clean(r->label, sizeof r->label, rep->instance);
    else
        label_from_path(o->library, r->label, sizeof r->label);

    where(rep, wh, sizeof wh);
    switch (r->sb.outcome) {
    case NGCC_SANDBOX_TIMEOUT:
        r->status = ST_TIMEOUT;
        snprintf(r->reason, sizeof r->reason,
                 "no result within %g s%s (killed)", o->timeout_s, wh);
        return 0;
    case NGCC_SANDBOX_SIGNALED:
        if (r->sb.signal == SIGXCPU) {
            r->status = ST_TIMEOUT;
            snprintf(r->reason, sizeof r->reason,
                     "CPU time limit (SIGXCPU)%s", wh);
        } else {
            r->status = ST_CRASH;
            snprintf(r->reason, sizeof r->reason, "%s%s",
                     ngcc_sandbox_signame(r->sb.signal), wh);
        }
        return 0;
    case NGCC_SANDBOX_EXITED:
        break;
    }
    if (!rep->have_result) {
        r->status = ST_CRASH;
        snprintf(r->reason, sizeof r->reason,
                 "the child exited with status %d before finishing%s",
                 r->sb.exit_code, wh);
        return 0;
    }
    copy_clean(r->reason, sizeof r->reason, rep->reason);
    if (strcmp(rep->result, "OK") == 0) {
        r->generated = 1;
        r->reason[0] = '\0';
    } else if (strcmp(rep->result, "CRYPTOFAIL") == 0) {
        r->status = ST_CRYPTOFAIL;
    } else if (strcmp(rep->result, "OVERFLOW") == 0) {
        r->status = ST_OVERFLOW;
    } else if (strcmp(rep->result, "LOADFAIL") == 0) {
        r->status = ST_LOADFAIL;
    } else if (strcmp(rep->result, "NOMEM") == 0) {
        r->status = ST_CRASH;
        snprintf(r->reason, sizeof r->reason,
                 "out of memory: %s, the size the library claims", rep->reason);
    } else if (strcmp(rep->result, "USAGE") == 0) {
        errmsg("%s", rep->reason);
        return -1;
    } else {
        errmsg("generating the KAT file failed: %s", rep->reason);
        return -1;
    }
    return 0;
}

/* After a complete generation: digest, compare, record.  0, or -1 after a
 * message. */
static int verify(struct run *r)
{
    const struct options *o = &r->o;
    char err[2048];

    /* Redo the child's planning from the names it reported: the child ran
     * the candidate's code and is not trusted to have done it. */
    if (ngcc_katgen_filename(r->rep.algorithm_instance, r->katfile,
                             sizeof r->katfile) != 0) {
        r->status = ST_LOADFAIL;
        snprintf(r->reason, sizeof r->reason,
                 "ALGORITHM_INSTANCE '%s' cannot name a KAT file",
                 r->rep.algorithm_instance);
        r->generated = 0;
        return 0;
    }
    if (plan_records(o, r->mp, r->label, r->katfile, &r->records, &r->entry,
                     &r->ambiguous, err, sizeof err) != 0) {
        errmsg("%s", err);
        return -1;
    }
    if (digest_fd(r->kat_fd, NGCC_CANON_STRICT, 0, &r->digest) != 0) {
        errmsg("cannot read back the generated KAT file: %s",
               strerror(errno));
        return -1;
    }
    if (r->digest.records != r->records) {
        r->status = ST_CRASH;
        snprintf(r->reason, sizeof r->reason,
                 "the child wrote %lu records instead of %lu",
                 r->digest.records, r->records);
        r->generated = 0;
        return 0;
    }

    if (o->manifest != NULL &&
        check_manifest(o, r->entry, r->ambiguous, r->label, r->katfile,
                       r->kat_fd, &r->mcheck, err, sizeof err) != 0) {
        errmsg("%s", err);
        return -1;
    }
    if (o->reference != NULL &&
        check_reference(o, &r->rep, r->records, r->kat_fd, &r->rcheck, err,
                        sizeof err) != 0) {
        errmsg("%s", err);
        return -1;
    }
    if (r->mcheck.compared && !r->mcheck.matched) {
        r->status = ST_MISMATCH;
        snprintf(r->reason, sizeof r->reason, "%s", r->mcheck.reason);
    } else if (r->rcheck.compared && !r->rcheck.matched) {
        r->status = ST_MISMATCH;
        snprintf(r->reason, sizeof r->reason, "%s", r->rcheck.reason);
    } else if (r->mcheck.compared || r->rcheck.compared) {
        r->status = ST_PASS;
    } else {
        r->status = ST_NOKAT;
        snprintf(r->reason, sizeof r->reason, "%s",
                 r->mcheck.asked
                     ? r->mcheck.reason
                     : "no reference (give --manifest or --reference)");
    }

    /* Record the digest only when nothing contradicts it. */
    if (o->write_manifest != NULL &&
        (r->status == ST_PASS || r->status == ST_NOKAT)) {
        struct ngcc_manifest_entry we;
        char path[1024];

        if (!ngcc_manifest_valid_component(r->label)) {
            errmsg("label '%s' cannot go into a manifest (use --label)",
                   r->label);
            return -1;
        }
        memset(&we, 0, sizeof we);
        memcpy(we.hex, r->digest.hex, sizeof we.hex);
        we.mode = NGCC_CANON_STRICT;
        we.records = r->records;
        we.has_records = r->records != NGCC_KAT_DEFAULT_RECORDS;
        snprintf(path, sizeof path, "%s/%s", r->label, r->katfile);
        we.path = path;
        we.file = strrchr(path, '/') + 1;
        if (ngcc_manifest_update(o->write_manifest, &we, err, sizeof err) !=
            0) {
            errmsg("%s", err);
            return -1;
        }
        ngcc_manifest_format_line(&we, r->written, sizeof r->written);
        r->written[strcspn(r->written, "\n")] = '\0';
        r->status = ST_PASS;
        r->reason[0] = '\0';
    }

    if (o->output != NULL) {
        if (rename(r->kat_tmp, o->output) != 0) {
            errmsg("%s: %s", o->output, strerror(errno));
            return -1;
        }
        free(r->kat_tmp);
        r->kat_tmp = NULL;
    }
    return 0;
}

static void write_log(const struct run *r, FILE *log)
{
    const struct options *o = &r->o;
    const struct report *rep = &r->rep;

    fprintf(log, "driver: " PROG " (ngcc-perf) " NGCC_KAT_VERSION "\n");
    fprintf(log, "library: %s\n", o->library);
    if (rep->have_meta) {
        fprintf(log, "id: %s\n", r->id);
        fprintf(log, "type: %s\n", rep->type);
        fprintf(log, "algorithm: %s\n", rep->algorithm);
        fprintf(log, "instance: %s\n", r->label);
        fprintf(log, "algorithm_instance: %s\n", rep->algorithm_instance);
        fprintf(log, "variant: %s\n", rep->variant);
        fprintf(log, "source_dir: %s\n", rep->source_dir);
        fprintf(log, "compiler: %s\n", rep->compiler);
        fprintf(log, "flags: %s\n", rep->flags);
        fprintf(log, "flags_class: %s\n", rep->flags_class);
        if (rep->flags_reason[0] != '\0')
            fprintf(log, "flags_reason: %s\n", rep->flags_reason);
        fprintf(log, "template_mode: %s\n", rep->blank ? "yes" : "no");
        fprintf(log, "pk_len: %llu\nsk_len: %llu\nct_len: %llu\n"
                     "ss_len: %llu\n",
                rep->len[0], rep->len[1], rep->len[2], rep->len[3]);
    }
    fprintf(log, "limits: timeout %g s, memory ", o->timeout_s);
    if (o->memory_mib == 0)
        fprintf(log, "unlimited\n");
    else if (!r->sb.memory_limited)
        fprintf(log, "%lu MiB not applied (AddressSanitizer build)\n",
                o->memory_mib);
    else
        fprintf(log, "%lu MiB\n", o->memory_mib);
    if (rep->have_time && rep->have_records)
        fprintf(log, "time: %lu records in %.6f s (%.3f ms/record); child "
                     "%.6f s wall\n",
                rep->records, rep->gen_time,
                rep->records ? rep->gen_time * 1e3 / (double)rep->records : 0,
                r->sb.elapsed_s);
    else
        fprintf(log, "time: child %.6f s wall\n", r->sb.elapsed_s);
    if (r->generated) {
        fprintf(log, "kat_file: %s", r->katfile);
        if (o->output != NULL)
            fprintf(log, " (kept as %s)", o->output);
        fprintf(log, "\ndigest: %s strict, %lu records\n", r->digest.hex,
                r->digest.records);
        if (r->mcheck.asked)
            fprintf(log, "%s\n", r->mcheck.line);
        if (r->rcheck.asked)
            fprintf(log, "%s\n", r->rcheck.line);
        if (r->written[0] != '\0')
            fprintf(log, "manifest_written: %s: %s\n", o->write_manifest,
                    r->written);
        else if (o->write_manifest != NULL)
            fprintf(log, "manifest_written: %s: nothing (%s)\n",
                    o->write_manifest, status_names[r->status]);
    }
    fprintf(log, "RESULT %s %s %s%s%s\n", r->id, r->label,
            status_names[r->status], r->reason[0] ? " " : "", r->reason);
}

/* Print the log (all of it, or the RESULT line with --quiet) and write
 * --log.  0, or -1 after a message. */
static int emit_log(const struct run *r)
{
    char *buf = NULL, err[1024];
    size_t len = 0;
    FILE *log = open_memstream(&buf, &len);
    int rc = 0;

    if (log == NULL) {
        errmsg("out of memory");
        return -1;
    }
    write_log(r, log);
    if (fclose(log) != 0) {
        errmsg("out of memory");
        free(buf);
        return -1;
    }
    if (r->o.quiet) {
        const char *res = strstr(buf, "\nRESULT ");
        fputs(res ? res + 1 : buf, stdout);
    } else {
        fwrite(buf, 1, len, stdout);
    }
    if (r->o.log != NULL &&
        write_file_atomic(r->o.log, buf, len, err, sizeof err) != 0) {
        errmsg("%s", err);
        rc = -1;
    }
    free(buf);
    return rc;
}

int main(int argc, char **argv)
{
    struct run *r = calloc(1, sizeof *r);
    int status;

    if (r == NULL) {
        errmsg("out of memory");
        return ST_USAGE;
    }
    r->kat_fd = -1;
    r->status = ST_CRASH;
    parse_options(argc, argv, &r->o);

    if (load_inputs(r) != 0 || run_child(r) != 0 ||
        (r->generated && verify(r) != 0) || emit_log(r) != 0)
        status = ST_USAGE;
    else
        status = (int)r->status;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        errmsg("write error on standard output");
        status = ST_USAGE;
    }

    if (r->kat_fd >= 0)
        close(r->kat_fd);
    if (r->kat_tmp != NULL) {
        unlink(r->kat_tmp);
        free(r->kat_tmp);
    }
    if (r->mp != NULL)
        ngcc_manifest_free(&r->manifest);
    free(r->o.dlpath);
    free(r);
    return status;
}
