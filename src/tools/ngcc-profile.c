/* ngcc-profile -- the share of an operation's time spent in the hash
 * helpers and the DRNG (measurement.md section 5), measured on the
 * profiling variant of an instance library (ngcc-build-scheme builds it
 * beside the instance: <LABEL>.profile.so).
 *
 *   ngcc-profile run --op OP --out PROFILE.json [OPTION]... LIBRARY
 *   ngcc-profile work ... (internal)
 *
 * Part of ngcc-perf.  Format: doc/campaign.md; checked by
 * `ngcc-bench check`. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <getopt.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "outcome.h"
#include "profile_doc.h"
#include "profile_work.h"
#include "record.h"
#include "verify.h"
#include "gnu_cli.h"

#define PROG "ngcc-profile"

static void usage(FILE *f)
{
    fprintf(f,
"Usage: " PROG " run --op OP --out PROFILE.json [OPTION]... LIBRARY\n"
"       " PROG " work --op OP [--ops N] [--target S] LIBRARY   (internal)\n"
"       " PROG " --help | --version\n"
"\n"
"Measure the share of one operation's time spent in the wrapped hash\n"
"functions and the DRNG, on the profiling variant of an instance library\n"
"(<LABEL>.profile.so, built by ngcc-build-scheme with -Wl,--wrap), and write\n"
"the calls table, the totals and the shares as JSON (measurement.md section 5).\n"
"The library runs in a child process with time and memory limits, set up as\n"
"ngcc-bench does: DRNG seeded with 00 01 .. 2f; enc on one key pair; dec on\n"
"one checked ciphertext.  Accounting is on only around each profiled call;\n"
"a wrapped call made inside another is not counted again; a call from inside\n"
"the object file that defines the function is not seen.\n"
"\n"
"Commands:\n"
"  run     profile OP of LIBRARY and write PROFILE.json atomically; an existing\n"
"          profile that checks clean (same library SHA-256) is kept unless --force\n"
"  work    (internal) the profiling process; one JSON object on stdout\n"
"\n"
"Options of run:\n"
"  --op keygen|enc|dec    the operation (required)\n"
"  --out FILE             the profile (required)\n"
"  --root DIR             the package root: paths in the profile are relative to\n"
"                         it, the child runs there (default: .)\n"
"  --ops N                profile N operations, 3 to 1000 (default:\n"
"                         " PROFILE_OPS_RULE ")\n"
"  --target S             seconds of profiled operations to aim at (default 1.0)\n"
"  --quick                target 0.05 s, limit until calibrated 15 s (tests, CI)\n"
"  --cpu N                pin the child to CPU N (default: the last allowed)\n"
"  --timeout S            time limit of the child until it has calibrated\n"
"                         (default 120, --quick 15); then 3 x its planned time\n"
"                         + 10 s, at most 1800 s in all (plan.timeout_s)\n"
"  --mem-limit MIB        address-space limit of the child (default 4096; 0: none;\n"
"                         at most 1073741824; off in sanitizer builds)\n"
"  --id ID, --label LABEL override the instance's own id and label\n"
"  --force                profile even if PROFILE.json is complete\n"
"  -q, --quiet            no progress on stderr\n"
"\n"
"Exit status:\n"
"  0  a profile with status \"ok\" was written (or a complete one kept)\n"
"  1  the operation could not be profiled: a profile with another status was\n"
"     written (load-failed, setup-failed, op-failed, wrong-secret, overflow,\n"
"     crashed,\n"
"     timeout, counter-failed, bad-output)\n"
"  2  usage error (bad option or argument)\n"
"  3  system error (a file could not be written, a process not started)\n"
"\n");
    gnu_cli_bug_lines(f);
}

static const char *op_arg(const char *s)
{
    const char *op = timer_op_find(s);
    if (!op || timer_op_is_null(op))
        cli_die(EXIT_BENCH_USAGE, "--op: unknown operation '%s' (%s)", s, timer_op_list());
    return op;
}

/* ---- work (internal) ---- */

/* The calibration line for the parent, before the result (profile_work.h). */
static void print_calibrated(double t1_s, long ops, int warmups, void *arg)
{
    FILE *out = arg;
    fprintf(out, PROFILE_CALIBRATED " %.9g %ld %d\n", t1_s, ops, warmups);
    fflush(out);
}

