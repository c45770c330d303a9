/* sections.c -- the sections of a record: library, counter, plan, rules,
 * trials and statistics, instance, inputs.  The formats are in
 * doc/evidence.md.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "callstats.h"
#include "digest.h"
#include "elfsize.h"
#include "kind_timer.h"
#include "memory_pass.h"
#include "record.h"
#include "run.h"
#include "stats.h"
#include "sysfile.h"

static const char *const state_names[] = { "kept", "replaced", "failed" };

void rec_add_str(json_object *o, const char *key, const char *s)
{
    json_object_object_add(o, key, s ? json_object_new_string(s) : NULL);
}

json_object *rec_command(int argc, char **argv)
{
    json_object *a = json_object_new_array();
    int i;
    for (i = 0; i < argc; i++)
        json_object_array_add(a, json_object_new_string(argv[i]));
    return a;
}

/* The library: path, SHA-256, static bytes and segments.  0, or -1 with
 * R->status set. */
int rec_library(struct run *R, json_object *files)
{
    const struct measure_options *o = R->o;
    json_object *lib = json_object_new_object(), *segs = json_object_new_array(), *f;
    char *rel = sys_relative_path(o->library, o->root), hex[65], err[256];
    struct elf_info info;
    size_t i;
    int ok = 0;

    rec_add_str(lib, "path", rel);
    if (rel && !strchr(rel, '/')) { /* dlopen must not search */
        R->lib_arg = malloc(strlen(rel) + 3);
        if (R->lib_arg)
            sprintf(R->lib_arg, "./%s", rel);
    } else if (rel) {
        R->lib_arg = strdup(rel);
    }
    if (!R->lib_arg) {
        free(rel);
        json_object_put(lib);
        json_object_put(segs);
        return -2;
    }
    if (digest_file_hex(o->library, hex) != 0) {
        snprintf(err, sizeof err, "%s: cannot read the library", o->library);
        run_fail(R, OUTCOME_LOAD_FAILED, err);
        json_object_object_add(lib, "sha256", NULL);
    } else {
        json_object_object_add(lib, "sha256", json_object_new_string(hex));
        f = json_object_new_object();
        rec_add_str(f, "path", rel);
        rec_add_str(f, "sha256", hex);
        rec_add_str(f, "role", "library");
        json_object_array_add(files, f);
        if (elf_parse_file(o->library, &info, err, sizeof err) != 0) {
            char why[320];
            snprintf(why, sizeof why, "%s: %s", rel, err);
            run_fail(R, OUTCOME_LOAD_FAILED, why);
        } else {
            ok = 1;
        }
    }
    if (ok) {
        json_object_object_add(lib, "elf_class", json_object_new_int(info.bits));
        json_object_object_add(lib, "static_bytes", json_object_new_int64((int64_t)info.static_bytes));
        for (i = 0; i < info.nload; i++) {
            json_object *s = json_object_new_object();
            char fl[4];
            fl[0] = info.load[i].flags & 4 ? 'r' : '-';
            fl[1] = info.load[i].flags & 2 ? 'w' : '-';
            fl[2] = info.load[i].flags & 1 ? 'x' : '-';
            fl[3] = '\0';
            json_object_object_add(s, "offset", json_object_new_int64((int64_t)info.load[i].offset));
            json_object_object_add(s, "vaddr", json_object_new_int64((int64_t)info.load[i].vaddr));
            json_object_object_add(s, "filesz", json_object_new_int64((int64_t)info.load[i].filesz));
            json_object_object_add(s, "memsz", json_object_new_int64((int64_t)info.load[i].memsz));
            rec_add_str(s, "flags", fl);
            json_object_array_add(segs, s);
        }
        elf_info_free(&info);
    } else {
        json_object_object_add(lib, "elf_class", NULL);
        json_object_object_add(lib, "static_bytes", NULL);
    }
    json_object_object_add(lib, "segments", segs);
    json_object_object_add(R->rec, "library", lib);
    free(rel);
    return ok ? 0 : -1;
}

/* The clock steadiness check of the campaign's host file replaces the
 * "unknown" one of this process. */
