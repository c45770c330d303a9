/* run.h -- the state of one measurement, shared by measure.c (the
 * processes and the trial rules) and sections.c (the record's sections).
 * Internal to src/timer.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_RUN_H
#define NGCC_BENCH_RUN_H

#include <json.h>

#include "counter.h"
#include "measure.h"
#include "outcome.h"
#include "plan.h"
#include "trial.h"

enum state { KEPT, REPLACED, FAILED };

struct attempt {
    int slot, attempt, process;
    enum state state;
    char reason[200];
    struct trial_result r;
};

struct run {
    const struct measure_options *o;
    json_object *rec, *processes;
    json_object *files;      /* the record's "files", until measure_finish */
    json_object *checks;     /* host checks, until measure_finish */
    json_object *counter_json; /* the record's "counter", until measure_finish */
    char *lib_arg, *self_arg;
    enum counter_kind counter;
    int cpu;
    double fixed_hz;
    int disturbed_rule;
    double origin_s;     /* sys_now() at the start of the command */
    char scratch_left[512]; /* names its processes left in their scratch directories */
    struct plan plan;    /* iters 0: no plan (calibration failed) */
    double setup_s;      /* of the calibration process */
    struct trial_result cal;
    int slots_done;      /* slots with a kept trial (0..plan.trials) */
    struct attempt *att;
    int natt;
    int *kept;           /* per slot: index in att of its kept trial */
    int *outlier_reruns; /* per slot */
    int *disturbed_reruns;
    double trial_seconds;  /* timed seconds of all trial processes so far */
    double rerun_seconds;  /* of those, the trials that were reruns */
    int noisy;             /* outliers left standing: the reruns did not converge */
    char rerun_stop[160];  /* why reruns stopped early, or "" */
    json_object *instance;
    enum outcome status;
    char reason[320];
    char name[160];      /* "LABEL op" for progress */
};

/* Progress on stderr unless quiet; a failure of the measurement. */
void run_progress(const struct run *R, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void run_fail(struct run *R, enum outcome o, const char *why);

/* The record's sections (sections.c), added to R->rec. */
void rec_add_str(json_object *o, const char *key, const char *s);
json_object *rec_command(int argc, char **argv);
/* library: path, SHA-256, ELF segments; sets R->lib_arg, adds to FILES.
 * 0; -1 with R->status set (not readable, not ELF); -2 out of memory. */
int rec_library(struct run *R, json_object *files);
/* The clock steadiness check of the campaign's host file into CHECKS. */
void rec_merge_host(struct run *R, json_object *checks);
json_object *rec_counter(const struct run *R, const char *why);
json_object *rec_plan(const struct run *R, const struct plan *p, double setup_s, int calibrated);
json_object *rec_rules(const struct run *R);
/* trials, reruns, stats, memory, and the TSC frequency into COUNTER. */
void rec_numbers(struct run *R, json_object *counter, const struct plan *p);
/* id, label, instance, sizes. */
void rec_instance(struct run *R);
void rec_inputs(struct run *R);

#endif
