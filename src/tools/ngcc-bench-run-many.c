/* ngcc-bench-run-many.c -- ngcc-bench run-many: the records of a jobs
 * file, their trials interleaved, each written when finished.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "jobs.h"
#include "measure.h"
#include "outcome.h"
#include "plan.h"
#include "record.h"
#include "sysfile.h"
#include "ngcc-bench.h"

/* ---- run-many ---- */

/* One job of run-many: its options (with its own command line for the
 * record) and its measurement while it lasts. */
struct many_job {
    struct measure_options o;
    char **argv;         /* run-many's argv, "#", "JOBS:LINE", the job's fields */
    char *where;         /* "JOBS:LINE" */
    char *fields;        /* the job line, split at its tabs */
    struct run *R;
    int active;          /* being measured */
};

/* The record's command: run-many as given, then "#" and the job (a shell
 * reads the rest as a comment: the command runs as it stands). */
static int many_command(struct many_job *m, const struct measure_options *base, const char *jobs,
                        const struct job *j)
{
    int n = base->argc, k = 0, i;
    size_t len = strlen(j->text);
    char *p;
    m->where = malloc(strlen(jobs) + 24);
    m->fields = strdup(j->text);
    m->argv = calloc((size_t)n + 8, sizeof *m->argv);
    if (!m->where || !m->fields || !m->argv)
        return -1;
    sprintf(m->where, "%s:%d", jobs, j->line);
    for (i = 0; i < n; i++)
        m->argv[k++] = base->argv[i];
    m->argv[k++] = "#";
    m->argv[k++] = m->where;
    m->argv[k++] = m->fields;
    for (p = m->fields; p < m->fields + len && k < n + 7; p++)
        if (*p == '\t') {
            *p = '\0';
            m->argv[k++] = p + 1;
        }
    m->o.argc = k;
    m->o.argv = m->argv;
    return 0;
}

/* Finish job M's record and write it.  Updates the exit code *CODE. */
static void many_finish(struct many_job *m, const char *out, int *code)
{
    json_object *rec = NULL;
    int rc = measure_finish(m->R, &rec);
    if (record_write(out, rec) != 0) {
        fprintf(stderr, PROG ": %s: cannot write: %s\n", out, strerror(errno));
        *code = EXIT_BENCH_SYSTEM;
    } else if (rc != EXIT_BENCH_OK && *code == EXIT_BENCH_OK) {
        *code = EXIT_BENCH_FAILED;
    }
    json_object_put(rec);
    measure_free(m->R);
    m->R = NULL;
    m->active = 0;
}

static void many_progress(const struct run_cli *a, long done, long total)
{
    if (a->progress) {
        fprintf(stderr, "progress %ld/%ld\n", done, total);
        fflush(stderr);
    }
}

