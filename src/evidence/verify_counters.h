/* verify_counters.h -- the checker's part for a record's op_counters (a
 * kind's own counters of the timed calls): each kept trial's counters well
 * formed, the record's their sum, minimum or maximum (doc/evidence.md).
 * Part of ngcc-perf. */
#ifndef NGCC_BENCH_VERIFY_COUNTERS_H
#define NGCC_BENCH_VERIFY_COUNTERS_H

#include <stdio.h>

#include <json.h>

/* Prints "NAME: problem" lines on OUT; returns the number of problems. */
int verify_counters(json_object *rec, const char *name, FILE *out);

#endif
