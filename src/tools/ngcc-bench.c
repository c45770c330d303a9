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
 * Part of ngcc-perf.  Formats: doc/evidence.md. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <float.h>
#include <getopt.h>
#include <limits.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "confine.h"
#include "counter.h"
#include "elfsize.h"
#include "environment.h"
#include "hostcheck.h"
#include "jobs.h"
#include "measure.h"
#include "outcome.h"
#include "plan.h"
#include "query.h"
#include "record.h"
#include "sysfile.h"
#include "icount.h"
#include "trial.h"
#include "verify.h"
#include "verify_system.h"
#include "gnu_cli.h"

#define PROG "ngcc-bench"

static void usage(FILE *f)
{
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
"  count   instructions per call of OP (default: all three) of LIBRARY: user-mode\n"
"          instructions of N calls (default 3) after one warm-up, from\n"
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
    fprintf(f,
"Options of run and null:\n"
"  --op keygen|enc|dec    the operation (run: required)\n"
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

static enum counter_kind counter_arg(const char *s)
{
    enum counter_kind k;
    char why[256];
    if (counter_from_name(s, &k) != 0)
        cli_die(EXIT_BENCH_USAGE, "--counter: unknown counter '%s' (perf-cycles, tsc, cntvct, clock)", s);
    if (counter_probe(k, why, sizeof why) != 0)
        cli_die(EXIT_BENCH_USAGE, "--counter %s does not work here: %s", s, why);
    return k;
}

static void write_json(const char *out, json_object *obj)
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

/* ---- trial (internal) ---- */

static int cmd_trial(int argc, char **argv)
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
            if (op_from_name(optarg, &rq.op) != 0)
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
    if (rq.op != OP_NULL && optind + 1 != argc)
        cli_die(EXIT_BENCH_USAGE, "trial: one LIBRARY is required");
    if (rq.op == OP_NULL && optind != argc)
        cli_die(EXIT_BENCH_USAGE, "trial: the null operation takes no LIBRARY");
    rq.library = rq.op == OP_NULL ? NULL : argv[optind];

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

/* ---- run and null ---- */

static int existing_record_ok(const char *out, const struct measure_options *o, int *code)
{
    enum outcome oc;
    if (!verify_existing(out, op_name(o->op), o->root, verify_record, &oc))
        return 0;
    if (!o->quiet)
        fprintf(stderr, PROG ": %s: complete record (status %s) kept; --force measures again\n",
                out, outcome_name(oc));
    *code = oc == OUTCOME_OK ? EXIT_BENCH_OK : EXIT_BENCH_FAILED;
    return 1;
}

enum run_cmd { CMD_RUN, CMD_NULL, CMD_MANY };
static const char *const run_cmd_names[] = { "run", "null", "run-many" };

struct run_cli {
    struct measure_options o;
    const char *out;         /* run, null */
    const char *jobs;        /* run-many */
    int have_op;
    int force;
    int progress;            /* run-many: "progress DONE/TOTAL" lines */
};

/* The options of run, null and run-many (one table: the same spelling and
 * checks for all three); those that do not belong to CMD are usage errors.
 * Leaves optind at the first operand. */
static void parse_run_options(int argc, char **argv, enum run_cmd cmd, struct run_cli *a)
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
    o->op = cmd == CMD_NULL ? OP_NULL : OP_KEYGEN;
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
            if (op_from_name(optarg, &o->op) != 0 || o->op == OP_NULL)
                cli_die(EXIT_BENCH_USAGE, "--op: unknown operation '%s' (keygen, enc, dec)", optarg);
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

static int cmd_run(int argc, char **argv, int null_op)
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

static int cmd_run_many(int argc, char **argv)
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

/* ---- host ---- */

static int cmd_host(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "cpu", required_argument, NULL, 'c' },
        { "counter", required_argument, NULL, 'k' },
        { "out", required_argument, NULL, 'o' },
        { "no-steady", no_argument, NULL, 'n' },
        { "strict", no_argument, NULL, 's' },
        { NULL, 0, NULL, 0 }
    };
    int c, cpu = -1, steady = 1, strict = 0, given = 0;
    enum counter_kind kind = COUNTER_CLOCK;
    const char *out = NULL;
    char why[512] = "", utc[32], err[256];
    struct steadiness st;
    struct counter k;
    json_object *host, *env, *checks, *cj, *problems, *sj = NULL;
    double fixed = 0;
    cpu_set_t set;

    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case 'c': cpu = cli_cpu_arg(optarg); break;
        case 'k': kind = counter_arg(optarg); given = 1; break;
        case 'o': out = optarg; break;
        case 'n': steady = 0; break;
        case 's': strict = 1; break;
        default: cli_bad_option("host", argv, c);
        }
    }
    if (optind != argc)
        cli_die(EXIT_BENCH_USAGE, "host: no arguments are taken");
    if (!given)
        kind = counter_select(why, sizeof why);
    if (cpu < 0)
        cpu = hostcheck_default_cpu();
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0)
        fprintf(stderr, PROG ": cannot pin to CPU %d: %s\n", cpu, strerror(errno));
    if (counter_open(&k, kind, err, sizeof err) != 0)
        cli_die(EXIT_BENCH_USAGE, "counter %s: %s", counter_name(kind), err);
    if (steady)
        hostcheck_steadiness(&k, &st);

    host = json_object_new_object();
    sys_utc_now(utc);
    json_object_object_add(host, "format", json_object_new_string(HOST_FORMAT));
    json_object_object_add(host, "format_version", json_object_new_int(RECORD_FORMAT_VERSION));
    json_object_object_add(host, "tool", json_object_new_string(NGCC_BENCH_TOOL));
    json_object_object_add(host, "time_utc", json_object_new_string(utc));
    json_object_object_add(host, "cpu", json_object_new_int(cpu));
    checks = hostcheck_json(cpu, kind, steady ? &st : NULL, &fixed);
    json_object_object_add(host, "fixed_clock_hz", fixed > 0 ? record_double(fixed) : NULL);

    cj = json_object_new_object();
    json_object_object_add(cj, "name", json_object_new_string(counter_name(kind)));
    json_object_object_add(cj, "unit", json_object_new_string(counter_unit(kind)));
    json_object_object_add(cj, "core_cycles", json_object_new_boolean(counter_is_core_cycles(kind)));
    {
        double hz = counter_nominal_hz(kind);
        if (!(hz > 0) && kind == COUNTER_PERF)
            hz = fixed;
        if (!(hz > 0) && kind == COUNTER_TSC && steady)
            hz = st.counter_hz;
        json_object_object_add(cj, "frequency_hz", hz > 0 ? record_double(hz) : NULL);
    }
    json_object_object_add(cj, "read_overhead_ticks", record_double(counter_read_overhead(&k)));
    json_object_object_add(cj, "fallback_reason", why[0] ? json_object_new_string(why) : NULL);
    json_object_object_add(host, "counter", cj);
    counter_close(&k);

    if (steady) {
        sj = json_object_new_object();
        json_object_object_add(sj, "windows", json_object_new_int(STEADY_WINDOWS));
        json_object_object_add(sj, "window_s", record_double(STEADY_WINDOW_S));
        json_object_object_add(sj, "rate_unit", json_object_new_string(
            counter_is_core_cycles(kind) ? "ticks per second" : "loop steps per tick"));
        json_object_object_add(sj, "rate_median", record_double(st.rate_median));
        json_object_object_add(sj, "iqr", record_double(st.iqr));
        json_object_object_add(sj, "counter_hz", record_double(st.counter_hz));
    }
    json_object_object_add(host, "steadiness", sj);

    env = environment_json(cpu);
    problems = hostcheck_problems(checks);
    json_object_object_add(env, "checks", checks);
    json_object_object_add(env, "problems", problems);
    json_object_object_add(host, "environment", env);
    write_json(out, host);
    c = strict && json_object_array_length(problems) > 0 ? EXIT_BENCH_FAILED : EXIT_BENCH_OK;
    json_object_put(host);
    return c;
}

