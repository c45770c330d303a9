/* callstats.h -- the distribution of the calls of a trial (per-call
 * samples, exact quantiles) and the figures of a record drawn from its
 * trials: the robust per-call figure, the 95 % confidence interval of the
 * mean, the ratios to the reference workload (doc/robust.md).
 * Part of ngcc-perf. */
#ifndef NGCC_BENCH_CALLSTATS_H
#define NGCC_BENCH_CALLSTATS_H

#include <stdint.h>

#include <json.h>

/* The quantiles kept per trial, as in the record: p1 p5 p10 p25 p50 p75
 * p90 p99 (CALLSTATS_P10 and CALLSTATS_P50 index them). */
#define CALLSTATS_NQ 8
#define CALLSTATS_P10 2
#define CALLSTATS_P50 4
#define CALLSTATS_P90 6
extern const double callstats_levels[CALLSTATS_NQ];
extern const char *const callstats_names[CALLSTATS_NQ];

/* A read pair costing more than this share of one call: time blocks. */
#define CALLSTATS_BLOCK_SHARE 0.01

/* One trial's samples, each the ticks of BLOCK consecutive calls. */
struct call_summary {
    int64_t samples;      /* 0: no per-call timing (timing "loop") */
    int64_t block;        /* calls per sample */
    int64_t sum_ticks;    /* of the samples */
    double min, q[CALLSTATS_NQ], max; /* ticks per call */
};

/* The value of rank ceil(P x N) (1-based; at least 1) of the sorted
 * SORTED[0..N): the nearest-rank quantile, an actual sample. */
uint64_t callstats_rank(const uint64_t *sorted, int64_t n, double p);

/* Summarise the N samples TICKS (sorted in place) of BLOCK calls each. */
void callstats_summarise(uint64_t *ticks, int64_t n, int64_t block, struct call_summary *s);

/* Calls per sample so that one read pair of READ_PAIR ticks stays within
 * CALLSTATS_BLOCK_SHARE of a sample when a call takes CALL_TICKS; at most
 * MAX_BLOCK, at least 1. */
int64_t callstats_block(double read_pair, double call_ticks, int64_t max_block);

/* The trial's "per_call" object and back; from_json: 0, -1 if malformed
 * or absent. */
json_object *callstats_to_json(const struct call_summary *s, const char *timing, double read_pair);
int callstats_from_json(json_object *o, struct call_summary *s);

/* The t quantile of 0.975 for DF degrees of freedom (tabulated up to 30,
 * then 1.96). */
double callstats_t975(int df);

/* A 95 % Student-t interval of the mean of the N values V (N >= 2; with
 * N < 2 the interval is [v0, v0]). */
void callstats_t_interval(const double *v, int n, double *lo, double *hi);

/* Square root by Newton's iteration (the core does not link libm). */
double callstats_sqrt(double x);

/* The record's "per_call" section from the kept trials' per-call
 * summaries S[0..N) and their means MEANS (ticks per call), and the
 * reference figures REF_MEAN and REF_P10 of each trial (ticks per
 * reference unit; NULL or <= 0: none).  NULL when no trial has samples. */
json_object *callstats_record(const struct call_summary *s, const double *means, const double *ref_mean,
                              const double *ref_p10, int n, const char *timing);

#endif
