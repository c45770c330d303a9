/* icount.c -- instructions per operation (icount.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <dirent.h>
#include <errno.h>
#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#ifdef __linux__
#include <linux/perf_event.h>
#include <sys/syscall.h>
#define ICOUNT_HAVE_PERF 1
#endif
#if defined(HAVE_VALGRIND_CALLGRIND_H) || defined(__has_include)
#if defined(HAVE_VALGRIND_CALLGRIND_H) || __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#define ICOUNT_HAVE_CALLGRIND 1
#endif
#endif

#include "child.h"
#include "cli.h"
#include "icount.h"
#include "kind_timer.h"
#include "outcome.h"
#include "record.h"
#include "sysfile.h"

static const char *const source_names[] = { "none", "perf-instructions", "valgrind-callgrind" };

#ifdef ICOUNT_HAVE_PERF
static int perf_instructions_open(void)
{
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.size = sizeof a;
    a.type = PERF_TYPE_HARDWARE;
    a.config = PERF_COUNT_HW_INSTRUCTIONS;
    a.disabled = 1;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}
#endif

/* PROG on PATH, into BUF. */
static int on_path(const char *prog, char *buf, size_t size)
{
    const char *path = getenv("PATH"), *p;
    for (p = path; p && *p; p = strchr(p, ':') ? strchr(p, ':') + 1 : NULL) {
        size_t len = strcspn(p, ":");
        if (len == 0)
            continue;
        snprintf(buf, size, "%.*s/%s", (int)len, p, prog);
        if (access(buf, X_OK) == 0)
            return 0;
    }
    return -1;
}

enum icount_source icount_probe(char *why, size_t size)
{
    char path[PATH_MAX];
    why[0] = '\0';
#ifdef ICOUNT_HAVE_PERF
    {
        int fd = perf_instructions_open();
        if (fd >= 0) {
            close(fd);
            return ICOUNT_PERF;
        }
        snprintf(why, size, "perf_event_open(instructions, user) failed: %s", strerror(errno));
    }
#else
    snprintf(why, size, "no perf_event_open");
#endif
#ifdef ICOUNT_HAVE_CALLGRIND
    if (on_path("valgrind", path, sizeof path) == 0)
        return ICOUNT_VALGRIND;
    snprintf(why + strlen(why), size - strlen(why), "; no valgrind on PATH");
#else
    (void)path;
    snprintf(why + strlen(why), size - strlen(why), "; built without <valgrind/callgrind.h>");
#endif
    return ICOUNT_NONE;
}

/* ---- the child: the calls, counted ---- */

/* A kind that times a part of each call itself (a key exchange's step
 * inside a whole exchange, kind_timer.h) gets a stopwatch that counts
 * instructions instead of ticks: under callgrind each start and stop
 * toggles the collection; with the hardware counter it reads it. */
#ifdef ICOUNT_HAVE_CALLGRIND
static unsigned long long callgrind_toggle(const void *arg)
{
    (void)arg;
    CALLGRIND_TOGGLE_COLLECT;
    return 0;
}
#endif
#ifdef ICOUNT_HAVE_PERF
static unsigned long long perf_read(const void *arg)
{
    uint64_t v = 0;
    if (read(*(const int *)arg, &v, sizeof v) != (ssize_t)sizeof v)
        v = 0;
    return v;
}
#endif
static long long no_ns(void) { return 0; }

static void child_print(const char *status, const char *reason, const int64_t *counts, int n)
{
    json_object *o = json_object_new_object(), *a = json_object_new_array();
    int i;
    for (i = 0; i < n; i++)
        json_object_array_add(a, json_object_new_int64(counts[i]));
    json_object_object_add(o, "status", json_object_new_string(status));
    json_object_object_add(o, "reason", json_object_new_string(reason));
    json_object_object_add(o, "per_call", a);
    printf("%s\n", json_object_to_json_string_ext(o, JSON_C_TO_STRING_PLAIN));
    fflush(stdout);
    json_object_put(o);
}

