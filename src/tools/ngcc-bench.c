/* ngcc-bench -- the measurement core of ngcc-perf: times one operation of
 * an instance library per record, following measurement.md.
 *
 *   ngcc-bench run --op OP --out RECORD.json [OPTION]... LIBRARY
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
#include <getopt.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "counter.h"
#include "elfsize.h"
#include "environment.h"
#include "hostcheck.h"
#include "measure.h"
#include "outcome.h"
#include "plan.h"
#include "query.h"
#include "record.h"
#include "sysfile.h"
#include "trial.h"
#include "verify.h"

#define PROG "ngcc-bench"
#ifndef PACKAGE_BUGREPORT
#define PACKAGE_BUGREPORT "the ngcc-perf maintainers"
#endif

static void usage(FILE *f)
{
    fprintf(f,
"Usage: " PROG " run --op OP --out RECORD.json [OPTION]... LIBRARY\n"
"       " PROG " null [OPTION]...\n"
"       " PROG " host [--cpu N] [--counter NAME] [--no-steady] [--strict] [--out FILE]\n"
"       " PROG " elf [--bytes] LIBRARY\n"
"       " PROG " check [--root DIR] DIR\n"
"       " PROG " get FILE PATH...\n"
"       " PROG " trial --op OP --iters N --warmups N [--cpu N] [--counter NAME] [LIBRARY]\n"
"       " PROG " --help | --version\n"
"\n"
"Time one operation of an NGCC instance library (measurement.md section 2)\n"
"and write its record: the library is loaded with dlopen in fresh trial\n"
"processes, one call calibrates the plan, every trial's raw numbers are kept.\n"
"\n"
"Commands:\n"
"  run     measure OP of LIBRARY and write RECORD.json atomically; an existing\n"
"          record that checks clean (same library SHA-256) is kept unless --force\n"
"  null    the same path with a do-nothing operation: the timer's own overhead\n"
"          per call; prints it, writes a record with --out\n"
"  host    host checks and environment as JSON (stdout or --out), including the\n"
"          ~1 s clock steadiness measurement: run it once per campaign\n"
"  elf     static bytes of LIBRARY (sum of p_memsz of its PT_LOAD segments) and\n"
"          its segments as JSON; --bytes prints the number alone\n"
"  check   recompute every statistic of every record under DIR/records from its\n"
"          raw trials, check the trial rules and the SHA-256 of listed files\n"
"  get     print the value at each dotted PATH of JSON FILE on a line of its\n"
"          own (stats.sum_seconds, environment.problems), for scripts\n"
"  trial   (internal) one trial in this process; one JSON object on stdout\n"
"\n"
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
"  --quick                trial target 0.01 s, budget 5 s (tests, CI)\n"
"  --t1 S                 use this calibration instead of measuring it\n"
"  --estimate             calibrate and plan only; print on stdout\n"
"                         'SECONDS T1 ITERS WARMUPS TRIALS' (no record)\n"
"  --timeout S            time limit of the calibration process and least limit\n"
"                         of a trial process (default 600)\n"
"  --mem-limit MIB        address-space limit of trial processes (default 4096;\n"
"                         0: none; off in sanitizer builds)\n"
"  --host FILE            take the clock steadiness check from this output of\n"
"                         '" PROG " host'\n"
"  --id ID, --label LABEL override the instance's own id and label\n"
"  --force                measure even if RECORD.json is complete\n"
"  -q, --quiet            no progress on stderr\n"
"\n"
"Exit status:\n"
"  0  success (run: record written with status \"ok\", or a complete one kept;\n"
"     check: every record consistent)\n"
"  1  run, null: the operation failed, a record with another status was written\n"
"     (load-failed, setup-failed, op-failed, wrong-secret, crashed, timeout,\n"
"     counter-failed, bad-output); check: inconsistencies found; elf: not a\n"
"     readable ELF file; host --strict: a host problem found; get: a PATH\n"
"     that FILE does not have\n"
"  2  usage error (bad option or argument, a counter that does not work here)\n"
"  3  system error (a file could not be written, a process not started)\n"
"\n"
"Report bugs to: " PACKAGE_BUGREPORT "\n");
}

static void die(int status, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
static void die(int status, const char *fmt, ...)
{
    va_list ap;
    fputs(PROG ": ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(status);
}

/* A getopt_long error ('?' unknown, ':' argument missing) as our message. */
static void bad_option(const char *cmd, char **argv, int c) __attribute__((noreturn));
static void bad_option(const char *cmd, char **argv, int c)
{
    die(EXIT_BENCH_USAGE, "%s: %s '%s' (try '" PROG " --help')", cmd,
        c == ':' ? "option needs an argument" : "unknown option", argv[optind - 1]);
}

