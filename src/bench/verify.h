/* verify.h -- the checker: recompute every statistic of every record from
 * its raw trials, check the trial rules were applied, verify the SHA-256 of
 * the files a record lists.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_VERIFY_H
#define NGCC_BENCH_VERIFY_H

#include <stdio.h>

#include <json.h>

/* Relative tolerance for recomputed floating-point figures. */
#define VERIFY_TOLERANCE 1e-9

/* Check one record (NAME is how lines name it; ROOT resolves the paths of
 * its "files"; NULL: none verified).  Prints "NAME: problem" lines (and
 * "NAME: note: ..." lines that are not problems) on OUT; returns the number
 * of problems. */
int verify_record(json_object *rec, const char *name, const char *root, FILE *out);

/* Check every *.json under DIR/records.  *RECORDS gets how many were
 * checked, *BAD how many had problems.  -1 if DIR/records cannot be read. */
int verify_dir(const char *dir, const char *root, FILE *out, int *records, int *bad);

#endif
