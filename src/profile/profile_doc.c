/* profile_doc.c -- one profile: the child process and the document.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "confine.h"
#include "digest.h"
#include "hostcheck.h"
#include "outcome.h"
#include "profile_doc.h"
#include "profile_work.h"
#include "reaper.h"
#include "record.h"
#include "sysfile.h"

static void add_str(json_object *o, const char *key, const char *s)
{
    json_object_object_add(o, key, s ? json_object_new_string(s) : NULL);
}

static void set_status(json_object *doc, enum outcome o, const char *why)
{
    add_str(doc, "status", outcome_name(o));
    add_str(doc, "reason", why);
}

/* "a b c" as a JSON array of strings. */
static json_object *name_list(const char *s)
{
    json_object *a = json_object_new_array();
    while (s && *s) {
        size_t n;
        s += strspn(s, " \t");
        n = strcspn(s, " \t");
        if (n)
            json_object_array_add(a, json_object_new_string_len(s, (int)n));
        s += n;
    }
    return a;
}

static int in_list(json_object *list, const char *name)
{
    size_t i;
    for (i = 0; i < json_object_array_length(list); i++)
        if (strcmp(json_object_get_string(json_object_array_get_idx(list, i)), name) == 0)
            return 1;
    return 0;
}

/* A bit length for sorting: null (various) after every number. */
static int64_t bits_key(json_object *e, const char *key)
{
    json_object *v;
    if (!json_object_object_get_ex(e, key, &v) || !json_object_is_type(v, json_type_int))
        return INT64_MAX;
    return json_object_get_int64(v);
}

static int cmp_calls(const void *a, const void *b)
{
    json_object *x = *(json_object *const *)a, *y = *(json_object *const *)b;
    int c = strcmp(record_get_string(x, "function"), record_get_string(y, "function"));
    int64_t p, q;
    if (c)
        return c;
    p = bits_key(x, "in_bits");
    q = bits_key(y, "in_bits");
    if (p != q)
        return p < q ? -1 : 1;
    p = bits_key(x, "out_bits");
    q = bits_key(y, "out_bits");
    return (p > q) - (p < q);
}

static double share_of(int64_t ticks, int64_t total)
{
    return total > 0 ? (double)ticks / (double)total : 0.0;
}

/* functions, hash_share, drng_share, wrapped_share, overhead_share from
 * the calls; 0, or -1 with WHY when a call names a function that is not
 * wrapped (a wrapper accounting under the wrong name). */
static int add_shares(json_object *doc, json_object *calls, json_object *wrapped,
                      json_object *hash, json_object *drng, int64_t ops, int64_t total,
                      double overhead_ticks, char *why, size_t size)
{
    json_object *fns = json_object_new_object();
    double hash_share = 0, drng_share = 0, all = 0;
    int64_t all_calls = 0;
    size_t i, j;

    for (j = 0; j < json_object_array_length(calls); j++) {
        const char *f = record_get_string(json_object_array_get_idx(calls, j), "function");
        if (!f || !in_list(wrapped, f)) {
            snprintf(why, size, "the accounting names '%s', which is not a wrapped function",
                     f ? f : "?");
            json_object_put(fns);
            return -1;
        }
    }
    for (i = 0; i < json_object_array_length(wrapped); i++) {
        const char *name = json_object_get_string(json_object_array_get_idx(wrapped, i));
        json_object *fo = json_object_new_object();
        int64_t n = 0, t = 0, v;
        double share;
        for (j = 0; j < json_object_array_length(calls); j++) {
            json_object *e = json_object_array_get_idx(calls, j);
            if (strcmp(record_get_string(e, "function"), name) != 0)
                continue;
            if (record_get_int(e, "calls", &v) == 0)
                n += v;
            if (record_get_int(e, "ticks", &v) == 0)
                t += v;
        }
        share = share_of(t, total);
        json_object_object_add(fo, "calls", json_object_new_int64(n));
        json_object_object_add(fo, "ticks", json_object_new_int64(t));
        json_object_object_add(fo, "calls_per_op", record_double(ops > 0 ? (double)n / (double)ops : 0.0));
        json_object_object_add(fo, "share", record_double(share));
        json_object_object_add(fns, name, fo);
        if (in_list(hash, name))
            hash_share += share;
        if (in_list(drng, name))
            drng_share += share;
        all += share;
        all_calls += n;
    }
    json_object_object_add(doc, "functions", fns);
    json_object_object_add(doc, "hash_share", record_double(hash_share));
    json_object_object_add(doc, "drng_share", record_double(drng_share));
    json_object_object_add(doc, "wrapped_share", record_double(all));
    json_object_object_add(doc, "overhead_share",
                           total > 0 ? record_double(overhead_ticks * (double)all_calls / (double)total) : NULL);
    return 0;
}

