/* check_memory.c -- unit tests of the memory pass of ngcc-bench: the stack
 * meter against functions of known stack depth (also one deeper than its
 * region), the heap meter against known allocations, the trial's JSON and
 * the record's maxima, and the checker rejecting edited figures.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "heapmeter.h"
#include "memory_pass.h"
#include "record.h"
#include "stackmeter.h"
#include "verify_memory.h"

/* A few hundred bytes of frames around a local array. */
#define SLACK 400

struct depth_arg {
    size_t bytes; /* 0: the do-nothing call */
    int calls;
};

/* BYTES of stack in a local array written end to end.  Not instrumented
 * by AddressSanitizer, whose alloca redzone calls would add their own. */
static __attribute__((noinline, no_sanitize_address)) int use_stack(size_t bytes)
{
    volatile unsigned char buf[bytes];
    size_t i;
    for (i = 0; i < bytes; i++)
        buf[i] = 0x11;
    return buf[0];
}

static int call_depth(void *arg)
{
    struct depth_arg *a = arg;
    if (a->bytes == 0)
        return 0;
    a->calls++;
    return use_stack(a->bytes);
}

static void measure(size_t bytes, size_t region, struct stack_figures *f, struct depth_arg *op)
{
    struct depth_arg base = { 0, 0 };
    char why[256] = "";
    op->bytes = bytes;
    op->calls = 0;
    ck_assert_msg(stackmeter_measure(call_depth, op, &base, region, f, why, sizeof why) == 0, "%s", why);
}

START_TEST(stack_known_depth)
{
    struct stack_figures f;
    struct depth_arg op;
    measure(50000, STACKMETER_DEFAULT_REGION, &f, &op);
    ck_assert_int_eq(f.exceeded, 0);
    ck_assert_msg(f.bytes >= 50000 - 64 && f.bytes <= 50000 + SLACK, "stack %lld for 50000", f.bytes);
    ck_assert_int_eq(f.calls, 1);
    ck_assert_int_eq(op.calls, 1);
    ck_assert_int_ge(f.region_bytes, (long long)STACKMETER_DEFAULT_REGION - 65536);
}
END_TEST

START_TEST(stack_deeper_than_first_paint)
{
    struct stack_figures f;
    struct depth_arg op;
    measure(2u << 20, STACKMETER_DEFAULT_REGION, &f, &op);
    ck_assert_int_eq(f.exceeded, 0);
    ck_assert_msg(f.bytes >= (2 << 20) - 64 && f.bytes <= (2 << 20) + SLACK, "stack %lld for 2 MiB", f.bytes);
    ck_assert_int_ge(f.calls, 2); /* the first paint did not reach */
    ck_assert_int_eq(op.calls, f.calls);
}
END_TEST

START_TEST(stack_beyond_region)
{
    struct stack_figures f;
    struct depth_arg op;
    measure(4u << 20, 1u << 20, &f, &op);
    ck_assert_int_eq(f.exceeded, 1);
    ck_assert_int_eq(f.bytes, f.region_bytes);
    ck_assert_int_gt(f.region_bytes, 900000);
    ck_assert_int_le(f.region_bytes, 1 << 20);
}
END_TEST

START_TEST(stack_nothing)
{
    struct stack_figures f;
    struct depth_arg base = { 0, 0 }, op = { 0, 0 };
    char why[256] = "";
    ck_assert_int_eq(stackmeter_measure(call_depth, &op, &base, 1u << 20, &f, why, sizeof why), 0);
    ck_assert_int_eq(f.bytes, 0);
    ck_assert_int_eq(f.exceeded, 0);
    ck_assert_int_gt(f.baseline_bytes, 0);
}
END_TEST

/* ---- heap ---- */

/* Keeps the compiler from pairing away a malloc and its free. */
static void *volatile sink;

/* The armed part of heap_known_blocks: no Check macro in it (they
 * allocate).  BEFORE was allocated before arming.  Returns -1 if arming or
 * posix_memalign failed. */
static int known_blocks(void *before, struct heap_figures *h, void **a, void **c)
{
    void *b, *d = NULL, *e;
    int rc;
    if (heapmeter_arm() != 0)
        return -1;
    sink = *a = malloc(1000);
    sink = b = calloc(20, 100);   /* 2000 */
    sink = *c = malloc(3000);
    free(b);
    sink = *c = realloc(*c, 500); /* 3000 freed, 500 allocated */
    rc = posix_memalign(&d, 64, 256);
    sink = d;
    sink = e = aligned_alloc(64, 128);
    free(before);                 /* from before arming: not counted */
    free(d);
    free(e);
    free(NULL);
    heapmeter_disarm(h);
    return rc == 0 ? 0 : -1;
}

