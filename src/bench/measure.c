/* measure.c -- one record: calibrate, plan, run the trials in fresh
 * processes, apply the trial rules, compute the statistics.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "environment.h"
#include "hostcheck.h"
#include "record.h"
#include "run.h"
#include "stats.h"
#include "sysfile.h"

void run_progress(const struct run *R, const char *fmt, ...)
{
    va_list ap;
    if (R->o->quiet)
        return;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void run_fail(struct run *R, enum outcome o, const char *why)
{
    R->status = o;
    snprintf(R->reason, sizeof R->reason, "%s", why);
}

/* ---- children ---- */

static json_object *process_json(const char *role, int slot, int attempt, char *const argv[],
                                 const struct child_result *c)
{
    json_object *o = json_object_new_object(), *a = json_object_new_array();
    char line[600];
    int i;
    for (i = 0; argv[i]; i++)
        json_object_array_add(a, json_object_new_string(argv[i]));
    json_object_object_add(o, "role", json_object_new_string(role));
    json_object_object_add(o, "slot", slot > 0 ? json_object_new_int(slot) : NULL);
    json_object_object_add(o, "attempt", attempt > 0 ? json_object_new_int(attempt) : NULL);
    json_object_object_add(o, "argv", a);
    json_object_object_add(o, "cwd", json_object_new_string("."));
    json_object_object_add(o, "exit_code", c->exited ? json_object_new_int(c->code) : NULL);
    json_object_object_add(o, "signal", c->signaled ? json_object_new_int(c->sig) : NULL);
    json_object_object_add(o, "timed_out", json_object_new_boolean(c->timed_out));
    json_object_object_add(o, "seconds", record_double(c->seconds));
    child_describe(c, line, sizeof line);
    json_object_object_add(o, "note", json_object_new_string(c->exited && c->code == 0 ? "" : line));
    return o;
}

/* Run one `ngcc-bench trial` process.  0 with RES filled (its status may be
 * a failure), -1 when no process could be started. */
static int spawn(struct run *R, const char *role, int slot, int attempt, long iters,
                 int warmups, double timeout_s, struct trial_result *res)
{
    char s_iters[32], s_warm[32], s_cpu[32];
    char *argv[16];
    int n = 0;
    struct child_limits lim;
    struct child_result c;
    json_object *out;

    snprintf(s_iters, sizeof s_iters, "%ld", iters);
    snprintf(s_warm, sizeof s_warm, "%d", warmups);
    snprintf(s_cpu, sizeof s_cpu, "%d", R->cpu);
    argv[n++] = R->self_arg;
    argv[n++] = "trial";
    argv[n++] = "--op";
    argv[n++] = (char *)op_name(R->o->op);
    argv[n++] = "--iters";
    argv[n++] = s_iters;
    argv[n++] = "--warmups";
    argv[n++] = s_warm;
    argv[n++] = "--cpu";
    argv[n++] = s_cpu;
    argv[n++] = "--counter";
    argv[n++] = (char *)counter_name(R->counter);
    if (R->lib_arg)
        argv[n++] = R->lib_arg;
    argv[n] = NULL;

    lim.timeout_s = timeout_s;
    lim.mem_bytes = R->o->mem_bytes;
    lim.cpu = R->cpu;
    if (child_run(R->o->self_exe, argv, R->o->root, &lim, &c) != 0) {
        fprintf(stderr, "ngcc-bench: %s\n", c.error);
        child_result_free(&c);
        return -1;
    }
    json_object_array_add(R->processes, process_json(role, slot, attempt, argv, &c));

    out = c.exited ? json_tokener_parse(c.out) : NULL;
    if (out && trial_from_json(out, res) == 0 &&
        (c.code == 0) == (res->status == OUTCOME_OK)) {
        if (!R->instance && res->instance)
            R->instance = json_object_get(res->instance);
    } else {
        char why[600];
        trial_result_free(res);
        memset(res, 0, sizeof *res);
        res->baseline_rss_bytes = res->peak_rss_bytes = -1;
        child_describe(&c, why, sizeof why);
        res->status = c.timed_out ? OUTCOME_TIMEOUT
                    : c.exited && c.code == 0 ? OUTCOME_BAD_OUTPUT : OUTCOME_CRASHED;
        if (res->status == OUTCOME_BAD_OUTPUT)
            snprintf(why, sizeof why, "the trial process printed no readable result");
        snprintf(res->reason, sizeof res->reason, "%.255s", why);
    }
    json_object_put(out);
    child_result_free(&c);
    return 0;
}

