/* checks.c -- running the screening's children and reading their reports.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "checks.h"
#include "parse.h"
#include "sandbox.h"
#include "sysfile.h"
#include "worker.h"

/* What a child says: its stderr, up to a bound. */
#define OUTPUT_MAX (8u << 20)
/* The exit status AddressSanitizer is told to use for its reports. */
#define ASAN_EXIT 86
/* Our child's status when exec failed: the tool's failure. */
#define EXEC_FAILED 127

struct output {
    char *text;
    size_t len, cap;
    char last_worker[SCREEN_TEXT];  /* the worker's last own message */
};

static void on_output(const char *line, size_t len, void *arg)
{
    struct output *o = arg;
    if (strncmp(line, "ngcc-screen work: ", 18) == 0)
        screen_copy(o->last_worker, sizeof o->last_worker, line + 18);
    if (o->len + len + 2 > o->cap) {
        size_t cap = o->cap ? o->cap * 2 : 65536;
        char *t;
        while (cap < o->len + len + 2)
            cap *= 2;
        if (cap > OUTPUT_MAX || !(t = realloc(o->text, cap)))
            return;
        o->text = t;
        o->cap = cap;
    }
    memcpy(o->text + o->len, line, len);
    o->len += len;
    o->text[o->len++] = '\n';
    o->text[o->len] = '\0';
}

struct exec_arg {
    char **argv;
    const char *const *env;     /* NAME=VALUE additions, NULL-terminated */
};

static int exec_child(int msg_fd, void *arg)
{
    struct exec_arg *a = arg;
    const char *const *e;
    (void)msg_fd;
    for (e = a->env; e && *e; e++)
        putenv((char *)*e);
    execvp(a->argv[0], a->argv);
    fprintf(stderr, "ngcc-screen: cannot run %s: %s\n", a->argv[0], strerror(errno));
    return EXEC_FAILED;
}

/* Run ARGV with ENV in the sandbox; fills CHK's seconds and, for what is
 * not the candidate's, its status.  Returns the exit code (-1 signal or
 * timeout: status set). */
static int run(const struct screen_config *cfg, char **argv, const char *const *env,
               unsigned long memory_mib, const char *writable, struct output *out,
               struct screen_check *chk)
{
    struct ngcc_sandbox_limits lim;
    struct ngcc_sandbox_io io;
    struct ngcc_sandbox_result res;
    struct exec_arg a;
    char err[256];
    lim.timeout_s = chk->limit_s > 0 ? chk->limit_s : cfg->timeout_s;
    lim.memory_mib = memory_mib;
    lim.readable = NULL;
    lim.argv = argv;
    lim.writable = writable;
    io.on_line = NULL;
    io.on_output = on_output;
    io.arg = out;
    a.argv = argv;
    a.env = env;
    fflush(NULL);
    if (ngcc_sandbox_run(&lim, exec_child, &a, &io, &res, err, sizeof err) != 0) {
        screen_copy(chk->status, sizeof chk->status, "error");
        snprintf(chk->reason, sizeof chk->reason, "cannot start the check: %.200s", err);
        return -1;
    }
    chk->seconds = res.elapsed_s;
    if (res.outcome == NGCC_SANDBOX_TIMEOUT) {
        screen_copy(chk->status, sizeof chk->status, "timeout");
        snprintf(chk->reason, sizeof chk->reason, "killed at its limit of %g s", lim.timeout_s);
        return -1;
    }
    if (res.outcome == NGCC_SANDBOX_SIGNALED) {
        screen_copy(chk->status, sizeof chk->status, "crashed");
        snprintf(chk->reason, sizeof chk->reason, "%s", ngcc_sandbox_signame(res.signal));
        return -1;
    }
    if (res.exit_code == EXEC_FAILED && out->text && strstr(out->text, "ngcc-screen: cannot run ")) {
        screen_copy(chk->status, sizeof chk->status, "error");
        snprintf(chk->reason, sizeof chk->reason, "cannot run %.200s", argv[0]);
        return -1;
    }
    return res.exit_code;
}

/* The status of a check whose child exited with CODE (WORKER codes, or
 * REPORT_CODE when the tool found something). */
static void conclude(struct screen_check *chk, int code, int report_code, const struct output *out)
{
    if (code < 0)
        return;
    if (code == WORK_CRYPTOFAIL || code == WORK_LOADFAIL) {
        screen_copy(chk->status, sizeof chk->status, "failed");
        snprintf(chk->reason, sizeof chk->reason, "%s", out->last_worker[0] ? out->last_worker
                 : code == WORK_LOADFAIL ? "the library does not load" : "an operation failed");
    } else if (code == WORK_NOSECRET) {
        screen_copy(chk->status, sizeof chk->status, "skipped");
        screen_copy(chk->reason, sizeof chk->reason,
                    "ngcc-screen was built without <valgrind/memcheck.h>");
    } else if (code != 0 && code != report_code) {
        screen_copy(chk->status, sizeof chk->status, "error");
        snprintf(chk->reason, sizeof chk->reason, "the worker exited with %d%s%.180s", code,
                 out->last_worker[0] ? ": " : "", out->last_worker);
    }
    if (!chk->status[0])
        screen_copy(chk->status, sizeof chk->status, chk->reports > 0 ? "findings" : "ok");
}