int cmd_run_many(int argc, char **argv)
{
    struct run_cli a;
    struct job_list list;
    struct many_job *m;
    struct sched_item *items;
    char err[512];
    int i, r, code = EXIT_BENCH_OK, slots, last = -1, pass = 0, measured = 0, rerun_phase = 0;
    long done = 0, total;
    double origin = sys_now(), estimate = 0;

    parse_run_options(argc, argv, CMD_MANY, &a);
    if (!a.jobs)
        cli_die(EXIT_BENCH_USAGE, "run-many: --jobs FILE is required (try '" PROG " --help')");
    if (optind != argc)
        cli_die(EXIT_BENCH_USAGE, "run-many: no LIBRARY is taken: the jobs file names them");
    if (access(a.o.root, X_OK) != 0)
        cli_die(EXIT_BENCH_USAGE, "--root: %s: %s", a.o.root, strerror(errno));
    r = jobs_load(a.jobs, &list, err, sizeof err);
    if (r == -2)
        cli_die(EXIT_BENCH_SYSTEM, "%s: out of memory", a.jobs);
    if (r != 0)
        cli_die(EXIT_BENCH_USAGE, "%s%s%s", a.jobs, r == -1 ? ":" : ": ", err);
    if (list.n == 0)
        cli_die(EXIT_BENCH_USAGE, "%s: no jobs", a.jobs);
    slots = a.o.plan.trials;
    total = (long)list.n * slots;
    m = calloc((size_t)list.n, sizeof *m);
    items = calloc((size_t)list.n, sizeof *items);
    if (!m || !items)
        cli_die(EXIT_BENCH_SYSTEM, "out of memory");

    /* Begin every job: keep the complete records, calibrate the others. */
    for (i = 0; i < list.n; i++) {
        const struct job *j = &list.jobs[i];
        struct many_job *mj = &m[i];
        int kept_code;
        mj->o = a.o;
        mj->o.op = j->op;
        mj->o.library = j->library;
        mj->o.record_path = j->out;
        mj->o.t1_given = j->t1_s;
        mj->o.interleaved = 1;
        mj->o.origin_s = origin;
        items[i].slots = slots;
        if (many_command(mj, &a.o, a.jobs, j) != 0)
            cli_die(EXIT_BENCH_SYSTEM, "out of memory");
        if (!a.force && existing_record_ok(j->out, &mj->o, &kept_code)) {
            if (kept_code != EXIT_BENCH_OK && code == EXIT_BENCH_OK)
                code = EXIT_BENCH_FAILED;
            done += slots;
            continue;
        }
        if (measure_begin(&mj->o, &mj->R) != EXIT_BENCH_OK) {
            fprintf(stderr, PROG ": %s: %s: no record\n", mj->where, j->out);
            code = EXIT_BENCH_SYSTEM;
            done += slots;
            continue;
        }
        if (!measure_ready(mj->R)) {
            many_finish(mj, j->out, &code);
            done += slots;
            continue;
        }
        mj->active = items[i].active = 1;
        measured++;
        estimate += plan_estimate(measure_plan(mj->R), measure_setup_s(mj->R));
        if (!a.o.quiet)
            fprintf(stderr, "plan  %s  %d \xc3\x97 %ld  ~%.0f s\n", measure_name(mj->R),
                    measure_plan(mj->R)->trials, measure_plan(mj->R)->iters,
                    plan_estimate(measure_plan(mj->R), measure_setup_s(mj->R)));
    }
    if (!a.o.quiet && measured > 0)
        fprintf(stderr, "%d record%s, %d trials each, interleaved  ~%.0f s\n", measured,
                measured == 1 ? "" : "s", slots, estimate);
    many_progress(&a, done, total);

    /* Slot passes, then outlier reruns round-robin; each record is written
     * as soon as it is finished. */
    for (;;) {
        enum sched_step step;
        int j, slot, slots_left = 0, before;
        for (i = 0; i < list.n; i++)
            if (items[i].active && items[i].slots_done < items[i].slots)
                slots_left = 1;
        if (!slots_left) {
            for (i = 0; i < list.n; i++) {
                if (!items[i].active)
                    continue;
                items[i].wants_rerun = measure_wants_rerun(m[i].R);
                if (!items[i].wants_rerun) {
                    many_finish(&m[i], list.jobs[i].out, &code);
                    items[i].active = 0;
                }
            }
        }
        step = sched_next(items, list.n, last, &j, &slot);
        if (step == SCHED_DONE)
            break;
        if (step == SCHED_SLOT) {
            if (slot + 1 > pass && !a.o.quiet) {
                int k, count = 0;
                for (k = 0; k < list.n; k++)
                    count += items[k].active && items[k].slots_done == slot;
                fprintf(stderr, "pass %d/%d  %d record%s\n", slot + 1, slots, count, count == 1 ? "" : "s");
            }
            if (slot + 1 > pass)
                pass = slot + 1;
            before = measure_attempts(m[j].R);
            r = measure_slot(m[j].R, slot);
            /* A disturbed trial run again is one more trial, shown as such. */
            if (measure_attempts(m[j].R) - before > 1) {
                total += measure_attempts(m[j].R) - before - 1;
                done += measure_attempts(m[j].R) - before - 1;
            }
            if (r == 0) {
                items[j].slots_done++;
                done++;
            }
        } else {
            if (!rerun_phase && !a.o.quiet) {
                int k, count = 0;
                for (k = 0; k < list.n; k++)
                    count += items[k].active && items[k].wants_rerun;
                fprintf(stderr, "outlier reruns  %d record%s\n", count, count == 1 ? "" : "s");
            }
            rerun_phase = 1;
            last = j;
            r = measure_rerun(m[j].R);
            total++;    /* a rerun is one more trial, shown as such */
            done++;
        }
        if (r != 0) {
            done += items[j].slots - items[j].slots_done;
            if (r > 0) {
                many_finish(&m[j], list.jobs[j].out, &code);
            } else {
                fprintf(stderr, PROG ": %s: %s: no record\n", m[j].where, list.jobs[j].out);
                measure_free(m[j].R);
                m[j].R = NULL;
                m[j].active = 0;
                code = EXIT_BENCH_SYSTEM;
            }
            items[j].active = 0;
        }
        many_progress(&a, done, total);
    }

    for (i = 0; i < list.n; i++) {
        measure_free(m[i].R);
        free(m[i].argv);
        free(m[i].where);
        free(m[i].fields);
    }
    free(m);
    free(items);
    jobs_free(&list);
    return code;
}
