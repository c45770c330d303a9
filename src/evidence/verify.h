/* verify.h -- the checker of one file: recompute every statistic of a
 * record from its raw trials, check the trial rules were applied,
 * recompute every share of a profile from its calls, verify the SHA-256 of
 * the files a record or profile lists.  verify_system.h checks a whole
 * system.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_VERIFY_H
#define NGCC_BENCH_VERIFY_H

#include <stdio.h>

#include <json.h>

#include "outcome.h"

/* Relative tolerance for recomputed floating-point figures. */
#define VERIFY_TOLERANCE 1e-9

/* The profiles of ngcc-profile (doc/campaign.md). */
#define PROFILE_FORMAT "ngcc-perf/profile"
#define PROFILE_FORMAT_VERSION 1
#define PROFILE_MIN_OPS 3
#define PROFILE_MAX_OPS 1000

/* Check one record (NAME is how lines name it; ROOT resolves the paths of
 * its "files"; NULL: none verified).  Prints "NAME: problem" lines (and
 * "NAME: note: ..." lines that are not problems) on OUT; returns the number
 * of problems. */
int verify_record(json_object *rec, const char *name, const char *root, FILE *out);

/* Check one profile: the functions, the shares and the totals recomputed
 * from its calls, their bounds, the files' SHA-256.  As verify_record. */
int verify_profile(json_object *prof, const char *name, const char *root, FILE *out);

/* Is the file at PATH complete evidence for operation OP: it parses, names
 * OP, has a known status and CHECK (verify_record or verify_profile) finds
 * nothing wrong with it, the SHA-256 of its library included?  1 and its
 * status in *OC, else 0.  How run and profile decide to keep a file. */
int verify_existing(const char *path, const char *op, const char *root,
                    int (*check)(json_object *, const char *, const char *, FILE *),
                    enum outcome *oc);

#endif
