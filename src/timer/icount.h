/* icount.h -- instructions per operation: the exact count of user-mode
 * instructions of a few calls of one operation, from perf_event_open
 * (instructions, user only) where the kernel gives it, else from valgrind's
 * callgrind with collection switched on inside the API call only
 * (doc/robust.md).  The calls run in a child process (`ngcc-bench
 * count-child`), under valgrind or not, with a time limit; the DRNG is
 * seeded as in the trials, so the count is the same from run to run.
 * Part of ngcc-perf. */
#ifndef NGCC_BENCH_ICOUNT_H
#define NGCC_BENCH_ICOUNT_H

#include <stdint.h>

#include <json.h>

#include "instance.h"

#define ICOUNT_CALLS 3        /* counted calls, after one warm-up call */
#define ICOUNT_MAX_CALLS 16
#define ICOUNT_SLOWDOWN 200.0  /* the counting process's limit: this x its */
#define ICOUNT_MARGIN_S 60.0   /* calls' time + this */
#define ICOUNT_EXIT_SKIPPED 77 /* count: no source here */
#define ICOUNT_ENV "NGCC_BENCH_ICOUNT" /* 1: run and run-many count too */

enum icount_source { ICOUNT_NONE, ICOUNT_PERF, ICOUNT_VALGRIND };

struct icount_result {
    enum icount_source source;
    int ok;                      /* counted */
    int calls;
    int64_t per_call[ICOUNT_MAX_CALLS];
    double seconds;              /* wall time of the counting process */
    char tool[128];              /* "valgrind-3.19.0", "perf_event_open" */
    char reason[320];            /* why not, when not ok */
};

/* The source usable here: perf when the kernel counts user-mode
 * instructions, else valgrind when `valgrind` is on PATH, else NONE with
 * WHY. */
enum icount_source icount_probe(char *why, size_t size);

/* Count CALLS calls of OP of LIBRARY (a path relative to ROOT, the child's
 * directory) with SELF (ngcc-bench, relative to ROOT or absolute) as the
 * child, within TIMEOUT_S and MEM_BYTES (0: none).  0 with R filled (R->ok
 * says whether it counted), -1 when no process could be started. */
int icount_run(const char *self, const char *library, const char *op, int calls, const char *root,
               double timeout_s, unsigned long long mem_bytes, struct icount_result *r);

/* The kind of LIBRARY (ROOT, SELF as for icount_run), from its
 * ngcc_instance_info type as a child process (`count-child --kind`) reads
 * it: NULL with WHY when it cannot be loaded or its type is no kind. */
const struct kind *icount_kind(const char *self, const char *library, const char *root,
                               double timeout_s, unsigned long long mem_bytes, char *why, size_t size);

/* The "instructions" section of a record: ICOUNT_CALLS calls counted,
 * with a limit from the record's T1_S and SETUP_S. */
json_object *icount_record(const char *self, const char *library, const char *op, const char *root,
                           double t1_s, double setup_s, unsigned long long mem_bytes);

/* The "instructions" object of a record or of `ngcc-bench count`. */
json_object *icount_to_json(const struct icount_result *r);

/* `ngcc-bench count` and `ngcc-bench count-child` (argv[0] is the
 * command's name); exit codes of outcome.h. */
int icount_main(int argc, char **argv);
int icount_child_main(int argc, char **argv);

#endif
