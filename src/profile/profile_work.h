/* profile_work.h -- the profiling process: load a profiling variant with
 * dlopen, make the benchmark's inputs (measurement.md section 2), measure
 * the accounting's cost, calibrate, then run OPS operations with the
 * accounting on around each one.  Runs candidate code: only in the child
 * process `ngcc-profile work`.  Part of ngcc-perf. */
#ifndef NGCC_PROFILE_WORK_H
#define NGCC_PROFILE_WORK_H

#include <json.h>

#include "instance.h"
#include "verify.h" /* PROFILE_MIN_OPS, PROFILE_MAX_OPS: the checker's too */

/* ops = min(PROFILE_MAX_OPS, max(PROFILE_MIN_OPS, ceil(target / t1))) */
#define PROFILE_DEFAULT_TARGET 1.0  /* seconds */
#define PROFILE_QUICK_TARGET 0.05
#define PROFILE_OPS_RULE "min(1000, max(3, ceil(target_s / t1_s)))"
/* Operations during which the process was switched out are discarded, at
 * most this many times the operations kept. */
#define PROFILE_DISCARDS 2

/* The first line `ngcc-profile work` prints, once calibrated:
 * "calibrated T1 OPS WARMUPS"; the parent derives its limit from it. */
#define PROFILE_CALIBRATED "calibrated"

struct profile_request {
    const char *op;       /* an operation of the table (instance.h) */
    const char *library;
    long ops;             /* 0: by the rule above */
    double target_s;
    /* Called once calibrated (NULL: not). */
    void (*calibrated)(double t1_s, long ops, int warmups, void *arg);
    void *arg;
};

/* The profiling process's result: one JSON object (doc/campaign.md,
 * "ngcc-profile work"); its "status" says how it went. */
json_object *profile_work(const struct profile_request *rq);

/* The operation count of the rule for one call of T1 seconds. */
long profile_ops_for(double target_s, double t1_s);

#endif
