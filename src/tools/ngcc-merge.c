/* ngcc-merge -- fold one campaign run into the accumulated evidence of a
 * system (doc/campaign.md, "Evidence accumulates"): used by ngcc-campaign.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "merge.h"
#include "gnu_cli.h"

#define PROG "ngcc-merge"
#define EXIT_MERGE_FAILED 1
#define EXIT_MERGE_USAGE 2

static void usage(FILE *to)
{
    fprintf(to,
        "Usage: " PROG " build SYSTEMDIR ENTRIES.json\n"
        "  or:  " PROG " campaign SYSTEMDIR RUN.json\n"
        "  or:  " PROG " next-run SYSTEMDIR\n"
        "Fold one campaign run into the evidence of a system.\n\n"
        "  build      replace or add the instances of ENTRIES.json in\n"
        "             SYSTEMDIR/build.json, keeping every other instance\n"
        "  campaign   put the run of RUN.json into SYSTEMDIR/campaign.json\n"
        "             (replacing the run of the same number) and recompute\n"
        "             its summary from the runs and build.json\n"
        "  next-run   print the number the next run of SYSTEMDIR takes\n\n"
        "  -h, --help     display this help and exit\n"
        "  -V, --version  output version information and exit\n\n"
        "Each file is written whole or not at all (temporary file, rename).\n"
        "Exit status: 0 success, 1 a file could not be read or written,\n"
        "2 usage error.\n\n");
    gnu_cli_bug_lines(to);
}

int main(int argc, char **argv)
{
    char err[512];
    int r;
    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(stdout);
        return gnu_cli_stdout_status(PROG, 0, EXIT_MERGE_FAILED);
    }
    if (argc == 2 && (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)) {
        gnu_cli_version(PROG);
        return gnu_cli_stdout_status(PROG, 0, EXIT_MERGE_FAILED);
    }
    if (argc == 3 && strcmp(argv[1], "next-run") == 0) {
        r = merge_next_run(argv[2], err, sizeof err);
        if (r < 0) {
            fprintf(stderr, PROG ": %s\n", err);
            return EXIT_MERGE_FAILED;
        }
        printf("%d\n", r);
        return gnu_cli_stdout_status(PROG, 0, EXIT_MERGE_FAILED);
    }
    if (argc == 4 && strcmp(argv[1], "build") == 0)
        r = merge_build(argv[2], argv[3], err, sizeof err);
    else if (argc == 4 && strcmp(argv[1], "campaign") == 0)
        r = merge_campaign(argv[2], argv[3], err, sizeof err);
    else {
        fprintf(stderr, PROG ": %s (try '" PROG " --help')\n",
                argc < 2 ? "no command given" : "bad command line");
        return EXIT_MERGE_USAGE;
    }
    if (r != 0) {
        fprintf(stderr, PROG ": %s\n", err);
        return EXIT_MERGE_FAILED;
    }
    return 0;
}