void screen_check_asan(const struct screen_config *cfg, const char *runtime, const char *library,
                       const char *mode, unsigned long n, const struct screen_sources *src,
                       struct screen_findings *all, struct screen_check *chk)
{
    char nbuf[32], preload[SCREEN_TEXT + 16], asan[256];
    char *argv[] = { (char *)cfg->self, "work", (char *)mode, nbuf, (char *)library, NULL };
    const char *env[5];
    struct output out;
    int code;
    memset(&out, 0, sizeof out);
    snprintf(nbuf, sizeof nbuf, "%lu", n);
    snprintf(chk->name, sizeof chk->name, "asan-%s", mode);
    screen_copy(chk->tool, sizeof chk->tool, "asan+ubsan");
    chk->ops = n;
    snprintf(preload, sizeof preload, "LD_PRELOAD=%s", runtime);
    snprintf(asan, sizeof asan,
             "ASAN_OPTIONS=exitcode=%d:detect_leaks=1:hard_rss_limit_mb=%lu:"
             "allocator_may_return_null=1:disable_coredump=1:detect_odr_violation=0",
             ASAN_EXIT, cfg->asan_rss_mib);
    env[0] = preload;
    env[1] = asan;
    env[2] = "UBSAN_OPTIONS=print_stacktrace=1:report_error_type=1:halt_on_error=0";
    env[3] = "LSAN_OPTIONS=exitcode=86";
    env[4] = NULL;
    /* The address space is left unlimited: the shadow memory needs
     * terabytes; hard_rss_limit_mb bounds the memory instead. */
    code = run(cfg, argv, env, 0, NULL, &out, chk);
    chk->reports = (long)screen_parse_sanitizers(all, src, mode, out.text ? out.text : "");
    conclude(chk, code, ASAN_EXIT, &out);
    free(out.text);
}

void screen_check_valgrind(const struct screen_config *cfg, const char *library,
                           enum screen_area area, unsigned long n, int nops,
                           const struct screen_sources *src, struct screen_findings *all,
                           struct screen_check *chk, unsigned long long *leaked)
{
    char nbuf[32], xmlopt[SCREEN_TEXT + 32], dir[SCREEN_TEXT], xml[SCREEN_TEXT + 16];
    const char *mode = area == AREA_SECRET ? "secret" : "all";
    char *argv[20];
    size_t k = 0;
    struct output out;
    char *text;
    int code;

    memset(&out, 0, sizeof out);
    *leaked = 0;
    screen_copy(chk->name, sizeof chk->name, area == AREA_SECRET ? "secret" : "memcheck");
    screen_copy(chk->tool, sizeof chk->tool, "valgrind");
    chk->ops = (unsigned long)nops * n;
    if (!cfg->valgrind) {
        screen_copy(chk->status, sizeof chk->status, "skipped");
        screen_copy(chk->reason, sizeof chk->reason, "valgrind is not installed");
        return;
    }
    snprintf(dir, sizeof dir, "%.200s/ngcc-screen.XXXXXX", cfg->tmpdir);
    if (!mkdtemp(dir)) {
        screen_copy(chk->status, sizeof chk->status, "error");
        snprintf(chk->reason, sizeof chk->reason, "cannot create a directory in %.150s: %s",
                 cfg->tmpdir, strerror(errno));
        return;
    }
    snprintf(xml, sizeof xml, "%s/out.xml", dir);
    snprintf(xmlopt, sizeof xmlopt, "--xml-file=%s", xml);
    snprintf(nbuf, sizeof nbuf, "%lu", n);
    argv[k++] = (char *)cfg->valgrind;
    argv[k++] = "--tool=memcheck";
    argv[k++] = "--xml=yes";
    argv[k++] = xmlopt;
    argv[k++] = "--num-callers=16";
    argv[k++] = "--child-silent-after-fork=yes";
    if (area == AREA_SECRET) {
        argv[k++] = "--leak-check=no";
    } else {
        argv[k++] = "--leak-check=full";
        argv[k++] = "--show-leak-kinds=definite,indirect";
    }
    argv[k++] = (char *)cfg->self;
    argv[k++] = "work";
    argv[k++] = (char *)mode;
    argv[k++] = nbuf;
    argv[k++] = (char *)library;
    argv[k] = NULL;
    code = run(cfg, argv, NULL, cfg->memory_mib, dir, &out, chk);
    text = sys_read_file(xml, NULL);
    if (text) {
        chk->reports = screen_parse_valgrind(all, src, area, "", text, leaked);
        if (chk->reports < 0 && code >= 0) {
            screen_copy(chk->status, sizeof chk->status, "error");
            screen_copy(chk->reason, sizeof chk->reason, "valgrind's XML output is unreadable");
        }
        free(text);
    } else if (code >= 0) {
        screen_copy(chk->status, sizeof chk->status, "error");
        snprintf(chk->reason, sizeof chk->reason, "valgrind wrote no XML output (exit %d)", code);
    }
    if (chk->reports < 0)
        chk->reports = 0;
    /* The leaks count as reports for the status. */
    conclude(chk, chk->status[0] ? -1 : code, 0, &out);
    unlink(xml);
    rmdir(dir);
    free(out.text);
}