int icount_child_main(int argc, char **argv)
{
    struct instance in;
    const char *op = kinds[0]->ops[0].name;
    int calls = ICOUNT_CALLS, valgrind = 0, i, rc = 0, out_fd, kind_only = 0, own = 0;
    struct kind_stopwatch sw;
    int64_t counts[ICOUNT_MAX_CALLS] = { 0 };
    char why[256], note[96];
    enum outcome o;
    int c;
    FILE *out;
    static const struct option longopts[] = {
        { "op", required_argument, NULL, 'o' },
        { "calls", required_argument, NULL, 'n' },
        { "mode", required_argument, NULL, 'm' },
        { "kind", no_argument, NULL, 'k' },
        { NULL, 0, NULL, 0 }
    };
    while ((c = getopt_long(argc, argv, ":", longopts, NULL)) != -1) {
        switch (c) {
        case 'k': kind_only = 1; break;
        case 'o':
            if (!(op = timer_op_find(optarg)) || timer_op_is_null(op))
                cli_die(EXIT_BENCH_USAGE, "--op: unknown operation '%s' (%s)", optarg, timer_op_list());
            break;
        case 'n': calls = (int)cli_int_arg("--calls", optarg, 1, ICOUNT_MAX_CALLS); break;
        case 'm': valgrind = strcmp(optarg, "valgrind") == 0; break;
        default: cli_bad_option("count-child", argv, c);
        }
    }
    if (optind + 1 != argc)
        cli_die(EXIT_BENCH_USAGE, "count-child: one LIBRARY is required");
    /* Our result to the real stdout; the candidate's output to stderr. */
    fflush(stdout);
    out_fd = dup(1);
    if (out_fd < 0 || dup2(2, 1) < 0 || !(out = fdopen(out_fd, "w")))
        cli_die(EXIT_BENCH_SYSTEM, "cannot set up stdout: %s", strerror(errno));
    stdout = out;

    if (kind_only) { /* --kind: the type its ngcc_instance_info says, a kind of the table */
        json_object *k = json_object_new_object();
        o = instance_load(&in, NULL, argv[optind], why, sizeof why);
        json_object_object_add(k, "status", json_object_new_string(outcome_name(o)));
        json_object_object_add(k, "reason", json_object_new_string(why));
        json_object_object_add(k, "type", o == OUTCOME_OK ? json_object_new_string(in.kind->name) : NULL);
        printf("%s\n", json_object_to_json_string_ext(k, JSON_C_TO_STRING_PLAIN));
        fflush(stdout);
        json_object_put(k);
        return o == OUTCOME_OK ? EXIT_BENCH_OK : EXIT_BENCH_FAILED;
    }
    o = instance_load(&in, op, argv[optind], why, sizeof why);
    if (o == OUTCOME_OK)
        o = instance_setup(&in, why, sizeof why);
    if (o == OUTCOME_OK && instance_loop(&in, 1, &rc) != 1) {
        instance_failure_note(&in, note, sizeof note);
        snprintf(why, sizeof why, "%s returned %d in the warm-up call%s", instance_function(&in), rc,
                 note);
        o = OUTCOME_OP_FAILED;
    }
    if (o != OUTCOME_OK) {
        child_print(outcome_name(o), why, counts, 0);
        return EXIT_BENCH_FAILED;
    }
    memset(&sw, 0, sizeof sw);
    sw.now_ns = no_ns;
    if (valgrind) {
#ifdef ICOUNT_HAVE_CALLGRIND
        /* Collection follows --toggle-collect=FUNCTION: only inside the call.
         * Each dump holds one call and resets the counts. */
        sw.read = callgrind_toggle;
        instance_stopwatch(&in, &sw); /* a stopwatch kind: no --toggle-collect given */
        CALLGRIND_START_INSTRUMENTATION;
        CALLGRIND_ZERO_STATS;
        for (i = 0; i < calls; i++) {
            if (instance_loop(&in, 1, &rc) != 1)
                break;
            CALLGRIND_DUMP_STATS_AT("ngcc-count");
        }
        CALLGRIND_STOP_INSTRUMENTATION;
#else
        i = 0;
#endif
    } else {
#ifdef ICOUNT_HAVE_PERF
        int fd = perf_instructions_open();
        if (fd < 0) {
            snprintf(why, sizeof why, "perf_event_open(instructions, user) failed: %s", strerror(errno));
            child_print("counter-failed", why, counts, 0);
            return EXIT_BENCH_FAILED;
        }
        sw.read = perf_read;
        sw.arg = &fd;
        own = instance_stopwatch(&in, &sw);
        for (i = 0; i < calls; i++) {
            uint64_t v = 0;
            int done;
            sw.ticks = 0;
            ioctl(fd, PERF_EVENT_IOC_RESET, 0);
            ioctl(fd, PERF_EVENT_IOC_ENABLE, 0);
            done = (int)instance_loop(&in, 1, &rc);
            ioctl(fd, PERF_EVENT_IOC_DISABLE, 0);
            if (done != 1 || read(fd, &v, sizeof v) != (ssize_t)sizeof v)
                break;
            counts[i] = (int64_t)(own ? sw.ticks : v);
        }
        close(fd);
#else
        i = 0;
#endif
    }
    if (i != calls) {
        instance_failure_note(&in, note, sizeof note);
        snprintf(why, sizeof why, "%s returned %d in counted call %d%s", instance_function(&in), rc,
                 i + 1, note);
        child_print("op-failed", why, counts, 0);
        return EXIT_BENCH_FAILED;
    }
    child_print("ok", "", counts, valgrind ? 0 : calls);
    instance_close(&in);
    return EXIT_BENCH_OK;
}

