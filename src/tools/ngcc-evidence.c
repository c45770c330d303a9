/* ngcc-evidence -- flatten the evidence of one system into tab-separated rows.
 *
 * Part of ngcc-perf.  Reads DIR/campaign.json, DIR/build.json and, for every
 * instance that build.json lists, DIR/records/<id>/<label>__<op>.json,
 * DIR/profile/<id>/<label>__<op>.json and the KAT log (doc/campaign.md,
 * doc/evidence.md), checks what the report pages rely on, and prints one
 * row per line on standard output for scripts/ngcc-report's awk programs.
 *
 * Rows: the first field is the row type.  Before any data row, one row
 *
 *     columns TYPE NKEYS NAME...
 *
 * per type names its fields (after the type): the first NKEYS identify the
 * row, the others are the values, named by their dotted path in the JSON
 * file.  Values are exact and unformatted: integers as integers, other
 * numbers in the shortest form that reads back as the same double, booleans
 * true/false, arrays of names joined by single spaces, null (or absent) as
 * \N.  In strings, a backslash is written \\, tab \t, newline \n, carriage
 * return \r, any other control character \?.  Formatting belongs to the
 * pages (scripts/report-format.awk), not here.
 *
 * A file that is missing, is not JSON, lacks a field the pages need, has a
 * field of the wrong type or disagrees with itself (statistics against
 * their sums, shares against their ticks, a KAT log against its SHA-256)
 * is an error "ngcc-evidence: FILE: message"; every error is reported and
 * the exit status is 1.  A timing record or a profile that is absent is not
 * an error: its row says present 0, and the pages show it as not measured.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* POSIX.1-2008 with realpath */
#endif

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json.h>

#include "digest.h"

#define PROG "ngcc-evidence"
#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif
#ifndef PACKAGE_BUGREPORT
#define PACKAGE_BUGREPORT "the ngcc-perf maintainers"
#endif

enum { EXIT_OK = 0, EXIT_EVIDENCE = 1, EXIT_USAGE = 2, EXIT_SYSTEM = 3 };

static const char *const OPS[] = { "keygen", "enc", "dec" };
#define NOPS 3

/* ---- errors --------------------------------------------------------------- */

static unsigned long nerrors;

static void bad(const char *file, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static void bad(const char *file, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, PROG ": %s: ", file);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    nerrors++;
}

static void die(int status, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 2, 3)));
static void die(int status, const char *fmt, ...)
{
    va_list ap;
    fputs(PROG ": ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(status);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die(EXIT_SYSTEM, "out of memory");
    return p;
}

/* "%s/%s" (or "%s/%s/%s__%s.json" and friends): a fresh string. */
static char *cat_path(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *cat_path(const char *fmt, ...)
{
    va_list ap;
    int n;
    char *s;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        die(EXIT_SYSTEM, "cannot format a path");
    s = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

/* ---- reading JSON ------------------------------------------------------- */

/* The JSON document in PATH, or NULL after an error naming PATH.  A missing
 * file is an error only when REQUIRED; *ABSENT says it was missing. */
static json_object *load_json(const char *path, int required, int *absent)
{
    FILE *f;
    char *buf;
    size_t len = 0, cap = 65536, n;
    json_tokener *tok;
    json_object *root;
    enum json_tokener_error jerr;

    if (absent)
        *absent = 0;
    f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT && absent)
            *absent = 1;
        if (required || errno != ENOENT)
            bad(path, "cannot read: %s", strerror(errno));
        return NULL;
    }
    buf = xmalloc(cap);
    while ((n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            char *p;
            if (cap > (size_t)INT_MAX / 2) {
                fclose(f);
                free(buf);
                bad(path, "too large to be evidence");
                return NULL;
            }
            p = realloc(buf, cap * 2);
            if (!p)
                die(EXIT_SYSTEM, "out of memory");
            buf = p;
            cap *= 2;
        }
    }
    if (ferror(f)) {
        bad(path, "cannot read: %s", strerror(errno));
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);

    tok = json_tokener_new();
    if (!tok)
        die(EXIT_SYSTEM, "out of memory");
    root = json_tokener_parse_ex(tok, buf, (int)len);
    jerr = json_tokener_get_error(tok);
    if (!root || jerr != json_tokener_success) {
        size_t off = json_tokener_get_parse_end(tok), i;
        unsigned long line = 1;
        if (jerr == json_tokener_continue || jerr == json_tokener_success)
            jerr = json_tokener_error_parse_eof;
        for (i = 0; i < off && i < len; i++)
            line += buf[i] == '\n';
        bad(path, "not valid JSON (line %lu: %s)", line, json_tokener_error_desc(jerr));
        json_object_put(root);
        root = NULL;
    } else {
        size_t end = json_tokener_get_parse_end(tok);
        while (end < len && strchr(" \t\r\n", buf[end]))
            end++;
        if (end < len) {
            bad(path, "not valid JSON (text after the document)");
            json_object_put(root);
            root = NULL;
        } else if (!json_object_is_type(root, json_type_object)) {
            bad(path, "not a JSON object");
            json_object_put(root);
            root = NULL;
        }
    }
    json_tokener_free(tok);
    free(buf);
    return root;
}

/* The value at the dotted PATH under OBJ (object keys, array indexes).
 * Returns 1 and sets *OUT (NULL for JSON null) when the path exists. */
static int lookup(json_object *obj, const char *path, json_object **out)
{
    char key[128];
    const char *p = path;

    while (obj) {
        size_t n = strcspn(p, ".");
        if (n >= sizeof key)
            return 0;
        memcpy(key, p, n);
        key[n] = '\0';
        if (json_object_is_type(obj, json_type_object)) {
            if (!json_object_object_get_ex(obj, key, &obj))
                return 0;
        } else if (json_object_is_type(obj, json_type_array)) {
            char *end;
            long i = strtol(key, &end, 10);
            if (!*key || *end || i < 0 || (size_t)i >= json_object_array_length(obj))
                return 0;
            obj = json_object_array_get_idx(obj, (size_t)i);
        } else {
            return 0;
        }
        if (!p[n]) {
            *out = obj;
            return 1;
        }
        p += n + 1;
    }
    return 0; /* a null on the way */
}

static const char *get_str(json_object *root, const char *path)
{
    json_object *v;
    if (!lookup(root, path, &v) || !json_object_is_type(v, json_type_string))
        return NULL;
    return json_object_get_string(v);
}

/* A number at PATH: 1 and *X, or 0 when absent, null or not a number. */
static int get_num(json_object *root, const char *path, double *x)
{
    json_object *v;
    if (!lookup(root, path, &v) ||
        !(json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double)))
        return 0;
    *x = json_object_get_double(v);
    return 1;
}

