/* child.h -- run one trial process: fork + exec with a time limit, a
 * memory limit, no core dump, its own process group; collect its stdout
 * and the tail of its stderr; when it ends, kill whatever it left behind
 * (src/sandbox/reaper.h), without waiting for pipes a grandchild holds.  Candidate code is untrusted: it runs only
 * in such children.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_CHILD_H
#define NGCC_BENCH_CHILD_H

#include <stddef.h>

#include "confine.h"

struct child_limits {
    double timeout_s;             /* wall-clock limit; <= 0: none */
    unsigned long long mem_bytes; /* RLIMIT_AS; 0: none */
    int cpu;                      /* pinned before exec; -1: not pinned */
    const char *writable;         /* also writable beneath it, besides the
                                     child's scratch directory; NULL: none */
    /* Called with all of stdout so far whenever more arrives; it may move
     * *DEADLINE (seconds on ngcc_reaper_now()'s clock).  NULL: none. */
    void (*on_out)(const char *out, size_t len, double *deadline, void *arg);
    void *on_out_arg;
};

struct child_result {
    int started;     /* fork and exec worked */
    int exited;      /* exit status in CODE */
    int code;
    int signaled;    /* killed by signal SIG */
    int sig;
    int timed_out;   /* killed for exceeding the time limit */
    double limit_s;  /* the time limit in the end, from fork */
    int strays;      /* processes it left behind, killed (reaper.h) */
    double seconds;  /* from fork to reaping */
    char *out;       /* stdout, NUL-terminated (at most 1 MiB kept) */
    size_t out_len;
    char err_tail[4096]; /* the last bytes of stderr */
    char error[256];     /* why it did not start */
    struct ngcc_confinement confinement; /* what it ran under (confine.h) */
    char scratch_left[512]; /* names it left in its scratch directory */
};

/* Run EXE with ARGV in directory CWD (NULL: ours).  0 when the child ran
 * (whatever its status), -1 when it could not be started. */
int child_run(const char *exe, char *const argv[], const char *cwd,
              const struct child_limits *lim, struct child_result *res);

/* One line explaining a child that did not exit 0: the signal, the
 * timeout, or the most telling line of its stderr. */
void child_describe(const struct child_result *res, char *buf, size_t size);

/* The note of a process in a record: "" for one that exited 0, else as
 * child_describe(); then the stray processes it left, if any. */
void child_note(const struct child_result *res, char *buf, size_t size);

void child_result_free(struct child_result *res);

#endif