/* ---- the parent ---- */

/* The Ir total of one callgrind dump ("summary:" or "totals:" line). */
static int dump_total(const char *path, int64_t *total)
{
    char *text = sys_read_file(path, NULL), *line;
    int found = -1;
    if (!text)
        return -1;
    for (line = text; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        long long v;
        if ((sscanf(line, "summary: %lld", &v) == 1 || sscanf(line, "totals: %lld", &v) == 1) && v >= 0) {
            *total = v;
            found = 0;
        }
    }
    free(text);
    return found;
}

static void remove_dir(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char path[PATH_MAX];
    while (d && (e = readdir(d))) {
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
        unlink(path);
    }
    if (d)
        closedir(d);
    rmdir(dir);
}

static void valgrind_version(char *buf, size_t size)
{
    FILE *p = popen("valgrind --version 2>/dev/null", "r");
    buf[0] = '\0';
    if (p) {
        if (fgets(buf, (int)size, p))
            buf[strcspn(buf, "\n")] = '\0';
        pclose(p);
    }
    if (!buf[0])
        snprintf(buf, size, "valgrind");
}

const struct kind *icount_kind(const char *self, const char *library, const char *root,
                               double timeout_s, unsigned long long mem_bytes, char *why, size_t size)
{
    char *argv[] = { (char *)self, "count-child", "--kind", (char *)library, NULL };
    const struct kind *kind = NULL;
    struct child_limits lim;
    struct child_result c;
    json_object *res;
    const char *status, *type;

    memset(&lim, 0, sizeof lim);
    lim.timeout_s = timeout_s;
    lim.mem_bytes = mem_bytes;
    lim.cpu = -1;
    if (child_run(self, argv, root, &lim, &c) != 0) {
        snprintf(why, size, "%s", c.error);
        child_result_free(&c);
        return NULL;
    }
    res = c.exited ? json_tokener_parse(c.out) : NULL;
    status = res ? record_get_string(res, "status") : NULL;
    type = res ? record_get_string(res, "type") : NULL;
    if (!status) {
        char how[200];
        child_describe(&c, how, sizeof how);
        snprintf(why, size, "the loading process failed: %s", how);
    } else if (strcmp(status, "ok") != 0 || !type || !(kind = kind_find(type))) {
        snprintf(why, size, "%s: %s", status, record_get_string(res, "reason") ? record_get_string(res, "reason") : "");
        kind = NULL;
    }
    json_object_put(res);
    child_result_free(&c);
    return kind;
}