/* ---- writing rows -------------------------------------------------------- */

static void put_sep(void) { putchar('\t'); }
static void put_null(void) { fputs("\\N", stdout); }

static void put_escaped(const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\\')
            fputs("\\\\", stdout);
        else if (c == '\t')
            fputs("\\t", stdout);
        else if (c == '\n')
            fputs("\\n", stdout);
        else if (c == '\r')
            fputs("\\r", stdout);
        else if (c < 0x20 || c == 0x7f)
            fputs("\\?", stdout);
        else
            putchar(c);
    }
}

/* X in the shortest %.Ng form that reads back as the same double. */
static void put_double(double x)
{
    char buf[40];
    int prec;
    for (prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    fputs(buf, stdout);
}

enum ftype { T_STR, T_INT, T_NUM, T_BOOL, T_NAMES };
enum freq {
    OPT,     /* may be absent or null */
    REQ,     /* must be there, not null */
    REQ_OK   /* REQ when the file's status is "ok", else OPT */
};

struct col {
    const char *path;
    enum ftype type;
    enum freq req;
};

static const char *type_name(enum ftype t)
{
    switch (t) {
    case T_STR: return "a string";
    case T_INT: return "an integer";
    case T_NUM: return "a number";
    case T_BOOL: return "true or false";
    case T_NAMES: return "an array of names";
    }
    return "?";
}

/* A name in an array of names: no spaces, no control characters. */
static int is_name(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if ((unsigned char)*s <= ' ' || *s == 0x7f)
            return 0;
    return 1;
}

/* Write the value of C under ROOT (after a tab), checking it; FILE names
 * the source in errors. */
static void put_col(const char *file, json_object *root, const struct col *c, int status_ok)
{
    json_object *v = NULL;
    int found = lookup(root, c->path, &v);
    int required = c->req == REQ || (c->req == REQ_OK && status_ok);
    size_t i, n;

    put_sep();
    if (!found || !v) {
        if (required)
            bad(file, found ? "field %s is null" : "missing field %s", c->path);
        put_null();
        return;
    }
    switch (c->type) {
    case T_STR:
        if (!json_object_is_type(v, json_type_string))
            break;
        put_escaped(json_object_get_string(v));
        return;
    case T_INT:
        if (json_object_is_type(v, json_type_int)) {
            printf("%lld", (long long)json_object_get_int64(v));
            return;
        }
        if (json_object_is_type(v, json_type_double)) {
            double x = json_object_get_double(v);
            if (x > -9007199254740992.0 && x < 9007199254740992.0 && x == (double)(long long)x) {
                printf("%.0f", x);
                return;
            }
        }
        break;
    case T_NUM:
        if (json_object_is_type(v, json_type_int)) {
            printf("%lld", (long long)json_object_get_int64(v));
            return;
        }
        if (json_object_is_type(v, json_type_double)) {
            double x = json_object_get_double(v);
            if (!(x >= -DBL_MAX && x <= DBL_MAX)) /* NaN or infinite */
                break;
            put_double(x);
            return;
        }
        break;
    case T_BOOL:
        if (!json_object_is_type(v, json_type_boolean))
            break;
        fputs(json_object_get_boolean(v) ? "true" : "false", stdout);
        return;
    case T_NAMES:
        if (!json_object_is_type(v, json_type_array))
            break;
        n = json_object_array_length(v);
        for (i = 0; i < n; i++) {
            json_object *e = json_object_array_get_idx(v, i);
            if (!e || !json_object_is_type(e, json_type_string) ||
                !is_name(json_object_get_string(e))) {
                bad(file, "field %s: item %zu is not a name (a string without spaces)",
                    c->path, i);
                return;
            }
            if (i)
                putchar(' ');
            fputs(json_object_get_string(e), stdout);
        }
        return;
    }
    bad(file, "field %s: expected %s", c->path, type_name(c->type));
}

static void put_cols(const char *file, json_object *root, const struct col *cols,
                     size_t n, int status_ok)
{
    size_t i;
    for (i = 0; i < n; i++)
        put_col(file, root, &cols[i], status_ok);
}

/* ---- the row types ------------------------------------------------------- */

/* system: campaign.json, one row, no keys. */
static const struct col system_cols[] = {
    { "system", T_STR, REQ },
    { "system_description", T_STR, OPT },
    { "arch_family", T_STR, REQ },
    { "emulated", T_BOOL, REQ },
    { "status", T_STR, REQ },
    { "started_utc", T_STR, REQ },
    { "finished_utc", T_STR, OPT },
    { "runs", T_INT, OPT },
    { "tool", T_STR, OPT },
    { "settings.trial_target_s", T_NUM, REQ },
    { "settings.op_budget_s", T_NUM, REQ },
    { "settings.quick", T_BOOL, REQ },
    { "settings.cpu", T_INT, OPT },
    { "settings.strict", T_BOOL, OPT },
    { "settings.schemes", T_NAMES, OPT },
    { "method.trials", T_INT, REQ },
    { "method.iters_cap", T_INT, REQ },
    { "method.min_calls", T_INT, REQ },
    { "method.outlier_limit", T_NUM, REQ },
    { "method.max_reruns_per_trial", T_INT, REQ },
    { "method.disturbed_limit", T_NUM, REQ },
    { "method.kat_seed", T_STR, REQ },
    { "method.drng_seed_hex", T_STR, REQ },
    { "method.profile_ops", T_STR, OPT },
    { "flags.guide", T_STR, REQ },
    { "flags.harness_default", T_STR, REQ },
    { "flags.performance", T_STR, OPT },
    { "flags.resource", T_STR, OPT },
    { "problems", T_NAMES, OPT },
    { "records.planned", T_INT, OPT },
    { "records.ok", T_INT, OPT },
    { "records.failed", T_INT, OPT },
    { "records.kept_from_earlier_run", T_INT, OPT },
    { "records.problems_at_measurement", T_INT, OPT },
    { "timing.wall_s", T_NUM, OPT },
    { "timing.timed_s", T_NUM, OPT },
    { "timing.overhead_ratio", T_NUM, OPT },
};

/* host: the host state (campaign.json host_start / host_end, or the
 * environment of the first record when the campaign has none); key: source. */
static const struct col host_cols[] = {
    { "time_utc", T_STR, OPT },
    { "cpu", T_INT, OPT },
    { "fixed_clock_hz", T_NUM, OPT },
    { "counter.name", T_STR, OPT },
    { "counter.unit", T_STR, OPT },
    { "counter.core_cycles", T_BOOL, OPT },
    { "counter.frequency_hz", T_NUM, OPT },
    { "counter.fallback_reason", T_STR, OPT },
    { "steadiness.windows", T_INT, OPT },
    { "steadiness.window_s", T_NUM, OPT },
    { "steadiness.rate_unit", T_STR, OPT },
    { "steadiness.rate_median", T_NUM, OPT },
    { "steadiness.iqr", T_NUM, OPT },
    { "environment.arch", T_STR, REQ },
    { "environment.cpu_model", T_STR, REQ },
    { "environment.cpuinfo_mhz", T_NUM, OPT },
    { "environment.machine", T_STR, OPT },
    { "environment.os", T_STR, REQ },
    { "environment.kernel", T_STR, REQ },
    { "environment.compiler", T_STR, REQ },
    { "environment.build_tool", T_STR, REQ },
    { "environment.memtotal_bytes", T_INT, REQ },
    { "environment.clock.driver", T_STR, OPT },
    { "environment.clock.governor", T_STR, OPT },
    { "environment.clock.min_hz", T_NUM, OPT },
    { "environment.clock.max_hz", T_NUM, OPT },
    { "environment.clock.cur_hz", T_NUM, OPT },
    { "environment.clock.boost", T_BOOL, OPT },
    { "environment.problems", T_NAMES, OPT },
};

/* check: one host check; keys: source, index. */
static const struct col check_cols[] = {
    { "name", T_STR, REQ },
    { "status", T_STR, REQ },
    { "value", T_STR, OPT },
    { "explanation", T_STR, OPT },
};

/* instance: build.json; keys: id, label.  kat.log.file is added after
 * these: the log's path relative to the system directory. */
static const struct col instance_cols[] = {
    { "algorithm", T_STR, OPT },
    { "algorithm_instance", T_STR, OPT },
    { "variant", T_STR, OPT },
    { "flags_class", T_STR, REQ },
    { "flags", T_STR, OPT },
    { "flags_reason", T_STR, OPT },
    { "compiler", T_STR, OPT },
    { "library.path", T_STR, REQ },
    { "library.sha256", T_STR, OPT },
    { "library.static_bytes", T_INT, OPT },
    { "kat.status", T_STR, REQ },
    { "kat.reason", T_STR, OPT },
    { "kat.manifest", T_STR, OPT },
    { "kat.reference", T_STR, OPT },
    { "kat.log.path", T_STR, REQ },
    { "kat.log.sha256", T_STR, REQ },
    { "sizes.pk", T_INT, OPT },
    { "sizes.sk", T_INT, OPT },
    { "sizes.ct", T_INT, OPT },
    { "sizes.ss", T_INT, OPT },
    { "sizes.basis", T_STR, OPT },
    { "survey", T_STR, OPT },
};

/* record: a timing record; keys: id, label, op.  Before these: file (the
 * path relative to the system directory) and present (1 or 0). */
static const struct col record_cols[] = {
    { "status", T_STR, REQ },
    { "reason", T_STR, REQ },
    { "started_utc", T_STR, OPT },
    { "finished_utc", T_STR, OPT },
    { "plan.iters", T_INT, REQ_OK },
    { "plan.trials", T_INT, REQ_OK },
    { "plan.warmups", T_INT, OPT },
    { "plan.cpu", T_INT, OPT },
    { "plan.trial_target_s", T_NUM, OPT },
    { "plan.op_budget_s", T_NUM, OPT },
    { "plan.quick", T_BOOL, OPT },
    { "stats.trials", T_INT, REQ_OK },
    { "stats.n", T_INT, REQ_OK },
    { "stats.sum_ticks", T_INT, REQ_OK },
    { "stats.sum_seconds", T_NUM, REQ_OK },
    { "stats.mean_ticks", T_NUM, REQ_OK },
    { "stats.mean_seconds", T_NUM, REQ_OK },
    { "stats.ops_per_second", T_NUM, REQ_OK },
    { "stats.trial_mean_seconds.median", T_NUM, REQ_OK },
    { "stats.trial_mean_ticks.spread", T_NUM, OPT },
    { "reruns.total", T_INT, OPT },
    { "memory.static_bytes", T_INT, OPT },
    { "memory.baseline_rss_bytes", T_INT, OPT },
    { "memory.peak_rss_bytes", T_INT, OPT },
    { "memory.stack_bytes", T_INT, OPT },
    { "memory.stack_exceeded", T_BOOL, OPT },
    { "memory.stack_reason", T_STR, OPT },
    { "memory.heap_peak_bytes", T_INT, OPT },
    { "memory.heap_leaked_bytes", T_INT, OPT },
    { "memory.heap_reason", T_STR, OPT },
    { "counter.name", T_STR, REQ_OK },
    { "counter.unit", T_STR, REQ_OK },
    { "counter.core_cycles", T_BOOL, REQ_OK },
    { "counter.frequency_hz", T_NUM, OPT },
    { "counter.frequency_source", T_STR, OPT },
    { "counter.resolution_s", T_NUM, OPT },
    { "counter.fallback_reason", T_STR, OPT },
    { "environment.problems", T_NAMES, OPT },
};

/* profile: a hash/DRNG profile; keys: id, label, op; file and present
 * first, as for records. */
static const struct col profile_cols[] = {
    { "status", T_STR, REQ },
    { "reason", T_STR, REQ },
    { "ops", T_INT, REQ_OK },
    { "total_ticks", T_INT, REQ_OK },
    { "hash_share", T_NUM, REQ_OK },
    { "drng_share", T_NUM, REQ_OK },
    { "wrapped", T_NAMES, REQ_OK },
    { "hash_functions", T_NAMES, REQ_OK },
    { "drng_functions", T_NAMES, REQ_OK },
    { "tick.name", T_STR, REQ_OK },
    { "tick.unit", T_STR, OPT },
    { "tick.frequency_hz", T_NUM, OPT },
    { "tick.resolution_s", T_NUM, OPT },
    { "tick.wrapper_overhead_ticks", T_NUM, OPT },
};

/* calls: one function of a profile; keys: id, label, op, function. */
static const struct col calls_cols[] = {
    { "calls", T_INT, REQ },
    { "ticks", T_INT, REQ },
    { "calls_per_op", T_NUM, REQ },
    { "share", T_NUM, REQ },
};

#define NCOLS(a) (sizeof (a) / sizeof (a)[0])

static void put_columns(const char *type, const char *keys, const char *pre,
                        const struct col *cols, size_t n, const char *post)
{
    size_t i;
    int nkeys = 0;
    const char *p;
    for (p = keys; *p; p++)
        nkeys += *p == ' ';
    if (*keys)
        nkeys++;
    printf("columns\t%s\t%d", type, nkeys);
    for (p = keys; *keys && p; p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL)
        printf("\t%.*s", (int)strcspn(p, " "), p);
    for (p = pre; *pre && p; p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL)
        printf("\t%.*s", (int)strcspn(p, " "), p);
    for (i = 0; i < n; i++)
        printf("\t%s", cols[i].path);
    for (p = post; *post && p; p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL)
        printf("\t%.*s", (int)strcspn(p, " "), p);
    putchar('\n');
}

static void put_all_columns(void)
{
    put_columns("system", "", "", system_cols, NCOLS(system_cols), "");
    put_columns("host", "source", "", host_cols, NCOLS(host_cols), "");
    put_columns("check", "source index", "", check_cols, NCOLS(check_cols), "");
    put_columns("instance", "id label", "", instance_cols, NCOLS(instance_cols),
                "kat.log.file");
    put_columns("record", "id label op", "file present", record_cols,
                NCOLS(record_cols), "");
    put_columns("profile", "id label op", "file present", profile_cols,
                NCOLS(profile_cols), "");
    put_columns("calls", "id label op function", "", calls_cols, NCOLS(calls_cols), "");
}

/* ---- checks -------------------------------------------------------------- */

static double absval(double x) { return x < 0 ? -x : x; }

/* A and B agree to a relative REL (and an absolute 1e-12). */
static int close_to(double a, double b, double rel)
{
    double m = absval(a) > absval(b) ? absval(a) : absval(b);
    return absval(a - b) <= rel * m + 1e-12;
}

static void check_format(const char *file, json_object *root, const char *format)
{
    const char *f = get_str(root, "format");
    double v;
    if (!f)
        bad(file, "missing field format (not %s evidence)", format);
    else if (strcmp(f, format) != 0)
        bad(file, "format is \"%s\", not \"%s\"", f, format);
    else if (!get_num(root, "format_version", &v) || v != 1)
        bad(file, "format_version is not 1 (this ngcc-evidence reads version 1)");
}

/* The statistics of an ok record against their sums and the plan. */
static void check_stats(const char *file, json_object *r)
{
    double n, trials, iters, st, ss, mt, ms, ops;
    if (!get_num(r, "stats.n", &n) || !get_num(r, "stats.trials", &trials) ||
        !get_num(r, "plan.iters", &iters) || !get_num(r, "stats.sum_ticks", &st) ||
        !get_num(r, "stats.sum_seconds", &ss) || !get_num(r, "stats.mean_ticks", &mt) ||
        !get_num(r, "stats.mean_seconds", &ms) || !get_num(r, "stats.ops_per_second", &ops))
        return; /* already reported as missing */
    if (n <= 0 || ss <= 0) {
        bad(file, "stats.n and stats.sum_seconds must be positive");
        return;
    }
    if (n != trials * iters)
        bad(file, "stats.n (%.0f) is not stats.trials × plan.iters (%.0f × %.0f)",
            n, trials, iters);
    if (!close_to(mt, st / n, 1e-9))
        bad(file, "stats.mean_ticks disagrees with stats.sum_ticks / stats.n");
    if (!close_to(ms, ss / n, 1e-9))
        bad(file, "stats.mean_seconds disagrees with stats.sum_seconds / stats.n");
    if (!close_to(ops, n / ss, 1e-9))
        bad(file, "stats.ops_per_second disagrees with stats.n / stats.sum_seconds");
}

/* NAME is among the names of the array at PATH. */
static int in_names(json_object *root, const char *path, const char *name)
{
    json_object *a;
    size_t i, n;
    if (!lookup(root, path, &a) || !a || !json_object_is_type(a, json_type_array))
        return 0;
    n = json_object_array_length(a);
    for (i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(a, i);
        if (e && json_object_is_type(e, json_type_string) &&
            strcmp(json_object_get_string(e), name) == 0)
            return 1;
    }
    return 0;
}

/* ---- the files ------------------------------------------------------------ */

struct evidence {
    const char *dir;       /* the system directory, as given */
    const char *root;      /* the package root (paths in build.json) */
    char *dir_real;        /* realpath of dir */
    json_object *campaign; /* campaign.json */
    json_object *first_record; /* the first record read, for the host */
    char *first_record_file;
};

static int status_is_ok(json_object *root)
{
    const char *s = get_str(root, "status");
    return s && strcmp(s, "ok") == 0;
}

static void put_host(const char *file, json_object *host, const char *source)
{
    json_object *checks;
    size_t i, n;

    printf("host\t%s", source);
    put_cols(file, host, host_cols, NCOLS(host_cols), 1);
    putchar('\n');
    if (!lookup(host, "environment.checks", &checks) || !checks)
        return;
    if (!json_object_is_type(checks, json_type_array)) {
        bad(file, "field environment.checks: expected an array");
        return;
    }
    n = json_object_array_length(checks);
    for (i = 0; i < n; i++) {
        json_object *c = json_object_array_get_idx(checks, i);
        char where[64];
        if (!c || !json_object_is_type(c, json_type_object)) {
            bad(file, "field environment.checks.%zu: expected an object", i);
            continue;
        }
        printf("check\t%s\t%zu", source, i);
        snprintf(where, sizeof where, "environment.checks.%zu", i);
        {
            /* Errors name the field by its full path. */
            struct col cc[NCOLS(check_cols)];
            char paths[NCOLS(check_cols)][96];
            size_t k;
            for (k = 0; k < NCOLS(check_cols); k++) {
                snprintf(paths[k], sizeof paths[k], "%s.%s", where, check_cols[k].path);
                cc[k] = check_cols[k];
                cc[k].path = paths[k];
            }
            put_cols(file, host, cc, NCOLS(cc), 1);
        }
        putchar('\n');
    }
}

static void read_campaign(struct evidence *ev)
{
    char *file = cat_path("%s/campaign.json", ev->dir);
    json_object *c = load_json(file, 1, NULL), *h;
    const char *sys, *base;

    ev->campaign = c;
    if (!c) {
        free(file);
        return;
    }
    check_format(file, c, "ngcc-perf/campaign");
    sys = get_str(c, "system");
    base = strrchr(ev->dir_real, '/');
    base = base ? base + 1 : ev->dir_real;
    if (sys && strcmp(sys, base) != 0)
        bad(file, "system is \"%s\" but the directory is %s", sys, base);
    fputs("system", stdout);
    put_cols(file, c, system_cols, NCOLS(system_cols), 1);
    putchar('\n');
    if (lookup(c, "host_start", &h) && h)
        put_host(file, h, "start");
    if (lookup(c, "host_end", &h) && h)
        put_host(file, h, "end");
    free(file);
}

/* PATH (relative to the root, or absolute) relative to the system
 * directory when it lies under it; else PATH.  A fresh string. */
static char *under_dir(const struct evidence *ev, const char *path)
{
    char *full = path[0] == '/' ? cat_path("%s", path) : cat_path("%s/%s", ev->root, path);
    char *real = realpath(full, NULL);
    size_t n = strlen(ev->dir_real);
    char *out;
    if (real && strncmp(real, ev->dir_real, n) == 0 && real[n] == '/')
        out = cat_path("%s", real + n + 1);
    else
        out = cat_path("%s", path);
    free(real);
    free(full);
    return out;
}

/* The KAT log of an instance: there, and with the SHA-256 build.json says. */
static void check_kat_log(const struct evidence *ev, const char *build_file,
                          const char *label, const char *path, const char *sha)
{
    char *full = path[0] == '/' ? cat_path("%s", path) : cat_path("%s/%s", ev->root, path);
    char hex[65];
    if (digest_file_hex(full, hex) != 0)
        bad(full, "cannot read the KAT log of %s (listed in %s): %s", label, build_file,
            strerror(errno));
    else if (strcmp(hex, sha) != 0)
        bad(full, "SHA-256 %.16s… differs from %.16s… in %s: the log was changed or damaged",
            hex, sha, build_file);
    free(full);
}

static void read_profile(struct evidence *ev, const char *id, const char *label, int op)
{
    char *rel = cat_path("profile/%s/%s__%s.json", id, label, OPS[op]);
    char *file = cat_path("%s/%s", ev->dir, rel);
    int absent = 0, ok;
    json_object *p = load_json(file, 0, &absent), *fns;
    const char *s;

    if (!p) {
        if (absent) {
            size_t i;
            printf("profile\t%s\t%s\t%s\t%s\t0\t", id, label, OPS[op], rel);
            for (i = 0; i < NCOLS(profile_cols); i++)
                fputs(i ? "\t\\N" : "\\N", stdout);
            putchar('\n');
        }
        free(file);
        free(rel);
        return;
    }
    check_format(file, p, "ngcc-perf/profile");
    if ((s = get_str(p, "id")) && strcmp(s, id) != 0)
        bad(file, "id is \"%s\", not %s", s, id);
    if ((s = get_str(p, "label")) && strcmp(s, label) != 0)
        bad(file, "label is \"%s\", not %s", s, label);
    if ((s = get_str(p, "op")) && strcmp(s, OPS[op]) != 0)
        bad(file, "op is \"%s\", not %s", s, OPS[op]);
    ok = status_is_ok(p);
    printf("profile\t%s\t%s\t%s\t%s\t1", id, label, OPS[op], rel);
    put_cols(file, p, profile_cols, NCOLS(profile_cols), ok);
    putchar('\n');

    if (ok && (!lookup(p, "functions", &fns) || !fns ||
               !json_object_is_type(fns, json_type_object))) {
        bad(file, "missing field functions (an object)");
    } else if (ok) {
        double ops = 0, total = 0, hash = 0, drng = 0, hs = 0, ds = 0;
        int have = get_num(p, "ops", &ops) && get_num(p, "total_ticks", &total) &&
                   get_num(p, "hash_share", &hs) && get_num(p, "drng_share", &ds);
        /* The iterator, not json_object_object_foreach: that macro is not
         * ISO C (braced groups in expressions). */
        struct json_object_iterator it = json_object_iter_begin(fns);
        struct json_object_iterator end = json_object_iter_end(fns);
        for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
            const char *name = json_object_iter_peek_name(&it);
            json_object *f = json_object_iter_peek_value(&it);
            char paths[NCOLS(calls_cols)][160];
            struct col cc[NCOLS(calls_cols)];
            double calls, ticks, cpo, share;
            size_t k;
            if (!is_name(name) || strlen(name) > 100) {
                bad(file, "functions: \"%s\" is not a function name", name);
                continue;
            }
            if (!f || !json_object_is_type(f, json_type_object)) {
                bad(file, "field functions.%s: expected an object", name);
                continue;
            }
            for (k = 0; k < NCOLS(calls_cols); k++) {
                snprintf(paths[k], sizeof paths[k], "functions.%s.%s", name,
                         calls_cols[k].path);
                cc[k] = calls_cols[k];
                cc[k].path = paths[k];
            }
            printf("calls\t%s\t%s\t%s\t%s", id, label, OPS[op], name);
            put_cols(file, p, cc, NCOLS(cc), 1);
            putchar('\n');
            if (have && get_num(f, "calls", &calls) && get_num(f, "ticks", &ticks) &&
                get_num(f, "calls_per_op", &cpo) && get_num(f, "share", &share)) {
                if (ops > 0 && !close_to(cpo, calls / ops, 1e-6))
                    bad(file, "functions.%s.calls_per_op disagrees with calls / ops", name);
                if (total > 0 && !close_to(share, ticks / total, 1e-6))
                    bad(file, "functions.%s.share disagrees with ticks / total_ticks", name);
                if (in_names(p, "hash_functions", name))
                    hash += share;
                if (in_names(p, "drng_functions", name))
                    drng += share;
            }
        }
        if (have && !close_to(hs, hash, 1e-6))
            bad(file, "hash_share disagrees with the shares of hash_functions");
        if (have && !close_to(ds, drng, 1e-6))
            bad(file, "drng_share disagrees with the shares of drng_functions");
    }
    json_object_put(p);
    free(file);
    free(rel);
}

