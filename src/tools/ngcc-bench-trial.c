/* ngcc-bench-trial.c -- ngcc-bench trial (internal): one trial in this
 * process, its result as one JSON object on stdout.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "counter.h"
#include "outcome.h"
#include "trial.h"
#include "ngcc-bench.h"

/* ---- trial (internal) ---- */

int cmd_trial(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "op", required_argument, NULL, 'o' },
        { "iters", required_argument, NULL, 'i' },
        { "warmups", required_argument, NULL, 'w' },
        { "cpu", required_argument, NULL, 'c' },
        { "counter", required_argument, NULL, 'k' },
        { "no-memory-pass", no_argument, NULL, 'm' },
        { NULL, 0, NULL, 0 }
    };
    struct trial_request rq;
    struct trial_result res;
    json_object *obj;
    char why[256];
    int c, have_op = 0, out_fd;
    FILE *out;

    memset(&rq, 0, sizeof rq);
    rq.iters = 1;
    rq.cpu = -1;
    rq.counter = counter_select(why, sizeof why);
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case 'o':
            if (!(rq.op = timer_op_find(optarg)))
                cli_die(EXIT_BENCH_USAGE, "--op: unknown operation '%s'", optarg);
            have_op = 1;
            break;
        case 'i': rq.iters = cli_int_arg("--iters", optarg, 1, LONG_MAX); break;
        case 'w': rq.warmups = (int)cli_int_arg("--warmups", optarg, 0, INT_MAX); break;
        case 'c': rq.cpu = cli_cpu_arg(optarg); break;
        case 'k': rq.counter = counter_arg(optarg); break;
        case 'm': rq.no_memory_pass = 1; break;
        default: cli_bad_option("trial", argv, c);
        }
    }
    if (!have_op)
        cli_die(EXIT_BENCH_USAGE, "trial: --op is required");
    if (!timer_op_is_null(rq.op) && optind + 1 != argc)
        cli_die(EXIT_BENCH_USAGE, "trial: one LIBRARY is required");
    if (timer_op_is_null(rq.op) && optind != argc)
        cli_die(EXIT_BENCH_USAGE, "trial: the null operation takes no LIBRARY");
    rq.library = timer_op_is_null(rq.op) ? NULL : argv[optind];

    /* Our result goes to the real stdout; whatever the candidate prints
     * goes to stderr. */
    fflush(stdout);
    out_fd = dup(1);
    if (out_fd < 0 || dup2(2, 1) < 0 || !(out = fdopen(out_fd, "w")))
        cli_die(EXIT_BENCH_SYSTEM, "cannot set up stdout: %s", strerror(errno));

    trial_run(&rq, &res);
    obj = trial_to_json(&rq, &res);
    fputs(json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE), out);
    fputc('\n', out);
    json_object_put(obj);
    if (fclose(out) != 0)
        cli_die(EXIT_BENCH_SYSTEM, "cannot write the result: %s", strerror(errno));
    return res.status == OUTCOME_OK ? EXIT_BENCH_OK : EXIT_BENCH_FAILED;
}
