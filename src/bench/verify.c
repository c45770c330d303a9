/* verify.c -- the checker: recompute every statistic of every record from
 * its raw trials, and every share of every profile from its calls.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <dirent.h>
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "digest.h"
#include "outcome.h"
#include "record.h"
#include "stats.h"
#include "sysfile.h"
#include "verify.h"
#include "verify_memory.h"

struct ctx {
    const char *name;
    FILE *out;
    int problems;
};

static void problem(struct ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void problem(struct ctx *c, const char *fmt, ...)
{
    va_list ap;
    fprintf(c->out, "%s: ", c->name);
    va_start(ap, fmt);
    vfprintf(c->out, fmt, ap);
    va_end(ap);
    fputc('\n', c->out);
    c->problems++;
}

static double absd(double x) { return x < 0 ? -x : x; }

static int close_enough(double a, double b)
{
    double scale = absd(a) > absd(b) ? absd(a) : absd(b);
    return absd(a - b) <= VERIFY_TOLERANCE * (scale > 1e-300 ? scale : 1e-300) || a == b;
}

static void same_double(struct ctx *c, json_object *rec, const char *path, double want)
{
    double got;
    if (record_get_double(rec, path, &got) != 0)
        problem(c, "%s missing or not a number", path);
    else if (!close_enough(got, want))
        problem(c, "%s is %.17g but the trials give %.17g", path, got, want);
}

static void same_int(struct ctx *c, json_object *rec, const char *path, int64_t want)
{
    int64_t got;
    if (record_get_int(rec, path, &got) != 0)
        problem(c, "%s missing or not an integer", path);
    else if (got != want)
        problem(c, "%s is %lld but the trials give %lld", path, (long long)got, (long long)want);
}

static void same_spread(struct ctx *c, json_object *rec, const char *base, const struct spread_stats *s)
{
    char path[96];
    snprintf(path, sizeof path, "%s.median", base);
    same_double(c, rec, path, s->median);
    snprintf(path, sizeof path, "%s.min", base);
    same_double(c, rec, path, s->min);
    snprintf(path, sizeof path, "%s.max", base);
    same_double(c, rec, path, s->max);
    snprintf(path, sizeof path, "%s.spread", base);
    same_double(c, rec, path, s->spread);
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
static int read_trials(struct ctx *c, json_object *rec, struct kept_trial **kept, int *nkept,
                       int *outlier, int *disturbed, int64_t *base, int64_t *peak,
                       struct slot_reruns **slot_reruns, int slots)
{
    json_object *arr;
    size_t i, n;
    *kept = NULL;
    *nkept = *outlier = *disturbed = 0;
    *base = *peak = -1;
    if (record_get(rec, "trials", &arr) != 0 || !json_object_is_type(arr, json_type_array)) {
        problem(c, "no trials array");
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
            problem(c, "trials[%zu] lacks state, slot, calls, ticks or seconds", i);
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
                problem(c, "trials[%zu] replaced without an outlier or disturbed reason", i);
            }
        } else if (strcmp(state, "kept") == 0) {
            if (ticks <= 0)
                problem(c, "trials[%zu] is kept with %lld ticks: the counter never reads zero silently",
                        i, (long long)ticks);
            (*kept)[*nkept].slot = (int)slot;
            (*kept)[*nkept].t.calls = calls;
            (*kept)[*nkept].t.ticks = ticks;
            (*kept)[*nkept].t.seconds = secs;
            if (record_get_double(t, "cpu_seconds", &(*kept)[*nkept].cpu_seconds) != 0)
                (*kept)[*nkept].cpu_seconds = 0.0;
            (*nkept)++;
        } else {
            problem(c, "trials[%zu] has an unknown state \"%s\"", i, state);
        }
    }
    return 0;
}

/* Status ok: one kept trial per slot, each of plan.iters calls, and no kept
 * outlier or disturbed trial whose slot still had reruns (unless the record
 * says reruns stopped early). */
