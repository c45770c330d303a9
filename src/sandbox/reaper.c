/* reaper.c - watch one child process and leave nothing of it behind.
 *
 * Part of ngcc-perf.
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include "reaper.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

/* Without a pidfd, how often the child is looked at while its pipes are
 * open (a grandchild may hold them after the child has ended). */
#define SLICE_MS 50
/* Rounds of stray killing: each round kills the strays of the moment; the
 * children they had are re-parented to us for the next round. */
#define MAX_ROUNDS 10000

double ngcc_reaper_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int ngcc_reaper_init(void)
{
    static int done = 0, rc = -1;

    if (!done) {
        done = 1;
#if defined(__linux__) && defined(PR_SET_CHILD_SUBREAPER)
        rc = prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 ? 0 : -1;
#endif
    }
    return rc;
}

/* The parent pid in /proc/PID/stat ("pid (comm) state ppid ..."; comm may
 * hold blanks and parentheses: read after the last ')'), or -1. */
static pid_t parent_of(const char *pid)
{
    char path[64], buf[512], *p;
    ssize_t n;
    long ppid;
    int fd;

    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    p = strrchr(buf, ')');
    if (p == NULL || sscanf(p + 1, " %*c %ld", &ppid) != 1)
        return -1;
    return (pid_t)ppid;
}

/* Kill and reap the children of ME found in /proc now.  Returns their
 * number, or -1 when /proc cannot be read. */
static int kill_round(pid_t me, pid_t except)
{
    struct dirent *e;
    int n = 0;
    DIR *d = opendir("/proc");

    if (d == NULL)
        return -1;
    while ((e = readdir(d)) != NULL) {
        char *end;
        long pid = strtol(e->d_name, &end, 10);
        if (*end != '\0' || pid <= 0 || (pid_t)pid == except ||
            parent_of(e->d_name) != me)
            continue;
        /* Our child: its pid cannot be reused before we reap it. */
        kill((pid_t)pid, SIGKILL);
        while (waitpid((pid_t)pid, NULL, 0) < 0 && errno == EINTR)
            ;
        n++;
    }
    closedir(d);
    return n;
}

int ngcc_reaper_kill_strays(pid_t except)
{
    pid_t me = getpid();
    int total = 0, round;

    for (round = 0; round < MAX_ROUNDS; round++) {
        int n = kill_round(me, except);
        if (n < 0) {
            /* No /proc: reap what has already ended. */
            pid_t p;
            while ((p = waitpid(-1, NULL, WNOHANG)) > 0 && p != except)
                total++;
            break;
        }
        if (n == 0)
            break;
        total += n;
    }
    return total;
}

static int open_pidfd(pid_t pid)
{
#if defined(__linux__) && defined(SYS_pidfd_open)
    int fd = (int)syscall(SYS_pidfd_open, pid, 0);
    if (fd >= 0)
        fcntl(fd, F_SETFD, FD_CLOEXEC);
    return fd;
#else
    (void)pid;
    return -1;
#endif
}

/* Has PID ended (a zombie now)?  It is not reaped. */
static int has_ended(pid_t pid)
{
    siginfo_t si;

    for (;;) {
        memset(&si, 0, sizeof si);
        if (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOHANG | WNOWAIT) == 0)
            return si.si_pid == pid;
        if (errno != EINTR)
            return 1; /* not our child any more: nothing to wait for */
    }
}

/* Read what is there on W's open fds; close those at EOF.  WAIT_MS as for
 * poll(); PIDFD (or -1) is watched too.  Returns 1 when PIDFD is readable
 * (the child ended). */
