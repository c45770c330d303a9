/* measure.c -- one record: calibrate, plan, run the trials in fresh
 * processes, apply the trial rules, compute the statistics.  In phases
 * (measure.h), so that run-many can interleave the trials of several
 * records.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "child.h"
#include "confine.h"
#include "environment.h"
#include "hostcheck.h"
#include "memory_pass.h"
#include "icount.h"
#include "record.h"
#include "run.h"
#include "stats.h"
#include "sysfile.h"
#include "throughput.h"

/* The name in progress lines: the label (option, else the instance's own,
 * once a child has read it, else the library as given) and the operation. */
static void update_name(struct run *R)
{
    const struct measure_options *o = R->o;
    const char *label = o->label ? o->label : R->instance ? record_get_string(R->instance, "instance") : NULL;
    if (timer_op_is_null(o->op))
        snprintf(R->name, sizeof R->name, "null");
    else
        snprintf(R->name, sizeof R->name, "%s %s", label ? label : o->library, o->op);
}

/* Rerun lines: indented under the planning line of `run`; with the
 * record's name when records are interleaved. */
#define RERUN_FMT "  %s%strial %d attempt %d %s, again"
#define RERUN_WHO(R) (R)->o->interleaved ? (R)->name : "", (R)->o->interleaved ? "  " : ""

/* ---- children ---- */