static void read_record(struct evidence *ev, const char *id, const char *label, int op)
{
    char *rel = cat_path("records/%s/%s__%s.json", id, label, OPS[op]);
    char *file = cat_path("%s/%s", ev->dir, rel);
    int absent = 0, ok;
    json_object *r = load_json(file, 0, &absent);
    const char *s;

    if (!r) {
        if (absent) {
            size_t i;
            printf("record\t%s\t%s\t%s\t%s\t0\t", id, label, OPS[op], rel);
            for (i = 0; i < NCOLS(record_cols); i++)
                fputs(i ? "\t\\N" : "\\N", stdout);
            putchar('\n');
        }
        free(file);
        free(rel);
        return;
    }
    check_format(file, r, "ngcc-perf/bench-record");
    if ((s = get_str(r, "id")) && strcmp(s, id) != 0)
        bad(file, "id is \"%s\", not %s", s, id);
    if ((s = get_str(r, "label")) && strcmp(s, label) != 0)
        bad(file, "label is \"%s\", not %s", s, label);
    if ((s = get_str(r, "op")) && strcmp(s, OPS[op]) != 0)
        bad(file, "op is \"%s\", not %s", s, OPS[op]);
    ok = status_is_ok(r);
    printf("record\t%s\t%s\t%s\t%s\t1", id, label, OPS[op], rel);
    put_cols(file, r, record_cols, NCOLS(record_cols), ok);
    putchar('\n');
    if (ok)
        check_stats(file, r);
    if (!ev->first_record) {
        ev->first_record = r;
        ev->first_record_file = file;
        file = NULL;
    } else {
        json_object_put(r);
    }
    free(file);
    free(rel);
}

