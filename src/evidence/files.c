/* files.c -- the evidence files of one system read into rows:
 * campaign.json, build.json, each instance's records, profiles and KAT log.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* POSIX.1-2008 with realpath */
#endif

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "digest.h"
#include "evidence.h"
#include "instance_ops.h"
#include "kind.h"
#include "verify_util.h"

/* ---- the files ------------------------------------------------------------ */


static int status_is_ok(json_object *root)
{
    const char *s = get_str(root, "status");
    return s && strcmp(s, "ok") == 0;
}

void put_host(const char *file, json_object *host, const char *source)
{
    json_object *checks;
    size_t i, n;

    printf("host\t%s", source);
    put_cols(file, host, host_cols, N_host_cols, 1);
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
            struct col cc[N_check_cols];
            char paths[N_check_cols][96];
            size_t k;
            for (k = 0; k < N_check_cols; k++) {
                snprintf(paths[k], sizeof paths[k], "%s.%s", where, check_cols[k].path);
                cc[k] = check_cols[k];
                cc[k].path = paths[k];
            }
            put_cols(file, host, cc, NCOLS(cc), 1);
        }
        putchar('\n');
    }
}

/* The runs of a format-2 campaign.json, one row each. */
static void put_runs(const char *file, json_object *c)
{
    json_object *runs;
    size_t i, n, k;
    if (!lookup(c, "runs", &runs) || !runs || !json_object_is_type(runs, json_type_array))
        return;
    n = json_object_array_length(runs);
    for (i = 0; i < n; i++) {
        char paths[N_run_cols][96];
        struct col cc[N_run_cols];
        for (k = 0; k < N_run_cols; k++) {
            snprintf(paths[k], sizeof paths[k], "runs.%zu.%s", i, run_cols[k].path);
            cc[k] = run_cols[k];
            cc[k].path = paths[k];
        }
        printf("run\t%zu", i + 1);
        put_cols(file, c, cc, N_run_cols, 1);
        putchar('\n');
    }
}

void read_campaign(struct evidence *ev)
{
    char *file = cat_path("%s/campaign.json", ev->dir);
    json_object *c = load_json(file, 1, NULL), *h;
    const char *sys, *base;

    ev->campaign = c;
    if (!c) {
        free(file);
        return;
    }
    check_format(file, c, "ngcc-perf/campaign", 2);
    sys = get_str(c, "system");
    base = strrchr(ev->dir_real, '/');
    base = base ? base + 1 : ev->dir_real;
    if (sys && strcmp(sys, base) != 0)
        bad(file, "system is \"%s\" but the directory is %s", sys, base);
    fputs("system", stdout);
    put_cols(file, c, system_cols, N_system_cols, 1);
    putchar('\n');
    if (lookup(c, "host_start", &h) && h)
        put_host(file, h, "start");
    if (lookup(c, "host_end", &h) && h)
        put_host(file, h, "end");
    put_runs(file, c);
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
        bad(full, "cannot read the log of %s (listed in %s): %s", label, build_file,
            strerror(errno));
    else if (strcmp(hex, sha) != 0)
        bad(full, "SHA-256 %.16s… differs from %.16s… in %s: the log was changed or damaged",
            hex, sha, build_file);
    free(full);
}

/* Each KAT file the campaign ran (kat.files, a hash's two): a katfile
 * row, its log checked as the first's is. */