static int cmd_work(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "op", required_argument, NULL, 'o' },
        { "ops", required_argument, NULL, 'n' },
        { "target", required_argument, NULL, 't' },
        { NULL, 0, NULL, 0 }
    };
    struct profile_request rq;
    json_object *r;
    const char *status;
    int c, have_op = 0, out_fd;
    FILE *out;

    memset(&rq, 0, sizeof rq);
    rq.target_s = PROFILE_DEFAULT_TARGET;
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': rq.op = op_arg(optarg); have_op = 1; break;
        case 'n': rq.ops = cli_int_arg("--ops", optarg, PROFILE_MIN_OPS, PROFILE_MAX_OPS); break;
        case 't': rq.target_s = cli_num_arg("--target", optarg, 1e-6, CLI_MAX_SECONDS); break;
        default: cli_bad_option("work", argv, c);
        }
    }
    if (!have_op)
        cli_die(EXIT_BENCH_USAGE, "work: --op is required");
    if (optind + 1 != argc)
        cli_die(EXIT_BENCH_USAGE, "work: one LIBRARY is required");
    rq.library = argv[optind];

    /* Our result goes to the real stdout; whatever the candidate prints
     * goes to stderr. */
    fflush(stdout);
    out_fd = dup(1);
    if (out_fd < 0 || dup2(2, 1) < 0 || !(out = fdopen(out_fd, "w")))
        cli_die(EXIT_BENCH_SYSTEM, "cannot set up stdout: %s", strerror(errno));
    rq.calibrated = print_calibrated;
    rq.arg = out;
    r = profile_work(&rq);
    fputs(json_object_to_json_string_ext(r, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE), out);
    fputc('\n', out);
    status = record_get_string(r, "status");
    c = status && strcmp(status, "ok") == 0 ? EXIT_BENCH_OK : EXIT_BENCH_FAILED;
    json_object_put(r);
    if (fclose(out) != 0)
        cli_die(EXIT_BENCH_SYSTEM, "cannot write the result: %s", strerror(errno));
    return c;
}

/* ---- run ---- */

/* An existing complete profile of the same operation that checks clean
 * (the library's SHA-256 included): keep it, *CODE its exit status. */
static int existing_profile_ok(const char *out, const struct profile_options *o, int quiet,
                               int *code)
{
    enum outcome oc;
    if (!verify_existing(out, o->op, o->root, verify_profile, &oc))
        return 0;
    if (!quiet)
        fprintf(stderr, PROG ": %s: complete profile (status %s) kept; --force profiles again\n",
                out, outcome_name(oc));
    *code = oc == OUTCOME_OK ? EXIT_BENCH_OK : EXIT_BENCH_FAILED;
    return 1;
}

/* One line on stderr: the shares, or why it failed. */
static void report(json_object *doc)
{
    const char *label = record_get_string(doc, "label"), *op = record_get_string(doc, "op");
    const char *status = record_get_string(doc, "status");
    double h, d;
    int64_t ops, disturbed;
    if (status && strcmp(status, "ok") == 0 && record_get_double(doc, "hash_share", &h) == 0 &&
        record_get_double(doc, "drng_share", &d) == 0 && record_get_int(doc, "ops", &ops) == 0) {
        fprintf(stderr, PROG ": %s %s: hash %.1f %%, DRNG %.1f %% (%lld operations)\n",
                label ? label : "?", op ? op : "?", h * 100, d * 100, (long long)ops);
        if (record_get_int(doc, "disturbed_ops", &disturbed) == 0 && disturbed > 0)
            fprintf(stderr, PROG ": %s %s: %lld operations kept although the process was "
                    "switched out during them\n", label ? label : "?", op ? op : "?",
                    (long long)disturbed);
    } else
        fprintf(stderr, PROG ": %s %s: %s: %s\n", label ? label : "?", op ? op : "?",
                status ? status : "?", record_get_string(doc, "reason") ? record_get_string(doc, "reason") : "");
}

