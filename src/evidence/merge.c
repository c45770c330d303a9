/* merge.c -- fold one campaign run into a system's accumulated evidence.
 * Evidence written by format 1 (one campaign per system) is read as run 1.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "instance_ops.h"
#include "kind.h"
#include "merge.h"
#include "record.h"
#include "sysfile.h"
#include "verify_util.h"

static int fail(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return -1;
}

static char *path_in(const char *dir, const char *name)
{
    size_t n = strlen(dir) + strlen(name) + 2;
    char *p = malloc(n);
    if (p)
        snprintf(p, n, "%s/%s", dir, name);
    return p;
}

/* Load SYSDIR/NAME: 1 and *OUT when it exists, 0 when it does not, -1 on
 * a damaged file (ERR says how). */
static int load_existing(const char *sysdir, const char *name, const char *format,
                         json_object **out, char *err, size_t errlen)
{
    char why[200];
    char *path = path_in(sysdir, name);
    const char *f;
    *out = NULL;
    if (!path)
        return fail(err, errlen, "out of memory");
    if (access(path, F_OK) != 0) {
        free(path);
        return 0;
    }
    *out = record_load(path, why, sizeof why);
    if (!*out) {
        fail(err, errlen, "%s: %s", path, why);
        free(path);
        return -1;
    }
    f = record_get_string(*out, "format");
    if (!f || strcmp(f, format) != 0) {
        fail(err, errlen, "%s: not a %s file", path, format);
        free(path);
        json_object_put(*out);
        *out = NULL;
        return -1;
    }
    free(path);
    return 1;
}

static int format_version(json_object *o)
{
    int64_t v = 0;
    return record_get_int(o, "format_version", &v) == 0 ? (int)v : 0;
}

static json_object *get(json_object *o, const char *key)
{
    json_object *v = NULL;
    return json_object_object_get_ex(o, key, &v) ? v : NULL;
}

static json_object *copy(json_object *o)
{
    json_object *c = NULL;
    if (!o)
        return NULL;
    return json_object_deep_copy(o, &c, NULL) == 0 ? c : NULL;
}

static void set_str(json_object *o, const char *key, const char *s)
{
    json_object_object_add(o, key, s ? json_object_new_string(s) : NULL);
}

static int write_in(const char *sysdir, const char *name, json_object *o, char *err, size_t errlen)
{
    char *path = path_in(sysdir, name);
    int r = path ? record_write(path, o) : -1;
    if (r != 0)
        fail(err, errlen, "%s/%s: cannot write: %s", sysdir, name, strerror(errno));
    free(path);
    return r;
}

/* ---- build.json ---------------------------------------------------------- */

/* A format-1 instance as format 2 has it: built, written by run 1. */
static void upgrade_instance(json_object *inst)
{
    json_object *build = json_object_new_object();
    json_object *plib = get(inst, "profile_library");
    set_str(build, "status", "ok");
    set_str(build, "reason", "");
    json_object_object_add(build, "log", NULL);
    json_object_object_add(inst, "build", build);
    if (!get(inst, "run"))
        json_object_object_add(inst, "run", json_object_new_int(1));
    json_object_object_add(inst, "profiled", json_object_new_boolean(plib != NULL));
}

static int same_instance(json_object *a, json_object *b)
{
    const char *ia = record_get_string(a, "id"), *ib = record_get_string(b, "id");
    const char *la = record_get_string(a, "label"), *lb = record_get_string(b, "label");
    return ia && ib && la && lb && strcmp(ia, ib) == 0 && strcmp(la, lb) == 0;
}

static int by_id_label(const void *pa, const void *pb)
{
    json_object *a = *(json_object *const *)pa, *b = *(json_object *const *)pb;
    const char *ia = record_get_string(a, "id"), *ib = record_get_string(b, "id");
    const char *la = record_get_string(a, "label"), *lb = record_get_string(b, "label");
    int c = strcmp(ia ? ia : "", ib ? ib : "");
    return c ? c : strcmp(la ? la : "", lb ? lb : "");
}

