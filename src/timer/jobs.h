/* jobs.h -- the jobs file of `ngcc-bench run-many` and the order in which
 * their trials run: slot passes over every record, then outlier reruns
 * round-robin over the records.  Pure logic (no processes), so the tests
 * can drive it.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_JOBS_H
#define NGCC_BENCH_JOBS_H

#include <stddef.h>

#include "instance.h"

/* One line `OP<TAB>OUT<TAB>LIBRARY[<TAB>T1]` of a jobs file. */
struct job {
    int line;            /* 1-based line number in the file */
    const char *op;      /* an operation of the table (instance.h) */
    char *out;           /* the record to write */
    char *library;
    double t1_s;         /* > 0: a calibration to reuse; 0: none ("-" or absent) */
    char *text;          /* the line as written (without the newline) */
};

struct job_list {
    struct job *jobs;
    int n;
};

/* Parse the text of a jobs file (LEN bytes, need not be NUL-terminated).
 * Lines are separated by '\n' (a '\r' before it is dropped); blank lines
 * and lines whose first non-blank character is '#' are skipped; every
 * other line is exactly 3 or 4 fields separated by single tabs: an
 * operation (of a kind in the table, not null), a non-empty OUT, a non-empty LIBRARY and
 * an optional T1 (a positive number of seconds, or "-" for none).  Two
 * jobs may not name the same OUT.  0 with LIST filled (maybe empty), -1
 * with ERR = "LINE: what is wrong" (LINE 1-based), -2 out of memory. */
int jobs_parse(const char *text, size_t len, struct job_list *list, char *err, size_t errlen);

/* Read and parse the file PATH.  As jobs_parse; a file that cannot be read
 * is -3 with ERR = "cannot read: <strerror>". */
int jobs_load(const char *path, struct job_list *list, char *err, size_t errlen);

void jobs_free(struct job_list *list);

/* The scheduler.  Per record: is it still being measured, how many of its
 * slots have a trial, how many slots it has, and (only looked at once no
 * active record has a slot left) whether the outlier rule wants a rerun. */
struct sched_item {
    int active;
    int slots_done;
    int slots;
    int wants_rerun;
};

enum sched_step { SCHED_DONE, SCHED_SLOT, SCHED_RERUN };

/* The next step over the N records ITEMS.  While an active record has a
 * slot without a trial: SCHED_SLOT for the active record with the fewest
 * slots done (the first such in index order), so slot 1 of every record
 * runs, then slot 2 of every record, and so on; *SLOT gets the 0-based
 * slot (= its slots_done).  Then SCHED_RERUN for the first active record
 * after LAST (cyclically; LAST -1: from index 0) that wants a rerun: one
 * rerun per record in turn.  SCHED_DONE when nothing is left.  *JOB gets
 * the record's index (-1 with SCHED_DONE). */
enum sched_step sched_next(const struct sched_item *items, int n, int last, int *job, int *slot);

#endif