static double num_arg(const char *opt, const char *s, double min)
{
    char *end;
    double v;
    errno = 0;
    v = strtod(s, &end);
    if (errno || end == s || *end || !isfinite(v) || v < min)
        die(EXIT_BENCH_USAGE, "%s: bad value '%s'", opt, s);
    return v;
}

static long int_arg(const char *opt, const char *s, long min)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < min)
        die(EXIT_BENCH_USAGE, "%s: bad value '%s'", opt, s);
    return v;
}

static enum counter_kind counter_arg(const char *s)
{
    enum counter_kind k;
    char why[256];
    if (counter_from_name(s, &k) != 0)
        die(EXIT_BENCH_USAGE, "--counter: unknown counter '%s' (perf-cycles, tsc, cntvct, clock)", s);
    if (counter_probe(k, why, sizeof why) != 0)
        die(EXIT_BENCH_USAGE, "--counter %s does not work here: %s", s, why);
    return k;
}

static int cpu_arg(const char *s)
{
    long cpu = int_arg("--cpu", s, 0);
    if (cpu >= CPU_SETSIZE)
        die(EXIT_BENCH_USAGE, "--cpu: no CPU %ld", cpu);
    return (int)cpu;
}

static void write_json(const char *out, json_object *obj)
{
    if (out) {
        if (record_write(out, obj) != 0)
            die(EXIT_BENCH_SYSTEM, "%s: cannot write: %s", out, strerror(errno));
    } else {
        puts(json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
                                                 JSON_C_TO_STRING_NOSLASHESCAPE));
        if (fflush(stdout) != 0)
            die(EXIT_BENCH_SYSTEM, "cannot write to stdout: %s", strerror(errno));
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
                die(EXIT_BENCH_USAGE, "--op: unknown operation '%s'", optarg);
            have_op = 1;
            break;
        case 'i': rq.iters = int_arg("--iters", optarg, 1); break;
        case 'w': rq.warmups = (int)int_arg("--warmups", optarg, 0); break;
        case 'c': rq.cpu = cpu_arg(optarg); break;
        case 'k': rq.counter = counter_arg(optarg); break;
        default: bad_option("trial", argv, c);
        }
    }
    if (!have_op)
        die(EXIT_BENCH_USAGE, "trial: --op is required");
    if (rq.op != OP_NULL && optind + 1 != argc)
        die(EXIT_BENCH_USAGE, "trial: one LIBRARY is required");
    if (rq.op == OP_NULL && optind != argc)
        die(EXIT_BENCH_USAGE, "trial: the null operation takes no LIBRARY");
    rq.library = rq.op == OP_NULL ? NULL : argv[optind];

    /* Our result goes to the real stdout; whatever the candidate prints
     * goes to stderr. */
    fflush(stdout);
    out_fd = dup(1);
    if (out_fd < 0 || dup2(2, 1) < 0 || !(out = fdopen(out_fd, "w")))
        die(EXIT_BENCH_SYSTEM, "cannot set up stdout: %s", strerror(errno));

    trial_run(&rq, &res);
    obj = trial_to_json(&rq, &res);
    fputs(json_object_to_json_string_ext(obj, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE), out);
    fputc('\n', out);
    json_object_put(obj);
    if (fclose(out) != 0)
        die(EXIT_BENCH_SYSTEM, "cannot write the result: %s", strerror(errno));
    return res.status == OUTCOME_OK ? EXIT_BENCH_OK : EXIT_BENCH_FAILED;
}

/* ---- run and null ---- */

static int existing_record_ok(const char *out, const struct measure_options *o, int *code)
{
    char err[256];
    json_object *rec;
    const char *op, *status;
    FILE *sink;
    int problems;
    enum outcome oc;
    if (access(out, F_OK) != 0)
        return 0;
    rec = record_load(out, err, sizeof err);
    if (!rec)
        return 0;
    sink = fopen("/dev/null", "w");
    problems = sink ? verify_record(rec, out, o->root, sink) : 1;
    if (sink)
        fclose(sink);
    op = record_get_string(rec, "op");
    status = record_get_string(rec, "status");
    if (problems || !op || strcmp(op, op_name(o->op)) != 0 || !status ||
        outcome_from_name(status, &oc) != 0) {
        json_object_put(rec);
        return 0;
    }
    if (!o->quiet)
        fprintf(stderr, PROG ": %s: complete record (status %s) kept; --force measures again\n",
                out, status);
    *code = oc == OUTCOME_OK ? EXIT_BENCH_OK : EXIT_BENCH_FAILED;
    json_object_put(rec);
    return 1;
}

