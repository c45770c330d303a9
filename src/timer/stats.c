/* stats.c -- the statistics of a record, their JSON form and the two
 * trial rules.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "stats.h"

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double stats_median(const double *v, int n)
{
    double *s, m;
    if (n <= 0)
        return 0.0;
    s = malloc((size_t)n * sizeof *s);
    if (!s)
        abort();
    memcpy(s, v, (size_t)n * sizeof *s);
    qsort(s, (size_t)n, sizeof *s, cmp_double);
    m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2.0;
    free(s);
    return m;
}

static void spread_of(const double *v, int n, struct spread_stats *r)
{
    int i;
    r->median = stats_median(v, n);
    r->min = r->max = v[0];
    for (i = 1; i < n; i++) {
        if (v[i] < r->min)
            r->min = v[i];
        if (v[i] > r->max)
            r->max = v[i];
    }
    r->spread = r->median > 0.0 ? (r->max - r->min) / r->median : 0.0;
}

int stats_compute(const struct trial_numbers *t, int count, struct stats *s)
{
    double *mt, *ms;
    int i;
    memset(s, 0, sizeof *s);
    if (count <= 0)
        return -1;
    mt = malloc((size_t)count * sizeof *mt);
    ms = malloc((size_t)count * sizeof *ms);
    if (!mt || !ms)
        abort();
    for (i = 0; i < count; i++) {
        if (t[i].calls <= 0) {
            free(mt);
            free(ms);
            return -1;
        }
        s->n += t[i].calls;
        s->sum_ticks += t[i].ticks;
        s->sum_seconds += t[i].seconds;
        mt[i] = (double)t[i].ticks / (double)t[i].calls;
        ms[i] = t[i].seconds / (double)t[i].calls;
    }
    s->trials = count;
    s->mean_ticks = (double)s->sum_ticks / (double)s->n;
    s->mean_seconds = s->sum_seconds / (double)s->n;
    s->ops_per_second = s->sum_seconds > 0.0 ? (double)s->n / s->sum_seconds : 0.0;
    spread_of(mt, count, &s->trial_ticks);
    spread_of(ms, count, &s->trial_seconds);
    free(mt);
    free(ms);
    return 0;
}

double stats_ratio_to_others(const double *means, int n, int i)
{
    double *others, m;
    int j, k = 0;
    if (n < 2)
        return 0.0;
    others = malloc((size_t)(n - 1) * sizeof *others);
    if (!others)
        abort();
    for (j = 0; j < n; j++)
        if (j != i)
            others[k++] = means[j];
    m = stats_median(others, n - 1);
    free(others);
    return m > 0.0 ? means[i] / m : 0.0;
}

int stats_outlier_pick(const double *means, const int *reruns, int n,
                       double limit, int max_reruns, double *ratio)
{
    int i, pick = -1;
    double best = 0.0;
    for (i = 0; i < n; i++) {
        double r = stats_ratio_to_others(means, n, i);
        if (r > limit && reruns[i] < max_reruns && r > best) {
            best = r;
            pick = i;
        }
    }
    if (ratio)
        *ratio = best;
    return pick;
}

int stats_disturbed(int64_t ticks, double seconds, double fixed_hz, double limit)
{
    if (!(fixed_hz > 0.0) || !(seconds > 0.0))
        return 0;
    return (double)ticks / seconds < limit * fixed_hz;
}

enum disturbance stats_disturbance(int64_t ticks, double seconds, double cpu_seconds,
                                   double fixed_hz, double limit, double *value)
{
    if (stats_disturbed(ticks, seconds, fixed_hz, limit)) {
        *value = (double)ticks / seconds / fixed_hz;
        return DISTURBED_CLOCK;
    }
    if (cpu_seconds > 0.0 && seconds > 0.0 && cpu_seconds < limit * seconds) {
        *value = cpu_seconds / seconds;
        return DISTURBED_CPU;
    }
    *value = 1.0;
    return UNDISTURBED;
}

static json_object *spread_json(const struct spread_stats *s)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "median", record_double(s->median));
    json_object_object_add(o, "min", record_double(s->min));
    json_object_object_add(o, "max", record_double(s->max));
    json_object_object_add(o, "spread", record_double(s->spread));
    return o;
}

json_object *record_stats_json(const struct stats *s)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "trials", json_object_new_int(s->trials));
    json_object_object_add(o, "n", json_object_new_int64(s->n));
    json_object_object_add(o, "sum_ticks", json_object_new_int64(s->sum_ticks));
    json_object_object_add(o, "sum_seconds", record_double(s->sum_seconds));
    json_object_object_add(o, "mean_ticks", record_double(s->mean_ticks));
    json_object_object_add(o, "mean_seconds", record_double(s->mean_seconds));
    json_object_object_add(o, "ops_per_second", record_double(s->ops_per_second));
    json_object_object_add(o, "trial_mean_ticks", spread_json(&s->trial_ticks));
    json_object_object_add(o, "trial_mean_seconds", spread_json(&s->trial_seconds));
    return o;
}
