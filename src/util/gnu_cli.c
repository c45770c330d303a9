/* gnu_cli.c -- the version block, bug-report lines and checked standard
 * output of the command-line tools (gnu_cli.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <string.h>

#include "gnu_cli.h"

#ifndef NGCC_COPYRIGHT_YEAR
#define NGCC_COPYRIGHT_YEAR "2026"
#endif

void gnu_cli_version(const char *prog)
{
    printf("%s (" PACKAGE_NAME ") " PACKAGE_VERSION "\n"
           "Copyright (C) " NGCC_COPYRIGHT_YEAR " the " PACKAGE_NAME " authors.\n"
           "License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.\n"
           "This is free software: you are free to change and redistribute it.\n"
           "There is NO WARRANTY, to the extent permitted by law.\n", prog);
}

void gnu_cli_bug_lines(FILE *to)
{
    fputs("Report bugs to: " PACKAGE_BUGREPORT "\n"
          PACKAGE_NAME " home page: <" PACKAGE_URL ">\n", to);
}

int gnu_cli_stdout_status(const char *prog, int ok, int failed)
{
    int bad = fflush(stdout) != 0 || ferror(stdout);
    /* errno of the failed write is gone once ferror alone reports it. */
    if (!bad)
        return ok;
    fprintf(stderr, "%s: write error on standard output: %s\n", prog,
            errno ? strerror(errno) : "I/O error");
    return failed;
}