static int cmd_run(int argc, char **argv, int null_op)
{
    enum {
        O_OP = 256, O_OUT, O_ROOT, O_CPU, O_COUNTER, O_TARGET, O_BUDGET, O_TRIALS, O_QUICK,
        O_T1, O_ESTIMATE, O_TIMEOUT, O_MEM, O_HOST, O_ID, O_LABEL, O_FORCE
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
        { "quiet", no_argument, NULL, 'q' },
        { NULL, 0, NULL, 0 }
    };
    struct measure_options o;
    struct measure_estimate est;
    const char *out = NULL;
    int c, have_op = 0, force = 0, target_set = 0, budget_set = 0, code;
    json_object *rec = NULL;

    memset(&o, 0, sizeof o);
    o.cpu = -1;
    o.root = ".";
    o.plan.trial_target_s = PLAN_DEFAULT_TARGET;
    o.plan.op_budget_s = PLAN_DEFAULT_BUDGET;
    o.plan.trials = PLAN_DEFAULT_TRIALS;
    o.timeout_s = MEASURE_DEFAULT_TIMEOUT;
    o.mem_bytes = MEASURE_DEFAULT_MEM_MIB << 20;
    o.self_exe = "/proc/self/exe";
    o.argc = argc + 1;
    o.argv = argv - 1; /* include the program name */
    if (null_op) {
        o.op = OP_NULL;
        have_op = 1;
    }
    while ((c = getopt_long(argc, argv, ":q", longopts, NULL)) != -1) {
        switch (c) {
        case O_OP:
            if (null_op)
                die(EXIT_BENCH_USAGE, "null: --op is not an option here");
            if (op_from_name(optarg, &o.op) != 0 || o.op == OP_NULL)
                die(EXIT_BENCH_USAGE, "--op: unknown operation '%s' (keygen, enc, dec)", optarg);
            have_op = 1;
            break;
        case O_OUT: out = optarg; break;
        case O_ROOT: o.root = optarg; break;
        case O_CPU: o.cpu = cpu_arg(optarg); break;
        case O_COUNTER: o.counter = counter_arg(optarg); o.counter_given = 1; break;
        case O_TARGET: o.plan.trial_target_s = num_arg("--trial-target", optarg, 1e-6); target_set = 1; break;
        case O_BUDGET: o.plan.op_budget_s = num_arg("--budget", optarg, 1e-6); budget_set = 1; break;
        case O_TRIALS: o.plan.trials = (int)int_arg("--trials", optarg, 1); break;
        case O_QUICK: o.quick = 1; break;
        case O_T1: o.t1_given = num_arg("--t1", optarg, 1e-12); break;
        case O_ESTIMATE: o.estimate_only = 1; break;
        case O_TIMEOUT: o.timeout_s = num_arg("--timeout", optarg, 0.001); break;
        case O_MEM: o.mem_bytes = (unsigned long long)int_arg("--mem-limit", optarg, 0) << 20; break;
        case O_HOST: o.host_file = optarg; break;
        case O_ID: o.id = optarg; break;
        case O_LABEL: o.label = optarg; break;
        case O_FORCE: force = 1; break;
        case 'q': o.quiet = 1; break;
        default: bad_option(null_op ? "null" : "run", argv, c);
        }
    }
    if (o.plan.trials > 1000)
        die(EXIT_BENCH_USAGE, "--trials: at most 1000");
    if (o.quick) {
        if (!target_set)
            o.plan.trial_target_s = PLAN_QUICK_TARGET;
        if (!budget_set)
            o.plan.op_budget_s = PLAN_QUICK_BUDGET;
    }
#if defined(__SANITIZE_ADDRESS__)
    o.mem_bytes = 0; /* ASan reserves terabytes of address space */
#endif
    if (!have_op)
        die(EXIT_BENCH_USAGE, "run: --op is required (try '" PROG " --help')");
    if (null_op && optind != argc)
        die(EXIT_BENCH_USAGE, "null: no LIBRARY is taken");
    if (!null_op && optind + 1 != argc)
        die(EXIT_BENCH_USAGE, "run: one LIBRARY is required");
    if (!null_op && !out && !o.estimate_only)
        die(EXIT_BENCH_USAGE, "run: --out is required");
    if (access(o.root, X_OK) != 0)
        die(EXIT_BENCH_USAGE, "--root: %s: %s", o.root, strerror(errno));
    o.library = null_op ? NULL : argv[optind];

    if (out && !force && !o.estimate_only && existing_record_ok(out, &o, &code))
        return code;

    code = measure_run(&o, &rec, &est);
    if (o.estimate_only) {
        if (code == EXIT_BENCH_OK)
            printf("%.3f %.9g %ld %d %d\n", est.seconds, est.plan.t1_s, est.plan.iters,
                   est.plan.warmups, est.plan.trials);
        return code;
    }
    if (!rec)
        return code;
    if (out)
        write_json(out, rec);
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
        case 'c': cpu = cpu_arg(optarg); break;
        case 'k': kind = counter_arg(optarg); given = 1; break;
        case 'o': out = optarg; break;
        case 'n': steady = 0; break;
        case 's': strict = 1; break;
        default: bad_option("host", argv, c);
        }
    }
    if (optind != argc)
        die(EXIT_BENCH_USAGE, "host: no arguments are taken");
    if (!given)
        kind = counter_select(why, sizeof why);
    if (cpu < 0)
        cpu = hostcheck_default_cpu();
    CPU_ZERO(&set);
    CPU_SET(cpu, &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0)
        fprintf(stderr, PROG ": cannot pin to CPU %d: %s\n", cpu, strerror(errno));
    if (counter_open(&k, kind, err, sizeof err) != 0)
        die(EXIT_BENCH_USAGE, "counter %s: %s", counter_name(kind), err);
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
        die(EXIT_BENCH_USAGE, "elf: one LIBRARY is required");
    if (elf_parse_file(argv[1], &info, err, sizeof err) != 0)
        die(EXIT_BENCH_FAILED, "%s: %s", argv[1], err);
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
    int records, bad, i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--root") == 0 && i + 1 < argc)
            root = argv[++i];
        else if (strncmp(argv[i], "--root=", 7) == 0)
            root = argv[i] + 7;
        else if (argv[i][0] == '-' || dir)
            die(EXIT_BENCH_USAGE, "check: usage: " PROG " check [--root DIR] DIR");
        else
            dir = argv[i];
    }
    if (!dir)
        die(EXIT_BENCH_USAGE, "check: DIR is required");
    if (verify_dir(dir, root, stdout, &records, &bad) != 0)
        die(EXIT_BENCH_FAILED, "%s/records: %s", dir, strerror(errno));
    printf("%s: %d record%s checked, %d with problems\n", dir, records, records == 1 ? "" : "s", bad);
    if (records == 0)
        fprintf(stderr, PROG ": %s/records: no records\n", dir);
    return bad || records == 0 ? EXIT_BENCH_FAILED : EXIT_BENCH_OK;
}