int icount_run(const char *self, const char *library, const char *op, int calls, const char *root,
               double timeout_s, unsigned long long mem_bytes, struct icount_result *r)
{
    char why[240], dir[] = "/tmp/ngcc-icount.XXXXXX", out_arg[PATH_MAX + 32], toggle[4][64], s_calls[16];
    char vg[PATH_MAX];
    char *argv[24];
    int n = 0, i, k, t = 0, own = 0;
    struct child_limits lim;
    struct child_result c;
    json_object *res = NULL, *a;

    memset(r, 0, sizeof *r);
    r->calls = calls;
    r->source = icount_probe(why, sizeof why);
    if (r->source == ICOUNT_NONE) {
        snprintf(r->reason, sizeof r->reason, "not counted: %s", why);
        return 0;
    }
    snprintf(s_calls, sizeof s_calls, "%d", calls);
    if (r->source == ICOUNT_VALGRIND) {
        if (!mkdtemp(dir) || on_path("valgrind", vg, sizeof vg) != 0) {
            snprintf(r->reason, sizeof r->reason, "not counted: cannot make a directory in /tmp: %s", strerror(errno));
            return 0;
        }
        valgrind_version(r->tool, sizeof r->tool);
        snprintf(out_arg, sizeof out_arg, "--callgrind-out-file=%s/cg", dir);
        /* The op's function in every kind that has the op (keygen: kem_keygen,
         * sig_keygen): this process does not know the library's kind, and
         * the other kinds' functions are not in it. */
        /* A kind with a stopwatch toggles the collection itself (the child,
         * around the step's call): none for it. */
        for (k = 0; kinds[k] && t < 4; k++)
            if ((i = kind_op_index(kinds[k], op)) >= 0) {
                if (kinds[k]->timer->stopwatch) {
                    own = 1;
                    continue;
                }
                snprintf(toggle[t++], sizeof toggle[0], "--toggle-collect=%s",
                         kinds[k]->ops[i].function);
            }
        if (t == 0 && !own)
            snprintf(toggle[t++], sizeof toggle[0], "--toggle-collect=%s", op);
        argv[n++] = "valgrind";
        argv[n++] = "--tool=callgrind";
        argv[n++] = "--quiet";
        argv[n++] = "--instr-atstart=no";
        argv[n++] = "--collect-atstart=no";
        for (k = 0; k < t; k++)
            argv[n++] = toggle[k];
        argv[n++] = out_arg;
    } else {
        snprintf(r->tool, sizeof r->tool, "perf_event_open(PERF_COUNT_HW_INSTRUCTIONS, exclude_kernel)");
    }
    argv[n++] = (char *)self;
    argv[n++] = "count-child";
    argv[n++] = "--op";
    argv[n++] = (char *)op;
    argv[n++] = "--calls";
    argv[n++] = s_calls;
    argv[n++] = r->source == ICOUNT_VALGRIND ? "--mode=valgrind" : "--mode=perf";
    argv[n++] = (char *)library;
    argv[n] = NULL;

    memset(&lim, 0, sizeof lim);
    lim.timeout_s = timeout_s;
    lim.mem_bytes = mem_bytes;
    lim.cpu = -1;
    lim.writable = r->source == ICOUNT_VALGRIND ? dir : NULL; /* callgrind's output */
    if (child_run(r->source == ICOUNT_VALGRIND ? vg : self, argv, root, &lim, &c) != 0) {
        fprintf(stderr, "ngcc-bench: %s\n", c.error);
        child_result_free(&c);
        if (r->source == ICOUNT_VALGRIND)
            remove_dir(dir);
        return -1;
    }
    r->seconds = c.seconds;
    res = c.exited ? json_tokener_parse(c.out) : NULL;
    if (!res || !record_get_string(res, "status")) {
        child_describe(&c, why, sizeof why);
        snprintf(r->reason, sizeof r->reason, "not counted: the counting process failed: %s", why);
    } else if (strcmp(record_get_string(res, "status"), "ok") != 0) {
        snprintf(r->reason, sizeof r->reason, "not counted: %s: %s", record_get_string(res, "status"),
                 record_get_string(res, "reason") ? record_get_string(res, "reason") : "");
    } else if (r->source == ICOUNT_PERF) {
        if (json_object_object_get_ex(res, "per_call", &a) && json_object_is_type(a, json_type_array) &&
            (int)json_object_array_length(a) == calls) {
            for (i = 0; i < calls; i++)
                r->per_call[i] = json_object_get_int64(json_object_array_get_idx(a, (size_t)i));
            r->ok = 1;
        } else {
            snprintf(r->reason, sizeof r->reason, "not counted: the counting process gave no counts");
        }
    } else {
        r->ok = 1;
        for (i = 0; i < calls && r->ok; i++) {
            char path[PATH_MAX + 40];
            snprintf(path, sizeof path, "%s/cg.%d", dir, i + 1);
            if (dump_total(path, &r->per_call[i]) != 0) {
                snprintf(r->reason, sizeof r->reason, "not counted: callgrind wrote no dump %d", i + 1);
                r->ok = 0;
            }
        }
    }
    json_object_put(res);
    child_result_free(&c);
    if (r->source == ICOUNT_VALGRIND)
        remove_dir(dir);
    return 0;
}

