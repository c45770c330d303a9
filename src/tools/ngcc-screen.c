/* ngcc-screen -- screen one instance library: memory errors under
 * AddressSanitizer/UBSan and valgrind memcheck, secret-dependent branches
 * and memory indices under memcheck, and the symmetric survey
 * (doc/screen.md).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json.h>

#include "checks.h"
#include "confine.h"
#include "document.h"
#include "finding.h"
#include "check_limits.h"
#include "locate.h"
#include "reaper.h"
#include "kind_screen.h"
#include "screen_kind.h"
#include "survey.h"
#include "sysfile.h"
#include "worker.h"
#include "gnu_cli.h"

#define PROG "ngcc-screen"
#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif

enum { EXIT_OK = 0, EXIT_TOOL = 1, EXIT_USAGE = 2, EXIT_INPUT = 3 };

static void usage(FILE *fp)
{
    fprintf(fp,
"Usage: " PROG " run --build-info FILE --out FILE [OPTION]...\n"
"  or:  " PROG " limits --kat-log FILE [--quick] [--timeout S]...\n"
"  or:  " PROG " show FILE\n"
"Screen one instance: its screening builds under AddressSanitizer and UBSan,\n"
"valgrind memcheck, secret-dependent branches and indices, and the\n"
"symmetric survey; write the findings to FILE (doc/screen.md).\n"
"\n"
"      --build-info=FILE     the instance's build.info (schemes/ID/LABEL/)\n"
"      --out=FILE            the evidence file (data/SYS/screen/ID/LABEL.json)\n"
"      --root=DIR            the package root paths are relative to (.)\n"
"      --asan-info=FILE      build.info of the sanitizer build\n"
"                            (default ROOT/screen/ID/asan/LABEL/build.info)\n"
"      --memcheck-info=FILE  build.info of the debug-info build for valgrind\n"
"                            (default ROOT/screen/ID/memcheck/LABEL/build.info)\n"
"      --system-dir=DIR      where the instance's profiles and KAT log are\n"
"                            (default: three levels above FILE)\n"
"      --kat-log=FILE        the instance's KAT log, for the limits\n"
"                            (default SYSTEM-DIR/kat/ID/LABEL.log)\n"
"      --kat-records=N       KAT records under the sanitizers (10; quick 1)\n"
"      --ops=N               operations of each kind per check (3; quick 1)\n"
"      --timeout=S           upper bound of each check's limit (600)\n"
"      --no-valgrind         skip the valgrind checks\n"
"      --quick               fewer records and operations\n"
"  -q, --quiet               print nothing but errors\n"
"  -h, --help                display this help and exit\n"
"  -V, --version             output version information and exit\n"
"\n"
"Each check's wall clock limit: FLOOR + FACTOR x (the KAT's child wall time\n"
"per record) x the records' worth the check runs (asan-kat: N records;\n"
"asan-OP: N+1; memcheck, secret: N rounds); FLOOR 10 s (quick 5 s), FACTOR\n"
"20 under AddressSanitizer, 200 under valgrind.  Without a usable KAT time\n"
"(the KAT timed out or crashed): 2 x FLOOR; without a KAT log (the\n"
"campaign's, else make check's schemes/ID/LABEL.log): --timeout.  Never\n"
"above --timeout.\n"
"A check killed at its limit is 'timeout'; the others still run.  limits\n"
"prints each check's limit and its derivation, tab-separated.\n"
"\n"
"show prints a screening file one line a finding, tab-separated: area\n"
"(memory, secret), kind, location, attribution, op, count, tool, note,\n"
"severity;\n"
"then 'status AREA STATUS', 'check NAME STATUS' and 'verdict TEXT'.\n"
"\n"
"Environment: VALGRIND (the valgrind program; default: valgrind on PATH),\n"
"TMPDIR, NGCC_SCREEN_PATTERNS (the code patterns that explain findings;\n"
"default: $NGCC_TOP_SRCDIR/data/screening-patterns.txt, else the\n"
"installed one).\n"
"\n"
"Findings are information: exit status 0 when FILE was written, whatever\n"
"was found; 1 FILE was written but a check failed for a reason of the\n"
"tool's own (recorded as status \"error\"); 2 usage error; 3 unreadable\n"
"build.info or patterns, or FILE not written.\n\n");
    gnu_cli_bug_lines(fp);
}

static void skipped(struct screen_check *chk, const char *name, const char *tool, const char *why)
{
    memset(chk, 0, sizeof *chk);
    screen_copy(chk->name, sizeof chk->name, name);
    screen_copy(chk->tool, sizeof chk->tool, tool);
    screen_copy(chk->status, sizeof chk->status, "skipped");
    screen_copy(chk->reason, sizeof chk->reason, why);
}

/* Did the check run to its end (whatever it found)?  An area is screened
 * when one of its checks did. */