/* ---- trials and rules ---- */

static double trial_mean(const struct attempt *a)
{
    return a->r.calls > 0 ? (double)a->r.ticks / (double)a->r.calls : 0.0;
}

static double trial_timeout(const struct run *R, const struct plan *p, double setup_s)
{
    double expect = setup_s + (double)(p->warmups + p->iters) * p->t1_s;
    double t = 5.0 * expect + 10.0;
    return t > R->o->timeout_s ? t : R->o->timeout_s;
}

/* May another rerun start?  Not once the trials have taken twice the
 * operation's budget: a loaded host must not stall a campaign. */
static int rerun_allowed(struct run *R)
{
    if (R->rerun_stop[0])
        return 0;
    if (R->trial_seconds > 2.0 * R->o->plan.op_budget_s) {
        snprintf(R->rerun_stop, sizeof R->rerun_stop,
                 "no more reruns: the trials took %.0f s, twice the operation budget", R->trial_seconds);
        run_progress(R, "  %s", R->rerun_stop);
        return 0;
    }
    return 1;
}

/* One kept trial for SLOT (0-based), repeating disturbed attempts.
 * 0 kept, 1 failed (R->status set), -1 system error. */
static int run_slot(struct run *R, int slot, const struct plan *p, double setup_s)
{
    for (;;) {
        struct attempt *a;
        struct attempt *grown = realloc(R->att, (size_t)(R->natt + 1) * sizeof *R->att);
        int attempt = 1, i;
        enum disturbance d;
        double ratio;
        if (!grown)
            return -1;
        R->att = grown;
        for (i = 0; i < R->natt; i++)
            if (R->att[i].slot == slot + 1)
                attempt++;
        a = &R->att[R->natt];
        memset(a, 0, sizeof *a);
        a->slot = slot + 1;
        a->attempt = attempt;
        a->process = (int)json_object_array_length(R->processes);
        if (spawn(R, "trial", slot + 1, attempt, p->iters, p->warmups,
                  trial_timeout(R, p, setup_s), &a->r) != 0)
            return -1;
        R->natt++;
        R->trial_seconds += a->r.seconds;
        if (a->r.status != OUTCOME_OK) {
            a->state = FAILED;
            snprintf(a->reason, sizeof a->reason, "%s: %.180s", outcome_name(a->r.status), a->r.reason);
            run_fail(R, a->r.status, a->r.reason);
            return 1;
        }
        a->state = KEPT;
        R->kept[slot] = R->natt - 1;
        d = stats_disturbance(a->r.ticks, a->r.seconds, a->r.cpu_seconds,
                              R->disturbed_rule ? R->fixed_hz : 0.0, STATS_DISTURBED_LIMIT, &ratio);
        if (d == UNDISTURBED)
            return 0;
        snprintf(a->reason, sizeof a->reason, d == DISTURBED_CLOCK
                 ? "disturbed: cycles/s at %.1f %% of the fixed clock"
                 : "disturbed: on the CPU %.1f %% of the time", 100.0 * ratio);
        if (R->disturbed_reruns[slot] + 1 < STATS_DISTURBED_ATTEMPTS && rerun_allowed(R)) {
            a->state = REPLACED;
            R->disturbed_reruns[slot]++;
            run_progress(R, "  trial %d attempt %d %s, again", slot + 1, attempt, a->reason);
            continue;
        }
        i = (int)strlen(a->reason);
        snprintf(a->reason + i, sizeof a->reason - (size_t)i, "; kept: %s",
                 R->rerun_stop[0] ? "rerun time limit reached" : "no attempts left");
        return 0;
    }
}