/* ---- get ---- */

static int cmd_get(int argc, char **argv)
{
    json_object *root;
    int i, status = EXIT_BENCH_OK;
    if (argc < 2)
        die(EXIT_BENCH_USAGE, "get: usage: " PROG " get FILE PATH...");
    root = json_object_from_file(argv[1]);
    if (!root)
        die(EXIT_BENCH_SYSTEM, "%s: cannot read JSON: %s", argv[1], json_util_get_last_err());
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
    if (!cmd)
        die(EXIT_BENCH_USAGE, "no command given (try '" PROG " --help')");
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        usage(stdout);
        return fflush(stdout) == 0 ? EXIT_BENCH_OK : EXIT_BENCH_SYSTEM;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "-V") == 0) {
        puts(NGCC_BENCH_TOOL);
        return fflush(stdout) == 0 ? EXIT_BENCH_OK : EXIT_BENCH_SYSTEM;
    }
    if (strcmp(cmd, "run") == 0)
        return cmd_run(argc - 1, argv + 1, 0);
    if (strcmp(cmd, "null") == 0)
        return cmd_run(argc - 1, argv + 1, 1);
    if (strcmp(cmd, "trial") == 0)
        return cmd_trial(argc - 1, argv + 1);
    if (strcmp(cmd, "host") == 0)
        return cmd_host(argc - 1, argv + 1);
    if (strcmp(cmd, "elf") == 0)
        return cmd_elf(argc - 1, argv + 1);
    if (strcmp(cmd, "check") == 0)
        return cmd_check(argc - 1, argv + 1);
    if (strcmp(cmd, "get") == 0)
        return cmd_get(argc - 1, argv + 1);
    die(EXIT_BENCH_USAGE, "unknown command '%s' (try '" PROG " --help')", cmd);
}