static int read_some(struct ngcc_reaper_watch *w, int pidfd, int wait_ms)
{
    struct pollfd p[NGCC_REAPER_MAX_FDS + 1];
    int map[NGCC_REAPER_MAX_FDS + 1], n = 0, i, rc, ended = 0;
    char buf[4096];

    for (i = 0; i < w->nfds; i++)
        if (w->fds[i] >= 0) {
            p[n].fd = w->fds[i];
            p[n].events = POLLIN;
            p[n].revents = 0;
            map[n++] = i;
        }
    if (pidfd >= 0) {
        p[n].fd = pidfd;
        p[n].events = POLLIN;
        p[n].revents = 0;
        map[n++] = -1;
    }
    if (n == 0)
        return 0;
    rc = poll(p, (nfds_t)n, wait_ms);
    if (rc <= 0)
        return 0;
    for (i = 0; i < n; i++) {
        ssize_t r;
        if (!(p[i].revents & (POLLIN | POLLHUP | POLLERR | POLLNVAL)))
            continue;
        if (map[i] < 0) {
            ended = 1;
            continue;
        }
        r = read(p[i].fd, buf, sizeof buf);
        if (r < 0 && (errno == EINTR || errno == EAGAIN))
            continue;
        if (r <= 0) {
            close(w->fds[map[i]]);
            w->fds[map[i]] = -1;
            continue;
        }
        if (w->on_data != NULL)
            w->on_data(w, map[i], buf, (size_t)r);
    }
    return ended;
}

static int open_fds(const struct ngcc_reaper_watch *w)
{
    int i, n = 0;
    for (i = 0; i < w->nfds; i++)
        n += w->fds[i] >= 0;
    return n;
}

/* Milliseconds to wait at most: to the deadline, capped at CAP (-1: no
 * cap). */
static int wait_for(const struct ngcc_reaper_watch *w, int cap)
{
    double left;
    if (w->deadline <= 0)
        return cap;
    left = (w->deadline - ngcc_reaper_now()) * 1000.0;
    if (left < 0)
        left = 0;
    if (left > INT_MAX - 1)
        left = INT_MAX - 1;
    return cap >= 0 && (int)left + 1 > cap ? cap : (int)left + 1;
}

int ngcc_reaper_watch(pid_t pid, struct ngcc_reaper_watch *w,
                      struct ngcc_reaper_result *res)
{
    int pidfd = open_pidfd(pid), ended = 0, i, sleep_ms = 1;
    double drain_end;

    memset(res, 0, sizeof *res);
    while (!ended) {
        if (w->deadline > 0 && ngcc_reaper_now() >= w->deadline) {
            res->timed_out = 1;
            break;
        }
        if (open_fds(w) > 0 || pidfd >= 0) {
            ended = read_some(w, pidfd, wait_for(w, pidfd >= 0 ? -1 : SLICE_MS));
            if (!ended && pidfd < 0)
                ended = has_ended(pid);
        } else {
            /* Pipes closed, no pidfd: look at the child, backing off. */
            struct timespec ts;
            if ((ended = has_ended(pid)) != 0)
                break;
            sleep_ms = wait_for(w, sleep_ms);
            ts.tv_sec = sleep_ms / 1000;
            ts.tv_nsec = (long)(sleep_ms % 1000) * 1000000L;
            nanosleep(&ts, NULL);
            sleep_ms = sleep_ms * 2 > SLICE_MS ? SLICE_MS : sleep_ms * 2;
        }
    }
    if (pidfd >= 0)
        close(pidfd);

    /* The child is a zombie (or is about to be killed): its pid and group
     * cannot be reused until it is reaped below. */
    kill(-pid, SIGKILL);
    if (res->timed_out) {
        siginfo_t si;
        kill(pid, SIGKILL);
        while (waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT) != 0 && errno == EINTR)
            ;
    }
    res->strays = ngcc_reaper_kill_strays(pid);

    /* Every writer is gone now unless one escaped us: drain, briefly. */
    drain_end = ngcc_reaper_now() + NGCC_REAPER_DRAIN_S;
    while (open_fds(w) > 0) {
        double left = drain_end - ngcc_reaper_now();
        if (left <= 0)
            break;
        read_some(w, -1, (int)(left * 1000) + 1);
    }
    for (i = 0; i < w->nfds; i++)
        if (w->fds[i] >= 0) {
            close(w->fds[i]);
            w->fds[i] = -1;
        }

    for (;;) {
        if (waitpid(pid, &res->status, 0) == pid)
            return 0;
        if (errno != EINTR)
            return -1;
    }
}
