/* sandbox.h - run a function in a forked child under limits.
 *
 * Part of ngcc-perf.  The KAT driver loads untrusted candidate libraries;
 * everything that touches them runs in a child made here, so that a crash,
 * a hang or a runaway allocation is a result, never the driver's end.
 *
 * The child: its own process group, killed when the parent dies (Linux),
 * stdin from /dev/null, no core dumps (RLIMIT_CORE 0, not dumpable), an
 * address-space limit (RLIMIT_AS), a CPU-time limit (RLIMIT_CPU, the wall
 * clock limit rounded up plus one second, as a backstop), default
 * dispositions for the fatal signals.  It reports through MSG_FD, the write
 * end of a pipe; the parent hands every line to a callback.  Its stdout and
 * stderr (what the candidate prints) go to a second pipe, handed over line
 * by line to another callback: output never passes for a message.  When
 * the child ends, or at the wall clock limit, its process group and every
 * process it left behind are killed (reaper.h); their number is reported.
 * Before the function runs, the child is confined with Landlock
 * (src/sandbox/confine.h): writes only in its scratch directory.
 */
#ifndef NGCC_KAT_SANDBOX_H
#define NGCC_KAT_SANDBOX_H

#include <stddef.h>

#include "confine.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Lines longer than this reach the callback truncated. */
#define NGCC_SANDBOX_MAX_LINE 4096
/* The child's exit status when Landlock refused its rules (the kernel has
 * Landlock, so running unconfined would say what is not so). */
#define NGCC_SANDBOX_CONFINE_FAILED 125

struct ngcc_sandbox_limits {
    double timeout_s;           /* wall clock; <= 0: none */
    unsigned long memory_mib;   /* address space; 0: none */
    /* The child is confined (confine.h) to a fresh scratch directory, its
     * working directory, removed after it.  Reads are allowed beneath the
     * directory of READABLE, and of every word of an exec'd ARGV, writes
     * also beneath WRITABLE; each may be NULL. */
    const char *readable;
    char *const *argv;
    const char *writable;
};

enum ngcc_sandbox_outcome {
    NGCC_SANDBOX_EXITED,        /* exit_code is valid */
    NGCC_SANDBOX_SIGNALED,      /* signal is valid */
    NGCC_SANDBOX_TIMEOUT        /* killed after the wall clock limit */
};

struct ngcc_sandbox_result {
    enum ngcc_sandbox_outcome outcome;
    int exit_code;
    int signal;
    double elapsed_s;           /* wall clock, fork to reaping */
    int memory_limited;         /* 1 if RLIMIT_AS was applied; 0 when none
                                   was asked for, or under AddressSanitizer
                                   (its shadow memory needs terabytes of
                                   address space) */
    int strays;                 /* processes left behind, killed */
    struct ngcc_confinement confinement; /* what the child ran under */
    char scratch_left[512];     /* names it left in its scratch directory */
};

/* Runs in the child; its return value (0..255) is the exit status. */
typedef int (*ngcc_sandbox_fn)(int msg_fd, void *arg);
/* Runs in the parent for each line from the child (without '\n'; LINE is
 * NUL-terminated). */
typedef void (*ngcc_sandbox_line_fn)(const char *line, size_t len, void *arg);

/* The parent's callbacks (each may be NULL), both called with ARG. */
struct ngcc_sandbox_io {
    ngcc_sandbox_line_fn on_line;       /* a message line (MSG_FD) */
    ngcc_sandbox_line_fn on_output;     /* a line the child printed; NULL:
                                           its stdout and stderr go to ours
                                           (stderr) */
    void *arg;
};

/* Fork, run FN(msg_fd, FN_ARG) in the child under LIM, pass its lines to
 * IO (may be NULL) and wait for it.  The caller should flush its stdio
 * streams first.  Returns 0 with RES filled, or -1 (ERR set) when the child
 * could not be started. */
int ngcc_sandbox_run(const struct ngcc_sandbox_limits *lim, ngcc_sandbox_fn fn,
                     void *fn_arg, const struct ngcc_sandbox_io *io,
                     struct ngcc_sandbox_result *res, char *err,
                     size_t errsize);

/* "SIGSEGV", "SIGABRT", ...; "signal N" for others (static buffer for
 * those: not reentrant). */
const char *ngcc_sandbox_signame(int sig);

/* Write a line to a message fd (the child side): FMT is printf-like; a
 * '\n' is added.  Returns 0 or -1. */
int ngcc_sandbox_send(int msg_fd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;

#ifdef __cplusplus
}
#endif

#endif /* NGCC_KAT_SANDBOX_H */
