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
#include "reaper.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
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
static void child_main(const struct ngcc_sandbox_limits *lim,
                       const struct ngcc_confine_spec *cs, int msg_fd,
                       int out_fd, pid_t parent, ngcc_sandbox_fn fn, void *arg)
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
    /* Whatever the function's callees print reaches the parent as output
     * lines, never as messages; without an output pipe, stderr. */
    fflush(NULL);
    dup2(out_fd >= 0 ? out_fd : 2, 1);
    if (out_fd >= 0) {
        dup2(out_fd, 2);
        close(out_fd);
    }
    /* The loader enters the scratch directory (ngcc_confine_enter); what
     * the candidate's callees make in $TMPDIR lands there too. */
    if (cs->scratch[0]) {
        setenv("NGCC_SCRATCH", cs->scratch, 1);
        setenv("TMPDIR", cs->scratch, 1);
    }
    if (ngcc_confine_apply(cs) != 0) {
        fprintf(stderr, "cannot confine the child (Landlock ABI %d): %s\n", cs->c.abi,
                strerror(errno));
        _exit(NGCC_SANDBOX_CONFINE_FAILED);
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

static void feed_end(struct linebuf *lb, ngcc_sandbox_line_fn on_line, void *arg)
{
    if (lb->len > 0 && !lb->skipping && on_line != NULL) {
        lb->buf[lb->len] = '\0';
        on_line(lb->buf, lb->len, arg);
    }
    lb->len = 0;
}

/* The parent's side: the message pipe (fd 0 of the watch) and the child's
 * output (fd 1), each cut into lines. */
struct channels {
    struct linebuf msg, out;
    const struct ngcc_sandbox_io *io;
};

static void on_data(struct ngcc_reaper_watch *w, int index, const char *buf,
                    size_t len)
{
    struct channels *ch = w->arg;

    if (index == 0)
        feed(&ch->msg, buf, len, ch->io->on_line, ch->io->arg);
    else
        feed(&ch->out, buf, len, ch->io->on_output, ch->io->arg);
}

int ngcc_sandbox_run(const struct ngcc_sandbox_limits *lim, ngcc_sandbox_fn fn,
                     void *fn_arg, const struct ngcc_sandbox_io *io,
                     struct ngcc_sandbox_result *res, char *err,
                     size_t errsize)
{
    static const struct ngcc_sandbox_io no_io = {NULL, NULL, NULL};
    struct channels *ch;
    struct ngcc_confine_spec *cs;
    struct ngcc_reaper_watch w;
    struct ngcc_reaper_result rr;
    int pfd[2], ofd[2] = {-1, -1};
    double start;
    pid_t pid, parent = getpid();

    memset(res, 0, sizeof *res);
    if (io == NULL)
        io = &no_io;
    ch = calloc(1, sizeof *ch);
    if (ch == NULL) {
        snprintf(err, errsize, "out of memory");
        return -1;
    }
    ch->io = io;
    cs = malloc(sizeof *cs);
    if (cs == NULL) {
        snprintf(err, errsize, "out of memory");
        free(ch);
        return -1;
    }
    if (ngcc_confine_prepare(cs, NULL, lim->argv ? lim->argv[0] : NULL, lim->argv, lim->readable,
                             lim->writable, err, errsize) != 0) {
        free(cs);
        free(ch);
        return -1;
    }
    res->confinement = cs->c;
    if (pipe(pfd) != 0 || (io->on_output != NULL && pipe(ofd) != 0)) {
        snprintf(err, errsize, "pipe: %s", strerror(errno));
        ngcc_confine_finish(cs, NULL, 0);
        free(cs);
        free(ch);
        return -1;
    }
    fcntl(pfd[0], F_SETFD, FD_CLOEXEC);
    fcntl(pfd[1], F_SETFD, FD_CLOEXEC);
    if (ofd[0] >= 0) {
        fcntl(ofd[0], F_SETFD, FD_CLOEXEC);
        fcntl(ofd[1], F_SETFD, FD_CLOEXEC);
    }
    ngcc_reaper_init();

    start = ngcc_reaper_now();
    pid = fork();
    if (pid < 0) {
        snprintf(err, errsize, "fork: %s", strerror(errno));
        close(pfd[0]);
        close(pfd[1]);
        if (ofd[0] >= 0) {
            close(ofd[0]);
            close(ofd[1]);
        }
        ngcc_confine_finish(cs, NULL, 0);
        free(cs);
        free(ch);
        return -1;
    }
    if (pid == 0) {
        close(pfd[0]);
        if (ofd[0] >= 0)
            close(ofd[0]);
        child_main(lim, cs, pfd[1], ofd[1], parent, fn, fn_arg);
    }
    setpgid(pid, pid); /* also done by the child; whichever runs first */
    close(pfd[1]);
    if (ofd[1] >= 0)
        close(ofd[1]);
    res->memory_limited = lim->memory_mib > 0 && !NGCC_UNDER_ASAN && rlimit_as_enforced();

    memset(&w, 0, sizeof w);
    w.fds[0] = pfd[0];
    w.fds[1] = ofd[0];
    w.nfds = 2;
    w.deadline = lim->timeout_s > 0 ? start + lim->timeout_s : 0;
    w.on_data = on_data;
    w.arg = ch;
    if (ngcc_reaper_watch(pid, &w, &rr) != 0) {
        snprintf(err, errsize, "waitpid: %s", strerror(errno));
        ngcc_confine_finish(cs, NULL, 0);
        free(cs);
        free(ch);
        return -1;
    }
    ngcc_confine_finish(cs, res->scratch_left, sizeof res->scratch_left);
    free(cs);
    feed_end(&ch->msg, io->on_line, io->arg);
    feed_end(&ch->out, io->on_output, io->arg);
    res->elapsed_s = ngcc_reaper_now() - start;
    res->strays = rr.strays;

    if (rr.timed_out) {
        res->outcome = NGCC_SANDBOX_TIMEOUT;
        res->signal = SIGKILL;
    } else if (WIFSIGNALED(rr.status)) {
        res->outcome = NGCC_SANDBOX_SIGNALED;
        res->signal = WTERMSIG(rr.status);
    } else {
        res->outcome = NGCC_SANDBOX_EXITED;
        res->exit_code = WIFEXITED(rr.status) ? WEXITSTATUS(rr.status) : 255;
    }
    free(ch);
    return 0;
}
