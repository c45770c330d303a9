/* icount_cli.c -- `ngcc-bench count`: instructions per operation of one
 * library, alone (make count-<id>), as a small JSON document
 * (doc/robust.md).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "digest.h"
#include "icount.h"
#include "measure.h"
#include "outcome.h"
#include "record.h"
#include "sysfile.h"

#define ICOUNT_FORMAT "ngcc-perf/bench-icount"
#define ICOUNT_DEFAULT_TIMEOUT 600.0

/* The counting process's address space: as a trial's, none under ASan
 * (it reserves terabytes). */
static unsigned long long count_mem_limit(void)
{
#if defined(__SANITIZE_ADDRESS__)
    return 0;
#else
    return MEASURE_DEFAULT_MEM_MIB << 20;
#endif
}

int icount_main(int argc, char **argv)
{
    static const struct option longopts[] = {
        { "op", required_argument, NULL, 'o' },
        { "calls", required_argument, NULL, 'n' },
        { "root", required_argument, NULL, 'r' },
        { "out", required_argument, NULL, 'f' },
        { "timeout", required_argument, NULL, 't' },
        { NULL, 0, NULL, 0 }
    };
    const char *out = NULL, *root = ".", *opname = "all";
    int calls = ICOUNT_CALLS, c, k, status = EXIT_BENCH_OK;
    double timeout = ICOUNT_DEFAULT_TIMEOUT;
    char self[PATH_MAX], hex[65], *lib_rel, *lib_arg, *self_rel, why[256];
    json_object *doc, *ops, *lib;
    /* This process does not load the library: "all" is the ops of its
     * kind, as a child process reads it from ngcc_instance_info (as run
     * resolves an op); an op given is looked up in the table. */
    const struct kind *kind = NULL;

    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case 'o': opname = optarg; break;
        case 'n': calls = (int)cli_int_arg("--calls", optarg, 1, ICOUNT_MAX_CALLS); break;
        case 'r': root = optarg; break;
        case 'f': out = optarg; break;
        case 't': timeout = cli_num_arg("--timeout", optarg, 0.001, CLI_MAX_SECONDS); break;
        default: cli_bad_option("count", argv, c);
        }
    }
    if (optind + 1 != argc)
        cli_die(EXIT_BENCH_USAGE, "count: one LIBRARY is required (try 'ngcc-bench --help')");
    if (strcmp(opname, "all") != 0) {
        if (!timer_op_entry(NULL, opname, &kind))
            cli_die(EXIT_BENCH_USAGE, "--op: unknown operation '%s' (%s, all)", opname, timer_op_list());
    }
    if (icount_probe(why, sizeof why) == ICOUNT_NONE) {
        fprintf(stderr, "ngcc-bench: count: no instruction counter here (%s): skipped\n", why);
        return ICOUNT_EXIT_SKIPPED;
    }
    if (digest_file_hex(argv[optind], hex) != 0)
        cli_die(EXIT_BENCH_FAILED, "count: %s: cannot read the library", argv[optind]);
    if (!realpath("/proc/self/exe", self))
        cli_die(EXIT_BENCH_SYSTEM, "count: cannot find this program: %s", strerror(errno));
    lib_rel = sys_relative_path(argv[optind], root);
    self_rel = sys_relative_path(self, root);
    if (!lib_rel || !self_rel)
        cli_die(EXIT_BENCH_SYSTEM, "out of memory");
    lib_arg = malloc(strlen(lib_rel) + 3);
    if (!lib_arg)
        cli_die(EXIT_BENCH_SYSTEM, "out of memory");
    sprintf(lib_arg, "%s%s", strchr(lib_rel, '/') ? "" : "./", lib_rel);
    if (!kind && !(kind = icount_kind(self_rel, lib_arg, root, timeout, count_mem_limit(), why, sizeof why))) {
        fprintf(stderr, "ngcc-bench: count: %s: not counted: its kind: %s\n", lib_rel, why);
        free(lib_rel);
        free(lib_arg);
        free(self_rel);
        return EXIT_BENCH_FAILED;
    }

    doc = json_object_new_object();
    json_object_object_add(doc, "format", json_object_new_string(ICOUNT_FORMAT));
    json_object_object_add(doc, "format_version", json_object_new_int(1));
    json_object_object_add(doc, "tool", json_object_new_string(NGCC_BENCH_TOOL));
    lib = json_object_new_object();
    json_object_object_add(lib, "path", json_object_new_string(lib_rel));
    json_object_object_add(lib, "sha256", json_object_new_string(hex));
    json_object_object_add(doc, "library", lib);
    ops = json_object_new_object();
    for (k = 0; k < kind->nops; k++) {
        struct icount_result r;
        const char *op = kind->ops[k].name;
        if (strcmp(opname, "all") != 0 && strcmp(opname, op) != 0)
            continue;
        if (icount_run(self_rel, lib_arg, op, calls, root, timeout, count_mem_limit(), &r) != 0)
            return EXIT_BENCH_SYSTEM;
        if (!r.ok) {
            fprintf(stderr, "ngcc-bench: count: %s %s: %s\n", lib_rel, op, r.reason);
            status = EXIT_BENCH_FAILED;
        }
        json_object_object_add(ops, op, icount_to_json(&r));
        if (!out && r.ok) {
            double sum = 0;
            int i;
            for (i = 0; i < r.calls; i++)
                sum += (double)r.per_call[i];
            printf("%s %s %.1f instructions/call (%s, %d calls, %.1f s)\n", lib_rel, op,
                   sum / r.calls, r.tool, r.calls, r.seconds);
        }
    }
    json_object_object_add(doc, "ops", ops);
    if (out && record_write(out, doc) != 0)
        cli_die(EXIT_BENCH_SYSTEM, "%s: cannot write: %s", out, strerror(errno));
    json_object_put(doc);
    free(lib_rel);
    free(lib_arg);
    free(self_rel);
    return status;
}