static json_object *process_json(const char *role, int slot, int attempt, char *const argv[],
                                 const struct child_result *c, double started_s)
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
    json_object_object_add(o, "started_s", record_double(started_s));
    json_object_object_add(o, "seconds", record_double(c->seconds));
    child_note(c, line, sizeof line);
    json_object_object_add(o, "note", json_object_new_string(line));
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
    double started;

    snprintf(s_iters, sizeof s_iters, "%ld", iters);
    snprintf(s_warm, sizeof s_warm, "%d", warmups);
    snprintf(s_cpu, sizeof s_cpu, "%d", R->cpu);
    argv[n++] = R->self_arg;
    argv[n++] = "trial";
    argv[n++] = "--op";
    argv[n++] = (char *)R->o->op;
    argv[n++] = "--iters";
    argv[n++] = s_iters;
    argv[n++] = "--warmups";
    argv[n++] = s_warm;
    argv[n++] = "--cpu";
    argv[n++] = s_cpu;
    argv[n++] = "--counter";
    argv[n++] = (char *)counter_name(R->counter);
    /* A calibration keeps only its time: the record's memory figures come
     * from the trials, so its memory pass would be thrown away. */
    if (strcmp(role, "calibration") == 0)
        argv[n++] = "--no-memory-pass";
    if (R->lib_arg)
        argv[n++] = R->lib_arg;
    argv[n] = NULL;

    memset(&lim, 0, sizeof lim);
    lim.timeout_s = timeout_s;
    lim.mem_bytes = R->o->mem_bytes;
    lim.cpu = R->cpu;
    started = sys_now() - R->origin_s;
    if (child_run(R->o->self_exe, argv, R->o->root, &lim, &c) != 0) {
        fprintf(stderr, "ngcc-bench: %s\n", c.error);
        child_result_free(&c);
        return -1;
    }
    json_object_array_add(R->processes, process_json(role, slot, attempt, argv, &c, started));
    ngcc_confine_merge_names(R->scratch_left, sizeof R->scratch_left, c.scratch_left);

    out = c.exited ? json_tokener_parse(c.out) : NULL;
    if (out && trial_from_json(out, res) == 0 &&
        (c.code == 0) == (res->status == OUTCOME_OK)) {
        if (!R->instance && res->instance) {
            R->instance = json_object_get(res->instance);
            update_name(R);
        }
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

/* ---- begin: skeleton, library, host checks, counter, calibration ---- */

void measure_free(struct run *R)
{
    int i;
    if (!R)
        return;
    for (i = 0; i < R->natt; i++)
        trial_result_free(&R->att[i].r);
    trial_result_free(&R->cal);
    free(R->att);
    free(R->kept);
    free(R->outlier_reruns);
    free(R->disturbed_reruns);
    free(R->lib_arg);
    free(R->self_arg);
    json_object_put(R->instance);
    json_object_put(R->rec);
    json_object_put(R->processes);
    json_object_put(R->files);
    json_object_put(R->checks);
    json_object_put(R->counter_json);
    free(R);
}

int measure_begin(const struct measure_options *o, struct run **out)
{
    struct run *R = calloc(1, sizeof *R);
    char why[512], utc[32];
    char real_self[PATH_MAX];
    int slots = o->plan.trials > 0 ? o->plan.trials : 1;

    *out = NULL;
    if (!R)
        goto system;
    R->o = o;
    R->origin_s = o->origin_s > 0 ? o->origin_s : sys_now();
    R->status = OUTCOME_OK;
    R->rec = json_object_new_object();
    R->processes = json_object_new_array();
    R->files = json_object_new_array();
    R->cpu = o->cpu >= 0 ? o->cpu : hostcheck_default_cpu();
    R->kept = calloc((size_t)slots, sizeof *R->kept);
    R->outlier_reruns = calloc((size_t)slots, sizeof *R->outlier_reruns);
    R->disturbed_reruns = calloc((size_t)slots, sizeof *R->disturbed_reruns);
    if (!realpath(o->self_exe, real_self))
        snprintf(real_self, sizeof real_self, "%s", o->self_exe);
    R->self_arg = sys_relative_path(real_self, o->root);
    if (!R->kept || !R->outlier_reruns || !R->disturbed_reruns || !R->self_arg)
        goto system;
    update_name(R);
    why[0] = '\0';
    if (o->counter_given)
        R->counter = o->counter;
    else
        R->counter = counter_select(why, sizeof why);

    sys_utc_now(utc);
    rec_add_str(R->rec, "format", RECORD_FORMAT);
    json_object_object_add(R->rec, "format_version", json_object_new_int(RECORD_FORMAT_VERSION));
    rec_add_str(R->rec, "tool", NGCC_BENCH_TOOL);
    rec_add_str(R->rec, "status", "ok");
    rec_add_str(R->rec, "reason", "");
    rec_add_str(R->rec, "op", o->op);
    rec_add_str(R->rec, "started_utc", utc);
    json_object_object_add(R->rec, "command", rec_command(o->argc, o->argv));

    if (!timer_op_is_null(o->op)) {
        if (rec_library(R, R->files) == -2)
            goto system;
    } else {
        json_object_object_add(R->rec, "library", NULL);
    }
    if (!o->estimate_only) {
        R->checks = hostcheck_json(R->cpu, R->counter, NULL, &R->fixed_hz);
        if (o->host_file)
            rec_merge_host(R, R->checks);
    }
    R->disturbed_rule = counter_is_core_cycles(R->counter) && R->fixed_hz > 0;
    R->counter_json = rec_counter(R, why);

    /* Calibration: one call measures t1. */
    if (R->status == OUTCOME_OK && o->t1_given > 0) {
        plan_make(&o->plan, o->t1_given, &R->plan);
    } else if (R->status == OUTCOME_OK) {
        if (spawn(R, "calibration", 0, 0, 1, 0, o->timeout_s, &R->cal) != 0)
            goto system;
        R->setup_s = R->cal.setup_seconds;
        if (R->cal.status != OUTCOME_OK)
            run_fail(R, R->cal.status, R->cal.reason);
        else
            plan_make(&o->plan, R->cal.seconds, &R->plan);
    }
    *out = R;
    return EXIT_BENCH_OK;
system:
    if (!R || !R->self_arg || !R->kept)
        fprintf(stderr, "ngcc-bench: out of memory\n");
    measure_free(R);
    return EXIT_BENCH_SYSTEM;
}

int measure_ready(const struct run *R)
{
    return R->status == OUTCOME_OK && R->plan.iters > 0;
}

const struct plan *measure_plan(const struct run *R)
{
    return &R->plan;
}

double measure_setup_s(const struct run *R)
{
    return R->setup_s;
}

const char *measure_name(const struct run *R)
{
    return R->name;
}

/* ---- trials and rules ---- */

static double trial_mean(const struct attempt *a)
{
    return a->r.calls > 0 ? (double)a->r.ticks / (double)a->r.calls : 0.0;
}

double measure_trial_timeout(const struct run *R)
{
    /* Without a calibration process (--t1) the setup was not seen: dec's
     * is keygen, enc and dec, about 3 calls. */
    double setup = R->o->t1_given > 0 ? 3.0 * R->plan.t1_s : R->setup_s;
    double planned = setup + (double)(R->plan.warmups + R->plan.iters) * R->plan.t1_s;
    /* After the timed calls, the memory pass may take up to its own limit. */
    double pass = MEMORY_PASS_LIMIT_S + MEMORY_PASS_LIMIT_CALLS * R->plan.t1_s;
    return MEASURE_TRIAL_FACTOR * planned + MEASURE_TRIAL_MARGIN + pass;
}

/* May another rerun start?  Only while reruns, this one included, stay
 * within STATS_RERUN_SHARE of the record's planned time (so a noisy host
 * cannot stall a campaign), and not once the trials have taken twice the
 * operation's budget. */
static int rerun_allowed(struct run *R)
{
    double planned = plan_estimate(&R->plan, R->setup_s);
    double one = R->plan.trials > 0 ? planned / R->plan.trials : planned;
    if (R->rerun_stop[0])
        return 0;
    if (R->rerun_seconds + one > STATS_RERUN_SHARE * planned * (1 + 1e-9) + 1e-9) {
        snprintf(R->rerun_stop, sizeof R->rerun_stop,
                 "no more reruns: another would take reruns past %.0f %% of the planned %.3g s",
                 100.0 * STATS_RERUN_SHARE, planned);
        run_progress(R, "  %s%s%s", RERUN_WHO(R), R->rerun_stop);
        return 0;
    }
    if (R->trial_seconds > 2.0 * R->o->plan.op_budget_s) {
        snprintf(R->rerun_stop, sizeof R->rerun_stop,
                 "no more reruns: the trials took %.0f s, twice the operation budget", R->trial_seconds);
        run_progress(R, "  %s%s%s", RERUN_WHO(R), R->rerun_stop);
        return 0;
    }
    return 1;
}

/* One kept trial for SLOT (0-based), repeating disturbed attempts.
 * 0 kept, 1 failed (R->status set), -1 system error. */
static int run_slot(struct run *R, int slot)
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
        if (spawn(R, "trial", slot + 1, attempt, R->plan.iters, R->plan.warmups,
                  measure_trial_timeout(R), &a->r) != 0)
            return -1;
        R->natt++;
        R->trial_seconds += a->r.seconds;
        if (attempt > 1)
            R->rerun_seconds += a->r.seconds;
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
            run_progress(R, RERUN_FMT, RERUN_WHO(R), slot + 1, attempt, a->reason);
            continue;
        }
        i = (int)strlen(a->reason);
        snprintf(a->reason + i, sizeof a->reason - (size_t)i, "; kept: %s",
                 R->rerun_stop[0] ? "rerun time limit reached" : "no attempts left");
        return 0;
    }
}

