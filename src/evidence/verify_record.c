/* verify_record.c -- the checker of one record of ngcc-bench: every
 * statistic recomputed from its raw trials, the trial rules applied, the
 * SHA-256 of the files it lists (doc/evidence.md).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "outcome.h"
#include "record.h"
#include "stats.h"
#include "verify.h"
#include "verify_fields.h"
#include "verify_calls.h"
#include "verify_counters.h"
#include "verify_memory.h"
#include "verify_throughput.h"
#include "verify_util.h"

static void same_spread(struct verify_ctx *c, json_object *rec, const char *base, const struct spread_stats *s)
{
    char path[96];
    snprintf(path, sizeof path, "%s.median", base);
    verify_same_double(c, rec, path, s->median);
    snprintf(path, sizeof path, "%s.min", base);
    verify_same_double(c, rec, path, s->min);
    snprintf(path, sizeof path, "%s.max", base);
    verify_same_double(c, rec, path, s->max);
    snprintf(path, sizeof path, "%s.spread", base);
    verify_same_double(c, rec, path, s->spread);
}

struct kept_trial {
    int slot;
    struct trial_numbers t;
    double cpu_seconds; /* 0: not recorded */
};

/* Per slot (1-based): reruns by the outlier rule and by the disturbed rule. */
struct slot_reruns {
    int outlier, disturbed;
};

/* The trials: the kept numbers, reruns by rule, RSS maxima. */
static int read_trials(struct verify_ctx *c, json_object *rec, struct kept_trial **kept, int *nkept,
                       int *outlier, int *disturbed, int64_t *base, int64_t *peak,
                       struct slot_reruns **slot_reruns, int slots)
{
    json_object *arr;
    size_t i, n;
    *kept = NULL;
    *nkept = *outlier = *disturbed = 0;
    *base = *peak = -1;
    if (record_get(rec, "trials", &arr) != 0 || !json_object_is_type(arr, json_type_array)) {
        verify_problem(c, "no trials array");
        return -1;
    }
    n = json_object_array_length(arr);
    *kept = calloc(n ? n : 1, sizeof **kept);
    *slot_reruns = calloc((size_t)(slots > 0 ? slots : 1) + 1, sizeof **slot_reruns);
    if (!*kept || !*slot_reruns)
        abort();
    for (i = 0; i < n; i++) {
        json_object *t = json_object_array_get_idx(arr, i);
        const char *state = record_get_string(t, "state");
        const char *reason = record_get_string(t, "reason");
        int64_t slot, calls, ticks, b, p;
        double secs;
        if (!state || record_get_int(t, "slot", &slot) != 0 || record_get_int(t, "calls", &calls) != 0 ||
            record_get_int(t, "ticks", &ticks) != 0 || record_get_double(t, "seconds", &secs) != 0) {
            verify_problem(c, "trials[%zu] lacks state, slot, calls, ticks or seconds", i);
            continue;
        }
        if (strcmp(state, "failed") == 0)
            continue;
        if (record_get_int(t, "baseline_rss_bytes", &b) == 0 && b > *base)
            *base = b;
        if (record_get_int(t, "peak_rss_bytes", &p) == 0 && p > *peak)
            *peak = p;
        if (strcmp(state, "replaced") == 0) {
            if (reason && strncmp(reason, "outlier", 7) == 0) {
                (*outlier)++;
                if (slot >= 1 && slot <= slots)
                    (*slot_reruns)[slot].outlier++;
            } else if (reason && strncmp(reason, "disturbed", 9) == 0) {
                (*disturbed)++;
                if (slot >= 1 && slot <= slots)
                    (*slot_reruns)[slot].disturbed++;
            } else {
                verify_problem(c, "trials[%zu] replaced without an outlier or disturbed reason", i);
            }
        } else if (strcmp(state, "kept") == 0) {
            if (ticks <= 0)
                verify_problem(c, "trials[%zu] is kept with %lld ticks: the counter never reads zero silently",
                        i, (long long)ticks);
            (*kept)[*nkept].slot = (int)slot;
            (*kept)[*nkept].t.calls = calls;
            (*kept)[*nkept].t.ticks = ticks;
            (*kept)[*nkept].t.seconds = secs;
            if (record_get_double(t, "cpu_seconds", &(*kept)[*nkept].cpu_seconds) != 0)
                (*kept)[*nkept].cpu_seconds = 0.0;
            (*nkept)++;
        } else {
            verify_problem(c, "trials[%zu] has an unknown state \"%s\"", i, state);
        }
    }
    return 0;
}

