/* ngcc-bench-run.c -- ngcc-bench run and null: one record of one
 * operation (null: the timer's own overhead).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "measure.h"
#include "outcome.h"
#include "record.h"
#include "ngcc-bench.h"

/* ---- run and null ---- */

int cmd_run(int argc, char **argv, int null_op)
{
    struct run_cli a;
    struct measure_options *o = &a.o;
    struct measure_estimate est;
    int code;
    json_object *rec = NULL;

    parse_run_options(argc, argv, null_op ? CMD_NULL : CMD_RUN, &a);
    if (null_op && optind != argc)
        cli_die(EXIT_BENCH_USAGE, "null: no LIBRARY is taken");
    if (!null_op && optind + 1 != argc)
        cli_die(EXIT_BENCH_USAGE, "run: one LIBRARY is required");
    if (!null_op && !a.out && !o->estimate_only)
        cli_die(EXIT_BENCH_USAGE, "run: --out is required");
    if (access(o->root, X_OK) != 0)
        cli_die(EXIT_BENCH_USAGE, "--root: %s: %s", o->root, strerror(errno));
    o->library = null_op ? NULL : argv[optind];
    o->record_path = a.out;

    if (a.out && !a.force && !o->estimate_only && existing_record_ok(a.out, o, &code))
        return code;

    code = measure_run(o, &rec, &est);
    if (o->estimate_only) {
        if (code == EXIT_BENCH_OK)
            printf("%.3f %.9g %ld %d %d\n", est.seconds, est.plan.t1_s, est.plan.iters,
                   est.plan.warmups, est.plan.trials);
        return code;
    }
    if (!rec)
        return code;
    if (a.out)
        write_json(a.out, rec);
    if (null_op) {
        double mt, ms;
        const char *unit = record_get_string(rec, "counter.unit");
        if (record_get_double(rec, "stats.mean_ticks", &mt) == 0 &&
            record_get_double(rec, "stats.mean_seconds", &ms) == 0)
            printf("null: %.3g %s per call, %.3g ns per call\n", mt, unit ? unit : "ticks", ms * 1e9);
    }
    json_object_put(rec);
    return code;
}