static void check_plan(struct ctx *c, json_object *rec, const struct kept_trial *k, int nk,
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
        problem(c, "%d kept trials, plan.trials is %lld", nk, (long long)trials);
    if (record_get_int(rec, "plan.iters", &iters) != 0)
        problem(c, "plan.iters missing");
    means = calloc((size_t)(nk ? nk : 1), sizeof *means);
    if (!means)
        abort();
    for (i = 0; i < nk; i++) {
        int s = k[i].slot;
        for (j = 0; j < i; j++)
            if (k[j].slot == s)
                problem(c, "slot %d has two kept trials", s);
        if (s < 1 || s > trials) {
            problem(c, "kept trial in slot %d, outside 1..%lld", s, (long long)trials);
            continue;
        }
        if (k[i].t.calls != iters)
            problem(c, "slot %d kept %lld calls, plan.iters is %lld", s,
                    (long long)k[i].t.calls, (long long)iters);
        means[i] = (double)k[i].t.ticks / (double)(k[i].t.calls > 0 ? k[i].t.calls : 1);
        if (rules && sr[s].disturbed + 1 < STATS_DISTURBED_ATTEMPTS &&
            stats_disturbance(k[i].t.ticks, k[i].t.seconds, k[i].cpu_seconds, fixed,
                              STATS_DISTURBED_LIMIT, &value) != UNDISTURBED)
            problem(c, "slot %d was disturbed (%.1f %%) but kept after %d attempts",
                    s, value * 100, sr[s].disturbed + 1);
    }
    for (i = 0; i < nk && rules; i++) {
        double r = stats_ratio_to_others(means, nk, i);
        int s = k[i].slot;
        if (r > STATS_OUTLIER_LIMIT && s >= 1 && s <= trials && sr[s].outlier < STATS_OUTLIER_RERUNS)
            problem(c, "slot %d is %.1f %% above the median of the others but was kept after %d reruns",
                    s, (r - 1) * 100, sr[s].outlier);
    }
    free(means);
}

static void check_files(struct ctx *c, json_object *rec, const char *root)
{
    json_object *files;
    size_t i;
    if (record_get(rec, "files", &files) != 0 || !json_object_is_type(files, json_type_array))
        return;
    for (i = 0; i < json_object_array_length(files); i++) {
        json_object *f = json_object_array_get_idx(files, i);
        const char *path = record_get_string(f, "path"), *want = record_get_string(f, "sha256");
        char hex[65], *full;
        if (!path || !want) {
            problem(c, "files[%zu] lacks path or sha256", i);
            continue;
        }
        if (!root)
            continue;
        full = sys_join(root, path);
        if (!full || digest_file_hex(full, hex) != 0)
            fprintf(c->out, "%s: note: %s not found, its SHA-256 not verified\n", c->name, path);
        else if (strcmp(hex, want) != 0)
            problem(c, "%s has SHA-256 %s, the record lists %s", path, hex, want);
        free(full);
    }
}

static void check_library(struct ctx *c, json_object *rec)
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
            problem(c, "library.static_bytes is %lld but the segments' memsz add up to %lld",
                    (long long)sb, (long long)sum);
    }
    if (record_get_int(rec, "memory.static_bytes", &mem) == 0 && mem != sb)
        problem(c, "memory.static_bytes %lld differs from library.static_bytes %lld",
                (long long)mem, (long long)sb);
}