static void put_kat_files(const struct evidence *ev, const char *build_file, json_object *in,
                          const char *id, const char *label)
{
    json_object *arr, *f;
    size_t i;
    if (!json_object_object_get_ex(in, "kat", &f) || !f ||
        !json_object_object_get_ex(f, "files", &arr) || !json_object_is_type(arr, json_type_array))
        return;
    for (i = 0; i < json_object_array_length(arr); i++) {
        json_object *e = json_object_array_get_idx(arr, i);
        const char *key = get_str(e, "key"), *st = get_str(e, "status");
        const char *why = get_str(e, "reason"), *log = get_str(e, "log.path");
        const char *sha = get_str(e, "log.sha256");
        char *shown;
        if (!key || !st || !log || !sha)
            continue;
        printf("katfile\t%s\t%s\t", id, label);
        put_escaped(key);
        put_sep();
        put_escaped(st);
        put_sep();
        put_escaped(why ? why : "");
        put_sep();
        shown = under_dir(ev, log);
        put_escaped(shown);
        free(shown);
        put_sep();
        put_escaped(sha);
        putchar('\n');
        check_kat_log(ev, build_file, label, log, sha);
    }
}

static void read_profile(struct evidence *ev, const char *id, const char *label, const char *op)
{
    char *rel = cat_path("profile/%s/%s__%s.json", id, label, op);
    char *file = cat_path("%s/%s", ev->dir, rel);
    int absent = 0, ok;
    json_object *p = load_json(file, 0, &absent), *fns;
    const char *s;

    if (!p) {
        if (absent) {
            size_t i;
            printf("profile\t%s\t%s\t%s\t%s\t0\t", id, label, op, rel);
            for (i = 0; i < N_profile_cols; i++)
                fputs(i ? "\t\\N" : "\\N", stdout);
            putchar('\n');
        }
        free(file);
        free(rel);
        return;
    }
    check_format(file, p, "ngcc-perf/profile", 1);
    if ((s = get_str(p, "id")) && strcmp(s, id) != 0)
        bad(file, "id is \"%s\", not %s", s, id);
    if ((s = get_str(p, "label")) && strcmp(s, label) != 0)
        bad(file, "label is \"%s\", not %s", s, label);
    if ((s = get_str(p, "op")) && strcmp(s, op) != 0)
        bad(file, "op is \"%s\", not %s", s, op);
    ok = status_is_ok(p);
    printf("profile\t%s\t%s\t%s\t%s\t1", id, label, op, rel);
    put_cols(file, p, profile_cols, N_profile_cols, ok);
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
            char paths[N_calls_cols][160];
            struct col cc[N_calls_cols];
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
            for (k = 0; k < N_calls_cols; k++) {
                snprintf(paths[k], sizeof paths[k], "functions.%s.%s", name,
                         calls_cols[k].path);
                cc[k] = calls_cols[k];
                cc[k].path = paths[k];
            }
            printf("calls\t%s\t%s\t%s\t%s", id, label, op, name);
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

/* The kept trials that were disturbed (the rule ran out of attempts or of
 * rerun time): how many, and the least share of its wall time a trial
 * process was on the CPU; \N \N when none. */
static void put_disturbed_kept(const char *file, json_object *r)
{
    json_object *trials;
    size_t i, n;
    int count = 0;
    double least = 2;
    (void)file;
    if (lookup(r, "trials", &trials) && trials && json_object_is_type(trials, json_type_array)) {
        n = json_object_array_length(trials);
        for (i = 0; i < n; i++) {
            json_object *t = json_object_array_get_idx(trials, i);
            const char *state = get_str(t, "state"), *why = get_str(t, "reason");
            double sec, cpu;
            if (!state || strcmp(state, "kept") != 0 || !why || strncmp(why, "disturbed", 9) != 0)
                continue;
            count++;
            if (get_num(t, "seconds", &sec) && get_num(t, "cpu_seconds", &cpu) && sec > 0 &&
                cpu / sec < least)
                least = cpu / sec;
        }
    }
    put_sep();
    if (count)
        printf("%d", count);
    else
        put_null();
    put_sep();
    if (count && least <= 1)
        put_double(least);
    else
        put_null();
}

static void read_record(struct evidence *ev, const char *id, const char *label,
                        const struct kind *kind, const char *op)
{
    char *rel = cat_path("records/%s/%s__%s.json", id, label, op);
    char *file = cat_path("%s/%s", ev->dir, rel);
    int absent = 0, ok;
    json_object *r = load_json(file, 0, &absent);
    const char *s;

    if (!r) {
        if (absent) {
            size_t i;
            printf("record\t%s\t%s\t%s\t%s\t0\t", id, label, op, rel);
            for (i = 0; i < N_record_cols + 2; i++)
                fputs(i ? "\t\\N" : "\\N", stdout);
            putchar('\n');
        }
        free(file);
        free(rel);
        return;
    }
    check_format(file, r, "ngcc-perf/bench-record", 1);
    if ((s = get_str(r, "id")) && strcmp(s, id) != 0)
        bad(file, "id is \"%s\", not %s", s, id);
    if ((s = get_str(r, "label")) && strcmp(s, label) != 0)
        bad(file, "label is \"%s\", not %s", s, label);
    if ((s = get_str(r, "op")) && strcmp(s, op) != 0)
        bad(file, "op is \"%s\", not %s", s, op);
    if ((s = get_str(r, "instance.type")) && strcmp(s, kind->name) != 0)
        bad(file, "instance.type is \"%s\", not %s as build.json says", s, kind->name);
    ok = status_is_ok(r);
    printf("record\t%s\t%s\t%s\t%s\t1", id, label, op, rel);
    put_cols(file, r, record_cols, N_record_cols, ok);
    put_disturbed_kept(file, r);
    putchar('\n');
    put_counters(file, r, id, label, op);
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

void read_build(struct evidence *ev)
{
    char *file = cat_path("%s/build.json", ev->dir);
    json_object *b = load_json(file, 1, NULL), *insts;
    const char *sys, *base;
    size_t i, n, j, ncols;
    const struct col *cols = instance_columns(&ncols);

    if (!b) {
        free(file);
        return;
    }
    check_format(file, b, "ngcc-perf/build", 2);
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
        const char *id, *label, *log, *sha, *blog, *bsha, *type = get_str(in, "type");
        const struct kind *kind = verify_kind(type);
        char (*paths)[96];
        struct col *cc;
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
        if (!kind) {
            bad(file, "instances.%zu: type \"%s\" is no kind this package knows", i, type);
            continue;
        }
        paths = xmalloc(ncols * sizeof *paths);
        cc = xmalloc(ncols * sizeof *cc);
        for (k = 0; k < ncols; k++) {
            snprintf(paths[k], sizeof paths[k], "instances.%zu.%s", i, cols[k].path);
            cc[k] = cols[k];
            cc[k].path = paths[k];
        }
        printf("instance\t%s\t%s", id, label);
        put_cols(file, b, cc, ncols, 1);
        free(cc);
        free(paths);
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
        put_sep();
        blog = get_str(in, "build.log.path");
        bsha = get_str(in, "build.log.sha256");
        if (blog) {
            char *shown = under_dir(ev, blog);
            put_escaped(shown);
            free(shown);
        } else {
            put_null();
        }
        putchar('\n');
        if (log && sha)
            check_kat_log(ev, file, label, log, sha);
        put_kat_files(ev, file, in, id, label);
        if (blog && bsha)
            check_kat_log(ev, file, label, blog, bsha);
        /* The instance's kind: its rows' operations, for the pages. */
        printf("kindof\t%s\t%s\t%s\n", id, label, kind->name);
        if (log && sha)
            put_functional(ev->root, kind, id, label, log);
        /* Only the operations the instance has (a two-pass exchange no pass3). */
        for (op = 0; op < kind->nops; op++)
            if (instance_op_exists(in, kind, op))
                read_record(ev, id, label, kind, kind->ops[op].name);
        for (op = 0; op < kind->nops; op++)
            if (instance_op_exists(in, kind, op) && kind_op_profiled(kind, op))
                read_profile(ev, id, label, kind->ops[op].name);
        read_screen(ev, id, label);
    }
    json_object_put(b);
    free(file);
}