/* Status ok: one kept trial per slot, each of plan.iters calls, and no kept
 * outlier or disturbed trial whose slot still had reruns (unless the record
 * says reruns stopped early). */
static void check_plan(struct verify_ctx *c, json_object *rec, const struct kept_trial *k, int nk,
                       const struct slot_reruns *sr, int64_t trials)
{
    int64_t iters;
    double *means, fixed = 0.0, value;
    json_object *stopped, *clock_test;
    int i, j, rules = record_get(rec, "reruns.stopped", &stopped) != 0 || stopped == NULL;
    if (record_get(rec, "rules.disturbed.clock_test", &clock_test) == 0 &&
        json_object_get_boolean(clock_test))
        record_get_double(rec, "rules.disturbed.fixed_clock_hz", &fixed);
    if (nk != trials)
        verify_problem(c, "%d kept trials, plan.trials is %lld", nk, (long long)trials);
    if (record_get_int(rec, "plan.iters", &iters) != 0)
        verify_problem(c, "plan.iters missing");
    means = calloc((size_t)(nk ? nk : 1), sizeof *means);
    if (!means)
        abort();
    for (i = 0; i < nk; i++) {
        int s = k[i].slot;
        for (j = 0; j < i; j++)
            if (k[j].slot == s)
                verify_problem(c, "slot %d has two kept trials", s);
        if (s < 1 || s > trials) {
            verify_problem(c, "kept trial in slot %d, outside 1..%lld", s, (long long)trials);
            continue;
        }
        if (k[i].t.calls != iters)
            verify_problem(c, "slot %d kept %lld calls, plan.iters is %lld", s,
                    (long long)k[i].t.calls, (long long)iters);
        means[i] = (double)k[i].t.ticks / (double)(k[i].t.calls > 0 ? k[i].t.calls : 1);
        if (rules && sr[s].disturbed + 1 < STATS_DISTURBED_ATTEMPTS &&
            stats_disturbance(k[i].t.ticks, k[i].t.seconds, k[i].cpu_seconds, fixed,
                              STATS_DISTURBED_LIMIT, &value) != UNDISTURBED)
            verify_problem(c, "slot %d was disturbed (%.1f %%) but kept after %d attempts",
                    s, value * 100, sr[s].disturbed + 1);
    }
    for (i = 0; i < nk && rules; i++) {
        double r = stats_ratio_to_others(means, nk, i);
        int s = k[i].slot;
        if (r > STATS_OUTLIER_LIMIT && s >= 1 && s <= trials && sr[s].outlier < STATS_OUTLIER_RERUNS)
            verify_problem(c, "slot %d is %.1f %% above the median of the others but was kept after %d reruns",
                    s, (r - 1) * 100, sr[s].outlier);
    }
    free(means);
}

static void check_library(struct verify_ctx *c, json_object *rec)
{
    json_object *segs;
    int64_t sb, sum = 0, v, mem;
    size_t i;
    if (record_get_int(rec, "library.static_bytes", &sb) != 0)
        return;
    if (record_get(rec, "library.segments", &segs) == 0 && json_object_is_type(segs, json_type_array)) {
        for (i = 0; i < json_object_array_length(segs); i++)
            if (record_get_int(json_object_array_get_idx(segs, i), "memsz", &v) == 0)
                sum += v;
        if (sum != sb)
            verify_problem(c, "library.static_bytes is %lld but the segments' memsz add up to %lld",
                    (long long)sb, (long long)sum);
    }
    if (record_get_int(rec, "memory.static_bytes", &mem) == 0 && mem != sb)
        verify_problem(c, "memory.static_bytes %lld differs from library.static_bytes %lld",
                (long long)mem, (long long)sb);
}

