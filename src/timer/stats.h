/* stats.h -- the statistics of a record and the two trial rules
 * (disturbed trial, outlier trial).  Part of ngcc-perf. */
#ifndef NGCC_BENCH_STATS_H
#define NGCC_BENCH_STATS_H

#include <stdint.h>

#include <json.h>

#define STATS_OUTLIER_LIMIT 1.05   /* > 5 % above the median of the others */
#define STATS_OUTLIER_RERUNS 3     /* reruns per trial slot, at most */
#define STATS_RERUN_SHARE 0.2      /* reruns of a record: at most this share of its planned time */
#define STATS_DISTURBED_LIMIT 0.95 /* cycles/s below 95 % of the fixed clock,
                                      or on the CPU less than 95 % of the time */
#define STATS_DISTURBED_ATTEMPTS 3 /* attempts per trial slot, at most */

enum disturbance {
    UNDISTURBED,
    DISTURBED_CLOCK,   /* core cycles per second below LIMIT x fixed clock */
    DISTURBED_CPU      /* CPU time / wall time below LIMIT: preempted */
};

struct trial_numbers {
    int64_t calls;
    int64_t ticks;
    double seconds;
};

struct spread_stats {
    double median, min, max;
    double spread; /* (max - min) / median */
};

struct stats {
    int trials;          /* kept trials */
    int64_t n;           /* calls over the kept trials */
    int64_t sum_ticks;
    double sum_seconds;
    double mean_ticks;   /* sum_ticks / n */
    double mean_seconds; /* sum_seconds / n */
    double ops_per_second; /* n / sum_seconds */
    struct spread_stats trial_ticks;   /* of the per-trial mean ticks */
    struct spread_stats trial_seconds; /* of the per-trial mean seconds */
};

/* Median of V[0..N) (N > 0); V is not changed. */
double stats_median(const double *v, int n);

/* The statistics over the COUNT kept trials T.  -1 if COUNT is 0 or a
 * trial has no calls. */
int stats_compute(const struct trial_numbers *t, int count, struct stats *s);

/* MEANS[i] / median of the other N-1 means; 0 when N < 2. */
double stats_ratio_to_others(const double *means, int n, int i);

/* The outlier rule: the index of the trial to run again, or -1.  A trial is
 * an outlier when its mean is more than LIMIT times the median of the
 * others; among the outliers whose slot has had fewer than MAX_RERUNS
 * reruns (RERUNS[i]), the highest ratio is picked.  *RATIO gets its ratio. */
int stats_outlier_pick(const double *means, const int *reruns, int n,
                       double limit, int max_reruns, double *ratio);

/* The disturbed rule: is TICKS per SECONDS below LIMIT times FIXED_HZ? */
int stats_disturbed(int64_t ticks, double seconds, double fixed_hz, double limit);

/* Both tests of a disturbed trial: with FIXED_HZ > 0 (a core-cycle counter
 * and a fixed clock) cycles per second against the clock; always, the
 * share of the wall time the trial process was on the CPU (CPU_SECONDS <=
 * 0: unknown, not tested).  *VALUE gets the failing ratio. */
enum disturbance stats_disturbance(int64_t ticks, double seconds, double cpu_seconds,
                                   double fixed_hz, double limit, double *value);

/* The "stats" object of a record (doc/evidence.md). */
json_object *record_stats_json(const struct stats *s);

#endif