int merge_build(const char *sysdir, const char *entries, char *err, size_t errlen)
{
    json_object *old = NULL, *add, *old_list = NULL, *add_list, *out, *list;
    const char *system;
    char why[200], now[32];
    size_t i, j, n_old = 0, n_add;
    int r = -1;

    add = record_load(entries, why, sizeof why);
    if (!add)
        return fail(err, errlen, "%s: %s", entries, why);
    add_list = get(add, "instances");
    if (!add_list || !json_object_is_type(add_list, json_type_array)) {
        json_object_put(add);
        return fail(err, errlen, "%s: no \"instances\" array", entries);
    }
    if (load_existing(sysdir, "build.json", BUILD_FORMAT, &old, err, errlen) < 0)
        goto out;
    if (old) {
        old_list = get(old, "instances");
        if (!old_list || !json_object_is_type(old_list, json_type_array)) {
            fail(err, errlen, "%s/build.json: no \"instances\" array", sysdir);
            goto out;
        }
        n_old = json_object_array_length(old_list);
    }
    n_add = json_object_array_length(add_list);
    list = json_object_new_array();
    for (i = 0; i < n_old; i++) {
        json_object *inst = json_object_array_get_idx(old_list, i);
        int replaced = 0;
        for (j = 0; j < n_add && !replaced; j++)
            replaced = same_instance(inst, json_object_array_get_idx(add_list, j));
        if (replaced)
            continue;
        inst = copy(inst);
        if (format_version(old) < 2)
            upgrade_instance(inst);
        json_object_array_add(list, inst);
    }
    for (j = 0; j < n_add; j++)
        json_object_array_add(list, copy(json_object_array_get_idx(add_list, j)));
    json_object_array_sort(list, by_id_label);

    system = record_get_string(add, "system");
    sys_utc_now(now);
    out = json_object_new_object();
    set_str(out, "format", BUILD_FORMAT);
    json_object_object_add(out, "format_version", json_object_new_int(EVIDENCE_FORMAT_VERSION));
    set_str(out, "system", system ? system : (old ? record_get_string(old, "system") : NULL));
    set_str(out, "generated_utc", now);
    json_object_object_add(out, "instances", list);
    r = write_in(sysdir, "build.json", out, err, errlen);
    json_object_put(out);
out:
    json_object_put(old);
    json_object_put(add);
    return r;
}

/* ---- campaign.json -------------------------------------------------------- */

/* Format 1 held one campaign: it becomes run 1. */
static json_object *run_from_v1(json_object *c)
{
    json_object *run = json_object_new_object(), *settings = json_object_new_object();
    json_object *s = get(c, "settings"), *cpus = json_object_new_array(), *v;
    const char *keys[] = { "trial_target_s", "op_budget_s", "quick", "strict" };
    int64_t runs = 1;
    size_t i;
    json_object_object_add(run, "run", json_object_new_int(1));
    json_object_object_add(run, "started_utc", copy(get(c, "started_utc")));
    json_object_object_add(run, "finished_utc", copy(get(c, "finished_utc")));
    json_object_object_add(run, "status", copy(get(c, "status")));
    record_get_int(c, "runs", &runs);
    json_object_object_add(run, "resumed", json_object_new_int64(runs > 1 ? runs - 1 : 0));
    json_object_object_add(run, "schemes", copy(s ? get(s, "schemes") : NULL));
    for (i = 0; s && i < sizeof keys / sizeof *keys; i++)
        json_object_object_add(settings, keys[i], copy(get(s, keys[i])));
    if (s && (v = get(s, "cpu")) != NULL && json_object_is_type(v, json_type_int))
        json_object_array_add(cpus, json_object_new_int(json_object_get_int(v)));
    json_object_object_add(settings, "cpus", cpus);
    json_object_object_add(settings, "profile", json_object_new_boolean(1));
    json_object_object_add(run, "settings", settings);
    json_object_object_add(run, "host_start", copy(get(c, "host_start")));
    json_object_object_add(run, "host_end", copy(get(c, "host_end")));
    json_object_object_add(run, "problems", copy(get(c, "problems")));
    json_object_object_add(run, "records", copy(get(c, "records")));
    json_object_object_add(run, "timing", copy(get(c, "timing")));
    json_object_object_add(run, "commands", copy(get(c, "commands")));
    return run;
}