/* The outlier rule over the kept trials.  0, 1 failed, -1 system error. */
static int apply_outlier_rule(struct run *R, const struct plan *p, double setup_s)
{
    int n = p->trials, i, r;
    double *means = malloc((size_t)n * sizeof *means), ratio;
    if (!means)
        return -1;
    for (;;) {
        int pick;
        for (i = 0; i < n; i++)
            means[i] = trial_mean(&R->att[R->kept[i]]);
        pick = stats_outlier_pick(means, R->outlier_reruns, n, STATS_OUTLIER_LIMIT,
                                  STATS_OUTLIER_RERUNS, &ratio);
        if (pick < 0 || !rerun_allowed(R))
            break;
        {
            struct attempt *a = &R->att[R->kept[pick]];
            a->state = REPLACED;
            snprintf(a->reason, sizeof a->reason,
                     "outlier: %.1f %% above the median of the others", (ratio - 1) * 100);
            run_progress(R, "  trial %d attempt %d %s, again", a->slot, a->attempt, a->reason);
        }
        R->outlier_reruns[pick]++;
        r = run_slot(R, pick, p, setup_s);
        if (r != 0) {
            free(means);
            return r;
        }
    }
    /* Outliers left standing: their slot had its reruns, or time ran out. */
    for (i = 0; i < n; i++) {
        struct attempt *a = &R->att[R->kept[i]];
        size_t used = strlen(a->reason);
        ratio = stats_ratio_to_others(means, n, i);
        if (ratio > STATS_OUTLIER_LIMIT)
            snprintf(a->reason + used, sizeof a->reason - used,
                     "%soutlier: %.1f %% above the median of the others; kept: %s", used ? "; " : "",
                     (ratio - 1) * 100, R->rerun_stop[0] ? "rerun time limit reached" : "no reruns left");
    }
    free(means);
    return 0;
}