/* ---- elf ---- */

static int cmd_elf(int argc, char **argv)
{
    struct elf_info info;
    char err[256];
    json_object *o, *segs;
    size_t i;
    int bytes = 0;
    if (argc >= 2 && strcmp(argv[1], "--bytes") == 0) {
        bytes = 1;
        argc--;
        argv++;
    }
    if (argc != 2 || argv[1][0] == '-')
        cli_die(EXIT_BENCH_USAGE, "elf: one LIBRARY is required");
    if (elf_parse_file(argv[1], &info, err, sizeof err) != 0)
        cli_die(EXIT_BENCH_FAILED, "%s: %s", argv[1], err);
    if (bytes) {
        printf("%llu\n", (unsigned long long)info.static_bytes);
        elf_info_free(&info);
        return EXIT_BENCH_OK;
    }
    o = json_object_new_object();
    segs = json_object_new_array();
    json_object_object_add(o, "path", json_object_new_string(argv[1]));
    json_object_object_add(o, "elf_class", json_object_new_int(info.bits));
    json_object_object_add(o, "type", json_object_new_int(info.type));
    json_object_object_add(o, "machine", json_object_new_int(info.machine));
    json_object_object_add(o, "static_bytes", json_object_new_int64((int64_t)info.static_bytes));
    for (i = 0; i < info.nload; i++) {
        json_object *s = json_object_new_object();
        json_object_object_add(s, "offset", json_object_new_int64((int64_t)info.load[i].offset));
        json_object_object_add(s, "vaddr", json_object_new_int64((int64_t)info.load[i].vaddr));
        json_object_object_add(s, "filesz", json_object_new_int64((int64_t)info.load[i].filesz));
        json_object_object_add(s, "memsz", json_object_new_int64((int64_t)info.load[i].memsz));
        json_object_object_add(s, "flags", json_object_new_int((int)info.load[i].flags));
        json_object_array_add(segs, s);
    }
    json_object_object_add(o, "segments", segs);
    write_json(NULL, o);
    json_object_put(o);
    elf_info_free(&info);
    return EXIT_BENCH_OK;
}