static int completed(const struct screen_check *chk)
{
    return strcmp(chk->status, "ok") == 0 || strcmp(chk->status, "findings") == 0;
}

struct run_opts {
    const char *build_info, *out, *root, *asan_info, *memcheck_info, *system_dir, *kat_log;
    unsigned long kat_records, ops;
    double timeout_s;
    int quick, no_valgrind, quiet;
};

static int parse_ulong(const char *s, unsigned long max, unsigned long *out)
{
    char *end;
    unsigned long v;
    errno = 0;
    v = strtoul(s, &end, 10);
    if (errno || end == s || *end || v > max || s[0] == '-')
        return -1;
    *out = v;
    return 0;
}

/* Set the limit of the check NAME of an instance of kind K into C
 * (limits.h). */
static void set_limit(struct screen_check *c, const struct kind *k, const char *name,
                      const struct run_opts *o, const struct screen_kat_time *kt)
{
    c->limit_s = screen_check_limit(k, name, kt, o->kat_records, o->ops, o->quick, o->timeout_s,
                                    c->limit_basis, sizeof c->limit_basis);
}

/* The kind named by the first of TYPES that is set; a message if unknown. */
static const struct kind *kind_or_say(const char *const *types, size_t n)
{
    const struct kind *k = screen_kind(types, n);
    size_t i;
    for (i = 0; !k && i < n; i++)
        if (types[i] && types[i][0]) {
            fprintf(stderr, PROG ": type '%s' is not a kind ngcc-screen knows\n", types[i]);
            break;
        }
    return k;
}

/* ngcc-screen limits: the limits a run would apply, one line a check. */
static int cmd_limits(const struct run_opts *o)
{
    struct screen_kat_time kt;
    struct screen_check c;
    char names[SCREEN_MAX_CHECKS][SCREEN_CHECK_NAME];
    const char *type;
    const struct kind *k;
    size_t i, n;
    screen_kat_time_read(o->kat_log, &kt);
    type = kt.type;
    if (!(k = kind_or_say(&type, 1)))
        return EXIT_INPUT;
    n = screen_check_names(k, names, SCREEN_MAX_CHECKS);
    for (i = 0; i < n; i++) {
        set_limit(&c, k, names[i], o, &kt);
        printf("%s\t%g\t%s\n", names[i], c.limit_s, c.limit_basis);
    }
    return gnu_cli_stdout_status(PROG, EXIT_OK, EXIT_TOOL);
}