int verify_record(json_object *rec, const char *name, const char *root, FILE *out)
{
    struct ctx c = { name, out, 0 };
    struct kept_trial *k = NULL;
    struct trial_numbers *tn;
    struct slot_reruns *slot_reruns = NULL;
    int nk, outl, dist, i;
    int64_t base, peak, trials = 0, v;
    const char *fmt = record_get_string(rec, "format"), *status = record_get_string(rec, "status");
    enum outcome o;
    struct stats s;
    json_object *st;

    if (!fmt || strcmp(fmt, RECORD_FORMAT) != 0) {
        problem(&c, "not an ngcc-bench record (format is not \"%s\")", RECORD_FORMAT);
        return c.problems;
    }
    if (record_get_int(rec, "format_version", &v) != 0 || v != RECORD_FORMAT_VERSION)
        problem(&c, "format_version is not %d", RECORD_FORMAT_VERSION);
    if (!status || outcome_from_name(status, &o) != 0) {
        problem(&c, "unknown status");
        return c.problems;
    }
    if (o != OUTCOME_OK && !(record_get_string(rec, "reason") && record_get_string(rec, "reason")[0]))
        problem(&c, "status %s without a reason", status);
    record_get_int(rec, "plan.trials", &trials);
    if (read_trials(&c, rec, &k, &nk, &outl, &dist, &base, &peak, &slot_reruns, (int)trials) != 0)
        goto done;

    same_int(&c, rec, "reruns.outlier", outl);
    same_int(&c, rec, "reruns.disturbed", dist);
    same_int(&c, rec, "reruns.total", outl + dist);
    if (base >= 0)
        same_int(&c, rec, "memory.baseline_rss_bytes", base);
    if (peak >= 0)
        same_int(&c, rec, "memory.peak_rss_bytes", peak);
    check_library(&c, rec);
    c.problems += verify_memory(rec, name, out);
    check_files(&c, rec, root);

    if (o != OUTCOME_OK) {
        if (record_get(rec, "stats", &st) == 0 && st)
            problem(&c, "status %s but statistics are given", status);
        goto done;
    }
    check_plan(&c, rec, k, nk, slot_reruns, trials);
    tn = calloc((size_t)(nk ? nk : 1), sizeof *tn);
    if (!tn)
        abort();
    for (i = 0; i < nk; i++)
        tn[i] = k[i].t;
    if (stats_compute(tn, nk, &s) != 0) {
        problem(&c, "status ok but no kept trial with calls");
    } else {
        same_int(&c, rec, "stats.trials", s.trials);
        same_int(&c, rec, "stats.n", s.n);
        same_int(&c, rec, "stats.sum_ticks", s.sum_ticks);
        same_double(&c, rec, "stats.sum_seconds", s.sum_seconds);
        same_double(&c, rec, "stats.mean_ticks", s.mean_ticks);
        same_double(&c, rec, "stats.mean_seconds", s.mean_seconds);
        same_double(&c, rec, "stats.ops_per_second", s.ops_per_second);
        same_spread(&c, rec, "stats.trial_mean_ticks", &s.trial_ticks);
        same_spread(&c, rec, "stats.trial_mean_seconds", &s.trial_seconds);
        {
            const char *src = record_get_string(rec, "counter.frequency_source");
            if (src && strncmp(src, "measured: sum of ticks", 22) == 0 && s.sum_seconds > 0)
                same_double(&c, rec, "counter.frequency_hz", (double)s.sum_ticks / s.sum_seconds);
        }
    }
    free(tn);
done:
    free(k);
    free(slot_reruns);
    return c.problems;
}

/* ---- profiles (doc/campaign.md) ---- */

/* ARR is an array of strings; 0 yes. */
static int string_array(json_object *arr)
{
    size_t i;
    if (!arr || !json_object_is_type(arr, json_type_array))
        return -1;
    for (i = 0; i < json_object_array_length(arr); i++)
        if (!json_object_is_type(json_object_array_get_idx(arr, i), json_type_string))
            return -1;
    return 0;
}

static int has_name(json_object *arr, const char *name)
{
    size_t i;
    for (i = 0; i < json_object_array_length(arr); i++)
        if (strcmp(json_object_get_string(json_object_array_get_idx(arr, i)), name) == 0)
            return 1;
    return 0;
}

/* A bit length: a non-negative integer, or null (various). */
static int bits_ok(json_object *e, const char *key, int64_t *v)
{
    json_object *b;
    if (!json_object_object_get_ex(e, key, &b))
        return 0;
    if (!b) {
        *v = -1;
        return 1;
    }
    if (!json_object_is_type(b, json_type_int) || json_object_get_int64(b) < 0)
        return 0;
    *v = json_object_get_int64(b);
    return 1;
}