/* An id or label usable in a file name and a row. */
static int is_safe_name(const char *s)
{
    if (!is_name(s) || s[0] == '.' || strchr(s, '/'))
        return 0;
    return 1;
}

static void read_build(struct evidence *ev)
{
    char *file = cat_path("%s/build.json", ev->dir);
    json_object *b = load_json(file, 1, NULL), *insts;
    const char *sys, *base;
    size_t i, n, j;

    if (!b) {
        free(file);
        return;
    }
    check_format(file, b, "ngcc-perf/build");
    sys = get_str(b, "system");
    base = strrchr(ev->dir_real, '/');
    base = base ? base + 1 : ev->dir_real;
    if (!sys)
        bad(file, "missing field system");
    else if (strcmp(sys, base) != 0)
        bad(file, "system is \"%s\" but the directory is %s", sys, base);
    if (!lookup(b, "instances", &insts) || !insts ||
        !json_object_is_type(insts, json_type_array)) {
        bad(file, "missing field instances (an array)");
        json_object_put(b);
        free(file);
        return;
    }
    n = json_object_array_length(insts);
    if (n == 0)
        bad(file, "no instances");
    for (i = 0; i < n; i++) {
        json_object *in = json_object_array_get_idx(insts, i);
        const char *id, *label, *log, *sha;
        char paths[NCOLS(instance_cols)][96];
        struct col cc[NCOLS(instance_cols)];
        size_t k;
        int op;

        id = get_str(in, "id");
        label = get_str(in, "label");
        if (!id || !label) {
            bad(file, "instances.%zu: missing field %s", i, id ? "label" : "id");
            continue;
        }
        if (!is_safe_name(id) || !is_safe_name(label)) {
            bad(file, "instances.%zu: id \"%s\" or label \"%s\" is not usable in a file name",
                i, id, label);
            continue;
        }
        for (j = 0; j < i; j++) {
            json_object *o = json_object_array_get_idx(insts, j);
            const char *oi = get_str(o, "id"), *ol = get_str(o, "label");
            if (oi && ol && strcmp(oi, id) == 0 && strcmp(ol, label) == 0)
                bad(file, "instances.%zu: %s %s is listed twice", i, id, label);
        }
        for (k = 0; k < NCOLS(instance_cols); k++) {
            snprintf(paths[k], sizeof paths[k], "instances.%zu.%s", i, instance_cols[k].path);
            cc[k] = instance_cols[k];
            cc[k].path = paths[k];
        }
        printf("instance\t%s\t%s", id, label);
        put_cols(file, b, cc, NCOLS(cc), 1);
        log = get_str(in, "kat.log.path");
        sha = get_str(in, "kat.log.sha256");
        put_sep();
        if (log) {
            char *shown = under_dir(ev, log);
            put_escaped(shown);
            free(shown);
        } else {
            put_null();
        }
        putchar('\n');
        if (log && sha)
            check_kat_log(ev, file, label, log, sha);
        for (op = 0; op < NOPS; op++)
            read_record(ev, id, label, op);
        for (op = 0; op < NOPS; op++)
            read_profile(ev, id, label, op);
    }
    json_object_put(b);
    free(file);
}

