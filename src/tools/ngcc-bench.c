/* ngcc-bench -- the measurement core of ngcc-perf: times one operation of
 * an instance library per record, following measurement.md.
 *
 *   ngcc-bench run --op OP --out RECORD.json [OPTION]... LIBRARY
 *   ngcc-bench run-many [OPTION]... --jobs FILE
 *   ngcc-bench null [OPTION]...
 *   ngcc-bench host [--cpu N] [--out FILE] ...
 *   ngcc-bench elf [--bytes] LIBRARY
 *   ngcc-bench check [--root DIR] DIR
 *   ngcc-bench trial ... (internal)
 *
 * This file: --help, --version and the dispatch; each command is in
 * ngcc-bench-COMMAND.c, the options of run, null and run-many in
 * ngcc-bench-options.c.  Part of ngcc-perf.  Formats: doc/evidence.md. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "confine.h"
#include "gnu_cli.h"
#include "icount.h"
#include "kind.h"
#include "outcome.h"
#include "ngcc-bench.h"

static void usage(FILE *f)
{
    int k, i;

    fprintf(f,
"Usage: " PROG " run --op OP --out RECORD.json [OPTION]... LIBRARY\n"
"       " PROG " run-many [OPTION]... --jobs FILE\n"
"       " PROG " null [OPTION]...\n"
"       " PROG " host [--cpu N] [--counter NAME] [--no-steady] [--strict] [--out FILE]\n"
"       " PROG " elf [--bytes] LIBRARY\n"
"       " PROG " check [--root DIR] SYSTEMDIR\n"
"       " PROG " get FILE PATH...\n"
"       " PROG " confinement [--cost N]\n"
"       " PROG " count [--op OP|all] [--calls N] [--root DIR] [--timeout S] [--out FILE] LIBRARY\n"
"       " PROG " trial --op OP --iters N --warmups N [--cpu N] [--counter NAME]\n"
"                  [--no-memory-pass] [LIBRARY]\n"
"       " PROG " --help | --version\n"
"\n"
"Time one operation of an NGCC instance library (measurement.md section 2)\n"
"and write its record: the library is loaded with dlopen in fresh trial\n"
"processes, one call calibrates the plan, every trial's raw numbers are kept.\n"
"\n"
"Commands:\n"
"  run     measure OP of LIBRARY and write RECORD.json atomically; an existing\n"
"          record that checks clean (same library SHA-256) is kept unless --force\n"
"  run-many  measure several records with their trials interleaved: trial 1 of\n"
"          every record, then trial 2 of every record, ..., then the outlier\n"
"          reruns in turn; each line of FILE is OP<TAB>OUT<TAB>LIBRARY[<TAB>T1]\n"
"          ('#' comments, blank lines; T1 as --t1, '-' none); each record is\n"
"          written when finished, complete ones are kept unless --force\n"
"  null    the same path with a do-nothing operation: the timer's own overhead\n"
"          per call; prints it, writes a record with --out\n"
"  host    host checks and environment as JSON (stdout or --out), including the\n"
"          ~1 s clock steadiness measurement: run it once per campaign\n"
"  elf     static bytes of LIBRARY (sum of p_memsz of its PT_LOAD segments) and\n"
"          its segments as JSON; --bytes prints the number alone\n"
"  check   check the evidence of a system (data/<system>): campaign.json and\n"
"          build.json (fields, ranges, listed files and their SHA-256), every\n"
"          record and profile recomputed, every planned one present; one line\n"
"          per problem, then a summary\n"
"  get     print the value at each dotted PATH of JSON FILE on a line of its\n"
"          own (stats.sum_seconds, environment.problems), for scripts\n"
"  count   instructions per call of OP (default: all of its kind) of LIBRARY:\n"
"          user-mode instructions of N calls (default 3) after one warm-up, from\n"
"          perf_event_open where the kernel counts them, else valgrind\n"
"          (callgrind, inside the API call only); printed, or as JSON with\n"
"          --out; exit 77 when neither exists (doc/robust.md)\n"
"  confinement  what the children that run candidate code are confined by\n"
"          (Landlock ABI, restrictions; exit 1 when unconfined); --cost N also\n"
"          times N plain and N confined children\n"
"  trial   (internal) one trial in this process; one JSON object on stdout\n"
"  count-child  (internal) the counted calls of count\n"
"\n");
    /* In parts: C99 promises string literals of 4095 bytes only. */
    fprintf(f, "Options of run and null:\n"
"  --op OP                the operation (run: required), one of its kind's:\n");
    for (k = 0; kinds[k]; k++) {
        fprintf(f, "                         ");
        for (i = 0; i < kinds[k]->nops; i++)
            fprintf(f, "%s%s", i ? "|" : "", kinds[k]->ops[i].name);
        fprintf(f, " (%s)\n", kinds[k]->title);
    }
    fprintf(f,
"  --out FILE             the record (run: required)\n"
"  --root DIR             the package root: paths in records are relative to it,\n"
"                         trial processes run there (default: .)\n"
"  --cpu N                pin trial processes to CPU N (default: the last allowed)\n"
"  --counter NAME         perf-cycles, tsc, cntvct or clock (default: the first\n"
"                         that works, in that order)\n"
"  --trial-target S       seconds per trial (default 1.0)\n"
"  --budget S             seconds per operation, all trials (default 900)\n"
"  --trials N             trials, each in a fresh process (default 5)\n"
"  --quick                trial target 0.01 s, budget 5 s, calibration limit\n"
"                         15 s (tests, CI)\n"
"  --t1 S                 use this calibration instead of measuring it\n"
"  --estimate             calibrate and plan only; print on stdout\n"
"                         'SECONDS T1 ITERS WARMUPS TRIALS' (no record)\n"
"  --timeout S            time limit of the calibration process (default 120,\n"
"                         --quick 15); a trial process gets 3 x its planned\n"
"                         time + 10 s (plan.trial_timeout_s)\n"
"  --mem-limit MIB        address-space limit of trial processes (default 4096;\n"
"                         0: none; at most 1073741824; off in sanitizer builds)\n"
"  --host FILE            take the clock steadiness check from this output of\n"
"                         '" PROG " host'\n"
"  --id ID, --label LABEL override the instance's own id and label\n"
"  --force                measure even if RECORD.json is complete\n"
"  --icount               count instructions per call too (as count; also with\n"
"                         NGCC_BENCH_ICOUNT=1): the record's \"instructions\"\n"
"  -q, --quiet            no progress on stderr\n"
"\n");
    fprintf(f,
"Options of run-many: those of run but --op, --out, --t1, --estimate, --id,\n"
"--label, and:\n"
"  --jobs FILE            the jobs (required)\n"
"  --progress             print 'progress DONE/TOTAL' on stderr after each trial\n"
"                         (TOTAL: jobs x trials; also with -q)\n"
"\n"
"Exit status:\n"
"  0  success (run: record written with status \"ok\", or a complete one kept;\n"
"     run-many: so for every job; check: no problem found)\n"
"  1  run, null: the operation failed, a record with another status was written\n"
"     (run-many: for at least one job; the other records are written too)\n"
"     (load-failed, setup-failed, op-failed, wrong-secret, overflow, crashed,\n"
"     timeout, counter-failed, bad-output); check: problems found, or no\n"
"     evidence; elf: not a\n"
"     readable ELF file; host --strict: a host problem found; get: a PATH\n"
"     that FILE does not have\n"
"  2  usage error (bad option or argument, a counter that does not work here)\n"
"  3  system error (a file could not be written, a process not started;\n"
"     run-many: for at least one job, whose record is missing)\n"
"\n");
    gnu_cli_bug_lines(f);
}