int verify_record(json_object *rec, const char *name, const char *root, FILE *out)
{
    struct verify_ctx c = { name, out, 0 };
    struct kept_trial *k = NULL;
    struct trial_numbers *tn;
    struct slot_reruns *slot_reruns = NULL;
    int nk, outl, dist, i;
    int64_t base, peak, trials = 0;
    const char *status = record_get_string(rec, "status");
    int is_ok;
    struct stats s;
    json_object *st;

    if (verify_head(&c, rec, RECORD_FORMAT, "an ngcc-bench record", RECORD_FORMAT_VERSION, &is_ok) != 0)
        return c.problems;
    if (!is_ok && !(record_get_string(rec, "reason") && record_get_string(rec, "reason")[0]))
        verify_problem(&c, "status %s without a reason", status);
    record_get_int(rec, "plan.trials", &trials);
    if (read_trials(&c, rec, &k, &nk, &outl, &dist, &base, &peak, &slot_reruns, (int)trials) != 0)
        goto done;

    verify_same_int(&c, rec, "reruns.outlier", outl);
    verify_same_int(&c, rec, "reruns.disturbed", dist);
    verify_same_int(&c, rec, "reruns.total", outl + dist);
    if (base >= 0)
        verify_same_int(&c, rec, "memory.baseline_rss_bytes", base);
    if (peak >= 0)
        verify_same_int(&c, rec, "memory.peak_rss_bytes", peak);
    check_library(&c, rec);
    vf_confinement(&c, rec);
    c.problems += verify_memory(rec, name, out);
    c.problems += verify_calls(rec, name, out);
    c.problems += verify_counters(rec, name, out);
    c.problems += verify_throughput(rec, name, out);
    verify_listed_files(&c, rec, root);

    if (!is_ok) {
        if (record_get(rec, "stats", &st) == 0 && st)
            verify_problem(&c, "status %s but statistics are given", status);
        goto done;
    }
    check_plan(&c, rec, k, nk, slot_reruns, trials);
    tn = calloc((size_t)(nk ? nk : 1), sizeof *tn);
    if (!tn)
        abort();
    for (i = 0; i < nk; i++)
        tn[i] = k[i].t;
    if (stats_compute(tn, nk, &s) != 0) {
        verify_problem(&c, "status ok but no kept trial with calls");
    } else {
        verify_same_int(&c, rec, "stats.trials", s.trials);
        verify_same_int(&c, rec, "stats.n", s.n);
        verify_same_int(&c, rec, "stats.sum_ticks", s.sum_ticks);
        verify_same_double(&c, rec, "stats.sum_seconds", s.sum_seconds);
        verify_same_double(&c, rec, "stats.mean_ticks", s.mean_ticks);
        verify_same_double(&c, rec, "stats.mean_seconds", s.mean_seconds);
        verify_same_double(&c, rec, "stats.ops_per_second", s.ops_per_second);
        same_spread(&c, rec, "stats.trial_mean_ticks", &s.trial_ticks);
        same_spread(&c, rec, "stats.trial_mean_seconds", &s.trial_seconds);
        {
            const char *src = record_get_string(rec, "counter.frequency_source");
            if (src && strncmp(src, "measured: sum of ticks", 22) == 0 && s.sum_seconds > 0)
                verify_same_double(&c, rec, "counter.frequency_hz", (double)s.sum_ticks / s.sum_seconds);
        }
    }
    free(tn);
done:
    free(k);
    free(slot_reruns);
    return c.problems;
}


int verify_existing(const char *path, const char *op, const char *root,
                    int (*check)(json_object *, const char *, const char *, FILE *),
                    enum outcome *oc)
{
    char err[256];
    json_object *doc;
    const char *doc_op, *status;
    FILE *sink;
    int problems, ok;
    if (access(path, F_OK) != 0)
        return 0;
    doc = record_load(path, err, sizeof err);
    if (!doc)
        return 0;
    sink = fopen("/dev/null", "w");
    problems = sink ? check(doc, path, root, sink) : 1;
    if (sink)
        fclose(sink);
    doc_op = record_get_string(doc, "op");
    status = record_get_string(doc, "status");
    ok = !problems && doc_op && strcmp(doc_op, op) == 0 && status &&
         outcome_from_name(status, oc) == 0;
    json_object_put(doc);
    return ok;
}
