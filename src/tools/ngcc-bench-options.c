/* ngcc-bench-options.c -- what several ngcc-bench commands share: the
 * options of run, null and run-many (one table), --counter's argument, a
 * JSON document to a file or stdout, and keeping a complete record.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "counter.h"
#include "icount.h"
#include "measure.h"
#include "outcome.h"
#include "plan.h"
#include "record.h"
#include "verify.h"
#include "ngcc-bench.h"

enum counter_kind counter_arg(const char *s)
{
    enum counter_kind k;
    char why[256];
    if (counter_from_name(s, &k) != 0)
        cli_die(EXIT_BENCH_USAGE, "--counter: unknown counter '%s' (perf-cycles, tsc, cntvct, clock)", s);
    if (counter_probe(k, why, sizeof why) != 0)
        cli_die(EXIT_BENCH_USAGE, "--counter %s does not work here: %s", s, why);
    return k;
}

void write_json(const char *out, json_object *obj)
{
    if (out) {
        if (record_write(out, obj) != 0)
            cli_die(EXIT_BENCH_SYSTEM, "%s: cannot write: %s", out, strerror(errno));
    } else {
        puts(json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
                                                 JSON_C_TO_STRING_NOSLASHESCAPE));
        if (fflush(stdout) != 0)
            cli_die(EXIT_BENCH_SYSTEM, "cannot write to stdout: %s", strerror(errno));
    }
}

int existing_record_ok(const char *out, const struct measure_options *o, int *code)
{
    enum outcome oc;
    if (!verify_existing(out, o->op, o->root, verify_record, &oc))
        return 0;
    if (!o->quiet)
        fprintf(stderr, PROG ": %s: complete record (status %s) kept; --force measures again\n",
                out, outcome_name(oc));
    *code = oc == OUTCOME_OK ? EXIT_BENCH_OK : EXIT_BENCH_FAILED;
    return 1;
}

static const char *const run_cmd_names[] = { "run", "null", "run-many" };

/* The options of run, null and run-many (one table: the same spelling and
 * checks for all three); those that do not belong to CMD are usage errors.
 * Leaves optind at the first operand. */
