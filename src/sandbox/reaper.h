/* reaper.h - watch one child process and leave nothing of it behind.
 *
 * Part of ngcc-perf.  Shared by the KAT sandbox (sandbox.c) and the
 * bench/profile children (src/sandbox/child.c).  Candidate code may fork
 * children that outlive the process we started, setsid() away from its
 * process group, and hold our pipes open.  So:
 *
 * - the calling process becomes a child subreaper (Linux
 *   PR_SET_CHILD_SUBREAPER): orphans of its descendants are re-parented to
 *   it, not to init, whatever their process group or session;
 * - the child's pipes are read until the child itself ends (or time runs
 *   out), never until EOF alone: a grandchild may hold them open forever;
 * - then the child's process group and every remaining process whose
 *   parent is us is killed with SIGKILL and reaped, until none is left;
 *   their number is reported (stray processes);
 * - the pipes are drained for a short while, and the child is reaped last.
 *
 * The caller must run one watched child at a time and have no other
 * children it wants to keep: every child of the caller is a stray once the
 * watched child has ended.
 */
#ifndef NGCC_KAT_REAPER_H
#define NGCC_KAT_REAPER_H

#include <stddef.h>
#include <sys/types.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NGCC_REAPER_MAX_FDS 4
/* How long the pipes are drained after the child has ended. */
#define NGCC_REAPER_DRAIN_S 0.25

struct ngcc_reaper_watch;

/* Called with each chunk read from fds[INDEX]; may move W->deadline. */
typedef void (*ngcc_reaper_data_fn)(struct ngcc_reaper_watch *w, int index,
                                    const char *buf, size_t len);

struct ngcc_reaper_watch {
    int fds[NGCC_REAPER_MAX_FDS];   /* read ends; -1: unused or closed */
    int nfds;
    double deadline;                /* ngcc_reaper_now() based; 0: none */
    ngcc_reaper_data_fn on_data;
    void *arg;                      /* for ON_DATA */
};

struct ngcc_reaper_result {
    int status;                     /* waitpid() status of the child */
    int timed_out;                  /* killed at the deadline */
    int strays;                     /* other processes killed or reaped */
};

/* Make this process a child subreaper (once; later calls return the first
 * result).  0, or -1 where the system has no such thing. */
int ngcc_reaper_init(void);

/* Monotonic seconds, the clock of deadlines. */
double ngcc_reaper_now(void);

/* Watch PID (already its own process group leader, or about to be): read
 * W's fds until PID ends or W->deadline passes, kill PID's group and every
 * stray, drain, reap PID.  Closes every fd of W.  Returns 0, or -1 if PID
 * could not be waited for (errno set; RES->status then 0). */
int ngcc_reaper_watch(pid_t pid, struct ngcc_reaper_watch *w,
                      struct ngcc_reaper_result *res);

/* Kill and reap every child of this process except EXCEPT (0: none),
 * repeating until none is left (re-parented grandchildren included).
 * Returns how many were reaped. */
int ngcc_reaper_kill_strays(pid_t except);

#ifdef __cplusplus
}
#endif

#endif /* NGCC_KAT_REAPER_H */
