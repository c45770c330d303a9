/* sandbox.c - run a function in a forked child under limits.
 *
 * Part of ngcc-perf.
 */
#define _POSIX_C_SOURCE 200809L

#ifdef HAVE_CONFIG_H
#include <config.h>
#elif defined(__linux__)
#define HAVE_SYS_PRCTL_H 1
#endif

#include "sandbox.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef HAVE_SYS_PRCTL_H
#include <sys/prctl.h>
#endif

/* AddressSanitizer reserves terabytes of shadow address space: an
 * RLIMIT_AS of a few GiB would make every later allocation fail. */
#if defined(__SANITIZE_ADDRESS__)
#define NGCC_UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define NGCC_UNDER_ASAN 1
#endif
#endif
#ifndef NGCC_UNDER_ASAN
#define NGCC_UNDER_ASAN 0
#endif

static const struct {
    int sig;
    const char *name;
} signames[] = {
    {SIGSEGV, "SIGSEGV"}, {SIGBUS, "SIGBUS"},   {SIGFPE, "SIGFPE"},
    {SIGILL, "SIGILL"},   {SIGABRT, "SIGABRT"}, {SIGKILL, "SIGKILL"},
    {SIGTERM, "SIGTERM"}, {SIGINT, "SIGINT"},   {SIGHUP, "SIGHUP"},
    {SIGQUIT, "SIGQUIT"}, {SIGPIPE, "SIGPIPE"}, {SIGALRM, "SIGALRM"},
    {SIGUSR1, "SIGUSR1"}, {SIGUSR2, "SIGUSR2"}, {SIGTRAP, "SIGTRAP"},
    {SIGSYS, "SIGSYS"},   {SIGXCPU, "SIGXCPU"}, {SIGXFSZ, "SIGXFSZ"},
    {SIGCHLD, "SIGCHLD"}, {SIGSTOP, "SIGSTOP"}, {SIGTSTP, "SIGTSTP"},
    {SIGCONT, "SIGCONT"}, {SIGTTIN, "SIGTTIN"}, {SIGTTOU, "SIGTTOU"},
    {SIGVTALRM, "SIGVTALRM"}, {SIGPROF, "SIGPROF"}, {SIGURG, "SIGURG"},
};

