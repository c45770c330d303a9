/* verify_calls.c -- check the per-call figures of a record against its
 * trials (verify_calls.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdlib.h>
#include <string.h>

#include "callstats.h"
#include "record.h"
#include "reference.h"
#include "verify.h"
#include "verify_calls.h"
#include "verify_util.h"

/* A <= B, allowing for the rounding of printed doubles. */
static int not_above(double a, double b)
{
    return a <= b || verify_close_enough(a, b);
}

/* One trial's per_call object: 0 when usable for the record's figures. */
static int check_trial_calls(struct verify_ctx *c, size_t i, json_object *pc, int64_t calls, int64_t ticks,
                             struct call_summary *s)
{
    const char *timing = record_get_string(pc, "timing");
    int k, bad = c->problems;
    if (!timing || (strcmp(timing, "calls") && strcmp(timing, "blocks") && strcmp(timing, "loop"))) {
        verify_problem(c, "trials[%zu].per_call.timing is not calls, blocks or loop", i);
        return -1;
    }
    if (callstats_from_json(pc, s) != 0) {
        verify_problem(c, "trials[%zu].per_call lacks samples, block, sum_ticks, min, a quantile or max", i);
        return -1;
    }
    if (strcmp(timing, "loop") == 0) {
        if (s->samples != 0)
            verify_problem(c, "trials[%zu].per_call: timing loop with %lld samples", i, (long long)s->samples);
        return c->problems > bad ? -1 : 0;
    }
    if ((strcmp(timing, "calls") == 0) != (s->block == 1))
        verify_problem(c, "trials[%zu].per_call: timing %s with blocks of %lld calls", i, timing, (long long)s->block);
    if (s->samples != calls / s->block)
        verify_problem(c, "trials[%zu].per_call.samples is %lld, but %lld calls make %lld blocks of %lld", i,
                       (long long)s->samples, (long long)calls, (long long)(calls / s->block), (long long)s->block);
    if (s->sum_ticks < 0 || s->sum_ticks > ticks)
        verify_problem(c, "trials[%zu].per_call.sum_ticks %lld is outside 0..ticks (%lld)", i,
                       (long long)s->sum_ticks, (long long)ticks);
    if (s->samples > 0) {
        double prev = s->min, n = (double)s->samples * (double)s->block;
        for (k = 0; k < CALLSTATS_NQ; k++) {
            if (!not_above(prev, s->q[k]))
                verify_problem(c, "trials[%zu].per_call.%s (%.17g) is below %s (%.17g)", i, callstats_names[k], s->q[k],
                               k ? callstats_names[k - 1] : "min", prev);
            prev = s->q[k];
        }
        if (!not_above(prev, s->max))
            verify_problem(c, "trials[%zu].per_call.max (%.17g) is below p99 (%.17g)", i, s->max, prev);
        if (!not_above(s->min * n, (double)s->sum_ticks) || !not_above((double)s->sum_ticks, s->max * n))
            verify_problem(c, "trials[%zu].per_call.sum_ticks is outside samples x min .. samples x max", i);
    }
    return c->problems > bad ? -1 : 0;
}

/* One trial's reference object: its mean recomputed; the figures into
 * *MEAN and *P10 (0 when absent). */
static void check_trial_reference(struct verify_ctx *c, size_t i, json_object *t, double *mean, double *p10)
{
    json_object *ro;
    struct reference_figures f;
    int64_t chunk, k;
    *mean = *p10 = 0;
    if (!json_object_object_get_ex(t, "reference", &ro) || !ro)
        return;
    if (reference_from_json(ro, &f) != 0 || record_get_int(ro, "chunk_hashes", &chunk) != 0 || chunk < 1) {
        verify_problem(c, "trials[%zu].reference lacks before, after, chunk_hashes, mean_ticks or p10_ticks", i);
        return;
    }
    for (k = 0; k < 2; k++)
        if (f.side[k].hashes != f.side[k].chunks * chunk || f.side[k].chunks < 1)
            verify_problem(c, "trials[%zu].reference.%s: %lld hashes are not %lld chunks of %lld", i,
                           k ? "after" : "before", (long long)f.side[k].hashes, (long long)f.side[k].chunks,
                           (long long)chunk);
    if (f.side[0].hashes + f.side[1].hashes > 0)
        verify_same_double(c, t, "reference.mean_ticks",
                           (double)(f.side[0].ticks + f.side[1].ticks) / (double)(f.side[0].hashes + f.side[1].hashes));
    if (f.p10_ticks <= 0)
        verify_problem(c, "trials[%zu].reference.p10_ticks is not positive", i);
    *mean = f.mean_ticks;
    *p10 = f.p10_ticks;
}

/* The record's per_call section against the one the kept trials give. */
static void compare_section(struct verify_ctx *c, json_object *rec, json_object *want)
{
    static const char *const keys[] = {
        "timing", "trials", "block_max", "min", "p10", "p50", "p90", "max", "robust_ticks",
        "mean_ci95.lo", "mean_ci95.hi", "reference.mean_ticks", "reference.p10_ticks",
        "mean_ratio", "robust_ratio"
    };
    size_t k;
    for (k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        json_object *w = NULL, *g = NULL;
        char path[64];
        int wok = record_get(want, keys[k], &w) == 0, gok;
        snprintf(path, sizeof path, "per_call.%s", keys[k]);
        gok = record_get(rec, path, &g) == 0;
        if (!wok || !w) {
            if (gok && g)
                verify_problem(c, "%s is given but the trials give none", path);
            continue;
        }
        if (!gok || !g)
            verify_problem(c, "%s missing", path);
        else if (json_object_is_type(w, json_type_double))
            verify_same_double(c, rec, path, json_object_get_double(w));
        else if (!json_object_equal(w, g))
            verify_problem(c, "%s is %s but the trials give %s", path, json_object_to_json_string(g),
                           json_object_to_json_string(w));
    }
}