/* A share: a number in [0, 1]. */
static void share_bounds(struct ctx *c, json_object *prof, const char *path)
{
    double v;
    if (record_get_double(prof, path, &v) == 0 && (v < 0 || v > 1 + VERIFY_TOLERANCE))
        problem(c, "%s is %.17g, outside [0, 1]", path, v);
}

struct fn_sum {
    int64_t calls, ticks;
};

/* The calls table: well formed, functions among the wrapped, no key twice;
 * per wrapped function the sums in SUMS; the calls' total in *ALL_CALLS
 * and ticks in *ALL_TICKS. */
static void profile_calls(struct ctx *c, json_object *calls, json_object *wrapped,
                          struct fn_sum *sums, int64_t *all_calls, int64_t *all_ticks)
{
    size_t i, j, n = json_object_array_length(calls), nw = json_object_array_length(wrapped);
    *all_calls = *all_ticks = 0;
    for (i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(calls, i);
        const char *f = record_get_string(e, "function");
        int64_t in, out, k, t;
        if (!f || !bits_ok(e, "in_bits", &in) || !bits_ok(e, "out_bits", &out) ||
            record_get_int(e, "calls", &k) != 0 || record_get_int(e, "ticks", &t) != 0 ||
            k < 0 || t < 0) {
            problem(c, "calls[%zu] lacks function, in_bits, out_bits, calls or ticks", i);
            continue;
        }
        for (j = 0; j < i; j++) {
            json_object *d = json_object_array_get_idx(calls, j);
            const char *g = record_get_string(d, "function");
            int64_t din, dout;
            if (g && strcmp(f, g) == 0 && bits_ok(d, "in_bits", &din) &&
                bits_ok(d, "out_bits", &dout) && din == in && dout == out) {
                problem(c, "calls[%zu] repeats calls[%zu] (%s, %lld, %lld)", i, j, f,
                        (long long)in, (long long)out);
                break;
            }
        }
        for (j = 0; j < nw; j++)
            if (strcmp(json_object_get_string(json_object_array_get_idx(wrapped, j)), f) == 0)
                break;
        if (j == nw) {
            problem(c, "calls[%zu] names %s, which is not in wrapped", i, f);
            continue;
        }
        sums[j].calls += k;
        sums[j].ticks += t;
        *all_calls += k;
        *all_ticks += t;
    }
}

