/* outcome.h -- how a measurement ended (the record's "status") and the exit
 * codes of ngcc-bench.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_OUTCOME_H
#define NGCC_BENCH_OUTCOME_H

enum outcome {
    OUTCOME_OK,
    OUTCOME_LOAD_FAILED,    /* not an ELF file, dlopen or dlsym failed */
    OUTCOME_SETUP_FAILED,   /* seeding, a getter or keygen/enc of the setup */
    OUTCOME_OP_FAILED,      /* the operation returned an error */
    OUTCOME_WRONG_SECRET,   /* dec did not reproduce the shared secret */
    OUTCOME_OVERFLOW,       /* a call wrote outside a buffer (guard bytes) */
    OUTCOME_CRASHED,        /* the child died from a signal or exited badly */
    OUTCOME_TIMEOUT,        /* the child exceeded its time limit */
    OUTCOME_COUNTER_FAILED, /* the counter could not be opened or read 0 */
    OUTCOME_BAD_OUTPUT      /* the child's result could not be read */
};
#define OUTCOMES 10

/* Exit codes of ngcc-bench (documented in --help and doc/evidence.md). */
#define EXIT_BENCH_OK 0      /* success */
#define EXIT_BENCH_FAILED 1  /* failed record written / check found problems */
#define EXIT_BENCH_USAGE 2   /* bad command line */
#define EXIT_BENCH_SYSTEM 3  /* I/O, fork, memory: nothing trustworthy written */

const char *outcome_name(enum outcome o);
/* 0 and the outcome, or -1 for an unknown name. */
int outcome_from_name(const char *name, enum outcome *o);

#endif