static json_object *existing_runs(json_object *c)
{
    json_object *runs = json_object_new_array(), *old;
    size_t i;
    if (!c)
        return runs;
    if (format_version(c) < 2) {
        json_object_array_add(runs, run_from_v1(c));
        return runs;
    }
    old = get(c, "runs");
    for (i = 0; old && json_object_is_type(old, json_type_array) && i < json_object_array_length(old); i++)
        json_object_array_add(runs, copy(json_object_array_get_idx(old, i)));
    return runs;
}

static int64_t run_number(json_object *run)
{
    int64_t n = 0;
    return record_get_int(run, "run", &n) == 0 ? n : 0;
}

/* Counts over the merged evidence: build.json's instances and the status
 * of each planned record. */
static json_object *merged_records(const char *sysdir)
{
    json_object *build = NULL, *list, *out = json_object_new_object();
    char err[200];
    int64_t planned = 0, ok = 0, instances = 0, buildfail = 0;
    size_t i;
    int k;
    if (load_existing(sysdir, "build.json", BUILD_FORMAT, &build, err, sizeof err) > 0 &&
        (list = get(build, "instances")) != NULL && json_object_is_type(list, json_type_array)) {
        for (i = 0; i < json_object_array_length(list); i++) {
            json_object *inst = json_object_array_get_idx(list, i);
            const char *id = record_get_string(inst, "id"), *label = record_get_string(inst, "label");
            const char *bs = record_get_string(inst, "build.status");
            /* One record per operation of the instance's kind. */
            const struct kind *kind = verify_kind(record_get_string(inst, "type"));
            instances++;
            if (bs && strcmp(bs, "BUILDFAIL") == 0) {
                buildfail++;
                continue;
            }
            for (k = 0; id && label && kind && k < kind->nops; k++) {
                char path[4096];
                json_object *rec;
                const char *st;
                if (!instance_op_exists(inst, kind, k))
                    continue; /* a two-pass exchange has no pass3 */
                planned++;
                snprintf(path, sizeof path, "%s/records/%s/%s__%s.json", sysdir, id, label, kind->ops[k].name);
                rec = record_load(path, err, sizeof err);
                st = rec ? record_get_string(rec, "status") : NULL;
                ok += st && strcmp(st, "ok") == 0;
                json_object_put(rec);
            }
        }
    }
    json_object_put(build);
    json_object_object_add(out, "planned", json_object_new_int64(planned));
    json_object_object_add(out, "ok", json_object_new_int64(ok));
    json_object_object_add(out, "failed", json_object_new_int64(planned - ok));
    json_object_object_add(out, "instances", json_object_new_int64(instances));
    json_object_object_add(out, "buildfail", json_object_new_int64(buildfail));
    return out;
}

static json_object *total_timing(json_object *runs)
{
    json_object *t = json_object_new_object();
    double wall = 0, timed = 0, v;
    size_t i;
    for (i = 0; i < json_object_array_length(runs); i++) {
        json_object *run = json_object_array_get_idx(runs, i);
        if (record_get_double(run, "timing.wall_s", &v) == 0)
            wall += v;
        if (record_get_double(run, "timing.timed_s", &v) == 0)
            timed += v;
    }
    json_object_object_add(t, "wall_s", record_double(wall));
    json_object_object_add(t, "timed_s", record_double(timed));
    json_object_object_add(t, "overhead_ratio", timed > 0 ? record_double(wall / timed) : NULL);
    return t;
}