/* ---- check ---- */

static int cmd_check(int argc, char **argv)
{
    const char *root = ".", *dir = NULL;
    struct verify_summary sum;
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--root") == 0 && i + 1 < argc)
            root = argv[++i];
        else if (strncmp(argv[i], "--root=", 7) == 0)
            root = argv[i] + 7;
        else if (argv[i][0] == '-' || dir)
            cli_die(EXIT_BENCH_USAGE, "check: usage: " PROG " check [--root DIR] SYSTEMDIR");
        else
            dir = argv[i];
    }
    if (!dir)
        cli_die(EXIT_BENCH_USAGE, "check: SYSTEMDIR is required");
    if (verify_system(dir, root, stdout, &sum) != 0)
        cli_die(EXIT_BENCH_FAILED, "%s: %s", dir, strerror(errno));
    verify_print_summary(dir, &sum, stdout);
    if (fflush(stdout) != 0)
        cli_die(EXIT_BENCH_SYSTEM, "standard output: %s", strerror(errno));
    if (!sum.evidence) {
        fprintf(stderr, PROG ": %s: no evidence (no campaign.json, build.json, records or profiles)\n", dir);
        return EXIT_BENCH_FAILED;
    }
    return sum.problems ? EXIT_BENCH_FAILED : EXIT_BENCH_OK;
}

/* ---- get ---- */

static int cmd_get(int argc, char **argv)
{
    json_object *root;
    int i, status = EXIT_BENCH_OK;
    if (argc < 2)
        cli_die(EXIT_BENCH_USAGE, "get: usage: " PROG " get FILE PATH...");
    root = json_object_from_file(argv[1]);
    if (!root)
        cli_die(EXIT_BENCH_SYSTEM, "%s: cannot read JSON: %s", argv[1], json_util_get_last_err());
    for (i = 2; i < argc; i++) {
        if (query_print(root, argv[i], stdout) != 0) {
            fprintf(stderr, PROG ": %s: no '%s'\n", argv[1], argv[i]);
            status = EXIT_BENCH_FAILED;
        }
    }
    json_object_put(root);
    return status;
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