static json_object *process_json(char *const argv[], const struct child_result *c)
{
    json_object *o = json_object_new_object(), *a = json_object_new_array();
    char line[600];
    int i;
    for (i = 0; argv[i]; i++)
        json_object_array_add(a, json_object_new_string(argv[i]));
    json_object_object_add(o, "argv", a);
    json_object_object_add(o, "cwd", json_object_new_string("."));
    json_object_object_add(o, "exit_code", c->exited ? json_object_new_int(c->code) : NULL);
    json_object_object_add(o, "signal", c->signaled ? json_object_new_int(c->sig) : NULL);
    json_object_object_add(o, "timed_out", json_object_new_boolean(c->timed_out));
    json_object_object_add(o, "seconds", record_double(c->seconds));
    child_note(c, line, sizeof line);
    json_object_object_add(o, "note", json_object_new_string(line));
    return o;
}

/* Copy KEY of the child's result W into the document (null if absent). */
static void copy_key(json_object *doc, const char *key, json_object *w, const char *wkey)
{
    json_object *v = NULL;
    if (w && json_object_object_get_ex(w, wkey, &v))
        v = json_object_get(v);
    json_object_object_add(doc, key, v);
}

/* The tick object from the child's tick, cost and frequency. */
static json_object *tick_json(json_object *w, double *hz_out)
{
    json_object *t = json_object_new_object();
    const char *name = w ? record_get_string(w, "tick.name") : NULL;
    double hz = 0, res = 0, cost = 0, v;
    int64_t span = 0;
    double secs = 0;
    const char *src = NULL;

    add_str(t, "name", name);
    add_str(t, "unit", w ? record_get_string(w, "tick.unit") : NULL);
    if (w && record_get_double(w, "tick.frequency_hz", &v) == 0 && v > 0) {
        hz = v;
        src = name && strcmp(name, "cntvct") == 0 ? "cntfrq_el0" : "nominal (ns)";
    } else if (w && record_get_int(w, "span_ticks", &span) == 0 &&
               record_get_double(w, "seconds", &secs) == 0 && secs > 0 && span > 0) {
        hz = (double)span / secs;
        src = "measured: ticks over CLOCK_MONOTONIC_RAW seconds of the profiled operations";
    }
    if (w && record_get_double(w, "tick.resolution_s", &v) == 0 && v > 0)
        res = v;
    else if (hz > 0)
        res = 1.0 / hz;
    json_object_object_add(t, "frequency_hz", hz > 0 ? record_double(hz) : NULL);
    add_str(t, "frequency_source", src);
    json_object_object_add(t, "resolution_s", res > 0 ? record_double(res) : NULL);
    json_object_object_add(t, "read_overhead_ticks",
                           w && record_get_double(w, "cost.read_ticks", &v) == 0 ? record_double(v) : NULL);
    if (w && record_get_double(w, "cost.overhead_ticks", &cost) == 0) {
        json_object_object_add(t, "wrapper_overhead_ticks", record_double(cost));
        json_object_object_add(t, "wrapper_overhead_ns", hz > 0 ? record_double(cost / hz * 1e9) : NULL);
    } else {
        json_object_object_add(t, "wrapper_overhead_ticks", NULL);
        json_object_object_add(t, "wrapper_overhead_ns", NULL);
    }
    json_object_object_add(t, "empty_call_ticks",
                           w && record_get_double(w, "cost.empty_call_ticks", &v) == 0 ? record_double(v) : NULL);
    *hz_out = hz;
    return t;
}

/* The work process's first line, once it has calibrated: "calibrated T1
 * OPS WARMUPS".  From it the limit becomes 3 x the planned time (warm-ups,
 * the operations and as many discarded ones as allowed) + a margin, from
 * now; never more than PROFILE_MAX_TIMEOUT in all (the line is printed by
 * the process that runs candidate code). */