int measure_attempts(const struct run *R)
{
    return R ? R->natt : 0;
}

int measure_slot(struct run *R, int slot)
{
    int r;
    if (!measure_ready(R) || slot < 0 || slot >= R->plan.trials)
        return 1;
    r = run_slot(R, slot);
    if (r == 0)
        R->slots_done++;
    return r;
}

/* The per-slot means of the kept trials into MEANS (plan.trials). */
static void kept_means(const struct run *R, double *means)
{
    int i;
    for (i = 0; i < R->plan.trials; i++)
        means[i] = trial_mean(&R->att[R->kept[i]]);
}

/* The outlier rule over the kept trials: the slot to run again, or -1. */
static int outlier_pick(const struct run *R, double *ratio)
{
    int pick;
    double *means = malloc((size_t)R->plan.trials * sizeof *means);
    if (!means)
        abort();
    kept_means(R, means);
    pick = stats_outlier_pick(means, R->outlier_reruns, R->plan.trials, STATS_OUTLIER_LIMIT,
                              STATS_OUTLIER_RERUNS, ratio);
    free(means);
    return pick;
}

int measure_wants_rerun(struct run *R)
{
    double ratio;
    if (!measure_ready(R) || R->slots_done < R->plan.trials)
        return 0;
    return outlier_pick(R, &ratio) >= 0 && rerun_allowed(R);
}

int measure_rerun(struct run *R)
{
    double ratio;
    int pick;
    struct attempt *a;
    if (!measure_ready(R) || R->slots_done < R->plan.trials)
        return 0;
    pick = outlier_pick(R, &ratio);
    if (pick < 0)
        return 0;
    a = &R->att[R->kept[pick]];
    a->state = REPLACED;
    snprintf(a->reason, sizeof a->reason,
             "outlier: %.1f %% above the median of the others", (ratio - 1) * 100);
    run_progress(R, RERUN_FMT, RERUN_WHO(R), a->slot, a->attempt, a->reason);
    R->outlier_reruns[pick]++;
    return run_slot(R, pick);
}

