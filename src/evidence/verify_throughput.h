/* verify_throughput.h -- the checker's part for the per-byte figures of a
 * record whose op hashes a message (src/timer/throughput.h): its
 * inputs.message_bytes the kind table's, its throughput section
 * recomputed from its statistics, none for an op without a message
 * (doc/evidence.md).  Part of ngcc-perf. */
#ifndef NGCC_BENCH_VERIFY_THROUGHPUT_H
#define NGCC_BENCH_VERIFY_THROUGHPUT_H

#include <stdio.h>

#include <json.h>

/* Prints "NAME: problem" lines on OUT; returns the number of problems. */
int verify_throughput(json_object *rec, const char *name, FILE *out);

#endif