int verify_profile(json_object *prof, const char *name, const char *root, FILE *out)
{
    struct ctx c = { name, out, 0 };
    const char *fmt = record_get_string(prof, "format"), *status = record_get_string(prof, "status");
    json_object *wrapped, *hash, *drng, *calls, *fns, *v;
    struct fn_sum *sums;
    int64_t ops, total, all_calls, all_ticks, ver;
    double hash_share = 0, drng_share = 0, all = 0, d;
    enum outcome o;
    size_t i, nw;
    char path[160];

    if (!fmt || strcmp(fmt, PROFILE_FORMAT) != 0) {
        problem(&c, "not an ngcc-profile profile (format is not \"%s\")", PROFILE_FORMAT);
        return c.problems;
    }
    if (record_get_int(prof, "format_version", &ver) != 0 || ver != PROFILE_FORMAT_VERSION)
        problem(&c, "format_version is not %d", PROFILE_FORMAT_VERSION);
    if (!status || outcome_from_name(status, &o) != 0) {
        problem(&c, "unknown status");
        return c.problems;
    }
    check_files(&c, prof, root);
    if (o != OUTCOME_OK) {
        if (!(record_get_string(prof, "reason") && record_get_string(prof, "reason")[0]))
            problem(&c, "status %s without a reason", status);
        if (record_get(prof, "hash_share", &v) == 0 && v)
            problem(&c, "status %s but shares are given", status);
        return c.problems;
    }

    if (record_get(prof, "wrapped", &wrapped) != 0 || string_array(wrapped) != 0 ||
        record_get(prof, "hash_functions", &hash) != 0 || string_array(hash) != 0 ||
        record_get(prof, "drng_functions", &drng) != 0 || string_array(drng) != 0) {
        problem(&c, "wrapped, hash_functions or drng_functions missing or not arrays of names");
        return c.problems;
    }
    for (i = 0; i < json_object_array_length(hash); i++) {
        const char *h = json_object_get_string(json_object_array_get_idx(hash, i));
        if (!has_name(wrapped, h))
            problem(&c, "hash function %s is not in wrapped", h);
        if (has_name(drng, h))
            problem(&c, "%s counts as hash and as DRNG", h);
    }
    for (i = 0; i < json_object_array_length(drng); i++) {
        const char *h = json_object_get_string(json_object_array_get_idx(drng, i));
        if (!has_name(wrapped, h))
            problem(&c, "DRNG function %s is not in wrapped", h);
    }
    if (record_get_int(prof, "ops", &ops) != 0 || ops < PROFILE_MIN_OPS || ops > PROFILE_MAX_OPS) {
        problem(&c, "ops missing or outside %d..%d", PROFILE_MIN_OPS, PROFILE_MAX_OPS);
        return c.problems;
    }
    if (record_get_int(prof, "total_ticks", &total) != 0 || total <= 0) {
        problem(&c, "total_ticks missing or not positive: the counter never reads zero silently");
        return c.problems;
    }
    if (record_get(prof, "ticks_per_op", &v) == 0 && v)
        same_double(&c, prof, "ticks_per_op", (double)total / (double)ops);
    if (record_get(prof, "calls", &calls) != 0 || !json_object_is_type(calls, json_type_array) ||
        record_get(prof, "functions", &fns) != 0 || !json_object_is_type(fns, json_type_object)) {
        problem(&c, "calls or functions missing");
        return c.problems;
    }

    nw = json_object_array_length(wrapped);
    sums = calloc(nw ? nw : 1, sizeof *sums);
    if (!sums)
        abort();
    profile_calls(&c, calls, wrapped, sums, &all_calls, &all_ticks);
    if (all_ticks > total)
        problem(&c, "the calls take %lld ticks, more than the operations' total_ticks %lld",
                (long long)all_ticks, (long long)total);

    /* functions: exactly the wrapped ones, each recomputed */
    {
        struct json_object_iterator it = json_object_iter_begin(fns), end = json_object_iter_end(fns);
        for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it))
            if (!has_name(wrapped, json_object_iter_peek_name(&it)))
                problem(&c, "functions.%s is not a wrapped function", json_object_iter_peek_name(&it));
    }
    for (i = 0; i < nw; i++) {
        const char *f = json_object_get_string(json_object_array_get_idx(wrapped, i));
        double share = (double)sums[i].ticks / (double)total;
        if (strlen(f) > 100) {
            problem(&c, "wrapped[%zu] is not a function name", i);
            continue;
        }
        snprintf(path, sizeof path, "functions.%s", f);
        if (record_get(prof, path, &v) != 0 || !json_object_is_type(v, json_type_object)) {
            problem(&c, "%s missing", path);
            continue;
        }
        snprintf(path, sizeof path, "functions.%s.calls", f);
        same_int(&c, prof, path, sums[i].calls);
        snprintf(path, sizeof path, "functions.%s.ticks", f);
        same_int(&c, prof, path, sums[i].ticks);
        snprintf(path, sizeof path, "functions.%s.calls_per_op", f);
        same_double(&c, prof, path, (double)sums[i].calls / (double)ops);
        snprintf(path, sizeof path, "functions.%s.share", f);
        same_double(&c, prof, path, share);
        share_bounds(&c, prof, path);
        if (has_name(hash, f))
            hash_share += share;
        if (has_name(drng, f))
            drng_share += share;
        all += share;
    }
    same_double(&c, prof, "hash_share", hash_share);
    same_double(&c, prof, "drng_share", drng_share);
    share_bounds(&c, prof, "hash_share");
    share_bounds(&c, prof, "drng_share");
    if (record_get(prof, "wrapped_share", &v) == 0) {
        same_double(&c, prof, "wrapped_share", all);
        share_bounds(&c, prof, "wrapped_share");
    }
    if (hash_share + drng_share > 1 + VERIFY_TOLERANCE)
        problem(&c, "hash_share + drng_share is %.17g, more than 1", hash_share + drng_share);
    if (all > 1 + VERIFY_TOLERANCE)
        problem(&c, "the shares add up to %.17g, more than 1", all);

    /* the accounting's cost */
    if (record_get_double(prof, "tick.wrapper_overhead_ticks", &d) == 0 &&
        record_get(prof, "overhead_share", &v) == 0 && v)
        same_double(&c, prof, "overhead_share", d * (double)all_calls / (double)total);
    {
        double hz;
        if (record_get_double(prof, "tick.wrapper_overhead_ticks", &d) == 0 &&
            record_get_double(prof, "tick.frequency_hz", &hz) == 0 && hz > 0 &&
            record_get(prof, "tick.wrapper_overhead_ns", &v) == 0 && v)
            same_double(&c, prof, "tick.wrapper_overhead_ns", d / hz * 1e9);
    }
    free(sums);
    return c.problems;
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Every *.json under DIR, appended to *LIST. */
static int collect(const char *dir, char ***list, size_t *n, size_t *cap)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    if (!d)
        return -1;
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        char *path;
        struct stat st;
        if (e->d_name[0] == '.')
            continue;
        path = sys_join(dir, e->d_name);
        if (!path || stat(path, &st) != 0) {
            free(path);
            continue;
        }
        if (S_ISDIR(st.st_mode)) {
            collect(path, list, n, cap);
            free(path);
        } else if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0) {
            if (*n == *cap) {
                char **bigger = realloc(*list, (*cap ? *cap * 2 : 64) * sizeof **list);
                if (!bigger)
                    abort();
                *list = bigger;
                *cap = *cap ? *cap * 2 : 64;
            }
            (*list)[(*n)++] = path;
        } else {
            free(path);
        }
    }
    closedir(d);
    return 0;
}