void rec_merge_host(struct run *R, json_object *checks)
{
    char err[256];
    json_object *host = record_load(R->o->host_file, err, sizeof err), *hc;
    size_t i, j;
    if (!host) {
        fprintf(stderr, "ngcc-bench: %s: %s (clock steadiness left unknown)\n", R->o->host_file, err);
        return;
    }
    if (record_get(host, "environment.checks", &hc) == 0 && json_object_is_type(hc, json_type_array)) {
        for (i = 0; i < json_object_array_length(hc); i++) {
            json_object *c = json_object_array_get_idx(hc, i);
            const char *name = record_get_string(c, "name");
            if (!name || strcmp(name, "clock_steady") != 0)
                continue;
            for (j = 0; j < json_object_array_length(checks); j++) {
                const char *mine = record_get_string(json_object_array_get_idx(checks, j), "name");
                if (mine && strcmp(mine, "clock_steady") == 0) {
                    json_object *copy = NULL;
                    char *rel = sys_relative_path(R->o->host_file, R->o->root), src[600];
                    const char *when = record_get_string(host, "time_utc");
                    json_object_deep_copy(c, &copy, NULL);
                    snprintf(src, sizeof src, "%s (%s)", rel ? rel : R->o->host_file, when ? when : "?");
                    json_object_object_add(copy, "source", json_object_new_string(src));
                    json_object_array_put_idx(checks, j, copy);
                    free(rel);
                }
            }
        }
    }
    json_object_put(host);
}

json_object *rec_counter(const struct run *R, const char *why)
{
    json_object *c = json_object_new_object();
    struct counter k;
    char err[256];
    double hz = counter_nominal_hz(R->counter), res = 0;
    const char *src = NULL;
    rec_add_str(c, "name", counter_name(R->counter));
    rec_add_str(c, "unit", counter_unit(R->counter));
    json_object_object_add(c, "core_cycles", json_object_new_boolean(counter_is_core_cycles(R->counter)));
    if (R->counter == COUNTER_CLOCK) {
        struct timespec ts;
        src = "CLOCK_MONOTONIC_RAW counts nanoseconds";
        if (clock_getres(CLOCK_MONOTONIC_RAW, &ts) == 0)
            res = (double)ts.tv_sec + ts.tv_nsec * 1e-9;
    } else if (R->counter == COUNTER_CNTVCT) {
        src = "cntfrq_el0";
    } else if (R->counter == COUNTER_PERF && R->fixed_hz > 0) {
        hz = R->fixed_hz;
        src = "fixed core clock (cpufreq minimum = maximum)";
    }
    if (hz > 0 && res == 0)
        res = 1.0 / hz;
    json_object_object_add(c, "frequency_hz", hz > 0 ? record_double(hz) : NULL);
    rec_add_str(c, "frequency_source", src);
    json_object_object_add(c, "resolution_s", res > 0 ? record_double(res) : NULL);
    if (counter_open(&k, R->counter, err, sizeof err) == 0) {
        json_object_object_add(c, "read_overhead_ticks", record_double(counter_read_overhead(&k)));
        counter_close(&k);
    } else {
        json_object_object_add(c, "read_overhead_ticks", NULL);
    }
    rec_add_str(c, "fallback_reason", why[0] ? why : NULL);
    return c;
}

json_object *rec_plan(const struct run *R, const struct plan *p, double setup_s, int calibrated)
{
    const struct measure_options *o = R->o;
    json_object *j = json_object_new_object();
    json_object_object_add(j, "t1_s", record_double(p->t1_s));
    rec_add_str(j, "t1_source", calibrated ? "calibration process" : "option --t1");
    json_object_object_add(j, "setup_s", record_double(setup_s));
    json_object_object_add(j, "iters", json_object_new_int64(p->iters));
    json_object_object_add(j, "warmups", json_object_new_int(p->warmups));
    json_object_object_add(j, "trials", json_object_new_int(p->trials));
    json_object_object_add(j, "trial_target_s", record_double(o->plan.trial_target_s));
    json_object_object_add(j, "op_budget_s", record_double(o->plan.op_budget_s));
    json_object_object_add(j, "quick", json_object_new_boolean(o->quick));
    json_object_object_add(j, "capped", json_object_new_boolean(p->capped));
    json_object_object_add(j, "budget_reduced", json_object_new_boolean(p->budget_reduced));
    json_object_object_add(j, "over_budget", json_object_new_boolean(p->over_budget));
    json_object_object_add(j, "estimate_s", record_double(plan_estimate(p, setup_s)));
    json_object_object_add(j, "cpu", json_object_new_int(R->cpu));
    rec_add_str(j, "cpu_source", o->cpu >= 0 ? "option --cpu" : "default: the last CPU allowed");
    json_object_object_add(j, "timeout_s", record_double(o->timeout_s));
    json_object_object_add(j, "trial_timeout_s", record_double(measure_trial_timeout(R)));
    json_object_object_add(j, "memory_limit_bytes", o->mem_bytes ? json_object_new_int64((int64_t)o->mem_bytes) : NULL);
    return j;
}