static int cmd_run(int argc, char **argv)
{
    enum { O_OP = 256, O_OUT, O_ROOT, O_OPS, O_TARGET, O_QUICK, O_CPU, O_TIMEOUT, O_MEM,
           O_ID, O_LABEL, O_FORCE };
    static const struct option longopts[] = {
        { "op", required_argument, NULL, O_OP },
        { "out", required_argument, NULL, O_OUT },
        { "root", required_argument, NULL, O_ROOT },
        { "ops", required_argument, NULL, O_OPS },
        { "target", required_argument, NULL, O_TARGET },
        { "quick", no_argument, NULL, O_QUICK },
        { "cpu", required_argument, NULL, O_CPU },
        { "timeout", required_argument, NULL, O_TIMEOUT },
        { "mem-limit", required_argument, NULL, O_MEM },
        { "id", required_argument, NULL, O_ID },
        { "label", required_argument, NULL, O_LABEL },
        { "force", no_argument, NULL, O_FORCE },
        { "quiet", no_argument, NULL, 'q' },
        { NULL, 0, NULL, 0 }
    };
    struct profile_options o;
    const char *out = NULL;
    int c, have_op = 0, force = 0, quiet = 0, target_set = 0, timeout_set = 0, code;
    json_object *doc = NULL;

    memset(&o, 0, sizeof o);
    o.cpu = -1;
    o.root = ".";
    o.target_s = PROFILE_DEFAULT_TARGET;
    o.timeout_s = PROFILE_DEFAULT_TIMEOUT;
    o.mem_bytes = PROFILE_DEFAULT_MEM_MIB << 20;
    o.self_exe = "/proc/self/exe";
    o.argc = argc + 1;
    o.argv = argv - 1; /* include the program name */
    while ((c = getopt_long(argc, argv, ":q", longopts, NULL)) != -1) {
        switch (c) {
        case O_OP: o.op = op_arg(optarg); have_op = 1; break;
        case O_OUT: out = optarg; break;
        case O_ROOT: o.root = optarg; break;
        case O_OPS: o.ops = cli_int_arg("--ops", optarg, PROFILE_MIN_OPS, PROFILE_MAX_OPS); break;
        case O_TARGET: o.target_s = cli_num_arg("--target", optarg, 1e-6, CLI_MAX_SECONDS); target_set = 1; break;
        case O_QUICK: o.quick = 1; break;
        case O_CPU: o.cpu = cli_cpu_arg(optarg); break;
        case O_TIMEOUT: o.timeout_s = cli_num_arg("--timeout", optarg, 0.001, CLI_MAX_SECONDS); timeout_set = 1; break;
        case O_MEM: o.mem_bytes = cli_mib_arg("--mem-limit", optarg); break;
        case O_ID: o.id = optarg; break;
        case O_LABEL: o.label = optarg; break;
        case O_FORCE: force = 1; break;
        case 'q': quiet = 1; break;
        default: cli_bad_option("run", argv, c);
        }
    }
    if (o.quick && !target_set)
        o.target_s = PROFILE_QUICK_TARGET;
    if (o.quick && !timeout_set)
        o.timeout_s = PROFILE_QUICK_TIMEOUT;
#if defined(__SANITIZE_ADDRESS__)
    o.mem_bytes = 0; /* ASan reserves terabytes of address space */
#endif
    if (!have_op)
        cli_die(EXIT_BENCH_USAGE, "run: --op is required (try '" PROG " --help')");
    if (!out)
        cli_die(EXIT_BENCH_USAGE, "run: --out is required");
    if (optind + 1 != argc)
        cli_die(EXIT_BENCH_USAGE, "run: one LIBRARY is required");
    if (access(o.root, X_OK) != 0)
        cli_die(EXIT_BENCH_USAGE, "--root: %s: %s", o.root, strerror(errno));
    o.library = argv[optind];

    if (!force && existing_profile_ok(out, &o, quiet, &code))
        return code;
    code = profile_run(&o, &doc);
    if (!doc)
        return code;
    if (record_write(out, doc) != 0)
        cli_die(EXIT_BENCH_SYSTEM, "%s: cannot write: %s", out, strerror(errno));
    if (!quiet)
        report(doc);
    json_object_put(doc);
    return code;
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
        return cmd_run(argc - 1, argv + 1);
    if (strcmp(cmd, "work") == 0)
        return cmd_work(argc - 1, argv + 1);
    cli_die(EXIT_BENCH_USAGE, "unknown command '%s' (try '" PROG " --help')", cmd);
}