const char *ngcc_sandbox_signame(int sig)
{
    static char other[32];
    size_t i;

    for (i = 0; i < sizeof signames / sizeof signames[0]; i++)
        if (signames[i].sig == sig)
            return signames[i].name;
    snprintf(other, sizeof other, "signal %d", sig);
    return other;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int ngcc_sandbox_send(int msg_fd, const char *fmt, ...)
{
    char buf[NGCC_SANDBOX_MAX_LINE + 1];
    va_list ap;
    int n;
    size_t len, i;

    va_start(ap, fmt);
    n = vsnprintf(buf, sizeof buf - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return -1;
    len = (size_t)n < sizeof buf - 2 ? (size_t)n : sizeof buf - 2;
    for (i = 0; i < len; i++)
        if (buf[i] == '\n')
            buf[i] = ' ';
    buf[len++] = '\n';
    return write_all(msg_fd, buf, len);
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void sleep_ms(long ms)
{
    struct timespec ts;
    ts.tv_sec = ms / 1000;
    ts.tv_nsec = (ms % 1000) * 1000000L;
    nanosleep(&ts, NULL);
}

/* Does setrlimit(RLIMIT_AS) take effect in this process?  Not under
 * qemu-user, which ignores it (the emulator needs the address space): the
 * limit is then not reported as applied.  Probed once by moving the soft
 * limit and reading it back. */
static int rlimit_as_enforced(void)
{
    static int known = -1;
    struct rlimit old, probe, got;

    if (known >= 0)
        return known;
    known = 0;
    if (getrlimit(RLIMIT_AS, &old) != 0)
        return known;
    probe = old;
    probe.rlim_cur = old.rlim_cur == RLIM_INFINITY ? (rlim_t)1 << 62 : old.rlim_cur - 4096;
    if (setrlimit(RLIMIT_AS, &probe) == 0 && getrlimit(RLIMIT_AS, &got) == 0)
        known = got.rlim_cur == probe.rlim_cur;
    setrlimit(RLIMIT_AS, &old);
    return known;
}

/* Child side: everything up to calling FN.  Never returns. */
static void child_main(const struct ngcc_sandbox_limits *lim, int msg_fd,
                       pid_t parent, ngcc_sandbox_fn fn, void *arg)
{
    static const int fatal[] = {
        SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT, SIGTRAP, SIGSYS,
        SIGXCPU, SIGXFSZ, SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGALRM,
    };
    struct rlimit rl;
    struct sigaction sa;
    sigset_t all;
    size_t i;
    int fd;

    setpgid(0, 0);
#ifdef HAVE_SYS_PRCTL_H
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    prctl(PR_SET_DUMPABLE, 0);
#endif
    if (getppid() != parent)
        _exit(127); /* the parent is already gone */

    rl.rlim_cur = rl.rlim_max = 0;
    setrlimit(RLIMIT_CORE, &rl);
    if (lim->memory_mib > 0 && !NGCC_UNDER_ASAN) {
        rl.rlim_cur = rl.rlim_max = (rlim_t)lim->memory_mib * 1024 * 1024;
        setrlimit(RLIMIT_AS, &rl);
    }
    if (lim->timeout_s > 0) {
        double secs = lim->timeout_s < 1e9 ? lim->timeout_s : 1e9;
        rlim_t whole = (rlim_t)secs;
        if ((double)whole < secs)
            whole++; /* round up */
        rl.rlim_cur = whole + 1;
        rl.rlim_max = rl.rlim_cur + 1;
        setrlimit(RLIMIT_CPU, &rl);
    }

    memset(&sa, 0, sizeof sa);
    sa.sa_handler = SIG_DFL;
    sigemptyset(&sa.sa_mask);
    for (i = 0; i < sizeof fatal / sizeof fatal[0]; i++)
        sigaction(fatal[i], &sa, NULL);
    sigemptyset(&all);
    sigprocmask(SIG_SETMASK, &all, NULL);

    fd = open("/dev/null", O_RDONLY);
    if (fd >= 0 && fd != 0) {
        dup2(fd, 0);
        close(fd);
    }
    _exit(fn(msg_fd, arg) & 0xff);
}

struct linebuf {
    char buf[NGCC_SANDBOX_MAX_LINE + 1];
    size_t len;
    int skipping;   /* dropping the rest of an over-long line */
};

static void feed(struct linebuf *lb, const char *p, size_t n,
                 ngcc_sandbox_line_fn on_line, void *arg)
{
    size_t i;

    for (i = 0; i < n; i++) {
        if (p[i] == '\n') {
            if (!lb->skipping && on_line != NULL) {
                lb->buf[lb->len] = '\0';
                on_line(lb->buf, lb->len, arg);
            }
            lb->len = 0;
            lb->skipping = 0;
        } else if (!lb->skipping) {
            lb->buf[lb->len++] = p[i];
            if (lb->len == NGCC_SANDBOX_MAX_LINE) {
                lb->buf[lb->len] = '\0';
                if (on_line != NULL)
                    on_line(lb->buf, lb->len, arg);
                lb->len = 0;
                lb->skipping = 1;
            }
        }
    }
}

int ngcc_sandbox_run(const struct ngcc_sandbox_limits *lim, ngcc_sandbox_fn fn,
                     void *fn_arg, ngcc_sandbox_line_fn on_line,
                     void *line_arg, struct ngcc_sandbox_result *res,
                     char *err, size_t errsize)
{
    struct linebuf *lb;
    int pfd[2], status = 0, timed_out = 0, eof = 0;
    double start, deadline = 0;
    pid_t pid, parent = getpid();
    siginfo_t si;

    memset(res, 0, sizeof *res);
    lb = calloc(1, sizeof *lb);
    if (lb == NULL) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    if (pipe(pfd) != 0) {
        snprintf(err, errsize, "pipe: %s", strerror(errno));
        free(lb);
        return -1;
    }
    fcntl(pfd[0], F_SETFD, FD_CLOEXEC);
    fcntl(pfd[1], F_SETFD, FD_CLOEXEC);

    start = now_s();
    if (lim->timeout_s > 0)
        deadline = start + lim->timeout_s;
    pid = fork();
    if (pid < 0) {
        snprintf(err, errsize, "fork: %s", strerror(errno));
        close(pfd[0]);
        close(pfd[1]);
        free(lb);
        return -1;
    }
    if (pid == 0) {
        close(pfd[0]);
        child_main(lim, pfd[1], parent, fn, fn_arg);
    }
    setpgid(pid, pid); /* also done by the child; whichever runs first */
    close(pfd[1]);
    res->memory_limited = lim->memory_mib > 0 && !NGCC_UNDER_ASAN && rlimit_as_enforced();

    /* Read the child's messages until it closes the pipe or time runs out. */
    while (!eof) {
        struct pollfd p;
        int wait_ms = -1, rc;
        char chunk[4096];
        ssize_t n;

        if (deadline > 0) {
            double left = deadline - now_s();
            if (left <= 0) {
                timed_out = 1;
                break;
            }
            wait_ms = left * 1000 > INT_MAX ? INT_MAX : (int)(left * 1000) + 1;
        }
        p.fd = pfd[0];
        p.events = POLLIN;
        p.revents = 0;
        rc = poll(&p, 1, wait_ms);
        if (rc < 0) {
            if (errno == EINTR)
                continue;
            break; /* cannot happen; fall through to waiting */
        }
        if (rc == 0)
            continue;
        n = read(pfd[0], chunk, sizeof chunk);
        if (n < 0) {
            if (errno == EINTR || errno == EAGAIN)
                continue;
            eof = 1;
        } else if (n == 0) {
            eof = 1;
        } else {
            feed(lb, chunk, (size_t)n, on_line, line_arg);
        }
    }
    if (lb->len > 0 && !lb->skipping && on_line != NULL) {
        lb->buf[lb->len] = '\0';
        on_line(lb->buf, lb->len, line_arg);
    }
    close(pfd[0]);

    /* Wait for the child to end, without reaping it yet: while it is a
     * zombie its pid cannot be reused, so killing its process group below
     * cannot hit a stranger. */
    while (!timed_out) {
        int rc;
        memset(&si, 0, sizeof si);
        rc = waitid(P_PID, (id_t)pid, &si, WEXITED | WNOWAIT |
                    (deadline > 0 ? WNOHANG : 0));
        if (rc < 0) {
            if (errno == EINTR)
                continue;
            break;
        }
        if (si.si_pid == pid)
            break;
        if (deadline > 0 && now_s() >= deadline) {
            timed_out = 1;
            break;
        }
        sleep_ms(2);
    }
    kill(-pid, SIGKILL); /* leftovers in the group, or everything on timeout */
    if (timed_out)
        kill(pid, SIGKILL);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    res->elapsed_s = now_s() - start;

    if (timed_out) {
        res->outcome = NGCC_SANDBOX_TIMEOUT;
        res->signal = SIGKILL;
    } else if (WIFSIGNALED(status)) {
        res->outcome = NGCC_SANDBOX_SIGNALED;
        res->signal = WTERMSIG(status);
    } else {
        res->outcome = NGCC_SANDBOX_EXITED;
        res->exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : 255;
    }
    free(lb);
    return 0;
}
