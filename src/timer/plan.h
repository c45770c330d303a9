/* plan.h -- the planning rule of measurement.md section 2: from one
 * calibration call t1, the calls per trial and the warm-ups.
 * Part of ngcc-perf. */
#ifndef NGCC_BENCH_PLAN_H
#define NGCC_BENCH_PLAN_H

#define PLAN_MAX_ITERS 20000       /* calls per trial, at most */
#define PLAN_MIN_CALLS 100         /* calls per figure, at least */
#define PLAN_DEFAULT_TRIALS 5
#define PLAN_DEFAULT_TARGET 1.0    /* seconds per trial */
#define PLAN_DEFAULT_BUDGET 900.0  /* seconds per operation */
#define PLAN_QUICK_TARGET 0.01
#define PLAN_QUICK_BUDGET 5.0

struct plan_settings {
    double trial_target_s;
    double op_budget_s;
    int trials;
};

struct plan {
    double t1_s;
    long iters;         /* calls per trial */
    int warmups;        /* untimed calls before each trial */
    int trials;
    int capped;         /* iters hit PLAN_MAX_ITERS */
    int budget_reduced; /* iters reduced so trials * iters * t1 <= budget */
    int over_budget;    /* even one call per trial exceeds the budget */
};

/* iters = min(max(ceil(target / t1), ceil(100 / trials)), 20000), then
 * reduced so trials * iters * t1 <= budget (at least 1);
 * warmups = 3 if t1 < 0.05 s, 1 if t1 < 5 s, else 0. */
void plan_make(const struct plan_settings *s, double t1_s, struct plan *p);

/* Expected seconds of the trials: trials * (setup + (warmups + iters) * t1). */
double plan_estimate(const struct plan *p, double setup_s);

#endif
