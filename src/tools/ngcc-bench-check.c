/* ngcc-bench-check.c -- ngcc-bench check: the evidence of one system
 * checked and recomputed (src/evidence/verify_*).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "outcome.h"
#include "verify.h"
#include "verify_system.h"
#include "ngcc-bench.h"

/* ---- check ---- */

int cmd_check(int argc, char **argv)
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
