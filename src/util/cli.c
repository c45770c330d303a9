/* cli.c -- command-line helpers shared by ngcc-bench and ngcc-profile.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <math.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "outcome.h"

static const char *program = "ngcc-perf";

void cli_set_program(const char *prog)
{
    program = prog;
}

void cli_die(int status, const char *fmt, ...)
{
    va_list ap;
    fputs(program, stderr);
    fputs(": ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(status);
}

void cli_bad_option(const char *cmd, char **argv, int c)
{
    cli_die(EXIT_BENCH_USAGE, "%s: %s '%s' (try '%s --help')", cmd,
            c == ':' ? "option needs an argument" : "unknown option", argv[optind - 1],
            program);
}

double cli_num_arg(const char *opt, const char *s, double min, double max)
{
    char *end;
    double v;
    errno = 0;
    v = strtod(s, &end);
    if (errno || end == s || *end || !isfinite(v) || !(v >= min) || v > max)
        cli_die(EXIT_BENCH_USAGE, "%s: bad value '%s' (%g to %g)", opt, s, min, max);
    return v;
}

long cli_int_arg(const char *opt, const char *s, long min, long max)
{
    char *end;
    long v;
    errno = 0;
    v = strtol(s, &end, 10);
    if (errno || end == s || *end || v < min || v > max) {
        if (max < LONG_MAX)
            cli_die(EXIT_BENCH_USAGE, "%s: bad value '%s' (%ld to %ld)", opt, s, min, max);
        cli_die(EXIT_BENCH_USAGE, "%s: bad value '%s'", opt, s);
    }
    return v;
}

unsigned long long cli_mib_arg(const char *opt, const char *s)
{
    return (unsigned long long)cli_int_arg(opt, s, 0, CLI_MAX_MIB) << 20;
}

int cli_cpu_arg(const char *s)
{
    long cpu = cli_int_arg("--cpu", s, 0, LONG_MAX);
    if (cpu >= CPU_SETSIZE)
        cli_die(EXIT_BENCH_USAGE, "--cpu: no CPU %ld", cpu);
    return (int)cpu;
}
