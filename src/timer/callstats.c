/* callstats.c -- per-call distribution of a trial and the robust figures
 * of a record (callstats.h, doc/robust.md).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdlib.h>
#include <string.h>

#include "callstats.h"
#include "record.h"
#include "stats.h"

const double callstats_levels[CALLSTATS_NQ] = { 0.01, 0.05, 0.10, 0.25, 0.50, 0.75, 0.90, 0.99 };
const char *const callstats_names[CALLSTATS_NQ] = { "p1", "p5", "p10", "p25", "p50", "p75", "p90", "p99" };

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

uint64_t callstats_rank(const uint64_t *sorted, int64_t n, double p)
{
    double exact = p * (double)n;
    int64_t rank = (int64_t)exact;
    if ((double)rank < exact)
        rank++; /* ceil, without libm */
    if (rank < 1)
        rank = 1;
    if (rank > n)
        rank = n;
    return sorted[rank - 1];
}

void callstats_summarise(uint64_t *ticks, int64_t n, int64_t block, struct call_summary *s)
{
    int64_t i;
    int k;
    double b = (double)(block > 0 ? block : 1);
    memset(s, 0, sizeof *s);
    s->block = block > 0 ? block : 1;
    if (n <= 0)
        return;
    qsort(ticks, (size_t)n, sizeof *ticks, cmp_u64);
    s->samples = n;
    for (i = 0; i < n; i++)
        s->sum_ticks += (int64_t)ticks[i];
    s->min = (double)ticks[0] / b;
    s->max = (double)ticks[n - 1] / b;
    for (k = 0; k < CALLSTATS_NQ; k++)
        s->q[k] = (double)callstats_rank(ticks, n, callstats_levels[k]) / b;
}

int64_t callstats_block(double read_pair, double call_ticks, int64_t max_block)
{
    double want;
    int64_t b;
    if (read_pair <= 0 || call_ticks <= 0 || read_pair <= CALLSTATS_BLOCK_SHARE * call_ticks)
        return 1;
    want = read_pair / (CALLSTATS_BLOCK_SHARE * call_ticks);
    b = (int64_t)want;
    if ((double)b < want)
        b++;
    if (max_block < 1)
        max_block = 1;
    return b > max_block ? max_block : b;
}

json_object *callstats_to_json(const struct call_summary *s, const char *timing, double read_pair)
{
    json_object *o = json_object_new_object();
    int k, have = s->samples > 0;
    json_object_object_add(o, "timing", json_object_new_string(timing));
    json_object_object_add(o, "read_pair_ticks", read_pair > 0 ? record_double(read_pair) : NULL);
    json_object_object_add(o, "block", json_object_new_int64(s->block));
    json_object_object_add(o, "samples", json_object_new_int64(s->samples));
    json_object_object_add(o, "sum_ticks", json_object_new_int64(s->sum_ticks));
    json_object_object_add(o, "min", have ? record_double(s->min) : NULL);
    for (k = 0; k < CALLSTATS_NQ; k++)
        json_object_object_add(o, callstats_names[k], have ? record_double(s->q[k]) : NULL);
    json_object_object_add(o, "max", have ? record_double(s->max) : NULL);
    return o;
}

int callstats_from_json(json_object *o, struct call_summary *s)
{
    int64_t v;
    int k;
    memset(s, 0, sizeof *s);
    if (!o || !json_object_is_type(o, json_type_object) || record_get_int(o, "samples", &v) != 0 || v < 0)
        return -1;
    s->samples = v;
    if (record_get_int(o, "block", &s->block) != 0 || s->block < 1 ||
        record_get_int(o, "sum_ticks", &s->sum_ticks) != 0)
        return -1;
    if (s->samples == 0)
        return 0;
    if (record_get_double(o, "min", &s->min) != 0 || record_get_double(o, "max", &s->max) != 0)
        return -1;
    for (k = 0; k < CALLSTATS_NQ; k++)
        if (record_get_double(o, callstats_names[k], &s->q[k]) != 0)
            return -1;
    return 0;
}

double callstats_t975(int df)
{
    static const double t[30] = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042
    };
    return df < 1 ? 0.0 : df <= 30 ? t[df - 1] : 1.96;
}

double callstats_sqrt(double x)
{
    double r;
    int i;
    if (x <= 0)
        return 0.0;
    r = x > 1 ? x : 1.0;
    for (i = 0; i < 200; i++) {
        double next = 0.5 * (r + x / r);
        if (next >= r)
            break; /* from above, it decreases until it converges */
        r = next;
    }
    return r;
}

