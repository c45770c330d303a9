/* child.c -- run one trial process with limits.  Part of ngcc-perf.
 *
 * Under a user-mode emulator (qemu-user running a cross-built ngcc-bench
 * on another architecture, as `make check` and `make bench` of a cross
 * build do), exec of our own program fails with ENOEXEC unless binfmt_misc
 * knows the emulator.  The child then runs the program through the
 * emulator named by $TEST_EMULATOR (e.g. "qemu-aarch64"), the same command
 * the test harness uses; natively the variable is never consulted. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#endif

#include "child.h"
#include "confine.h"
#include "reaper.h"
#include "sysfile.h"

#define MAX_OUT (1u << 20)
#define EMU_MAX_WORDS 16

/* What the child reports on the report pipe when it cannot exec. */
enum { FAIL_CHDIR = 1, FAIL_EXEC, FAIL_EMULATOR, FAIL_CONFINE };
struct exec_failure {
    int stage;
    int err;
};

/* The emulator fallback, prepared before fork (no allocation in the
 * child): the words of $TEST_EMULATOR, the program's real path and the
 * arguments after argv[0]. */
struct emulation {
    char *words;      /* copy of $TEST_EMULATOR, split in place */
    char *self;       /* the program's path ("/proc/self/exe" resolved) */
    char **argv;      /* NULL when there is no emulator */
};

static void emulation_free(struct emulation *em)
{
    free(em->words);
    free(em->self);
    free(em->argv);
    memset(em, 0, sizeof *em);
}

/* Prepare EM for EXE ARGV from $TEST_EMULATOR; EM->argv stays NULL when the
 * variable is unset or blank (or on allocation failure: no fallback). */
static void emulation_prepare(struct emulation *em, const char *exe, char *const argv[])
{
    const char *env = getenv("TEST_EMULATOR");
    char *word[EMU_MAX_WORDS], *p, *save = NULL;
    size_t nw = 0, na = 0, i;
    char buf[4096];
    ssize_t n;

    memset(em, 0, sizeof *em);
    if (!env || !env[strspn(env, " \t")])
        return;
    em->words = strdup(env);
    if (!em->words)
        return;
    for (p = strtok_r(em->words, " \t", &save); p && nw < EMU_MAX_WORDS;
         p = strtok_r(NULL, " \t", &save))
        word[nw++] = p;
    /* Under qemu-user, /proc/self/exe reads as the emulated program. */
    n = strcmp(exe, "/proc/self/exe") == 0 ? readlink(exe, buf, sizeof buf - 1) : -1;
    if (n > 0) {
        buf[n] = '\0';
        em->self = strdup(buf);
    } else {
        em->self = strdup(exe);
    }
    while (argv[na])
        na++;
    em->argv = calloc(nw + na + 2, sizeof *em->argv);
    if (!em->self || !em->argv) {
        emulation_free(em);
        return;
    }
    for (i = 0; i < nw; i++)
        em->argv[i] = word[i];
    em->argv[nw] = em->self;
    for (i = 1; i < na; i++)
        em->argv[nw + i] = argv[i];
}

static void report_failure(int report_fd, int stage, int err) __attribute__((noreturn));
static void report_failure(int report_fd, int stage, int err)
{
    struct exec_failure f;
    f.stage = stage;
    f.err = err;
    if (write(report_fd, &f, sizeof f) < 0)
        _exit(127);
    _exit(127);
}

/* In the child, before exec: limits, pipes, directory.  Never returns. */
static void exec_child(const char *exe, char *const argv[], const char *cwd,
                       const struct child_limits *lim, const struct emulation *em,
                       const struct ngcc_confine_spec *cs, char *const envp[],
                       int out_fd, int err_fd, int report_fd)
{
    struct rlimit rl = { 0, 0 };
    int devnull = open("/dev/null", O_RDONLY);
    setpgid(0, 0);
#if defined(__linux__)
    prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
    setrlimit(RLIMIT_CORE, &rl);
    if (lim->mem_bytes) {
        rl.rlim_cur = rl.rlim_max = lim->mem_bytes;
        setrlimit(RLIMIT_AS, &rl);
    }
    if (lim->cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(lim->cpu, &set);
        sched_setaffinity(0, sizeof set, &set);
    }
    if (devnull >= 0)
        dup2(devnull, 0);
    dup2(out_fd, 1);
    dup2(err_fd, 2);
    if (cwd && chdir(cwd) != 0)
        report_failure(report_fd, FAIL_CHDIR, errno);
    /* Inherited by what it execs: valgrind and the sanitizers included. */
    if (ngcc_confine_apply(cs) != 0)
        report_failure(report_fd, FAIL_CONFINE, errno);
    execve(exe, argv, envp);
    if (errno == ENOEXEC && em->argv) {
        /* A program for another architecture: through the emulator. */
        execvpe(em->argv[0], em->argv, envp);
        report_failure(report_fd, FAIL_EMULATOR, errno);
    }
    report_failure(report_fd, FAIL_EXEC, errno);
}

