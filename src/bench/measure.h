/* measure.h -- one record: calibrate, plan, run the trials in fresh
 * processes, apply the disturbed-trial and outlier rules, compute the
 * statistics.  The parent never runs candidate code.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_MEASURE_H
#define NGCC_BENCH_MEASURE_H

#include <json.h>

#include "counter.h"
#include "instance.h"
#include "plan.h"

#define MEASURE_DEFAULT_TIMEOUT 600.0     /* seconds */
#define MEASURE_DEFAULT_MEM_MIB 4096ULL

struct measure_options {
    enum op_kind op;
    const char *library;     /* as given; NULL for the null operation */
    const char *root;        /* paths in the record are relative to it */
    int cpu;                 /* -1: hostcheck_default_cpu() */
    int counter_given;       /* else counter_select() */
    enum counter_kind counter;
    struct plan_settings plan;
    int quick;
    double t1_given;         /* > 0: no calibration process */
    double timeout_s;        /* calibration limit, floor of trial limits */
    unsigned long long mem_bytes; /* RLIMIT_AS of the children; 0: none */
    const char *self_exe;    /* what the children execute */
    const char *id, *label;  /* NULL: from the instance's metadata */
    const char *host_file;   /* `ngcc-bench host` output, or NULL */
    int argc;
    char **argv;             /* this command, for the record */
    int quiet;               /* no progress on stderr */
    int estimate_only;       /* calibrate and plan only */
};

struct measure_estimate {
    struct plan plan;
    double setup_s;
    double seconds;          /* plan_estimate() */
};

/* Measure.  On return *RECORD holds the record (NULL with estimate_only or
 * a system error; the message is then on stderr).  Returns an exit code of
 * outcome.h: EXIT_BENCH_OK when the record's status is "ok",
 * EXIT_BENCH_FAILED for a failed operation, EXIT_BENCH_SYSTEM. */
int measure_run(const struct measure_options *o, json_object **record,
                struct measure_estimate *est);

#endif