int main(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : NULL;
    cli_set_program(PROG);
    if (!cmd)
        cli_die(EXIT_BENCH_USAGE, "no command given (try '" PROG " --help')");
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return gnu_cli_stdout_status(PROG, EXIT_BENCH_OK, EXIT_BENCH_SYSTEM);
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        gnu_cli_version(PROG);
        return gnu_cli_stdout_status(PROG, EXIT_BENCH_OK, EXIT_BENCH_SYSTEM);
    }
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 1, argv + 1, 0);
    if (strcmp(cmd, "null") == 0)
        return cmd_run(argc - 1, argv + 1, 1);
    if (strcmp(cmd, "run-many") == 0)
        return cmd_run_many(argc - 1, argv + 1);
    if (strcmp(cmd, "trial") == 0)
        return cmd_trial(argc - 1, argv + 1);
    if (strcmp(cmd, "count") == 0)
        return icount_main(argc - 1, argv + 1);
    if (strcmp(cmd, "count-child") == 0)
        return icount_child_main(argc - 1, argv + 1);
    if (strcmp(cmd, "host") == 0)
        return cmd_host(argc - 1, argv + 1);
    if (strcmp(cmd, "elf") == 0)
        return cmd_elf(argc - 1, argv + 1);
    if (strcmp(cmd, "check") == 0)
        return cmd_check(argc - 1, argv + 1);
    if (strcmp(cmd, "get") == 0)
        return cmd_get(argc - 1, argv + 1);
    if (strcmp(cmd, "confinement") == 0)
        return ngcc_confine_main(argc - 1, argv + 1);
    cli_die(EXIT_BENCH_USAGE, "unknown command '%s' (try '" PROG " --help')", cmd);
}
