/* ngcc-bench-host.c -- ngcc-bench host: the host checks, the environment
 * and the clock steadiness as one JSON document.  Part of ngcc-perf. */
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
#include <string.h>

#include "cli.h"
#include "counter.h"
#include "environment.h"
#include "hostcheck.h"
#include "outcome.h"
#include "record.h"
#include "sysfile.h"
#include "ngcc-bench.h"

/* ---- host ---- */

int cmd_host(int argc, char **argv)
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
