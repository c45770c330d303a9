/* trial.h -- one trial in this process: pin to a CPU, load the instance,
 * set up the inputs, warm up, time ITERS calls, read the RSS.  The parent
 * runs it as `ngcc-bench trial` in a fresh process; the calibration is the
 * trial of one call without warm-ups.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_TRIAL_H
#define NGCC_BENCH_TRIAL_H

#include <stdint.h>

#include <json.h>

#include "callstats.h"
#include "counter.h"
#include "instance.h"
#include "memory_pass.h"
#include "outcome.h"
#include "reference.h"

struct trial_request {
    const char *op;      /* an operation's name (instance.h) */
    const char *library; /* NULL for the null operation */
    long iters;
    int warmups;
    int cpu;             /* -1: not pinned */
    enum counter_kind counter;
    int no_memory_pass;  /* 1: skip the memory pass (an estimate's
                            calibration: its figures would be thrown away) */
};

struct trial_result {
    enum outcome status;
    char reason[256];
    int cpu_seen;          /* sched_getcpu() after the timed calls */
    double setup_seconds;  /* load and setup */
    int64_t calls;         /* timed calls done */
    int64_t ticks;         /* counter ticks around them */
    double seconds;        /* CLOCK_MONOTONIC_RAW around them */
    double cpu_seconds;    /* this thread's CPU time around them */
    long switches;         /* involuntary context switches during them */
    double others_busy;    /* share of the other CPUs' time not idle during
                              them (/proc/stat), or -1 when unknown */
    long long baseline_rss_bytes; /* resident after setup (statm) */
    long long peak_rss_bytes;     /* VmHWM at the end */
    json_object *instance; /* metadata of the instance, or NULL */
    struct memory_figures memory; /* the memory pass after the timed calls */
    char timing[8];        /* "calls", "blocks" or "loop" (doc/robust.md) */
    double read_pair_ticks; /* one pair of counter reads, median */
    struct call_summary dist;      /* the timed calls' distribution */
    struct reference_figures ref;  /* the reference workload around them */
    struct kind_counters counters; /* the kind's, over the timed calls only */
};

/* NGCC_BENCH_TIMING=loop in the environment: the timed calls between two
 * counter reads only, as before per-call timing (for comparisons). */
#define TRIAL_TIMING_ENV "NGCC_BENCH_TIMING"

/* Run the trial.  RES->status says how it went. */
void trial_run(const struct trial_request *rq, struct trial_result *res);

/* The result as the JSON object `ngcc-bench trial` prints (takes over
 * RES->instance). */
json_object *trial_to_json(const struct trial_request *rq, struct trial_result *res);

/* Read a trial's JSON back; 0 on success, -1 if malformed.  RES->instance
 * is a new reference (or NULL). */
int trial_from_json(json_object *obj, struct trial_result *res);

void trial_result_free(struct trial_result *res);

/* A kind's counters as an object {"sign_retries": 0, ...}. */
json_object *trial_counters_json(const struct kind_counters *k);

/* Resident and peak RSS of this process in bytes, or -1. */
long long trial_rss_now(void);
long long trial_rss_peak(void);

#endif