void parse_run_options(int argc, char **argv, enum run_cmd cmd, struct run_cli *a)
{
    enum {
        O_OP = 256, O_OUT, O_ROOT, O_CPU, O_COUNTER, O_TARGET, O_BUDGET, O_TRIALS, O_QUICK,
        O_T1, O_ESTIMATE, O_TIMEOUT, O_MEM, O_HOST, O_ID, O_LABEL, O_FORCE, O_JOBS, O_PROGRESS,
        O_ICOUNT
    };
    static const struct option longopts[] = {
        { "op", required_argument, NULL, O_OP },
        { "out", required_argument, NULL, O_OUT },
        { "root", required_argument, NULL, O_ROOT },
        { "cpu", required_argument, NULL, O_CPU },
        { "counter", required_argument, NULL, O_COUNTER },
        { "trial-target", required_argument, NULL, O_TARGET },
        { "budget", required_argument, NULL, O_BUDGET },
        { "trials", required_argument, NULL, O_TRIALS },
        { "quick", no_argument, NULL, O_QUICK },
        { "t1", required_argument, NULL, O_T1 },
        { "estimate", no_argument, NULL, O_ESTIMATE },
        { "timeout", required_argument, NULL, O_TIMEOUT },
        { "mem-limit", required_argument, NULL, O_MEM },
        { "host", required_argument, NULL, O_HOST },
        { "id", required_argument, NULL, O_ID },
        { "label", required_argument, NULL, O_LABEL },
        { "force", no_argument, NULL, O_FORCE },
        { "jobs", required_argument, NULL, O_JOBS },
        { "progress", no_argument, NULL, O_PROGRESS },
        { "icount", no_argument, NULL, O_ICOUNT },
        { "quiet", no_argument, NULL, 'q' },
        { NULL, 0, NULL, 0 }
    };
    const char *name = run_cmd_names[cmd];
    struct measure_options *o = &a->o;
    int c, idx, target_set = 0, budget_set = 0, timeout_set = 0;

    memset(a, 0, sizeof *a);
    o->cpu = -1;
    o->root = ".";
    o->plan.trial_target_s = PLAN_DEFAULT_TARGET;
    o->plan.op_budget_s = PLAN_DEFAULT_BUDGET;
    o->plan.trials = PLAN_DEFAULT_TRIALS;
    o->timeout_s = MEASURE_DEFAULT_TIMEOUT;
    o->mem_bytes = MEASURE_DEFAULT_MEM_MIB << 20;
    o->self_exe = "/proc/self/exe";
    o->icount = getenv(ICOUNT_ENV) && strcmp(getenv(ICOUNT_ENV), "1") == 0;
    o->argc = argc + 1;
    o->argv = argv - 1; /* include the program name */
    o->op = cmd == CMD_NULL ? TIMER_OP_NULL : kinds[0]->ops[0].name;
    while ((c = getopt_long(argc, argv, ":q", longopts, &idx)) != -1) {
        /* Options of one command only. */
        if ((cmd == CMD_NULL && c == O_OP) ||
            (cmd == CMD_MANY && (c == O_OP || c == O_OUT || c == O_T1 || c == O_ESTIMATE ||
                                 c == O_ID || c == O_LABEL)) ||
            (cmd != CMD_MANY && (c == O_JOBS || c == O_PROGRESS)))
            cli_die(EXIT_BENCH_USAGE, "%s: --%s is not an option here%s", name, longopts[idx].name,
                cmd == CMD_MANY ? " (the jobs file gives it)" : "");
        switch (c) {
        case O_OP:
            if (!(o->op = timer_op_find(optarg)) || timer_op_is_null(o->op))
                cli_die(EXIT_BENCH_USAGE, "--op: unknown operation '%s' (%s)", optarg, timer_op_list());
            a->have_op = 1;
            break;
        case O_OUT: a->out = optarg; break;
        case O_ROOT: o->root = optarg; break;
        case O_CPU: o->cpu = cli_cpu_arg(optarg); break;
        case O_COUNTER: o->counter = counter_arg(optarg); o->counter_given = 1; break;
        case O_TARGET: o->plan.trial_target_s = cli_num_arg("--trial-target", optarg, 1e-6, CLI_MAX_SECONDS); target_set = 1; break;
        case O_BUDGET: o->plan.op_budget_s = cli_num_arg("--budget", optarg, 1e-6, CLI_MAX_SECONDS); budget_set = 1; break;
        case O_TRIALS: o->plan.trials = (int)cli_int_arg("--trials", optarg, 1, 1000); break;
        case O_QUICK: o->quick = 1; break;
        case O_T1: o->t1_given = cli_num_arg("--t1", optarg, 1e-12, CLI_MAX_SECONDS); break;
        case O_ESTIMATE: o->estimate_only = 1; break;
        case O_TIMEOUT: o->timeout_s = cli_num_arg("--timeout", optarg, 0.001, CLI_MAX_SECONDS); timeout_set = 1; break;
        case O_MEM: o->mem_bytes = cli_mib_arg("--mem-limit", optarg); break;
        case O_ICOUNT: o->icount = 1; break;
        case O_HOST: o->host_file = optarg; break;
        case O_ID: o->id = optarg; break;
        case O_LABEL: o->label = optarg; break;
        case O_FORCE: a->force = 1; break;
        case O_JOBS: a->jobs = optarg; break;
        case O_PROGRESS: a->progress = 1; break;
        case 'q': o->quiet = 1; break;
        default: cli_bad_option(name, argv, c);
        }
    }
    if (cmd == CMD_RUN && !a->have_op)
        cli_die(EXIT_BENCH_USAGE, "run: --op is required (try '" PROG " --help')");
    if (o->quick) {
        if (!timeout_set)
            o->timeout_s = MEASURE_QUICK_TIMEOUT;
        if (!target_set)
            o->plan.trial_target_s = PLAN_QUICK_TARGET;
        if (!budget_set)
            o->plan.op_budget_s = PLAN_QUICK_BUDGET;
    }
#if defined(__SANITIZE_ADDRESS__)
    o->mem_bytes = 0; /* ASan reserves terabytes of address space */
#endif
}