void callstats_t_interval(const double *v, int n, double *lo, double *hi)
{
    double mean = 0, ss = 0, half;
    int i;
    if (n <= 0) {
        *lo = *hi = 0;
        return;
    }
    for (i = 0; i < n; i++)
        mean += v[i];
    mean /= n;
    for (i = 0; i < n; i++)
        ss += (v[i] - mean) * (v[i] - mean);
    half = n > 1 ? callstats_t975(n - 1) * callstats_sqrt(ss / (n - 1)) / callstats_sqrt((double)n) : 0.0;
    *lo = mean - half;
    *hi = mean + half;
}

static json_object *num_or_null(int have, double v)
{
    return have ? record_double(v) : NULL;
}

json_object *callstats_record(const struct call_summary *s, const double *means, const double *ref_mean,
                              const double *ref_p10, int n, const char *timing)
{
    json_object *o, *ci, *ref;
    double *p10 = calloc((size_t)(n > 0 ? n : 1), sizeof *p10);
    double *p50 = calloc((size_t)(n > 0 ? n : 1), sizeof *p50);
    double *p90 = calloc((size_t)(n > 0 ? n : 1), sizeof *p90);
    double *ratio = calloc((size_t)(n > 0 ? n : 1), sizeof *ratio);
    double *rratio = calloc((size_t)(n > 0 ? n : 1), sizeof *rratio);
    double *refm = calloc((size_t)(n > 0 ? n : 1), sizeof *refm);
    double *refq = calloc((size_t)(n > 0 ? n : 1), sizeof *refq);
    double mn = 0, mx = 0, lo, hi, mean_ratio = 0;
    int64_t block = 1;
    int i, have = 1, have_ref = ref_mean && ref_p10 && n > 0;

    if (!p10 || !p50 || !p90 || !ratio || !rratio || !refm || !refq)
        abort();
    for (i = 0; i < n; i++) {
        if (s[i].samples <= 0)
            have = 0;
        p10[i] = s[i].q[CALLSTATS_P10];
        p50[i] = s[i].q[CALLSTATS_P50];
        p90[i] = s[i].q[CALLSTATS_P90];
        if (i == 0 || s[i].min < mn)
            mn = s[i].min;
        if (i == 0 || s[i].max > mx)
            mx = s[i].max;
        if (s[i].block > block)
            block = s[i].block;
        if (have_ref && (ref_mean[i] <= 0 || ref_p10[i] <= 0))
            have_ref = 0;
        if (have_ref) {
            refm[i] = ref_mean[i];
            refq[i] = ref_p10[i];
            ratio[i] = means[i] / ref_mean[i];
            rratio[i] = p10[i] / ref_p10[i];
            mean_ratio += ratio[i];
        }
    }
    have = have && n > 0;
    o = json_object_new_object();
    json_object_object_add(o, "timing", json_object_new_string(timing));
    json_object_object_add(o, "trials", json_object_new_int(n));
    json_object_object_add(o, "block_max", json_object_new_int64(block));
    json_object_object_add(o, "quantile_method",
        json_object_new_string("nearest rank: the sample of rank ceil(p x samples) of each trial, exact over all its samples"));
    json_object_object_add(o, "min", num_or_null(have, mn));
    json_object_object_add(o, "p10", num_or_null(have, have ? stats_median(p10, n) : 0));
    json_object_object_add(o, "p50", num_or_null(have, have ? stats_median(p50, n) : 0));
    json_object_object_add(o, "p90", num_or_null(have, have ? stats_median(p90, n) : 0));
    json_object_object_add(o, "max", num_or_null(have, mx));
    json_object_object_add(o, "robust_ticks", num_or_null(have, have ? stats_median(p10, n) : 0));
    json_object_object_add(o, "robust_estimator",
        json_object_new_string("median over the kept trials of each trial's p10"));
    callstats_t_interval(means, n, &lo, &hi);
    ci = json_object_new_object();
    json_object_object_add(ci, "lo", num_or_null(n > 0, lo));
    json_object_object_add(ci, "hi", num_or_null(n > 0, hi));
    json_object_object_add(ci, "method", json_object_new_string(
        "Student t over the kept trials' means: mean +- t(0.975, trials - 1) x sd / sqrt(trials)"));
    json_object_object_add(o, "mean_ci95", ci);
    if (have_ref) {
        ref = json_object_new_object();
        json_object_object_add(ref, "mean_ticks", record_double(stats_median(refm, n)));
        json_object_object_add(ref, "p10_ticks", record_double(stats_median(refq, n)));
        json_object_object_add(o, "reference", ref);
        json_object_object_add(o, "mean_ratio", record_double(mean_ratio / n));
        json_object_object_add(o, "robust_ratio", num_or_null(have, have ? stats_median(rratio, n) : 0));
    } else {
        json_object_object_add(o, "reference", NULL);
        json_object_object_add(o, "mean_ratio", NULL);
        json_object_object_add(o, "robust_ratio", NULL);
    }
    free(p10);
    free(p50);
    free(p90);
    free(ratio);
    free(rratio);
    free(refm);
    free(refq);
    return o;
}
