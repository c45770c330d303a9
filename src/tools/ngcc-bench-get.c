/* ngcc-bench-get.c -- ngcc-bench get: the values at dotted paths of a
 * JSON file, for scripts.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdio.h>

#include "cli.h"
#include "outcome.h"
#include "query.h"
#include "ngcc-bench.h"

/* ---- get ---- */

int cmd_get(int argc, char **argv)
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