START_TEST(heap_known_blocks)
{
    struct heap_figures h;
    char why[256];
    void *before = malloc(77), *a, *c;
    if (!heapmeter_available(why, sizeof why)) {
        ck_assert_msg(strncmp(why, "not measured: ", 14) == 0, "%s", why);
        free(before);
        return;
    }
    ck_assert_int_eq(known_blocks(before, &h, &a, &c), 0);
    ck_assert_int_eq(h.allocated_bytes, 1000 + 2000 + 3000 + 500 + 256 + 128);
    ck_assert_int_eq(h.allocations, 6);
    ck_assert_int_eq(h.peak_bytes, 6000);
    ck_assert_int_eq(h.leaked_bytes, 1500);
    ck_assert_int_eq(h.leaked_blocks, 2);
    ck_assert_int_eq(h.overflow, 0);
    free(a);
    free(c);
    /* Disarmed: nothing counted, nothing breaks. */
    sink = a = malloc(10);
    free(a);
    if (heapmeter_arm() == 0)
        heapmeter_disarm(&h);
    ck_assert_int_eq(h.allocations, 0);
    ck_assert_int_eq(h.peak_bytes, 0);
}
END_TEST

START_TEST(heap_many_blocks)
{
    enum { N = 5000 };
    static void *p[N];
    struct heap_figures h;
    char why[256];
    int i;
    if (!heapmeter_available(why, sizeof why))
        return;
    memset(&h, 0, sizeof h);
    if (heapmeter_arm() == 0) {
        for (i = 0; i < N; i++)
            sink = p[i] = malloc((size_t)i + 1);
        for (i = 0; i < N; i += 2)
            free(p[i]);
        heapmeter_disarm(&h);
    }
    ck_assert_int_eq(h.allocations, N);
    ck_assert_int_eq(h.allocated_bytes, (long long)N * (N + 1) / 2);
    ck_assert_int_eq(h.peak_bytes, (long long)N * (N + 1) / 2);
    /* the odd indexes stay: sizes 2, 4, ..., N */
    ck_assert_int_eq(h.leaked_bytes, (long long)(N / 2) * (N / 2 + 1));
    for (i = 1; i < N; i += 2)
        free(p[i]);
}
END_TEST

/* More live blocks than the table holds: flagged, not miscounted silently. */
START_TEST(heap_too_many_blocks)
{
    enum { N = 200000 };
    void **p = calloc(N, sizeof *p);
    struct heap_figures h;
    char why[256];
    int i;
    ck_assert_ptr_nonnull(p);
    if (!heapmeter_available(why, sizeof why)) {
        free(p);
        return;
    }
    memset(&h, 0, sizeof h);
    if (heapmeter_arm() == 0) {
        for (i = 0; i < N; i++)
            sink = p[i] = malloc(1);
        heapmeter_disarm(&h);
    }
    ck_assert_int_eq(h.overflow, 1);
    ck_assert_int_eq(h.allocations, N);
    for (i = 0; i < N; i++)
        free(p[i]);
    free(p);
}
END_TEST

/* ---- JSON, the record, the checker ---- */

static void figures(struct memory_figures *m, long long stack, long long peak)
{
    memset(m, 0, sizeof *m);
    m->stack_measured = m->heap_measured = 1;
    m->stack.bytes = stack;
    m->stack.region_bytes = 1 << 26;
    m->stack.calls = 1;
    m->heap.allocated_bytes = peak + 10;
    m->heap.allocations = 2;
    m->heap.peak_bytes = peak;
    m->heap.leaked_bytes = 5;
}

START_TEST(json_round_trip)
{
    struct memory_figures m, back;
    json_object *j;
    figures(&m, 4242, 300);
    m.seconds = 0.25;
    j = memory_pass_to_json(&m);
    ck_assert_int_eq(memory_pass_from_json(j, &back), 0);
    ck_assert_int_eq(back.stack_measured, 1);
    ck_assert_int_eq(back.stack.bytes, 4242);
    ck_assert_int_eq(back.heap.peak_bytes, 300);
    ck_assert_int_eq(back.heap.leaked_bytes, 5);
    json_object_put(j);
    /* Not measured: null figures and a reason. */
    memset(&m, 0, sizeof m);
    snprintf(m.heap_reason, sizeof m.heap_reason, "not measured: because");
    j = memory_pass_to_json(&m);
    ck_assert_ptr_null(json_object_object_get(j, "stack_bytes"));
    ck_assert_str_eq(record_get_string(j, "heap_reason"), "not measured: because");
    ck_assert_str_eq(record_get_string(j, "stack_reason"), "not measured: the memory pass did not run");
    ck_assert_int_eq(memory_pass_from_json(j, &back), 0);
    ck_assert_int_eq(back.heap_measured, 0);
    ck_assert_str_eq(back.heap_reason, "not measured: because");
    json_object_put(j);
}
END_TEST