static int cmd_run(const struct run_opts *o)
{
    char *info = NULL, *ainfo = NULL, *minfo = NULL, *ldir = NULL, *sysdir = NULL;
    char id[256], label[256], conf[4096], library[4096], status[32], alib[4096] = "", mlib[4096] = "";
    char runtime[256], path[8192], utc[32], err[256];
    struct screen_sources src;
    struct screen_explains ex, pat;
    struct screen_findings all;
    struct screen_check chk[SCREEN_MAX_CHECKS];
    struct screen_config cfg;
    size_t nchk = 0, i;
    unsigned long long leaked = 0;
    int memory_screened = 0, secret_screened = 0, tool_failed = 0, op;
    json_object *doc, *arr, *survey = NULL, *mem;
    const char *profiles[KIND_MAX_OPS];
    char *profile_paths[KIND_MAX_OPS] = { NULL };
    char btype[64] = "", ctype[64] = "";
    const char *types[3];
    const struct kind *kind;
    const char *no_secret; /* the kind's reason for no secret check, or NULL */
    char self[4096];
    ssize_t sl;
    struct screen_kat_time kt;

    memset(&all, 0, sizeof all);
    if (!(info = sys_read_file(o->build_info, NULL))) {
        fprintf(stderr, PROG ": %s: cannot read: %s\n", o->build_info, strerror(errno));
        return EXIT_INPUT;
    }
    if (!screen_info_get(info, "id", id, sizeof id) || !screen_info_get(info, "label", label, sizeof label) ||
        !screen_info_get(info, "build_status", status, sizeof status)) {
        fprintf(stderr, PROG ": %s: not a build.info (no id, label or build_status)\n", o->build_info);
        free(info);
        return EXIT_INPUT;
    }
    /* The KAT gate ran before: its time gives the checks' limits. */
    sysdir = o->system_dir ? NULL : screen_system_dir_of(o->out);
    screen_kat_time_find(o->kat_log, o->system_dir ? o->system_dir : sysdir, id, label,
                         o->build_info, &kt);
    screen_info_get(info, "conf", conf, sizeof conf);
    screen_info_get(info, "library", library, sizeof library);
    /* The instance's kind: its build.info's, its description's, its
     * KAT's; the table gives its operations and checks. */
    screen_info_get(info, "type", btype, sizeof btype);
    screen_conf_type(conf, label, ctype, sizeof ctype);
    types[0] = btype, types[1] = ctype, types[2] = kt.type;
    if (!(kind = kind_or_say(types, 3))) {
        free(info);
        free(sysdir);
        return EXIT_INPUT;
    }
    no_secret = kind->screen ? kind->screen->no_secret : NULL;
    if (screen_patterns_load(&pat, screen_patterns_path(), err, sizeof err) != 0) {
        fprintf(stderr, PROG ": %s\n", err);
        free(info);
        free(sysdir);
        return EXIT_INPUT;
    }
    ldir = screen_dir_of(o->build_info);
    screen_sources_load(&src, ldir, conf);
    src.kind = kind;
    screen_explains_load(&ex, conf, label);

    snprintf(path, sizeof path, "%s/screen/%s/asan/%s/build.info", o->root, id, label);
    if ((ainfo = sys_read_file(o->asan_info ? o->asan_info : path, NULL)) != NULL)
        screen_info_get(ainfo, "library", alib, sizeof alib);
    snprintf(path, sizeof path, "%s/screen/%s/memcheck/%s/build.info", o->root, id, label);
    if ((minfo = sys_read_file(o->memcheck_info ? o->memcheck_info : path, NULL)) != NULL)
        screen_info_get(minfo, "library", mlib, sizeof mlib);

    sl = readlink("/proc/self/exe", self, sizeof self - 1);
    if (sl > 0)
        self[sl] = '\0';
    else
        screen_copy(self, sizeof self, PROG);
    cfg.self = self;
    cfg.valgrind = o->no_valgrind ? NULL : screen_find_valgrind();
    cfg.tmpdir = getenv("TMPDIR") && *getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp";
    cfg.timeout_s = o->timeout_s;
    cfg.memory_mib = 16384;
    cfg.asan_rss_mib = 4096;
    ngcc_reaper_init();

    if (strcmp(status, "ok") != 0) {
        skipped(&chk[nchk++], "asan", "asan+ubsan", "the instance did not build");
        skipped(&chk[nchk++], "memcheck", "valgrind", "the instance did not build");
        skipped(&chk[nchk++], "secret", "valgrind", no_secret ? no_secret : "the instance did not build");
    } else {
        if (!alib[0] || access(alib, R_OK) != 0) {
            skipped(&chk[nchk++], "asan", "asan+ubsan", "no sanitizer build (make screen)");
        } else if (!screen_asan_runtime(alib, runtime, sizeof runtime)) {
            skipped(&chk[nchk++], "asan", "asan+ubsan",
                    "the sanitizer build needs no AddressSanitizer runtime (not built with -fsanitize=address?)");
        } else {
            char names[SCREEN_MAX_CHECKS][SCREEN_CHECK_NAME];
            size_t nasan = screen_check_names(kind, names, SCREEN_MAX_CHECKS) - 2;
            /* asan-kat, then asan-OP for each operation of the kind: the
             * worker's mode after "asan-".  Each its own child with its own
             * limit: one that hangs costs that limit, the next still runs. */
            for (i = 0; i < nasan; i++) {
                struct screen_check *c = &chk[nchk++];
                const char *mode = names[i] + 5;
                memset(c, 0, sizeof *c);
                set_limit(c, kind, names[i], o, &kt);
                if (!o->quiet)
                    printf("  SCREEN   %s/%s asan+ubsan %s (limit %g s)\n", id, label, mode,
                           c->limit_s);
                screen_check_asan(&cfg, runtime, alib, mode, i == 0 ? o->kat_records : o->ops,
                                  &src, &all, c);
                memory_screened |= completed(c);
            }
        }
        if (!cfg.valgrind) {
            const char *why = o->no_valgrind ? "--no-valgrind" : "valgrind is not installed";
            skipped(&chk[nchk++], "memcheck", "valgrind", why);
            skipped(&chk[nchk++], "secret", "valgrind", no_secret ? no_secret : why);
        } else if (!mlib[0] || access(mlib, R_OK) != 0) {
            skipped(&chk[nchk++], "memcheck", "valgrind", "no debug-info build (make screen)");
            skipped(&chk[nchk++], "secret", "valgrind",
                    no_secret ? no_secret : "no debug-info build (make screen)");
        } else {
            struct screen_check *c = &chk[nchk++];
            unsigned long long ignored;
            memset(c, 0, sizeof *c);
            set_limit(c, kind, "memcheck", o, &kt);
            if (!o->quiet)
                printf("  SCREEN   %s/%s valgrind memcheck (limit %g s)\n", id, label, c->limit_s);
            screen_check_valgrind(&cfg, mlib, AREA_MEMORY, o->ops, kind->nops, &src, &all, c,
                                  &leaked);
            memory_screened |= completed(c);
            c = &chk[nchk++];
            if (no_secret) {
                skipped(c, "secret", "valgrind", no_secret);
            } else {
                memset(c, 0, sizeof *c);
                set_limit(c, kind, "secret", o, &kt);
                if (!o->quiet)
                    printf("  SCREEN   %s/%s valgrind secret (limit %g s)\n", id, label, c->limit_s);
                screen_check_valgrind(&cfg, mlib, AREA_SECRET, o->ops, kind->nops, &src, &all, c,
                                      &ignored);
                secret_screened = completed(c);
            }
        }
        screen_annotate(&all, &pat, &ex);
    }
    for (i = 0; i < nchk; i++)
        tool_failed |= strcmp(chk[i].status, "error") == 0;

    for (op = 0; op < kind->nops; op++) {
        const char *sd = o->system_dir ? o->system_dir : sysdir ? sysdir : ".";
        const char *name = kind->ops[op].name;
        profile_paths[op] = malloc(strlen(sd) + strlen(id) + strlen(label) + strlen(name) + 26);
        if (profile_paths[op])
            sprintf(profile_paths[op], "%s/profile/%s/%s__%s.json", sd, id, label, name);
        profiles[op] = profile_paths[op];
    }
    if (strcmp(status, "ok") == 0) {
        char srcdir[4096];
        /* The sources' directory (build.info's srcdir, absolute). */
        if (!screen_info_get(info, "srcdir", srcdir, sizeof srcdir) || !srcdir[0])
            screen_copy(srcdir, sizeof srcdir, src.scheme_dir[0] ? src.scheme_dir : ".");
        survey = screen_survey(library, &src, srcdir, profiles, (size_t)kind->nops, err,
                               sizeof err);
        if (!survey)
            fprintf(stderr, PROG ": %s/%s: no survey: %s\n", id, label, err);
    }

    doc = json_object_new_object();
    sys_utc_now(utc);
    json_object_object_add(doc, "format", json_object_new_string(SCREEN_FORMAT));
    json_object_object_add(doc, "format_version", json_object_new_int(SCREEN_FORMAT_VERSION));
    json_object_object_add(doc, "tool", json_object_new_string(PROG " (ngcc-perf) " PACKAGE_VERSION));
    json_object_object_add(doc, "id", json_object_new_string(id));
    json_object_object_add(doc, "label", json_object_new_string(label));
    json_object_object_add(doc, "generated_utc", json_object_new_string(utc));
    json_object_object_add(doc, "build_status", json_object_new_string(status));
    json_object_object_add(doc, "quick", json_object_new_boolean(o->quick));
    json_object_object_add(doc, "library", screen_file_json(library, o->root));
    json_object_object_add(doc, "asan_library", screen_file_json(alib, o->root));
    json_object_object_add(doc, "memcheck_library", screen_file_json(mlib, o->root));
    json_object_object_add(doc, "patterns", screen_file_json(screen_patterns_path(), o->root));
    {
        struct ngcc_confinement conf; /* what every check's child ran under */
        ngcc_confine_current(&conf);
        json_object_object_add(doc, "confinement", ngcc_confine_json(&conf, NULL));
    }
    arr = json_object_new_array();
    for (i = 0; i < nchk; i++)
        json_object_array_add(arr, screen_check_json(&chk[i]));
    json_object_object_add(doc, "checks", arr);
    mem = screen_area_json(&all, AREA_MEMORY, memory_screened);
    json_object_object_add(mem, "leaked_bytes", memory_screened && cfg.valgrind && mlib[0]
                           ? json_object_new_int64((int64_t)leaked) : NULL);
    json_object_object_add(mem, "leaked_bytes_per_op", memory_screened && cfg.valgrind && mlib[0] && o->ops
                           ? json_object_new_double((double)leaked / ((double)kind->nops * (double)o->ops))
                           : NULL);
    json_object_object_add(mem, "findings", screen_findings_json(&all, AREA_MEMORY));
    json_object_object_add(doc, "memory", mem);
    mem = screen_area_json(&all, AREA_SECRET, secret_screened);
    if (no_secret) /* not screened, and why: the kind has no secrets */
        json_object_object_add(mem, "reason", json_object_new_string(no_secret));
    json_object_object_add(mem, "findings", screen_findings_json(&all, AREA_SECRET));
    json_object_object_add(doc, "secret", mem);
    json_object_object_add(doc, "survey", survey);

    {
        const char *text = json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY |
                                                          JSON_C_TO_STRING_NOSLASHESCAPE);
        char *t = malloc(strlen(text) + 2);
        int rc = -1;
        if (t) {
            sprintf(t, "%s\n", text);
            rc = sys_make_parents(o->out) == 0 ? sys_write_atomic(o->out, t) : -1;
        }
        if (rc != 0) {
            fprintf(stderr, PROG ": %s: cannot write: %s\n", o->out, strerror(errno));
            tool_failed = -1;
        }
        free(t);
    }
    json_object_put(doc);
    for (op = 0; op < kind->nops; op++)
        free(profile_paths[op]);
    free(sysdir);
    screen_findings_free(&all);
    screen_explains_free(&ex);
    screen_explains_free(&pat);
    screen_sources_free(&src);
    free(ldir);
    free(info);
    free(ainfo);
    free(minfo);
    return tool_failed < 0 ? EXIT_INPUT : tool_failed ? EXIT_TOOL : EXIT_OK;
}

