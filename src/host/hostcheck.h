/* hostcheck.h -- the host state checks of measurement.md section 7.  Each
 * check is {name, status ok|problem|unknown, value, explanation}.
 * Part of ngcc-perf. */
#ifndef NGCC_BENCH_HOSTCHECK_H
#define NGCC_BENCH_HOSTCHECK_H

#include <json.h>

#include "counter.h"

#define STEADY_WINDOWS 21
#define STEADY_WINDOW_S 0.05
#define STEADY_MAX_IQR 0.005

struct steadiness {
    double rate_median;  /* ticks per second (core-cycle counter) or loop
                            steps per tick (reference counter) */
    double iqr;          /* interquartile range / median */
    double counter_hz;   /* median ticks per second of the counter */
};

/* STEADY_WINDOWS windows of STEADY_WINDOW_S s of a dependent-add loop on
 * this thread, timed with C against CLOCK_MONOTONIC_RAW.  With a
 * core-cycle counter the rate is the counter's ticks per second (the core
 * clock); with a reference counter it is loop steps per tick, which follows
 * the core clock.  About one second. */
void hostcheck_steadiness(const struct counter *c, struct steadiness *s);

/* The checks for measuring on CPU with the counter KIND.  STEADY: the
 * clock steadiness result,
 * or NULL when not measured (the check is then "unknown").  *FIXED_HZ gets
 * the fixed core clock when cpufreq shows one (minimum = maximum, no
 * boost), else 0. */
json_object *hostcheck_json(int cpu, enum counter_kind kind,
                            const struct steadiness *steady, double *fixed_hz);

/* The names of the checks whose status is "problem", as a JSON array. */
json_object *hostcheck_problems(json_object *checks);

/* The default measuring CPU: the highest-numbered one this process may
 * run on (CPU 0 takes most interrupts). */
int hostcheck_default_cpu(void);

#endif