/* A record of three trials (one failed) with their memory figures. */
static json_object *record(void)
{
    struct memory_figures m[3];
    const struct memory_figures *figs[2] = { &m[0], &m[1] };
    static const char *const states[] = { "kept", "kept", "failed" };
    json_object *r = json_object_new_object(), *trials = json_object_new_array();
    json_object *mem = json_object_new_object();
    int i;
    figures(&m[0], 1000, 50);
    figures(&m[1], 1200, 40);
    figures(&m[2], 999999, 999999);
    for (i = 0; i < 3; i++) {
        json_object *t = json_object_new_object();
        json_object_object_add(t, "state", json_object_new_string(states[i]));
        json_object_object_add(t, "memory_pass", memory_pass_to_json(&m[i]));
        json_object_array_add(trials, t);
    }
    json_object_object_add(r, "trials", trials);
    memory_pass_record(mem, figs, 2);
    json_object_object_add(r, "memory", mem);
    return r;
}

static int check(json_object *r, char **text)
{
    size_t len;
    FILE *f = open_memstream(text, &len);
    int n;
    ck_assert_ptr_nonnull(f);
    n = verify_memory(r, "rec.json", f);
    fclose(f);
    return n;
}

/* The checker finds at least one problem in R, one line containing TEXT. */
static void expect_problem(json_object *r, const char *text)
{
    char *out;
    ck_assert_int_ge(check(r, &out), 1);
    ck_assert_msg(strstr(out, text) != NULL, "no '%s' in: %s", text, out);
    free(out);
}

START_TEST(record_maxima_and_checker)
{
    json_object *r = record(), *mem;
    char *out;
    int64_t v;
    ck_assert_int_eq(record_get_int(r, "memory.stack_bytes", &v), 0);
    ck_assert_int_eq(v, 1200);
    ck_assert_int_eq(record_get_int(r, "memory.heap_peak_bytes", &v), 0);
    ck_assert_int_eq(v, 50);
    ck_assert_str_eq(record_get_string(r, "memory.stack_method"), MEMORY_STACK_METHOD);
    ck_assert_int_eq(check(r, &out), 0);
    ck_assert_str_eq(out, "");
    free(out);

    /* An edited figure. */
    record_get(r, "memory", &mem);
    json_object_object_add(mem, "heap_peak_bytes", json_object_new_int64(49));
    expect_problem(r, "rec.json: memory.heap_peak_bytes is 49 but the trials give 50");
    json_object_object_add(mem, "heap_peak_bytes", json_object_new_int64(50));
    json_object_object_add(mem, "stack_bytes", NULL);
    expect_problem(r, "rec.json: memory.stack_bytes is null but the trials give 1200");
    json_object_object_del(mem, "stack_bytes");
    expect_problem(r, "memory.stack_bytes missing");
    json_object_put(r);
}
END_TEST

START_TEST(checker_trial_figures)
{
    json_object *r = record(), *t, *mp;
    record_get(r, "trials", &t);
    mp = json_object_object_get(json_object_array_get_idx(t, 0), "memory_pass");
    /* A leak larger than the peak. */
    json_object_object_add(mp, "heap_leaked_bytes", json_object_new_int64(60));
    expect_problem(r, "trials[0].memory_pass: heap figures inconsistent");
    json_object_object_add(mp, "heap_leaked_bytes", json_object_new_int64(5));
    /* Exceeded, but not at the region. */
    json_object_object_add(mp, "stack_exceeded", json_object_new_boolean(1));
    expect_problem(r, "trials[0].memory_pass: stack_exceeded but");
    json_object_object_add(mp, "stack_exceeded", json_object_new_boolean(0));
    /* Null without a reason. */
    json_object_object_add(mp, "stack_bytes", NULL);
    expect_problem(r, "no stack_bytes and no stack_reason");
    /* A trial without memory figures. */
    json_object_object_del(json_object_array_get_idx(t, 1), "memory_pass");
    expect_problem(r, "trials[1] has no memory_pass");
    /* A record without its methods and reasons. */
    json_object_object_del(json_object_object_get(r, "memory"), "heap_method");
    expect_problem(r, "memory.heap_method missing");
    json_object_put(r);
}
END_TEST

static Suite *memory_suite(void)
{
    Suite *s = suite_create("memory");
    TCase *tc = tcase_create("stack");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, stack_known_depth);
    tcase_add_test(tc, stack_deeper_than_first_paint);
    tcase_add_test(tc, stack_beyond_region);
    tcase_add_test(tc, stack_nothing);
    suite_add_tcase(s, tc);
    tc = tcase_create("heap");
    tcase_add_test(tc, heap_known_blocks);
    tcase_add_test(tc, heap_many_blocks);
    tcase_add_test(tc, heap_too_many_blocks);
    suite_add_tcase(s, tc);
    tc = tcase_create("evidence");
    tcase_add_test(tc, json_round_trip);
    tcase_add_test(tc, record_maxima_and_checker);
    tcase_add_test(tc, checker_trial_figures);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(memory_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