/* ---- main ------------------------------------------------------------------ */

static void usage(FILE *f)
{
    fprintf(f,
"Usage: " PROG " [--root DIR] SYSTEMDIR\n"
"       " PROG " --help | --version\n"
"\n"
"Print the evidence of one system (SYSTEMDIR = data/<system>: campaign.json,\n"
"build.json, records/, profile/, kat/) as tab-separated rows on standard\n"
"output, for the report pages (scripts/ngcc-report).  Each row type is\n"
"announced by a row 'columns TYPE NKEYS NAME...'; values are exact, \\N is\n"
"null, strings escape \\\\, \\t, \\n, \\r.  Every file is checked: present,\n"
"valid JSON, the fields the pages need, statistics against their sums,\n"
"shares against their ticks, KAT logs against their SHA-256.\n"
"\n"
"Options:\n"
"  --root DIR     the package root that paths in build.json are relative to\n"
"                 (default: .)\n"
"  -h, --help     display this help and exit\n"
"  -V, --version  output version information and exit\n"
"\n"
"Exit status:\n"
"  0  the evidence is complete and consistent; the rows are on stdout\n"
"  1  evidence missing or damaged: each problem as 'FILE: message' on stderr\n"
"  2  usage error\n"
"  3  system error (standard output could not be written)\n"
"\n"
"Report bugs to: " PACKAGE_BUGREPORT "\n");
}