int measure_run(const struct measure_options *o, json_object **record, struct measure_estimate *est)
{
    struct run R;
    json_object *files = json_object_new_array(), *checks = NULL, *env, *counter = NULL;
    char why[512], utc[32];
    struct plan p;
    struct trial_result cal;
    double setup_s = 0.0;
    int i, rc = EXIT_BENCH_SYSTEM, r;
    char real_self[PATH_MAX];

    memset(&R, 0, sizeof R);
    memset(&p, 0, sizeof p);
    memset(&cal, 0, sizeof cal);
    *record = NULL;
    R.o = o;
    R.status = OUTCOME_OK;
    R.rec = json_object_new_object();
    R.processes = json_object_new_array();
    R.cpu = o->cpu >= 0 ? o->cpu : hostcheck_default_cpu();
    R.kept = calloc((size_t)o->plan.trials, sizeof *R.kept);
    R.outlier_reruns = calloc((size_t)o->plan.trials, sizeof *R.outlier_reruns);
    R.disturbed_reruns = calloc((size_t)o->plan.trials, sizeof *R.disturbed_reruns);
    if (!realpath(o->self_exe, real_self))
        snprintf(real_self, sizeof real_self, "%s", o->self_exe);
    R.self_arg = sys_relative_path(real_self, o->root);
    if (!R.kept || !R.outlier_reruns || !R.disturbed_reruns || !R.self_arg)
        goto out;
    why[0] = '\0';
    if (o->counter_given)
        R.counter = o->counter;
    else
        R.counter = counter_select(why, sizeof why);

    sys_utc_now(utc);
    rec_add_str(R.rec, "format", RECORD_FORMAT);
    json_object_object_add(R.rec, "format_version", json_object_new_int(RECORD_FORMAT_VERSION));
    rec_add_str(R.rec, "tool", NGCC_BENCH_TOOL);
    rec_add_str(R.rec, "status", "ok");
    rec_add_str(R.rec, "reason", "");
    rec_add_str(R.rec, "op", op_name(o->op));
    rec_add_str(R.rec, "started_utc", utc);
    json_object_object_add(R.rec, "command", rec_command(o->argc, o->argv));

    if (o->op != OP_NULL) {
        r = rec_library(&R, files);
        if (r == -2)
            goto out;
    } else {
        json_object_object_add(R.rec, "library", NULL);
    }
    if (!o->estimate_only) {
        checks = hostcheck_json(R.cpu, R.counter, NULL, &R.fixed_hz);
        if (o->host_file)
            rec_merge_host(&R, checks);
    }
    R.disturbed_rule = counter_is_core_cycles(R.counter) && R.fixed_hz > 0;
    counter = rec_counter(&R, why);

    /* Calibration: one call measures t1. */
    if (R.status == OUTCOME_OK && o->t1_given > 0) {
        plan_make(&o->plan, o->t1_given, &p);
    } else if (R.status == OUTCOME_OK) {
        if (spawn(&R, "calibration", 0, 0, 1, 0, o->timeout_s, &cal) != 0)
            goto out;
        setup_s = cal.setup_seconds;
        if (cal.status != OUTCOME_OK)
            run_fail(&R, cal.status, cal.reason);
        else
            plan_make(&o->plan, cal.seconds, &p);
    }
    if (R.status == OUTCOME_OK && o->estimate_only) {
        est->plan = p;
        est->setup_s = setup_s;
        est->seconds = plan_estimate(&p, setup_s);
        rc = EXIT_BENCH_OK;
        goto out;
    }
    if (o->estimate_only) {
        fprintf(stderr, "ngcc-bench: %s: %s\n", outcome_name(R.status), R.reason);
        rc = EXIT_BENCH_FAILED;
        goto out;
    }

    {
        const char *label = o->label ? o->label : R.instance ? record_get_string(R.instance, "instance") : NULL;
        if (o->op == OP_NULL)
            snprintf(R.name, sizeof R.name, "null");
        else
            snprintf(R.name, sizeof R.name, "%s %s", label ? label : o->library, op_name(o->op));
    }
    if (R.status == OUTCOME_OK) {
        run_progress(&R, "%s  %d \xc3\x97 %ld  ~%.0f s", R.name, p.trials, p.iters, plan_estimate(&p, setup_s));
        for (i = 0; i < p.trials && R.status == OUTCOME_OK; i++)
            if (run_slot(&R, i, &p, setup_s) < 0)
                goto out;
        if (R.status == OUTCOME_OK && apply_outlier_rule(&R, &p, setup_s) < 0)
            goto out;
    }

    rec_instance(&R);
    rec_inputs(&R);
    json_object_object_add(R.rec, "plan", p.iters > 0 ? rec_plan(&R, &p, setup_s, o->t1_given <= 0) : NULL);
    json_object_object_add(R.rec, "rules", rec_rules(&R));
    env = environment_json(R.cpu);
    json_object_object_add(env, "checks", checks);
    json_object_object_add(env, "problems", hostcheck_problems(checks));
    checks = NULL;
    json_object_object_add(R.rec, "environment", env);
    json_object_object_add(R.rec, "processes", R.processes);
    R.processes = NULL;
    rec_numbers(&R, counter, &p);
    json_object_object_add(R.rec, "counter", counter);
    counter = NULL;
    json_object_object_add(R.rec, "files", files);
    files = NULL;
    rec_add_str(R.rec, "status", outcome_name(R.status));
    rec_add_str(R.rec, "reason", R.reason);
    sys_utc_now(utc);
    rec_add_str(R.rec, "finished_utc", utc);
    if (R.status != OUTCOME_OK)
        run_progress(&R, "%s  %s: %s", R.name, outcome_name(R.status), R.reason);
    *record = R.rec;
    R.rec = NULL;
    rc = R.status == OUTCOME_OK ? EXIT_BENCH_OK : EXIT_BENCH_FAILED;
out:
    for (i = 0; i < R.natt; i++)
        trial_result_free(&R.att[i].r);
    trial_result_free(&cal);
    free(R.att);
    free(R.kept);
    free(R.outlier_reruns);
    free(R.disturbed_reruns);
    free(R.lib_arg);
    free(R.self_arg);
    json_object_put(R.instance);
    json_object_put(R.rec);
    json_object_put(R.processes);
    json_object_put(files);
    json_object_put(checks);
    json_object_put(counter);
    return rc;
}
