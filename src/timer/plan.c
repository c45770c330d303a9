/* plan.c -- the planning rule of measurement.md section 2.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include "plan.h"

/* ceil and floor of X >= 0 that take a quotient within 1e-9 of an
 * integer as that integer: 1.0 / 1e-4 is 10000.000000000002 in doubles,
 * and means 10000.  (No libm: the tool links without it.) */
static double near_int(double x)
{
    double r, d;
    if (x >= 1e15)
        return x;
    r = (double)(long long)(x + 0.5);
    d = x > r ? x - r : r - x;
    return d <= 1e-9 * (x > 1.0 ? x : 1.0) ? r : x;
}

static double ceil_q(double x)
{
    double f;
    x = near_int(x);
    if (x >= 1e15)
        return x;
    f = (double)(long long)x;
    return f < x ? f + 1.0 : f;
}

static double floor_q(double x)
{
    x = near_int(x);
    return x >= 1e15 ? x : (double)(long long)x;
}

void plan_make(const struct plan_settings *s, double t1_s, struct plan *p)
{
    int trials = s->trials > 0 ? s->trials : 1;
    double want, floor_calls, iters, fit;

    if (!(t1_s > 0.0))
        t1_s = 1e-9; /* below the clock's resolution */
    p->t1_s = t1_s;
    p->trials = trials;
    p->capped = p->budget_reduced = p->over_budget = 0;

    want = ceil_q(s->trial_target_s / t1_s);
    floor_calls = ceil_q((double)PLAN_MIN_CALLS / trials);
    iters = want > floor_calls ? want : floor_calls;
    if (iters > PLAN_MAX_ITERS) {
        iters = PLAN_MAX_ITERS;
        p->capped = 1;
    }
    fit = floor_q(s->op_budget_s / (trials * t1_s));
    if (iters > fit) {
        iters = fit;
        p->budget_reduced = 1;
    }
    if (iters < 1) {
        iters = 1;
        p->over_budget = 1;
    }
    p->iters = (long)iters;
    p->warmups = t1_s < 0.05 ? 3 : t1_s < 5.0 ? 1 : 0;
}

double plan_estimate(const struct plan *p, double setup_s)
{
    return p->trials * (setup_s + (double)(p->warmups + p->iters) * p->t1_s);
}