/* Our environment with the scratch directory as NGCC_SCRATCH and TMPDIR
 * (made before fork); NULL on allocation failure. */
static char **child_env(const struct ngcc_confine_spec *cs)
{
    extern char **environ;
    size_t n = 0, k = 0;
    char **e;
    while (environ[n])
        n++;
    e = calloc(n + 3, sizeof *e);
    if (!e)
        return NULL;
    for (n = 0; environ[n]; n++)
        if (strncmp(environ[n], "NGCC_SCRATCH=", 13) != 0 && strncmp(environ[n], "TMPDIR=", 7) != 0)
            e[k++] = environ[n];
    e[k++] = (char *)cs->env_scratch;
    e[k++] = (char *)cs->env_tmpdir;
    return e;
}

static void keep_tail(char *tail, size_t cap, size_t *fill, const char *buf, size_t n)
{
    if (n >= cap - 1) {
        memcpy(tail, buf + n - (cap - 1), cap - 1);
        *fill = cap - 1;
    } else {
        if (*fill + n > cap - 1) {
            size_t drop = *fill + n - (cap - 1);
            memmove(tail, tail + drop, *fill - drop);
            *fill -= drop;
        }
        memcpy(tail + *fill, buf, n);
        *fill += n;
    }
    tail[*fill] = '\0';
}

/* The watch's callback: stdout kept (up to MAX_OUT), the tail of stderr. */
struct collector {
    struct child_result *res;
    const struct child_limits *lim;
    size_t cap, tail_fill;
    int nomem;
};

static void on_data(struct ngcc_reaper_watch *w, int index, const char *buf, size_t n)
{
    struct collector *k = w->arg;
    struct child_result *res = k->res;
    if (index == 1) {
        keep_tail(res->err_tail, sizeof res->err_tail, &k->tail_fill, buf, n);
        return;
    }
    if (k->nomem || res->out_len + n >= MAX_OUT)
        return;
    while (res->out_len + n + 1 > k->cap) {
        char *bigger = realloc(res->out, k->cap * 2);
        if (!bigger) {
            k->nomem = 1;
            return;
        }
        res->out = bigger;
        k->cap *= 2;
    }
    memcpy(res->out + res->out_len, buf, n);
    res->out_len += n;
    res->out[res->out_len] = '\0';
    if (k->lim->on_out)
        k->lim->on_out(res->out, res->out_len, &w->deadline, k->lim->on_out_arg);
}

