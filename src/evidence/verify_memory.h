/* verify_memory.h -- the checker's part for the memory figures of a
 * record: each trial's memory_pass consistent in itself, and the record's
 * memory section their maxima (doc/evidence.md).  Part of ngcc-perf. */
#ifndef NGCC_BENCH_VERIFY_MEMORY_H
#define NGCC_BENCH_VERIFY_MEMORY_H

#include <stdio.h>

#include <json.h>

/* Prints "NAME: problem" lines on OUT; returns the number of problems. */
int verify_memory(json_object *rec, const char *name, FILE *out);

#endif
