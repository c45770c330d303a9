/* check_profile.c -- unit tests of the profiling runtime (src/profile):
 * accounting, nesting, on/off, commit and discard, table keys, the table's
 * limits, the cost measurement.  The runtime is compiled into this program
 * (it is not a library of the package: ngcc-build-scheme compiles it into
 * each profiling variant).  Check, fork mode: each test starts from a
 * fresh runtime.  Part of ngcc-perf. */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ngcc_profile.c"

/* ---- wrapped functions, as a wrapper file writes them ---- */

static volatile int sink;

static int inner_real(int x)
{
    sink = x;
    return x + 1;
}

/* "inner", IN_BITS input bits, 32 output bits */
static int inner(int x, unsigned long long in_bits)
{
    int r;
    NGCC_PROFILE_CALL("inner", in_bits, 32ULL, r = inner_real(x));
    return r;
}

/* "outer" calls "inner" twice: those calls are not accounted again */
static int outer_real(int x)
{
    return inner(x, 8) + inner(x, 16);
}

static int outer(int x)
{
    int r;
    NGCC_PROFILE_CALL("outer", 64ULL, 64ULL, r = outer_real(x));
    return r;
}

/* another function with the same bit lengths as inner(.., 8) */
static void other(void)
{
    NGCC_PROFILE_CALL("other", 8ULL, 32ULL, sink = 7);
}

/* The committed entry of FUNCTION with the given bits (calls 0: none). */
static struct ngcc_profile_entry entry(const char *function, unsigned long long in_bits,
                                       unsigned long long out_bits)
{
    size_t n = ngcc_profile_table(NULL, 0), i;
    struct ngcc_profile_entry *e = calloc(n + 1, sizeof *e), found;
    ck_assert_ptr_nonnull(e);
    ck_assert_uint_eq(ngcc_profile_table(e, n), n);
    memset(&found, 0, sizeof found);
    for (i = 0; i < n; i++)
        if (strcmp(e[i].function, function) == 0 && e[i].in_bits == in_bits &&
            e[i].out_bits == out_bits)
            found = e[i];
    free(e);
    return found;
}

static unsigned long long total_ops(void)
{
    unsigned long long ops, ticks, dropped;
    ngcc_profile_totals(&ops, &ticks, &dropped);
    return ops;
}

START_TEST(accounts_calls_between_start_and_stop)
{
    unsigned long long ops, ticks, dropped;
    struct ngcc_profile_entry e;
    ngcc_profile_start();
    inner(1, 8);
    inner(2, 8);
    ngcc_profile_stop();
    ngcc_profile_commit();
    e = entry("inner", 8, 32);
    ck_assert_uint_eq(e.calls, 2);
    ngcc_profile_totals(&ops, &ticks, &dropped);
    ck_assert_uint_eq(ops, 1);
    ck_assert_uint_eq(dropped, 0);
    ck_assert_uint_ge(ticks, e.ticks); /* the calls lie inside the operation */
    ck_assert_uint_eq(ngcc_profile_table(NULL, 0), 1);
}
END_TEST

START_TEST(off_outside_operations)
{
    inner(1, 8); /* before any start */
    ngcc_profile_start();
    inner(1, 8);
    ngcc_profile_stop();
    inner(1, 8); /* stopped, pending */
    ngcc_profile_commit();
    inner(1, 8); /* committed */
    ck_assert_uint_eq(entry("inner", 8, 32).calls, 1);
    ck_assert_int_eq(ngcc_profile_g.active, 0);
    ck_assert_int_eq(ngcc_profile_g.depth, 0);
}
END_TEST

START_TEST(nested_calls_not_counted_twice)
{
    ngcc_profile_start();
    ck_assert_int_eq(outer(5), 12);
    inner(5, 16); /* a call of its own: counted */
    ngcc_profile_stop();
    ngcc_profile_commit();
    ck_assert_uint_eq(entry("outer", 64, 64).calls, 1);
    ck_assert_uint_eq(entry("inner", 8, 32).calls, 0);
    ck_assert_uint_eq(entry("inner", 16, 32).calls, 1);
    ck_assert_int_eq(ngcc_profile_g.depth, 0);
}
END_TEST

START_TEST(table_keyed_by_function_and_bits)
{
    int i;
    ngcc_profile_start();
    for (i = 0; i < 3; i++)
        inner(i, 8);
    inner(0, 24);
    other();
    other();
    ngcc_profile_stop();
    ngcc_profile_start(); /* commits the pending operation first */
    inner(0, 24);
    ngcc_profile_stop();
    ngcc_profile_commit();
    ck_assert_uint_eq(ngcc_profile_table(NULL, 0), 3);
    ck_assert_uint_eq(entry("inner", 8, 32).calls, 3);
    ck_assert_uint_eq(entry("inner", 24, 32).calls, 2);
    ck_assert_uint_eq(entry("other", 8, 32).calls, 2);
    ck_assert_uint_eq(total_ops(), 2);
}
END_TEST

START_TEST(discard_drops_the_operation)
{
    unsigned long long ops, ticks, dropped;
    ngcc_profile_start();
    inner(1, 8);
    ngcc_profile_stop();
    ngcc_profile_commit();
    ngcc_profile_start();
    inner(1, 8);
    inner(1, 40); /* a new key, in a discarded operation only */
    ngcc_profile_stop();
    ngcc_profile_discard();
    ngcc_profile_totals(&ops, &ticks, &dropped);
    ck_assert_uint_eq(ops, 1);
    ck_assert_uint_eq(entry("inner", 8, 32).calls, 1);
    ck_assert_uint_eq(ngcc_profile_table(NULL, 0), 1);
    ngcc_profile_commit(); /* nothing pending: no effect */
    ck_assert_uint_eq(total_ops(), 1);
}
END_TEST