int child_run(const char *exe, char *const argv[], const char *cwd,
              const struct child_limits *lim, struct child_result *res)
{
    int out[2], err[2], rep[2], status = 0;
    struct ngcc_reaper_watch w;
    struct ngcc_reaper_result rr;
    struct collector k;
    long long t0_ns = sys_now_ns();
    double start = ngcc_reaper_now();
    struct exec_failure f;
    struct emulation em;
    struct ngcc_confine_spec cs;
    char **envp;
    pid_t pid;
    ssize_t got;

    memset(res, 0, sizeof *res);
    if (ngcc_confine_prepare(&cs, cwd, exe, argv, NULL, lim->writable, res->error, sizeof res->error) != 0)
        return -1;
    res->confinement = cs.c;
    envp = child_env(&cs);
    if (!envp) {
        ngcc_confine_finish(&cs, NULL, 0);
        snprintf(res->error, sizeof res->error, "out of memory");
        return -1;
    }
    emulation_prepare(&em, exe, argv);
    if (pipe2(out, O_CLOEXEC) != 0)
        goto sysfail;
    if (pipe2(err, O_CLOEXEC) != 0) {
        close(out[0]);
        close(out[1]);
        goto sysfail;
    }
    if (pipe2(rep, O_CLOEXEC) != 0) {
        close(out[0]); close(out[1]); close(err[0]); close(err[1]);
        goto sysfail;
    }
    fflush(NULL);
    ngcc_reaper_init();
    pid = fork();
    if (pid < 0) {
        close(out[0]); close(out[1]); close(err[0]); close(err[1]);
        close(rep[0]); close(rep[1]);
        goto sysfail;
    }
    if (pid == 0)
        exec_child(exe, argv, cwd, lim, &em, &cs, envp, out[1], err[1], rep[1]);
    free(envp);
    close(out[1]);
    close(err[1]);
    close(rep[1]);
    setpgid(pid, pid); /* also here: no race with the kill below */

    /* exec succeeded when the report pipe closes empty */
    do
        got = read(rep[0], &f, sizeof f);
    while (got < 0 && errno == EINTR);
    close(rep[0]);
    if (got == (ssize_t)sizeof f) {
        if (f.stage == FAIL_CHDIR)
            snprintf(res->error, sizeof res->error, "cannot enter %s: %s", cwd, strerror(f.err));
        else if (f.stage == FAIL_CONFINE)
            snprintf(res->error, sizeof res->error, "cannot confine the child (Landlock ABI %d): %s",
                     cs.c.abi, strerror(f.err));
        else if (f.stage == FAIL_EMULATOR)
            snprintf(res->error, sizeof res->error,
                     "cannot run %s through the emulator %s (TEST_EMULATOR): %s",
                     em.self, em.argv[0], strerror(f.err));
        else if (f.err == ENOEXEC)
            snprintf(res->error, sizeof res->error,
                     "cannot run %s: %s (a program for another architecture: "
                     "set TEST_EMULATOR, e.g. TEST_EMULATOR=qemu-aarch64)", exe, strerror(f.err));
        else
            snprintf(res->error, sizeof res->error, "cannot run %s: %s", exe, strerror(f.err));
        close(out[0]);
        close(err[0]);
        waitpid(pid, &status, 0);
        emulation_free(&em);
        ngcc_confine_finish(&cs, NULL, 0);
        return -1;
    }
    emulation_free(&em);
    res->started = 1;

    memset(&w, 0, sizeof w);
    memset(&k, 0, sizeof k);
    k.res = res;
    k.lim = lim;
    k.cap = 4096;
    res->out = malloc(k.cap);
    if (!res->out) {
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
        k.nomem = 1;
    } else {
        res->out[0] = '\0';
    }
    w.fds[0] = out[0];
    w.fds[1] = err[0];
    w.nfds = 2;
    w.deadline = lim->timeout_s > 0 ? start + lim->timeout_s : 0;
    w.on_data = on_data;
    w.arg = &k;
    if (ngcc_reaper_watch(pid, &w, &rr) != 0)
        rr.status = 0;
    ngcc_confine_finish(&cs, res->scratch_left, sizeof res->scratch_left);
    status = rr.status;
    res->timed_out = rr.timed_out;
    res->strays = rr.strays;
    res->limit_s = w.deadline > 0 ? w.deadline - start : 0;
    res->seconds = (double)(sys_now_ns() - t0_ns) / 1e9;
    if (WIFEXITED(status)) {
        res->exited = 1;
        res->code = WEXITSTATUS(status);
    } else if (WIFSIGNALED(status)) {
        res->signaled = 1;
        res->sig = WTERMSIG(status);
    }
    if (!res->out || k.nomem) {
        snprintf(res->error, sizeof res->error, "out of memory for the output of a child");
        return -1;
    }
    return 0;
sysfail:
    snprintf(res->error, sizeof res->error, "cannot start a child: %s", strerror(errno));
    emulation_free(&em);
    free(envp);
    ngcc_confine_finish(&cs, NULL, 0);
    return -1;
}

/* The most telling line of a stderr tail: a sanitizer SUMMARY, else an
 * "ngcc-bench:" message, else the last nonempty line. */
static void telling_line(const char *tail, char *buf, size_t size)
{
    const char *best = NULL, *p = tail, *last = NULL;
    size_t n;
    while (*p) {
        const char *eol = strchr(p, '\n');
        size_t len = eol ? (size_t)(eol - p) : strlen(p);
        if (len > 0) {
            last = p;
            if (strncmp(p, "SUMMARY:", 8) == 0 || (!best && strncmp(p, "ngcc-bench:", 11) == 0))
                best = p;
        }
        p += len + (eol ? 1 : 0);
    }
    if (!best)
        best = last;
    if (!best) {
        buf[0] = '\0';
        return;
    }
    n = strcspn(best, "\n");
    if (n >= size)
        n = size - 1;
    memcpy(buf, best, n);
    buf[n] = '\0';
}

void child_describe(const struct child_result *res, char *buf, size_t size)
{
    char line[512];
    telling_line(res->err_tail, line, sizeof line);
    if (!res->started)
        snprintf(buf, size, "%s", res->error);
    else if (res->timed_out)
        snprintf(buf, size, "killed at the time limit of %.3g s", res->limit_s);
    else if (res->signaled)
        snprintf(buf, size, "killed by signal %d (%s)%s%s", res->sig, strsignal(res->sig),
                 line[0] ? "; stderr| " : "", line);
    else
        snprintf(buf, size, "exited with status %d%s%s", res->code, line[0] ? "; stderr| " : "", line);
}

void child_note(const struct child_result *res, char *buf, size_t size)
{
    size_t used;
    if (res->exited && res->code == 0)
        buf[0] = '\0';
    else
        child_describe(res, buf, size);
    used = strlen(buf);
    if (res->strays > 0 && used < size)
        snprintf(buf + used, size - used, "%s%d stray process%s left behind, killed",
                 used ? "; " : "", res->strays, res->strays == 1 ? "" : "es");
    used = strlen(buf);
    if (res->scratch_left[0] && used < size)
        snprintf(buf + used, size - used, "%sleft in its scratch directory: %s",
                 used ? "; " : "", res->scratch_left);
}

void child_result_free(struct child_result *res)
{
    free(res->out);
    res->out = NULL;
}