/* Outliers left standing: their slot had its reruns, or time ran out. */
static void mark_standing_outliers(struct run *R)
{
    int n = R->plan.trials, i;
    double *means = malloc((size_t)n * sizeof *means);
    if (!means)
        abort();
    kept_means(R, means);
    for (i = 0; i < n; i++) {
        struct attempt *a = &R->att[R->kept[i]];
        size_t used = strlen(a->reason);
        double ratio = stats_ratio_to_others(means, n, i);
        if (ratio > STATS_OUTLIER_LIMIT)
            R->noisy = 1;
        if (ratio > STATS_OUTLIER_LIMIT)
            snprintf(a->reason + used, sizeof a->reason - used,
                     "%soutlier: %.1f %% above the median of the others; kept: %s", used ? "; " : "",
                     (ratio - 1) * 100, R->rerun_stop[0] ? "rerun time limit reached" : "no reruns left");
    }
    free(means);
}

/* ---- finish ---- */

int measure_finish(struct run *R, json_object **record)
{
    const struct measure_options *o = R->o;
    json_object *env;
    char utc[32];
    unsigned long bytes;

    if (measure_ready(R) && R->slots_done == R->plan.trials)
        mark_standing_outliers(R);
    rec_instance(R);
    rec_inputs(R);
    json_object_object_add(R->rec, "plan", R->plan.iters > 0 ? rec_plan(R, &R->plan, R->setup_s, o->t1_given <= 0) : NULL);
    json_object_object_add(R->rec, "rules", rec_rules(R));
    env = environment_json(R->cpu);
    json_object_object_add(env, "checks", R->checks);
    json_object_object_add(env, "problems", hostcheck_problems(R->checks));
    R->checks = NULL;
    json_object_object_add(R->rec, "environment", env);
    json_object_object_add(R->rec, "processes", R->processes);
    R->processes = NULL;
    rec_numbers(R, R->counter_json, &R->plan);
    bytes = timer_op_is_null(o->op) ? 0 : throughput_message_bytes(
        R->instance ? record_get_string(R->instance, "type") : NULL, o->op);
    /* Only an op with a message has the key: a KEM record has none. */
    if (bytes > 0)
        json_object_object_add(R->rec, "throughput", throughput_json(R->rec, bytes));
    if (o->icount && !timer_op_is_null(o->op))
        json_object_object_add(R->rec, "instructions", R->status == OUTCOME_OK
            ? icount_record(R->self_arg, R->lib_arg, o->op, o->root, R->plan.t1_s, R->setup_s, o->mem_bytes) : NULL);
    json_object_object_add(R->rec, "counter", R->counter_json);
    R->counter_json = NULL;
    json_object_object_add(R->rec, "files", R->files);
    R->files = NULL;
    {
        struct ngcc_confinement conf;
        ngcc_confine_current(&conf);
        json_object_object_add(R->rec, "confinement", ngcc_confine_json(&conf, R->scratch_left));
    }
    rec_add_str(R->rec, "status", outcome_name(R->status));
    rec_add_str(R->rec, "reason", R->reason);
    sys_utc_now(utc);
    rec_add_str(R->rec, "finished_utc", utc);
    if (R->status != OUTCOME_OK)
        run_progress(R, "%s  %s: %s", R->name, outcome_name(R->status), R->reason);
    *record = R->rec;
    R->rec = NULL;
    return R->status == OUTCOME_OK ? EXIT_BENCH_OK : EXIT_BENCH_FAILED;
}

/* ---- one record, the phases in sequence ---- */

int measure_run(const struct measure_options *o, json_object **record, struct measure_estimate *est)
{
    struct run *R;
    int i, r, rc;

    *record = NULL;
    rc = measure_begin(o, &R);
    if (rc != EXIT_BENCH_OK)
        return rc;
    if (o->estimate_only) {
        if (R->status == OUTCOME_OK) {
            est->plan = R->plan;
            est->setup_s = R->setup_s;
            est->seconds = plan_estimate(&R->plan, R->setup_s);
            rc = EXIT_BENCH_OK;
        } else {
            fprintf(stderr, "ngcc-bench: %s: %s\n", outcome_name(R->status), R->reason);
            rc = EXIT_BENCH_FAILED;
        }
        measure_free(R);
        return rc;
    }
    if (measure_ready(R)) {
        run_progress(R, "%s  %d \xc3\x97 %ld  ~%.0f s", R->name, R->plan.trials, R->plan.iters,
                     plan_estimate(&R->plan, R->setup_s));
        for (i = 0, r = 0; i < R->plan.trials && r == 0; i++)
            r = measure_slot(R, i);
        while (r == 0 && measure_wants_rerun(R))
            r = measure_rerun(R);
        if (r < 0) {
            measure_free(R);
            return EXIT_BENCH_SYSTEM;
        }
    }
    rc = measure_finish(R, record);
    measure_free(R);
    return rc;
}
