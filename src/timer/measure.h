/* measure.h -- one record: calibrate, plan, run the trials in fresh
 * processes, apply the disturbed-trial and outlier rules, compute the
 * statistics.  The parent never runs candidate code.
 *
 * The work is split into phases so that the trials of several records can
 * be interleaved (`ngcc-bench run-many`) with the same code that measures
 * one record after the other (`ngcc-bench run`):
 *
 *   measure_begin    the record's skeleton, the library, the host checks,
 *                    the counter, the calibration and the plan
 *   measure_slot     one kept trial for a slot (disturbed attempts repeated)
 *   measure_wants_rerun / measure_rerun
 *                    the outlier rule, one rerun at a time
 *   measure_finish   the statistics and the finished record
 *
 * measure_run is these phases in sequence.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_MEASURE_H
#define NGCC_BENCH_MEASURE_H

#include <json.h>

#include "counter.h"
#include "instance.h"
#include "plan.h"

/* Time limits (doc/evidence.md): the calibration process gets a fixed
 * limit, short in quick mode; a trial process 3 x its planned time + a
 * margin, where the planned time is setup + (warmups + iters) x t1. */
#define MEASURE_DEFAULT_TIMEOUT 120.0     /* seconds, calibration */
#define MEASURE_QUICK_TIMEOUT 15.0
#define MEASURE_TRIAL_FACTOR 3.0
#define MEASURE_TRIAL_MARGIN 10.0         /* seconds */
#define MEASURE_DEFAULT_MEM_MIB 4096ULL

struct measure_options {
    const char *op;          /* an operation's name (instance.h) */
    const char *library;     /* as given; NULL for the null operation */
    const char *root;        /* paths in the record are relative to it */
    int cpu;                 /* -1: hostcheck_default_cpu() */
    int counter_given;       /* else counter_select() */
    enum counter_kind counter;
    struct plan_settings plan;
    int quick;
    double t1_given;         /* > 0: no calibration process */
    double timeout_s;        /* calibration limit */
    unsigned long long mem_bytes; /* RLIMIT_AS of the children; 0: none */
    const char *self_exe;    /* what the children execute */
    const char *id, *label;  /* NULL: from the instance's metadata */
    const char *record_path; /* the record's file: records/ID/LABEL__OP.json
                              * names an instance that cannot say */
    const char *host_file;   /* `ngcc-bench host` output, or NULL */
    int argc;
    char **argv;             /* this command, for the record */
    int quiet;               /* no progress on stderr */
    int estimate_only;       /* calibrate and plan only */
    int interleaved;         /* progress lines name the record (run-many) */
    int icount;              /* count instructions per call too (icount.h) */
    double origin_s;         /* sys_now() at the start of the command, the
                                origin of processes[].started_s; 0: the
                                start of measure_begin */
};

struct measure_estimate {
    struct plan plan;
    double setup_s;
    double seconds;          /* plan_estimate() */
};

struct run; /* run.h */

/* Measure.  On return *RECORD holds the record (NULL with estimate_only or
 * a system error; the message is then on stderr).  Returns an exit code of
 * outcome.h: EXIT_BENCH_OK when the record's status is "ok",
 * EXIT_BENCH_FAILED for a failed operation, EXIT_BENCH_SYSTEM. */
int measure_run(const struct measure_options *o, json_object **record,
                struct measure_estimate *est);

/* Begin a record: everything up to the plan (O must outlive *R).
 * EXIT_BENCH_OK with *R set: either ready for trials (measure_ready), or
 * failed already (the library, the calibration), to be finished at once.
 * EXIT_BENCH_SYSTEM with *R NULL and the message on stderr. */
int measure_begin(const struct measure_options *o, struct run **R);

/* Status still "ok" and a plan: trials may run. */
int measure_ready(const struct run *R);
const struct plan *measure_plan(const struct run *R);
double measure_setup_s(const struct run *R);
/* The limit of each trial process (measure.h: MEASURE_TRIAL_*). */
double measure_trial_timeout(const struct run *R);
/* "LABEL op", for progress lines. */
const char *measure_name(const struct run *R);

/* One kept trial for SLOT (0-based, each slot once, in any order), the
 * disturbed rule repeating attempts.  0 kept, 1 the trial failed (the
 * record has failed: finish it), -1 system error. */
/* Trial processes started so far (every attempt, replaced ones too). */
int measure_attempts(const struct run *R);
int measure_slot(struct run *R, int slot);

/* Once every slot has its trial: does the outlier rule want a kept trial
 * run again (and are reruns still allowed)?  1 yes, 0 no: the record is
 * ready to finish. */
int measure_wants_rerun(struct run *R);

/* Run the worst outlier's slot again (marking the old trial replaced).
 * 0 done (ask measure_wants_rerun again), 1 the rerun failed (finish the
 * record), -1 system error. */
int measure_rerun(struct run *R);

/* The finished record into *RECORD (a new reference).  Returns
 * EXIT_BENCH_OK when its status is "ok", else EXIT_BENCH_FAILED. */
int measure_finish(struct run *R, json_object **record);

void measure_free(struct run *R);

#endif