/* The instructions section: the mean of its per-call counts, a reason
 * exactly when nothing was counted. */
static void check_instructions(struct verify_ctx *c, json_object *rec)
{
    json_object *ic, *arr;
    const char *src, *reason;
    int64_t calls, v;
    double sum = 0, got;
    size_t i;
    if (record_get(rec, "instructions", &ic) != 0 || !ic)
        return;
    src = record_get_string(ic, "source");
    reason = record_get_string(ic, "reason");
    if (!src || (strcmp(src, "none") && strcmp(src, "perf-instructions") && strcmp(src, "valgrind-callgrind")))
        verify_problem(c, "instructions.source is not none, perf-instructions or valgrind-callgrind");
    if (record_get_int(ic, "calls", &calls) != 0 || !json_object_object_get_ex(ic, "per_call", &arr) ||
        !json_object_is_type(arr, json_type_array) || (int64_t)json_object_array_length(arr) != calls) {
        verify_problem(c, "instructions: calls and the per_call array do not agree");
        return;
    }
    if (calls == 0) {
        if (!reason || !reason[0])
            verify_problem(c, "instructions: nothing counted and no reason");
        return;
    }
    if (reason)
        verify_problem(c, "instructions: counted, yet a reason is given");
    for (i = 0; i < (size_t)calls; i++) {
        json_object *e = json_object_array_get_idx(arr, i);
        v = json_object_is_type(e, json_type_int) ? json_object_get_int64(e) : -1;
        if (v < 0)
            verify_problem(c, "instructions.per_call[%zu] is not a count", i);
        sum += (double)v;
    }
    if (record_get_double(ic, "instructions", &got) != 0)
        verify_problem(c, "instructions.instructions missing");
    else
        verify_same_double(c, rec, "instructions.instructions", sum / (double)calls);
}

int verify_calls(json_object *rec, const char *name, FILE *out)
{
    struct verify_ctx c = { name, out, 0 };
    json_object *arr, *section = NULL;
    struct call_summary *s;
    double *means, *rm, *rq, lo, hi, mean;
    const char *status = record_get_string(rec, "status");
    size_t i, n;
    int64_t sum_ticks = 0, sum_calls = 0;
    int nk = 0, usable = 1, blocks = 0, loop = 0;

    if (record_get(rec, "trials", &arr) != 0 || !json_object_is_type(arr, json_type_array))
        return 0; /* the record checker says so */
    n = json_object_array_length(arr);
    s = calloc(n ? n : 1, sizeof *s);
    means = calloc(n ? n : 1, sizeof *means);
    rm = calloc(n ? n : 1, sizeof *rm);
    rq = calloc(n ? n : 1, sizeof *rq);
    if (!s || !means || !rm || !rq)
        abort();
    for (i = 0; i < n; i++) {
        json_object *t = json_object_array_get_idx(arr, i), *pc;
        const char *state = record_get_string(t, "state"), *timing;
        int64_t calls = 0, ticks = 0;
        double rmean, rp10;
        if (!state || strcmp(state, "failed") == 0)
            continue;
        record_get_int(t, "calls", &calls);
        record_get_int(t, "ticks", &ticks);
        check_trial_reference(&c, i, t, &rmean, &rp10);
        if (!json_object_object_get_ex(t, "per_call", &pc) || !pc) {
            usable = usable && strcmp(state, "kept") != 0;
            continue;
        }
        if (check_trial_calls(&c, i, pc, calls, ticks, &s[nk]) != 0 || strcmp(state, "kept") != 0) {
            usable = usable && strcmp(state, "kept") != 0;
            continue;
        }
        timing = record_get_string(pc, "timing");
        blocks += strcmp(timing, "blocks") == 0;
        loop += strcmp(timing, "loop") == 0;
        means[nk] = calls > 0 ? (double)ticks / (double)calls : 0;
        sum_ticks += ticks;
        sum_calls += calls;
        rm[nk] = rmean;
        rq[nk] = rp10;
        nk++;
    }
    check_instructions(&c, rec);
    record_get(rec, "per_call", &section);
    if (status && strcmp(status, "ok") == 0 && usable && nk > 0) {
        json_object *want = callstats_record(s, means, rm, rq, nk, loop ? "loop" : blocks ? "blocks" : "calls");
        if (!section)
            verify_problem(&c, "no per_call section, but the kept trials have per-call figures");
        else
            compare_section(&c, rec, want);
        json_object_put(want);
        /* The mean as the kept trials give it (stats.mean_ticks is
         * checked against them elsewhere). */
        mean = sum_calls > 0 ? (double)sum_ticks / (double)sum_calls : 0;
        if (section && record_get_double(rec, "per_call.mean_ci95.lo", &lo) == 0 &&
            record_get_double(rec, "per_call.mean_ci95.hi", &hi) == 0 && (!not_above(lo, mean) || !not_above(mean, hi)))
            verify_problem(&c, "per_call.mean_ci95 [%.17g, %.17g] does not contain the mean of the trials, %.17g", lo, hi, mean);
    } else if (section && !(status && strcmp(status, "ok") == 0)) {
        verify_problem(&c, "status %s but a per_call section is given", status ? status : "missing");
    } else if (section) {
        verify_problem(&c, "a per_call section, but not every kept trial has per-call figures");
    }
    free(s);
    free(means);
    free(rm);
    free(rq);
    return c.problems;
}
