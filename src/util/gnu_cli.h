/* gnu_cli.h -- what every ngcc-perf command-line tool prints the same way
 * (GNU coding standards, "--version" and "--help"): the version block, the
 * closing bug-report and home-page lines, and a checked standard output.
 * Part of ngcc-perf. */
#ifndef NGCC_GNU_CLI_H
#define NGCC_GNU_CLI_H

#include <stdio.h>

/* The --version text of PROG: name, package, version, copyright, licence. */
void gnu_cli_version(const char *prog);

/* The last lines of every --help: where to report bugs, the home page. */
void gnu_cli_bug_lines(FILE *to);

/* Flush standard output: OK when it was written whole, else a one-line
 * message "PROG: write error on standard output: REASON" on stderr and
 * FAILED.  For the end of --help, --version and every command's output. */
int gnu_cli_stdout_status(const char *prog, int ok, int failed);

#endif