json_object *icount_to_json(const struct icount_result *r)
{
    json_object *o = json_object_new_object(), *a = json_object_new_array();
    int64_t sum = 0;
    int i;
    for (i = 0; r->ok && i < r->calls; i++) {
        json_object_array_add(a, json_object_new_int64(r->per_call[i]));
        sum += r->per_call[i];
    }
    json_object_object_add(o, "source", json_object_new_string(source_names[r->source]));
    json_object_object_add(o, "tool", r->tool[0] ? json_object_new_string(r->tool) : NULL);
    json_object_object_add(o, "calls", json_object_new_int(r->ok ? r->calls : 0));
    json_object_object_add(o, "per_call", a);
    json_object_object_add(o, "instructions", r->ok ? record_double((double)sum / r->calls) : NULL);
    json_object_object_add(o, "scope", json_object_new_string(
        r->source == ICOUNT_VALGRIND ? "user-mode instructions executed inside the API call (callgrind Ir, --toggle-collect)"
        : "user-mode instructions between enabling and disabling the counter around the API call"));
    json_object_object_add(o, "seconds", record_double(r->seconds));
    json_object_object_add(o, "reason", r->ok ? NULL : json_object_new_string(r->reason));
    return o;
}

json_object *icount_record(const char *self, const char *library, const char *op, const char *root,
                           double t1_s, double setup_s, unsigned long long mem_bytes)
{
    struct icount_result r;
    /* callgrind runs code 50 to 100 times slower; its start-up ~1 s. */
    double limit = ICOUNT_MARGIN_S + ICOUNT_SLOWDOWN * (setup_s + (ICOUNT_CALLS + 1) * t1_s);
    if (icount_run(self, library, op, ICOUNT_CALLS, root, limit, mem_bytes, &r) != 0) {
        memset(&r, 0, sizeof r);
        snprintf(r.reason, sizeof r.reason, "not counted: the counting process could not be started");
    }
    return icount_to_json(&r);
}