json_object *rec_rules(const struct run *R)
{
    json_object *j = json_object_new_object(), *d = json_object_new_object(), *ol = json_object_new_object();
    json_object_object_add(ol, "limit", record_double(STATS_OUTLIER_LIMIT));
    json_object_object_add(ol, "max_reruns_per_trial", json_object_new_int(STATS_OUTLIER_RERUNS));
    json_object_object_add(d, "limit", record_double(STATS_DISTURBED_LIMIT));
    json_object_object_add(d, "max_attempts", json_object_new_int(STATS_DISTURBED_ATTEMPTS));
    json_object_object_add(d, "clock_test", json_object_new_boolean(R->disturbed_rule));
    rec_add_str(d, "clock_test_why", R->disturbed_rule ? "core-cycle counter and a fixed clock"
                      : !counter_is_core_cycles(R->counter) ? "not applied: the counter is not a core-cycle counter"
                      : "not applied: no fixed clock known");
    json_object_object_add(d, "fixed_clock_hz", R->disturbed_rule ? record_double(R->fixed_hz) : NULL);
    json_object_object_add(d, "cpu_share_test", json_object_new_boolean(1));
    json_object_object_add(j, "outlier", ol);
    json_object_object_add(j, "disturbed", d);
    json_object_object_add(j, "rerun_seconds_limit", record_double(2.0 * R->o->plan.op_budget_s));
    json_object_object_add(j, "rerun_share_limit", record_double(STATS_RERUN_SHARE));
    return j;
}

static json_object *attempt_json(const struct attempt *a)
{
    json_object *t = json_object_new_object();
    json_object_object_add(t, "slot", json_object_new_int(a->slot));
    json_object_object_add(t, "attempt", json_object_new_int(a->attempt));
    json_object_object_add(t, "process", json_object_new_int(a->process));
    rec_add_str(t, "state", state_names[a->state]);
    rec_add_str(t, "reason", a->reason);
    json_object_object_add(t, "calls", json_object_new_int64(a->r.calls));
    json_object_object_add(t, "ticks", json_object_new_int64(a->r.ticks));
    json_object_object_add(t, "seconds", record_double(a->r.seconds));
    json_object_object_add(t, "cpu_seconds", record_double(a->r.cpu_seconds));
    json_object_object_add(t, "switches", json_object_new_int64(a->r.switches));
    json_object_object_add(t, "others_busy", a->r.others_busy >= 0 ? record_double(a->r.others_busy) : NULL);
    json_object_object_add(t, "baseline_rss_bytes", json_object_new_int64(a->r.baseline_rss_bytes));
    json_object_object_add(t, "peak_rss_bytes", json_object_new_int64(a->r.peak_rss_bytes));
    json_object_object_add(t, "cpu_seen", json_object_new_int(a->r.cpu_seen));
    json_object_object_add(t, "setup_s", record_double(a->r.setup_seconds));
    json_object_object_add(t, "memory_pass", memory_pass_to_json(&a->r.memory));
    json_object_object_add(t, "per_call", a->r.timing[0]
                           ? callstats_to_json(&a->r.dist, a->r.timing, a->r.read_pair_ticks) : NULL);
    json_object_object_add(t, "reference", reference_to_json(&a->r.ref));
    if (a->r.counters.n > 0)
        json_object_object_add(t, "op_counters", trial_counters_json(&a->r.counters));
    return t;
}

/* The record's per_call section from the kept trials (in slot order), or
 * NULL when a kept trial has no per-call figures. */
static json_object *per_call_section(const struct run *R)
{
    int n = R->plan.trials, i, blocks = 0, loop = 0;
    struct call_summary *s = calloc((size_t)(n > 0 ? n : 1), sizeof *s);
    double *means = calloc((size_t)(n > 0 ? n : 1), sizeof *means);
    double *rm = calloc((size_t)(n > 0 ? n : 1), sizeof *rm), *rq = calloc((size_t)(n > 0 ? n : 1), sizeof *rq);
    json_object *o = NULL;
    if (!s || !means || !rm || !rq)
        abort();
    for (i = 0; i < n; i++) {
        const struct trial_result *r = &R->att[R->kept[i]].r;
        if (!r->timing[0] || r->calls <= 0)
            break;
        s[i] = r->dist;
        means[i] = (double)r->ticks / (double)r->calls;
        rm[i] = r->ref.done ? r->ref.mean_ticks : 0;
        rq[i] = r->ref.done ? r->ref.p10_ticks : 0;
        blocks += strcmp(r->timing, "blocks") == 0;
        loop += strcmp(r->timing, "loop") == 0;
    }
    if (n > 0 && i == n)
        o = callstats_record(s, means, rm, rq, n, loop ? "loop" : blocks ? "blocks" : "calls");
    free(s);
    free(means);
    free(rm);
    free(rq);
    return o;
}