START_TEST(reset_clears_and_keeps_names)
{
    ngcc_profile_start();
    inner(1, 8);
    ngcc_profile_stop();
    ngcc_profile_commit();
    ngcc_profile_reset();
    ck_assert_uint_eq(ngcc_profile_table(NULL, 0), 0);
    ck_assert_uint_eq(total_ops(), 0);
    ngcc_profile_start();
    inner(1, 8);
    ngcc_profile_stop();
    ngcc_profile_commit();
    ck_assert_uint_eq(entry("inner", 8, 32).calls, 1);
}
END_TEST

START_TEST(full_table_accounts_mixed_lengths)
{
    unsigned long long i, n = NGCC_PROFILE_MAX_ENTRIES + 10, calls = 0;
    struct ngcc_profile_entry *e = calloc(NGCC_PROFILE_MAX_ENTRIES + 1, sizeof *e);
    size_t k, m;
    ck_assert_ptr_nonnull(e);
    ngcc_profile_start();
    for (i = 0; i < n; i++)
        inner(1, i);
    ngcc_profile_stop();
    ngcc_profile_commit();
    m = ngcc_profile_table(e, NGCC_PROFILE_MAX_ENTRIES + 1);
    ck_assert_uint_eq(m, NGCC_PROFILE_MAX_ENTRIES + 1);
    for (k = 0; k < m; k++)
        calls += e[k].calls;
    ck_assert_uint_eq(calls, n);
    ck_assert_uint_eq(entry("inner", NGCC_PROFILE_MIXED, NGCC_PROFILE_MIXED).calls, 10);
    free(e);
}
END_TEST

START_TEST(too_many_functions_are_dropped_not_hidden)
{
    static char names_buf[NGCC_PROFILE_MAX_FUNCTIONS + 2][16];
    int fids[NGCC_PROFILE_MAX_FUNCTIONS + 2], i;
    unsigned long long ops, ticks, dropped;
    ngcc_profile_start();
    for (i = 0; i < NGCC_PROFILE_MAX_FUNCTIONS + 2; i++) {
        snprintf(names_buf[i], sizeof names_buf[i], "f%d", i);
        fids[i] = -1;
        ngcc_profile_account(&fids[i], names_buf[i], 0, 0, 1);
    }
    ngcc_profile_stop();
    ngcc_profile_commit();
    ngcc_profile_totals(&ops, &ticks, &dropped);
    ck_assert_uint_eq(dropped, 2);
    ck_assert_uint_eq(ngcc_profile_table(NULL, 0), NGCC_PROFILE_MAX_FUNCTIONS);
}
END_TEST

START_TEST(tick_counter_and_cost)
{
    struct ngcc_profile_tick t;
    struct ngcc_profile_cost c;
    unsigned long long a, b;
    const struct ngcc_profile_info *info = ngcc_profile_info();
    ck_assert_int_eq(info->abi, NGCC_PROFILE_ABI);
    ck_assert_str_eq(info->wrapped, ""); /* no profile_meta.h here */
    ngcc_profile_tick_info(&t);
    ck_assert_str_eq(t.name, info->tick);
#if defined(__x86_64__) || defined(__i386__)
    ck_assert_str_eq(t.name, "tsc");
#elif defined(__aarch64__)
    ck_assert_str_eq(t.name, "cntvct");
    ck_assert(t.frequency_hz > 0);
#else
    ck_assert_str_eq(t.name, "clock");
#endif
    a = ngcc_profile_now();
    for (b = 0; b < 100000; b++)
        sink = (int)b;
    b = ngcc_profile_now();
    ck_assert_uint_gt(b, a);

    ngcc_profile_start();
    inner(1, 8);
    ngcc_profile_stop();
    ngcc_profile_commit();
    ngcc_profile_overhead(&c);
    ck_assert(c.read_ticks >= 0);
    ck_assert(c.wrapped_ticks >= c.direct_ticks);
    ck_assert(c.overhead_ticks == c.wrapped_ticks - c.direct_ticks);
    ck_assert(c.empty_call_ticks > 0);
    /* the measurement leaves nothing behind */
    ck_assert_uint_eq(ngcc_profile_table(NULL, 0), 0);
    ck_assert_uint_eq(total_ops(), 0);
    ck_assert_int_eq(ngcc_profile_g.active, 0);
}
END_TEST

static Suite *profile_suite(void)
{
    Suite *s = suite_create("profile");
    TCase *tc = tcase_create("accounting");
    tcase_add_test(tc, accounts_calls_between_start_and_stop);
    tcase_add_test(tc, off_outside_operations);
    tcase_add_test(tc, nested_calls_not_counted_twice);
    tcase_add_test(tc, table_keyed_by_function_and_bits);
    tcase_add_test(tc, discard_drops_the_operation);
    tcase_add_test(tc, reset_clears_and_keeps_names);
    suite_add_tcase(s, tc);
    tc = tcase_create("limits");
    tcase_add_test(tc, full_table_accounts_mixed_lengths);
    tcase_add_test(tc, too_many_functions_are_dropped_not_hidden);
    suite_add_tcase(s, tc);
    tc = tcase_create("ticks");
    tcase_add_test(tc, tick_counter_and_cost);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(profile_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
