/* ngcc-bench.h -- what the files of ngcc-bench share: each command's
 * entry, the options of run, null and run-many, and the helpers of several
 * commands.  One file per command: src/tools/ngcc-bench-COMMAND.c.
 * Part of ngcc-perf. */
#ifndef NGCC_TOOLS_NGCC_BENCH_H
#define NGCC_TOOLS_NGCC_BENCH_H

#include <json.h>

#include "counter.h"
#include "measure.h"

#define PROG "ngcc-bench"

enum run_cmd { CMD_RUN, CMD_NULL, CMD_MANY };

struct run_cli {
    struct measure_options o;
    const char *out;         /* run, null */
    const char *jobs;        /* run-many */
    int have_op;
    int force;
    int progress;            /* run-many: "progress DONE/TOTAL" lines */
};

/* The options of run, null and run-many (one table: the same spelling and
 * checks for all three); those that do not belong to CMD are usage errors.
 * Leaves optind at the first operand. */
void parse_run_options(int argc, char **argv, enum run_cmd cmd, struct run_cli *a);

/* The counter named S that works here; otherwise a usage error. */
enum counter_kind counter_arg(const char *s);

/* OBJ written atomically to OUT, or pretty-printed on stdout when OUT is
 * NULL; exits with EXIT_BENCH_SYSTEM when it cannot be written. */
void write_json(const char *out, json_object *obj);

/* 1 when OUT is a complete record of O's operation that checks clean (it is
 * kept; *CODE is the exit status to return), 0 to measure. */
int existing_record_ok(const char *out, const struct measure_options *o, int *code);

/* The commands: ARGV[0] is the command's name; each returns the exit
 * status (outcome.h). */
int cmd_trial(int argc, char **argv);
int cmd_run(int argc, char **argv, int null_op);   /* run, or null when NULL_OP */
int cmd_run_many(int argc, char **argv);
int cmd_host(int argc, char **argv);
int cmd_elf(int argc, char **argv);
int cmd_check(int argc, char **argv);
int cmd_get(int argc, char **argv);

#endif