/* Statistics, memory, reruns and the measured TSC frequency. */
void rec_numbers(struct run *R, json_object *counter, const struct plan *p)
{
    struct trial_numbers *tn = calloc((size_t)(p->trials > 0 ? p->trials : 1), sizeof *tn);
    const struct memory_figures **figs = calloc((size_t)(R->natt > 0 ? R->natt : 1), sizeof *figs);
    json_object *trials = json_object_new_array(), *mem = json_object_new_object(), *re;
    long long base = -1, peak = -1;
    int nk = 0, i, nd = 0, no = 0, nfigs = 0;
    struct stats s;
    struct kind_counters counted = { 0 };

    for (i = 0; i < R->natt; i++) {
        const struct attempt *a = &R->att[i];
        json_object_array_add(trials, attempt_json(a));
        if (a->state == FAILED)
            continue;
        if (figs)
            figs[nfigs++] = &a->r.memory;
        if (a->r.baseline_rss_bytes > base)
            base = a->r.baseline_rss_bytes;
        if (a->r.peak_rss_bytes > peak)
            peak = a->r.peak_rss_bytes;
        if (a->state == REPLACED && strncmp(a->reason, "outlier", 7) == 0)
            no++;
        else if (a->state == REPLACED)
            nd++;
        else if (tn && nk < p->trials) {
            tn[nk].calls = a->r.calls;
            tn[nk].ticks = a->r.ticks;
            tn[nk].seconds = a->r.seconds;
            kind_counters_add(&counted, &a->r.counters);
            nk++;
        }
    }
    json_object_object_add(R->rec, "trials", trials);
    re = json_object_new_object();
    json_object_object_add(re, "disturbed", json_object_new_int(nd));
    json_object_object_add(re, "outlier", json_object_new_int(no));
    json_object_object_add(re, "total", json_object_new_int(nd + no));
    json_object_object_add(re, "stopped", R->rerun_stop[0] ? json_object_new_string(R->rerun_stop) : NULL);
    json_object_object_add(re, "seconds", record_double(R->rerun_seconds));
    json_object_object_add(re, "noisy", json_object_new_boolean(R->noisy));
    json_object_object_add(R->rec, "reruns", re);

    if (R->status == OUTCOME_OK && tn && stats_compute(tn, nk, &s) == 0) {
        json_object_object_add(R->rec, "stats", record_stats_json(&s));
        json_object_object_add(R->rec, "per_call", nk == p->trials ? per_call_section(R) : NULL);
        /* Only a kind that counts has the key: a KEM record has none. */
        if (counted.n > 0)
            json_object_object_add(R->rec, "op_counters", trial_counters_json(&counted));
        if (R->counter == COUNTER_TSC && s.sum_seconds > 0) {
            double hz = (double)s.sum_ticks / s.sum_seconds;
            json_object_object_add(counter, "frequency_hz", record_double(hz));
            json_object_object_add(counter, "frequency_source",
                json_object_new_string("measured: sum of ticks / sum of CLOCK_MONOTONIC_RAW seconds of the kept trials"));
            json_object_object_add(counter, "resolution_s", record_double(1.0 / hz));
        }
        run_progress(R, "%s  %.4g %s/call  %.3g s/call  spread %.1f %%  reruns %d", R->name,
                 s.mean_ticks, counter_unit(R->counter), s.mean_seconds,
                 s.trial_ticks.spread * 100, nd + no);
    } else {
        json_object_object_add(R->rec, "stats", NULL);
        json_object_object_add(R->rec, "per_call", NULL);
    }
    json_object_object_add(mem, "static_bytes", NULL);
    json_object_object_add(mem, "baseline_rss_bytes", base >= 0 ? json_object_new_int64(base) : NULL);
    json_object_object_add(mem, "peak_rss_bytes", peak >= 0 ? json_object_new_int64(peak) : NULL);
    {
        json_object *sb;
        if (record_get(R->rec, "library.static_bytes", &sb) == 0 && sb)
            json_object_object_add(mem, "static_bytes", json_object_get(sb));
    }
    memory_pass_record(mem, figs, nfigs);
    json_object_object_add(R->rec, "memory", mem);
    free(figs);
    free(tn);
}

/* ID and LABEL from a record's path, .../records/ID/LABEL__OP.json (the
 * campaign's layout); 0 if PATH is not laid out so. */