/* Check the files of LIST (sorted here, freed), each by its format. */
static void verify_list(char **list, size_t n, const char *root, FILE *out, int *files, int *bad)
{
    size_t i;
    if (n > 1) /* qsort wants a non-null base even for n == 0 */
        qsort(list, n, sizeof *list, cmp_str);
    for (i = 0; i < n; i++) {
        char err[256];
        json_object *rec = record_load(list[i], err, sizeof err);
        const char *fmt = rec ? record_get_string(rec, "format") : NULL;
        (*files)++;
        if (!rec) {
            fprintf(out, "%s: %s\n", list[i], err);
            (*bad)++;
        } else if ((fmt && strcmp(fmt, PROFILE_FORMAT) == 0 ?
                    verify_profile(rec, list[i], root, out) :
                    verify_record(rec, list[i], root, out)) > 0) {
            (*bad)++;
        }
        json_object_put(rec);
        free(list[i]);
    }
}

int verify_dir(const char *dir, const char *root, FILE *out, int *records, int *bad)
{
    char *rdir = sys_join(dir, "records"), *pdir = sys_join(dir, "profile"), **list = NULL;
    size_t n = 0, cap = 0;
    int have_records, have_profiles, nprof = 0, badprof = 0;
    *records = *bad = 0;
    if (!rdir || !pdir) {
        free(rdir);
        free(pdir);
        return -1;
    }
    have_records = collect(rdir, &list, &n, &cap) == 0;
    verify_list(list, n, root, out, records, bad);
    n = 0;
    have_profiles = collect(pdir, &list, &n, &cap) == 0;
    if (have_profiles) {
        verify_list(list, n, root, out, &nprof, &badprof);
        fprintf(out, "%s: %d profile%s checked, %d with problems\n", pdir, nprof,
                nprof == 1 ? "" : "s", badprof);
        *records += nprof;
        *bad += badprof;
    }
    free(list);
    free(rdir);
    free(pdir);
    if (!have_records && !have_profiles) {
        errno = ENOENT;
        return -1;
    }
    return 0;
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