int main(int argc, char **argv)
{
    struct evidence ev;
    const char *dir = NULL;
    int i;

    memset(&ev, 0, sizeof ev);
    ev.root = ".";
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return EXIT_OK;
        } else if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
            printf(PROG " (ngcc-perf) " PACKAGE_VERSION "\n");
            return EXIT_OK;
        } else if (strcmp(a, "--root") == 0) {
            if (++i >= argc)
                die(EXIT_USAGE, "option '--root' needs an argument (try '" PROG " --help')");
            ev.root = argv[i];
        } else if (strncmp(a, "--root=", 7) == 0) {
            ev.root = a + 7;
        } else if (strcmp(a, "--") == 0) {
            i++;
            break;
        } else if (a[0] == '-' && a[1]) {
            die(EXIT_USAGE, "unknown option '%s' (try '" PROG " --help')", a);
        } else {
            break;
        }
    }
    if (argc - i != 1)
        die(EXIT_USAGE, "%s (try '" PROG " --help')",
            argc - i < 1 ? "no system directory given" : "one system directory only");
    dir = argv[i];
    ev.dir = dir;
    ev.dir_real = realpath(dir, NULL);
    if (!ev.dir_real) {
        fprintf(stderr, PROG ": %s: no evidence here: %s\n", dir, strerror(errno));
        return EXIT_EVIDENCE;
    }

    put_all_columns();
    read_campaign(&ev);
    read_build(&ev);
    /* The host state: the campaign's, else what the first record saw. */
    if (ev.campaign && ev.first_record) {
        json_object *h;
        if (!(lookup(ev.campaign, "host_start", &h) && h))
            put_host(ev.first_record_file, ev.first_record, "record");
    }
    json_object_put(ev.first_record);
    json_object_put(ev.campaign);
    free(ev.first_record_file);
    free(ev.dir_real);

    if (fflush(stdout) != 0 || ferror(stdout))
        die(EXIT_SYSTEM, "standard output: %s", strerror(errno));
    if (nerrors) {
        fprintf(stderr, PROG ": %s: %lu problem%s: no report from this evidence\n", dir,
                nerrors, nerrors == 1 ? "" : "s");
        return EXIT_EVIDENCE;
    }
    return EXIT_OK;
}