static int ids_from_record_path(const char *path, char *id, size_t idsize,
                                char *label, size_t labelsize)
{
    const char *file, *dir, *sep;
    size_t n;
    if (!path || !(file = strrchr(path, '/')) || file == path)
        return 0;
    for (dir = file - 1; dir > path && dir[-1] != '/'; dir--)
        ;
    if (!(dir - path >= 8 && strncmp(dir - 8, "records/", 8) == 0 &&
          (dir - path == 8 || dir[-9] == '/')))
        return 0;
    file++;
    if (!(sep = strstr(file, "__")) || sep == file)
        return 0;
    while (strstr(sep + 2, "__"))
        sep = strstr(sep + 2, "__");
    n = (size_t)(file - 1 - dir);
    if (n == 0 || n >= idsize || (size_t)(sep - file) >= labelsize)
        return 0;
    memcpy(id, dir, n);
    id[n] = '\0';
    memcpy(label, file, (size_t)(sep - file));
    label[sep - file] = '\0';
    return 1;
}

void rec_instance(struct run *R)
{
    const struct measure_options *o = R->o;
    json_object *sizes = json_object_new_object();
    const char *id = o->id, *label = o->label;
    const struct kind *kind = NULL;
    char fallback[256] = "", path_id[256], path_label[256];
    int64_t v;
    if (R->instance) {
        if (!id)
            id = record_get_string(R->instance, "id");
        if (!label)
            label = record_get_string(R->instance, "instance");
    }
    if (timer_op_is_null(o->op)) {
        id = id ? id : "null";
        label = label ? label : "null";
    }
    /* An instance that did not load cannot say: its record's place does. */
    if ((!label || !id) && ids_from_record_path(o->record_path, path_id, sizeof path_id,
                                                path_label, sizeof path_label)) {
        id = id ? id : path_id;
        label = label ? label : path_label;
    }
    if ((!label || !id) && o->library) {
        const char *b = strrchr(o->library, '/');
        snprintf(fallback, sizeof fallback, "%s", b ? b + 1 : o->library);
        if (strlen(fallback) > 3 && strcmp(fallback + strlen(fallback) - 3, ".so") == 0)
            fallback[strlen(fallback) - 3] = '\0';
    }
    rec_add_str(R->rec, "id", id ? id : fallback);
    rec_add_str(R->rec, "label", label ? label : fallback);
    json_object_object_add(R->rec, "instance", R->instance ? json_object_get(R->instance) : NULL);
    if (R->instance)
        timer_op_entry(record_get_string(R->instance, "type"), o->op, &kind);
    if (kind) {
        static const char *const count[] = { "no", "one", "two", "three", "four",
                                             "five", "six", "seven", "eight" };
        char path[64], basis[96];
        int i;
        for (i = 0; i < kind->nsizes; i++) {
            snprintf(path, sizeof path, "%s_len", kind->sizes[i].key);
            json_object_object_add(sizes, kind->sizes[i].key,
                record_get_int(R->instance, path, &v) == 0 ? json_object_new_int64(v) : NULL);
        }
        snprintf(basis, sizeof basis, "the %s getters, via ngcc_instance_info",
                 kind->nsizes >= 0 && kind->nsizes <= 8 ? count[kind->nsizes] : "size");
        rec_add_str(sizes, "basis", basis);
        json_object_object_add(R->rec, "sizes", sizes);
    } else {
        json_object_put(sizes);
        json_object_object_add(R->rec, "sizes", NULL);
    }
}

void rec_inputs(struct run *R)
{
    json_object *in = json_object_new_object();
    const struct kind_op *e = timer_op_entry(R->instance ? record_get_string(R->instance, "type") : NULL,
                                             R->o->op, NULL);
    char hex[2 * INSTANCE_SEED_BYTES + 1], null_setup[160];
    int i, null = timer_op_is_null(R->o->op);
    for (i = 0; i < INSTANCE_SEED_BYTES; i++)
        sprintf(hex + 2 * i, "%02x", i);
    /* The null op's loop has the shape of the first kind's null_like op. */
    snprintf(null_setup, sizeof null_setup,
             "null: a do-nothing function called through the loop of %s (the timer's own overhead)",
             kinds[0]->ops[kinds[0]->timer->null_like].function);
    rec_add_str(in, "drng_seed_hex", null ? NULL : hex);
    rec_add_str(in, "setup", null ? null_setup : e ? e->setup : NULL);
    /* An op that hashes a message states its size (throughput.h). */
    if (!null && e && e->input_bytes > 0)
        json_object_object_add(in, "message_bytes", json_object_new_int64((int64_t)e->input_bytes));
    json_object_object_add(R->rec, "inputs", in);
}