struct limit_watch {
    double start;          /* ngcc_reaper_now() at the start */
    int moved;
};

static void on_out(const char *out, size_t len, double *deadline, void *arg)
{
    struct limit_watch *lw = arg;
    const char *nl = memchr(out, '\n', len);
    double t1, planned, limit, now;
    long ops;
    int warmups;
    if (lw->moved || !nl)
        return;
    lw->moved = 1;
    if (sscanf(out, PROFILE_CALIBRATED " %lf %ld %d", &t1, &ops, &warmups) != 3 ||
        !(t1 >= 0) || ops < 0 || warmups < 0)
        return;
    planned = ((double)warmups + (double)ops * (1 + PROFILE_DISCARDS)) * t1;
    now = ngcc_reaper_now();
    limit = PROFILE_LIMIT_FACTOR * planned + PROFILE_LIMIT_MARGIN;
    if (now + limit > lw->start + PROFILE_MAX_TIMEOUT)
        limit = lw->start + PROFILE_MAX_TIMEOUT - now;
    *deadline = now + limit;
}

/* Run the child; its result in *W (NULL if it gave none), its process
 * object in *PROC; STATUS and WHY when it failed on its own terms. */
static int spawn(const struct profile_options *o, const char *self_arg, const char *lib_arg,
                 int cpu, json_object **w, json_object **proc, double *limit_s)
{
    char s_ops[32], s_target[40];
    char *argv[12];
    int n = 0;
    struct child_limits lim;
    struct child_result c;
    struct limit_watch lw;

    snprintf(s_ops, sizeof s_ops, "%ld", o->ops);
    {
        int p; /* the shortest form that reads back the same */
        for (p = 1; p <= 17; p++) {
            snprintf(s_target, sizeof s_target, "%.*g", p, o->target_s);
            if (strtod(s_target, NULL) == o->target_s)
                break;
        }
    }
    argv[n++] = (char *)self_arg;
    argv[n++] = "work";
    argv[n++] = "--op";
    argv[n++] = (char *)o->op;
    argv[n++] = "--target";
    argv[n++] = s_target;
    if (o->ops > 0) {
        argv[n++] = "--ops";
        argv[n++] = s_ops;
    }
    argv[n++] = (char *)lib_arg;
    argv[n] = NULL;
    lim.timeout_s = o->timeout_s;
    lim.mem_bytes = o->mem_bytes;
    lim.cpu = cpu;
    lim.writable = NULL;
    lim.on_out = on_out;
    lim.on_out_arg = &lw;
    lw.start = ngcc_reaper_now();
    lw.moved = 0;
    *w = NULL;
    if (child_run(o->self_exe, argv, o->root, &lim, &c) != 0) {
        fprintf(stderr, "ngcc-profile: %s\n", c.error);
        child_result_free(&c);
        return -1;
    }
    *proc = process_json(argv, &c);
    *limit_s = c.limit_s;
    if (c.exited) {
        const char *result = c.out;
        json_object *r;
        if (strncmp(result, PROFILE_CALIBRATED " ", strlen(PROFILE_CALIBRATED) + 1) == 0)
            result = strchr(result, '\n') ? strchr(result, '\n') + 1 : "";
        r = json_tokener_parse(result);
        const char *st = r ? record_get_string(r, "status") : NULL;
        enum outcome oc;
        if (st && outcome_from_name(st, &oc) == 0 && (c.code == 0) == (oc == OUTCOME_OK))
            *w = r;
        else
            json_object_put(r);
    }
    if (!*w) {
        char why[600];
        enum outcome oc;
        child_describe(&c, why, sizeof why);
        oc = c.timed_out ? OUTCOME_TIMEOUT : c.exited && c.code == 0 ? OUTCOME_BAD_OUTPUT
                                                                     : OUTCOME_CRASHED;
        if (oc == OUTCOME_BAD_OUTPUT)
            snprintf(why, sizeof why, "the profiling process printed no readable result");
        *w = json_object_new_object();
        add_str(*w, "status", outcome_name(oc));
        add_str(*w, "reason", why);
        json_object_object_add(*w, "child_failed", json_object_new_boolean(1));
    }
    child_result_free(&c);
    return 0;
}