static const char *field(json_object *o, const char *key)
{
    json_object *v;
    if (!json_object_object_get_ex(o, key, &v) || !v)
        return "-";
    return json_object_get_string(v);
}

/* ngcc-screen show FILE: the findings, one line each, for people and
 * tests. */
static int cmd_show(const char *file)
{
    json_object *doc = json_object_from_file(file), *area, *arr, *v;
    static const char *const areas[2] = { "memory", "secret" };
    size_t a, i;
    if (!doc || !json_object_is_type(doc, json_type_object)) {
        fprintf(stderr, PROG ": %s: not a JSON file\n", file);
        json_object_put(doc);
        return EXIT_INPUT;
    }
    for (a = 0; a < 2; a++) {
        if (!json_object_object_get_ex(doc, areas[a], &area) || !area)
            continue;
        printf("status\t%s\t%s\n", areas[a], field(area, "status"));
        if (!json_object_object_get_ex(area, "findings", &arr) ||
            !json_object_is_type(arr, json_type_array))
            continue;
        for (i = 0; i < json_object_array_length(arr); i++) {
            json_object *f = json_object_array_get_idx(arr, i);
            printf("%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", areas[a], field(f, "kind"),
                   field(f, "location"), field(f, "attribution"), field(f, "op"), field(f, "count"),
                   field(f, "tool"), field(f, "note"), field(f, "severity"));
        }
    }
    if (json_object_object_get_ex(doc, "checks", &arr) && json_object_is_type(arr, json_type_array))
        for (i = 0; i < json_object_array_length(arr); i++) {
            json_object *c = json_object_array_get_idx(arr, i);
            printf("check\t%s\t%s\t%s\n", field(c, "name"), field(c, "status"), field(c, "reason"));
        }
    if (json_object_object_get_ex(doc, "survey", &v) && v)
        printf("verdict\t%s\n", field(v, "verdict"));
    json_object_put(doc);
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    struct run_opts o;
    int i, kat_set = 0, ops_set = 0;
    if (argc >= 2 && strcmp(argv[1], "work") == 0) {
        unsigned long n;
        if (argc != 5 || parse_ulong(argv[3], 1000000, &n) != 0) {
            fprintf(stderr, PROG ": usage: " PROG " work MODE N LIBRARY\n");
            return EXIT_USAGE;
        }
        return screen_work(argv[2], n, argv[4]);
    }
    if (argc >= 2 && strcmp(argv[1], "show") == 0) {
        if (argc != 3) {
            fprintf(stderr, PROG ": usage: " PROG " show FILE\n");
            return EXIT_USAGE;
        }
        return cmd_show(argv[2]);
    }
    if (argc >= 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(stdout);
        return gnu_cli_stdout_status(PROG, EXIT_OK, 3);
    }
    if (argc >= 2 && (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)) {
        gnu_cli_version(PROG);
        return gnu_cli_stdout_status(PROG, EXIT_OK, 3);
    }
    if (argc < 2 || (strcmp(argv[1], "run") != 0 && strcmp(argv[1], "limits") != 0)) {
        fprintf(stderr, PROG ": %s (try '" PROG " --help')\n",
                argc < 2 ? "no command given" : "unknown command");
        return EXIT_USAGE;
    }
    memset(&o, 0, sizeof o);
    o.root = ".";
    o.kat_records = 10;
    o.ops = 3;
    o.timeout_s = 600;
    for (i = 2; i < argc; i++) {
        const char *a = argv[i], *v = NULL;
        static const char *const valued[] = { "--build-info", "--out", "--root", "--asan-info",
            "--memcheck-info", "--system-dir", "--kat-records", "--ops", "--timeout", "--kat-log" };
        size_t k;
        for (k = 0; k < sizeof valued / sizeof valued[0]; k++) {
            size_t n = strlen(valued[k]);
            if (strncmp(a, valued[k], n) == 0 && (a[n] == '=' || a[n] == '\0')) {
                if (a[n] == '=')
                    v = a + n + 1;
                else if (i + 1 < argc)
                    v = argv[++i];
                else {
                    fprintf(stderr, PROG ": option '%s' needs an argument\n", a);
                    return EXIT_USAGE;
                }
                break;
            }
        }
        if (v) {
            unsigned long n;
            switch (k) {
            case 0: o.build_info = v; break;
            case 1: o.out = v; break;
            case 2: o.root = v; break;
            case 3: o.asan_info = v; break;
            case 4: o.memcheck_info = v; break;
            case 5: o.system_dir = v; break;
            case 9: o.kat_log = v; break;
            case 6: case 7: case 8:
                if (parse_ulong(v, 1000000, &n) != 0 || (k == 8 && n == 0)) {
                    fprintf(stderr, PROG ": %s: '%s' is not a count\n", valued[k], v);
                    return EXIT_USAGE;
                }
                if (k == 6) o.kat_records = n, kat_set = 1;
                else if (k == 7) o.ops = n, ops_set = 1;
                else o.timeout_s = (double)n;
                break;
            }
        } else if (strcmp(a, "--quick") == 0) {
            o.quick = 1;
        } else if (strcmp(a, "--no-valgrind") == 0) {
            o.no_valgrind = 1;
        } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
            o.quiet = 1;
        } else {
            fprintf(stderr, PROG ": unknown option '%s' (try '" PROG " --help')\n", a);
            return EXIT_USAGE;
        }
    }
    if (strcmp(argv[1], "limits") == 0 && !o.kat_log) {
        fprintf(stderr, PROG ": limits needs --kat-log (try '" PROG " --help')\n");
        return EXIT_USAGE;
    }
    if (strcmp(argv[1], "run") == 0 && (!o.build_info || !o.out)) {
        fprintf(stderr, PROG ": run needs --build-info and --out (try '" PROG " --help')\n");
        return EXIT_USAGE;
    }
    if (o.quick) {
        if (!kat_set)
            o.kat_records = 1;
        if (!ops_set)
            o.ops = 1;
    }
    return strcmp(argv[1], "limits") == 0 ? cmd_limits(&o) : cmd_run(&o);
}
