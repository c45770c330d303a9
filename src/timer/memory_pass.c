/* memory_pass.c -- stack and heap of one operation, after the timed calls
 * of a trial (memory_pass.h).  Runs candidate code: trial processes only.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "memory_pass.h"
#include "record.h"
#include "sysfile.h"

#define MAX_REGION ((size_t)1 << 30)

/* One call through instance_loop, the heap counted around it. */
struct one_call {
    struct instance *in;
    int baseline;    /* the do-nothing functions */
    int count_heap;
    int heap_done;   /* figures of the first call kept */
    int heap_armed;
    struct heap_figures heap;
    long done;
    int rc;
};

static int call_once(void *arg)
{
    struct one_call *c = arg;
    struct heap_figures h;
    int armed = c->count_heap && heapmeter_arm() == 0;
    c->done = c->baseline ? instance_baseline_loop(c->in, 1, &c->rc) : instance_loop(c->in, 1, &c->rc);
    if (armed) {
        heapmeter_disarm(&h);
        if (!c->heap_done) {
            c->heap = h;
            c->heap_done = c->heap_armed = 1;
        }
    }
    return c->rc;
}

size_t memory_pass_region(void)
{
    struct rlimit rl;
    size_t region = STACKMETER_DEFAULT_REGION;
    if (getrlimit(RLIMIT_STACK, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur > region)
        region = rl.rlim_cur < MAX_REGION ? (size_t)rl.rlim_cur : MAX_REGION;
    return region;
}

/* The pass in this process. */
static void measure_here(struct instance *in, struct memory_figures *m)
{
    struct one_call real, base;
    char why[200];

    memset(m, 0, sizeof *m);
    memset(&real, 0, sizeof real);
    real.in = in;
    real.count_heap = heapmeter_available(m->heap_reason, sizeof m->heap_reason);
    base = real;
    base.baseline = 1;
    if (stackmeter_measure(call_once, &real, &base, memory_pass_region(), &m->stack, why, sizeof why) != 0) {
        snprintf(m->stack_reason, sizeof m->stack_reason, "not measured: %.180s", why);
        if (real.count_heap)
            snprintf(m->heap_reason, sizeof m->heap_reason, "not measured: %.180s", why);
    } else if (real.done != 1 && !m->stack.exceeded) {
        snprintf(m->stack_reason, sizeof m->stack_reason,
                 "not measured: %s returned %d in the memory pass", instance_function(in), real.rc);
        snprintf(m->heap_reason, sizeof m->heap_reason, "%s", m->stack_reason);
    } else {
        m->stack_measured = 1;
        if (m->stack.exceeded)
            snprintf(m->heap_reason, sizeof m->heap_reason,
                     "not measured: the call was stopped at the end of its stack");
        else if (real.count_heap && !real.heap_armed)
            snprintf(m->heap_reason, sizeof m->heap_reason, "not measured: no memory for the block table");
        else if (real.heap_armed && real.heap.overflow)
            snprintf(m->heap_reason, sizeof m->heap_reason, "not measured: too many live blocks to track");
        else if (real.heap_armed) {
            m->heap_measured = 1;
            m->heap = real.heap;
        }
    }
}

static void not_measured(struct memory_figures *m, const char *why)
{
    memset(m, 0, sizeof *m);
    snprintf(m->stack_reason, sizeof m->stack_reason, "not measured: %s", why);
    snprintf(m->heap_reason, sizeof m->heap_reason, "not measured: %s", why);
}

void memory_pass_run(struct instance *in, double limit_s, struct memory_figures *m)
{
    long long t0 = sys_now_ns();
    struct memory_figures got;
    char why[160];
    size_t have = 0;
    ssize_t n;
    int fds[2], status = 0;
    pid_t pid;

    if (pipe(fds) != 0) {
        not_measured(m, "no pipe for the memory pass");
        return;
    }
    pid = fork();
    if (pid == 0) {
        /* The child: whatever the pass does to this process (a crash, a
         * hang, 64 MiB of painted stack) stays in it. */
        unsigned secs = limit_s < 1 ? 1u : limit_s > 3600 ? 3600u : (unsigned)(limit_s + 0.5);
        close(fds[0]);
        alarm(secs);
        measure_here(in, &got);
        n = write(fds[1], &got, sizeof got);
        _exit(n == (ssize_t)sizeof got ? 0 : 1);
    }
    close(fds[1]);
    if (pid < 0) {
        close(fds[0]);
        not_measured(m, "cannot fork the memory pass");
        return;
    }
    while (have < sizeof got && ((n = read(fds[0], (char *)&got + have, sizeof got - have)) > 0 ||
                                 (n < 0 && errno == EINTR)))
        if (n > 0)
            have += (size_t)n;
    close(fds[0]);
    while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
        ;
    if (have == sizeof got && WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        *m = got;
    } else {
        if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
            snprintf(why, sizeof why, "the memory pass took more than %.0f s", limit_s < 1 ? 1 : limit_s);
        else if (WIFSIGNALED(status))
            snprintf(why, sizeof why, "the memory pass was killed by signal %d (%s)", WTERMSIG(status),
                     strsignal(WTERMSIG(status)));
        else
            snprintf(why, sizeof why, "the memory pass exited with status %d", WEXITSTATUS(status));
        not_measured(m, why);
    }
    m->seconds = (double)(sys_now_ns() - t0) / 1e9;
}

/* ---- JSON ---- */

static json_object *int_or_null(int known, long long v)
{
    return known ? json_object_new_int64(v) : NULL;
}

json_object *memory_pass_to_json(const struct memory_figures *m)
{
    json_object *o = json_object_new_object();
    int s = m->stack_measured, h = m->heap_measured;
    const char *none = "not measured: the memory pass did not run";
    json_object_object_add(o, "seconds", record_double(m->seconds));
    json_object_object_add(o, "stack_bytes", int_or_null(s, m->stack.bytes));
    json_object_object_add(o, "stack_exceeded", s ? json_object_new_boolean(m->stack.exceeded) : NULL);
    json_object_object_add(o, "stack_region_bytes", int_or_null(s, m->stack.region_bytes));
    json_object_object_add(o, "stack_baseline_bytes", int_or_null(s, m->stack.baseline_bytes));
    json_object_object_add(o, "stack_calls", int_or_null(s, m->stack.calls));
    json_object_object_add(o, "stack_reason", s ? NULL : json_object_new_string(m->stack_reason[0] ? m->stack_reason : none));
    json_object_object_add(o, "heap_allocated_bytes", int_or_null(h, m->heap.allocated_bytes));
    json_object_object_add(o, "heap_allocations", int_or_null(h, m->heap.allocations));
    json_object_object_add(o, "heap_peak_bytes", int_or_null(h, m->heap.peak_bytes));
    json_object_object_add(o, "heap_leaked_bytes", int_or_null(h, m->heap.leaked_bytes));
    json_object_object_add(o, "heap_reason", h ? NULL : json_object_new_string(m->heap_reason[0] ? m->heap_reason : none));
    return o;
}

/* An int field: 1 present, 0 null, -1 malformed. */
static int get_int(json_object *obj, const char *key, long long *v)
{
    json_object *j;
    if (!json_object_object_get_ex(obj, key, &j) || !j)
        return 0;
    if (!json_object_is_type(j, json_type_int))
        return -1;
    *v = json_object_get_int64(j);
    return 1;
}

static void get_reason(json_object *obj, const char *key, char *buf, size_t size)
{
    const char *s = record_get_string(obj, key);
    snprintf(buf, size, "%s", s && s[0] ? s : "not measured: the trial gave no memory figures");
}

int memory_pass_from_json(json_object *obj, struct memory_figures *m)
{
    json_object *j;
    long long v = 0;
    int ok = 0;
    memset(m, 0, sizeof *m);
    if (!obj || !json_object_is_type(obj, json_type_object)) {
        get_reason(NULL, "", m->stack_reason, sizeof m->stack_reason);
        get_reason(NULL, "", m->heap_reason, sizeof m->heap_reason);
        return obj ? -1 : 0;
    }
    if (json_object_object_get_ex(obj, "seconds", &j) && j)
        m->seconds = json_object_get_double(j);
    m->stack_measured = get_int(obj, "stack_bytes", &m->stack.bytes) == 1 &&
                        get_int(obj, "stack_region_bytes", &m->stack.region_bytes) == 1;
    if (m->stack_measured) {
        m->stack.exceeded = json_object_object_get_ex(obj, "stack_exceeded", &j) && json_object_get_boolean(j);
        if (get_int(obj, "stack_baseline_bytes", &v) == 1)
            m->stack.baseline_bytes = v;
        if (get_int(obj, "stack_calls", &v) == 1)
            m->stack.calls = (int)v;
    } else {
        get_reason(obj, "stack_reason", m->stack_reason, sizeof m->stack_reason);
    }
    m->heap_measured = get_int(obj, "heap_allocated_bytes", &m->heap.allocated_bytes) == 1 &&
                       get_int(obj, "heap_allocations", &m->heap.allocations) == 1 &&
                       get_int(obj, "heap_peak_bytes", &m->heap.peak_bytes) == 1 &&
                       get_int(obj, "heap_leaked_bytes", &m->heap.leaked_bytes) == 1;
    if (!m->heap_measured)
        get_reason(obj, "heap_reason", m->heap_reason, sizeof m->heap_reason);
    return ok;
}

static void put_max(json_object *mem, const char *key, int known, long long v)
{
    json_object_object_add(mem, key, known ? json_object_new_int64(v) : NULL);
}

void memory_pass_record(json_object *mem, const struct memory_figures *const *figs, int n)
{
    long long stack = 0, region = 0, alloc = 0, calls = 0, peak = 0, leak = 0;
    int ns = 0, nh = 0, exceeded = 0, i;
    const char *stack_why = NULL, *heap_why = NULL;
    for (i = 0; i < n; i++) {
        const struct memory_figures *m = figs[i];
        if (m->stack_measured) {
            ns++;
            exceeded |= m->stack.exceeded;
            if (m->stack.bytes > stack) stack = m->stack.bytes;
            if (m->stack.region_bytes > region) region = m->stack.region_bytes;
        } else if (!stack_why) {
            stack_why = m->stack_reason;
        }
        if (m->heap_measured) {
            nh++;
            if (m->heap.allocated_bytes > alloc) alloc = m->heap.allocated_bytes;
            if (m->heap.allocations > calls) calls = m->heap.allocations;
            if (m->heap.peak_bytes > peak) peak = m->heap.peak_bytes;
            if (m->heap.leaked_bytes > leak) leak = m->heap.leaked_bytes;
        } else if (!heap_why) {
            heap_why = m->heap_reason;
        }
    }
    put_max(mem, "stack_bytes", ns, stack);
    json_object_object_add(mem, "stack_exceeded", ns ? json_object_new_boolean(exceeded) : NULL);
    put_max(mem, "stack_region_bytes", ns, region);
    json_object_object_add(mem, "stack_method", json_object_new_string(MEMORY_STACK_METHOD));
    json_object_object_add(mem, "stack_reason", ns ? NULL :
        json_object_new_string(stack_why ? stack_why : "not measured: no trial process produced numbers"));
    put_max(mem, "heap_allocated_bytes", nh, alloc);
    put_max(mem, "heap_allocations", nh, calls);
    put_max(mem, "heap_peak_bytes", nh, peak);
    put_max(mem, "heap_leaked_bytes", nh, leak);
    json_object_object_add(mem, "heap_method", json_object_new_string(MEMORY_HEAP_METHOD));
    json_object_object_add(mem, "heap_reason", nh ? NULL :
        json_object_new_string(heap_why ? heap_why : "not measured: no trial process produced numbers"));
}
