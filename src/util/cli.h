/* cli.h -- command-line helpers shared by ngcc-bench and ngcc-profile:
 * fatal messages prefixed with the program name, getopt_long errors and
 * checked numeric option arguments.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_CLI_H
#define NGCC_BENCH_CLI_H

/* The name messages are prefixed with ("ngcc-bench"); set it first in
 * main.  PROG must stay valid for the life of the process. */
void cli_set_program(const char *prog);

/* Print "PROG: " and the message to stderr, then exit with STATUS. */
void cli_die(int status, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));

/* A getopt_long error ('?' unknown, ':' argument missing) of command CMD
 * as our message; exits with EXIT_BENCH_USAGE. */
void cli_bad_option(const char *cmd, char **argv, int c) __attribute__((noreturn));

/* The number S of option OPT, finite and within [MIN, MAX]; otherwise a
 * usage error "OPT: bad value 'S'". */
double cli_num_arg(const char *opt, const char *s, double min, double max);

/* The decimal integer S of option OPT, within [MIN, MAX]; otherwise a
 * usage error "OPT: bad value 'S'", followed by " (MIN to MAX)" when MAX is
 * below LONG_MAX. */
long cli_int_arg(const char *opt, const char *s, long min, long max);

/* The largest number of seconds an option takes (about 115 days): a
 * deadline stays far from overflowing a timespec or a poll() timeout. */
#define CLI_MAX_SECONDS 1e7
/* The largest --mem-limit in MiB (1 PiB): its bytes fit in 64 bits. */
#define CLI_MAX_MIB (1L << 30)

/* The MiB count S of option OPT (0 to CLI_MAX_MIB) in bytes; otherwise a
 * usage error naming OPT. */
unsigned long long cli_mib_arg(const char *opt, const char *s);

/* The CPU number S of --cpu: 0 to CPU_SETSIZE - 1; otherwise a usage
 * error. */
int cli_cpu_arg(const char *s);

#endif