int profile_run(const struct profile_options *o, json_object **out)
{
    json_object *doc = json_object_new_object(), *files = json_object_new_array();
    json_object *lib = json_object_new_object(), *w = NULL, *proc = NULL, *plan, *f;
    json_object *wrapped, *hash, *drng, *calls;
    char utc[32], hex[65], real_self[PATH_MAX], why[400];
    char *rel = sys_relative_path(o->library, o->root), *lib_arg = NULL, *self_arg = NULL;
    const char *status, *id, *label;
    enum outcome oc = OUTCOME_OK;
    int cpu = o->cpu >= 0 ? o->cpu : hostcheck_default_cpu();
    int64_t ops = 0, total = 0;
    double hz = 0, overhead = 0, limit_s = 0;
    int code;

    *out = NULL;
    sys_utc_now(utc);
    add_str(doc, "format", PROFILE_FORMAT);
    json_object_object_add(doc, "format_version", json_object_new_int(PROFILE_FORMAT_VERSION));
    add_str(doc, "tool", NGCC_PROFILE_TOOL);
    set_status(doc, OUTCOME_OK, "");
    add_str(doc, "id", o->id);
    add_str(doc, "label", o->label);
    add_str(doc, "op", o->op);
    add_str(doc, "started_utc", utc);
    add_str(doc, "finished_utc", NULL);
    {
        json_object *a = json_object_new_array();
        int i;
        for (i = 0; i < o->argc; i++)
            json_object_array_add(a, json_object_new_string(o->argv[i]));
        json_object_object_add(doc, "command", a);
    }
    add_str(lib, "path", rel);
    json_object_object_add(doc, "library", lib);

    if (!rel)
        goto nomem;
    if (!strchr(rel, '/')) { /* dlopen must not search */
        lib_arg = malloc(strlen(rel) + 3);
        if (lib_arg)
            sprintf(lib_arg, "./%s", rel);
    } else {
        lib_arg = strdup(rel);
    }
    if (!realpath(o->self_exe, real_self))
        snprintf(real_self, sizeof real_self, "%s", o->self_exe);
    self_arg = sys_relative_path(real_self, o->root);
    if (!lib_arg || !self_arg)
        goto nomem;

    if (digest_file_hex(o->library, hex) != 0) {
        snprintf(why, sizeof why, "%s: cannot read the library: %s", rel, strerror(errno));
        json_object_object_add(lib, "sha256", NULL);
        oc = OUTCOME_LOAD_FAILED;
    } else {
        add_str(lib, "sha256", hex);
        f = json_object_new_object();
        add_str(f, "path", rel);
        add_str(f, "sha256", hex);
        add_str(f, "role", "library");
        json_object_array_add(files, f);
        if (spawn(o, self_arg, lib_arg, cpu, &w, &proc, &limit_s) != 0) {
            json_object_put(doc);
            json_object_put(files);
            free(rel);
            free(lib_arg);
            free(self_arg);
            return EXIT_BENCH_SYSTEM;
        }
        status = record_get_string(w, "status");
        if (!status || outcome_from_name(status, &oc) != 0)
            oc = OUTCOME_BAD_OUTPUT;
        snprintf(why, sizeof why, "%s", record_get_string(w, "reason") ? record_get_string(w, "reason") : "");
    }

    /* id and label: options, else the instance's metadata, else the file. */
    id = o->id ? o->id : w ? record_get_string(w, "instance.id") : NULL;
    label = o->label ? o->label : w ? record_get_string(w, "instance.instance") : NULL;
    if (!label) {
        const char *b = strrchr(o->library, '/');
        label = b ? b + 1 : o->library;
    }
    add_str(doc, "id", id);
    add_str(doc, "label", label);
    copy_key(doc, "instance", w, "instance");

    wrapped = name_list(w ? record_get_string(w, "wrapped") : NULL);
    hash = name_list(w ? record_get_string(w, "hash") : NULL);
    drng = name_list(w ? record_get_string(w, "drng") : NULL);
    json_object_object_add(doc, "wrapped", wrapped);
    json_object_object_add(doc, "hash_functions", hash);
    json_object_object_add(doc, "drng_functions", drng);
    json_object_object_add(doc, "tick", tick_json(w, &hz));
    if (w)
        record_get_double(w, "cost.overhead_ticks", &overhead);

    plan = json_object_new_object();
    copy_key(plan, "t1_s", w, "t1_s");
    json_object_object_add(plan, "target_s", record_double(o->target_s));
    json_object_object_add(plan, "quick", json_object_new_boolean(o->quick));
    add_str(plan, "ops_rule", o->ops > 0 ? "option --ops" : PROFILE_OPS_RULE);
    copy_key(plan, "warmups", w, "warmups");
    json_object_object_add(plan, "cpu", json_object_new_int(cpu));
    copy_key(plan, "cpu_seen", w, "cpu_seen");
    /* The limit that applied in the end: derived from t1 once calibrated. */
    json_object_object_add(plan, "timeout_s", limit_s > 0 ? record_double(limit_s)
                           : o->timeout_s > 0 ? record_double(o->timeout_s) : NULL);
    json_object_object_add(plan, "memory_limit_bytes",
                           o->mem_bytes ? json_object_new_int64((int64_t)o->mem_bytes) : NULL);
    json_object_object_add(doc, "plan", plan);

    calls = NULL;
    if (oc == OUTCOME_OK) {
        record_get_int(w, "ops", &ops);
        record_get_int(w, "total_ticks", &total);
        if (record_get(w, "calls", &calls) != 0 || !json_object_is_type(calls, json_type_array) ||
            ops <= 0 || total <= 0) {
            oc = OUTCOME_BAD_OUTPUT;
            snprintf(why, sizeof why, "the profiling process gave no calls table, operations or ticks");
            calls = NULL;
        }
    }
    if (oc == OUTCOME_OK) {
        json_object_object_add(doc, "ops", json_object_new_int64(ops));
        json_object_object_add(doc, "total_ticks", json_object_new_int64(total));
        json_object_object_add(doc, "ticks_per_op", record_double((double)total / (double)ops));
        copy_key(doc, "seconds", w, "seconds");
        copy_key(doc, "cpu_seconds", w, "cpu_seconds");
        copy_key(doc, "switches", w, "switches");
        copy_key(doc, "discarded_ops", w, "discarded_ops");
        copy_key(doc, "disturbed_ops", w, "disturbed_ops");
        calls = json_object_get(calls);
        json_object_array_sort(calls, cmp_calls);
        json_object_object_add(doc, "calls", calls);
        if (add_shares(doc, calls, wrapped, hash, drng, ops, total, overhead, why, sizeof why) != 0)
            oc = OUTCOME_BAD_OUTPUT;
    }
    if (oc != OUTCOME_OK) {
        /* nothing is known: the same fields, null or empty */
        static const char *const before[] = { "ops", "total_ticks", "ticks_per_op", "seconds",
                                              "cpu_seconds", "switches", "discarded_ops",
                                              "disturbed_ops" };
        static const char *const after[] = { "hash_share", "drng_share", "wrapped_share",
                                             "overhead_share" };
        size_t i;
        for (i = 0; i < 8; i++)
            json_object_object_del(doc, before[i]);
        json_object_object_del(doc, "calls");
        json_object_object_del(doc, "functions");
        for (i = 0; i < 4; i++)
            json_object_object_del(doc, after[i]);
        for (i = 0; i < 8; i++)
            json_object_object_add(doc, before[i], NULL);
        json_object_object_add(doc, "calls", json_object_new_array());
        json_object_object_add(doc, "functions", json_object_new_object());
        for (i = 0; i < 4; i++)
            json_object_object_add(doc, after[i], NULL);
    }
    set_status(doc, oc, oc == OUTCOME_OK ? "" : why);
    json_object_object_add(doc, "process", proc);
    json_object_object_add(doc, "files", files);
    {
        struct ngcc_confinement conf;
        ngcc_confine_current(&conf);
        json_object_object_add(doc, "confinement", ngcc_confine_json(&conf, NULL));
    }
    sys_utc_now(utc);
    add_str(doc, "finished_utc", utc);

    json_object_put(w);
    free(rel);
    free(lib_arg);
    free(self_arg);
    *out = doc;
    code = oc == OUTCOME_OK ? EXIT_BENCH_OK : EXIT_BENCH_FAILED;
    return code;
nomem:
    fprintf(stderr, "ngcc-profile: out of memory\n");
    json_object_put(doc);
    json_object_put(files);
    free(rel);
    free(lib_arg);
    free(self_arg);
    return EXIT_BENCH_SYSTEM;
}