int merge_campaign(const char *sysdir, const char *run_file, char *err, size_t errlen)
{
    static const char *base_keys[] = { "tool", "system", "system_description", "arch_family" };
    static const char *last_keys[] = { "settings", "host_start", "host_end", "problems", "commands" };
    json_object *old = NULL, *in, *base, *run, *runs, *out, *last, *first, *finished = NULL;
    json_object *em;
    char why[200];
    size_t i, n;
    int64_t number;
    int r = -1, emulated = 0, placed = 0;

    in = record_load(run_file, why, sizeof why);
    if (!in)
        return fail(err, errlen, "%s: %s", run_file, why);
    base = get(in, "campaign");
    run = get(in, "run");
    number = run ? run_number(run) : 0;
    if (!base || !run || number < 1) {
        json_object_put(in);
        return fail(err, errlen, "%s: needs \"campaign\" and a \"run\" numbered from 1", run_file);
    }
    if (load_existing(sysdir, "campaign.json", CAMPAIGN_FORMAT, &old, err, errlen) < 0) {
        json_object_put(in);
        return -1;
    }
    runs = existing_runs(old);
    n = json_object_array_length(runs);
    for (i = 0; i < n && !placed; i++) {
        if (run_number(json_object_array_get_idx(runs, i)) == number) {
            json_object_array_put_idx(runs, i, copy(run));
            placed = 1;
        }
    }
    if (!placed) {
        if (number != (int64_t)n + 1) {
            fail(err, errlen, "%s: run %lld does not follow the %zu runs of %s/campaign.json",
                 run_file, (long long)number, n, sysdir);
            json_object_put(runs);
            goto out;
        }
        json_object_array_add(runs, copy(run));
    }
    n = json_object_array_length(runs);
    first = json_object_array_get_idx(runs, 0);
    last = json_object_array_get_idx(runs, n - 1);
    for (i = n; i-- > 0 && !finished;) {
        json_object *f = get(json_object_array_get_idx(runs, i), "finished_utc");
        if (f && json_object_is_type(f, json_type_string))
            finished = f;
    }
    emulated = (em = get(base, "emulated")) != NULL && json_object_get_boolean(em);
    emulated |= old && (em = get(old, "emulated")) != NULL && json_object_get_boolean(em);

    out = json_object_new_object();
    set_str(out, "format", CAMPAIGN_FORMAT);
    json_object_object_add(out, "format_version", json_object_new_int(EVIDENCE_FORMAT_VERSION));
    for (i = 0; i < sizeof base_keys / sizeof *base_keys; i++)
        json_object_object_add(out, base_keys[i], copy(get(base, base_keys[i])));
    json_object_object_add(out, "emulated", json_object_new_boolean(emulated));
    json_object_object_add(out, "status", copy(get(last, "status")));
    json_object_object_add(out, "started_utc", copy(get(first, "started_utc")));
    json_object_object_add(out, "finished_utc", copy(finished));
    for (i = 0; i < sizeof last_keys / sizeof *last_keys; i++)
        json_object_object_add(out, last_keys[i], copy(get(last, last_keys[i])));
    json_object_object_add(out, "method", copy(get(base, "method")));
    json_object_object_add(out, "flags", copy(get(base, "flags")));
    json_object_object_add(out, "records", merged_records(sysdir));
    json_object_object_add(out, "timing", total_timing(runs));
    json_object_object_add(out, "runs", runs);
    r = write_in(sysdir, "campaign.json", out, err, errlen);
    json_object_put(out);
out:
    json_object_put(old);
    json_object_put(in);
    return r;
}

int merge_next_run(const char *sysdir, char *err, size_t errlen)
{
    json_object *c = NULL, *runs;
    int k = load_existing(sysdir, "campaign.json", CAMPAIGN_FORMAT, &c, err, errlen), n;
    if (k <= 0)
        return k < 0 ? -1 : 1;
    runs = existing_runs(c);
    n = (int)json_object_array_length(runs) + 1;
    json_object_put(runs);
    json_object_put(c);
    return n;
}
