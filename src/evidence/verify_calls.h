/* verify_calls.h -- the checker's part for the per-call distribution of a
 * record: each trial's quantiles ordered and bounded by its min and max,
 * their sum within the trial's ticks, the reference workload's mean, and
 * the record's per_call section recomputed from the kept trials
 * (doc/robust.md, doc/evidence.md).  Part of ngcc-perf. */
#ifndef NGCC_BENCH_VERIFY_CALLS_H
#define NGCC_BENCH_VERIFY_CALLS_H

#include <stdio.h>

#include <json.h>

/* Prints "NAME: problem" lines on OUT; returns the number of problems. */
int verify_calls(json_object *rec, const char *name, FILE *out);

#endif
