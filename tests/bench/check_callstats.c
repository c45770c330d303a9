/* check_callstats.c -- unit tests of the per-call distribution: the
 * nearest-rank quantiles, the block size, the t interval, the record's
 * robust figure and ratios from known synthetic samples, and the checker
 * rejecting edited quantiles, an edited section and an interval that does
 * not contain the mean.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "callstats.h"
#include "record.h"
#include "verify_calls.h"

START_TEST(nearest_rank)
{
    uint64_t v[100];
    int i;
    for (i = 0; i < 100; i++)
        v[i] = (uint64_t)(i + 1);
    ck_assert_uint_eq(callstats_rank(v, 100, 0.01), 1);
    ck_assert_uint_eq(callstats_rank(v, 100, 0.10), 10);
    ck_assert_uint_eq(callstats_rank(v, 100, 0.50), 50);
    ck_assert_uint_eq(callstats_rank(v, 100, 0.99), 99);
    ck_assert_uint_eq(callstats_rank(v, 100, 1.0), 100);
    ck_assert_uint_eq(callstats_rank(v, 100, 0.0), 1);
    ck_assert_uint_eq(callstats_rank(v, 7, 0.50), 4);  /* ceil(3.5) */
    ck_assert_uint_eq(callstats_rank(v, 7, 0.10), 1);  /* ceil(0.7) */
    ck_assert_uint_eq(callstats_rank(v, 1, 0.99), 1);
}
END_TEST

START_TEST(summary_of_shuffled_samples)
{
    /* 20 000 samples: 1..20000 in a scrambled order, blocks of 4 calls. */
    int64_t n = 20000, i;
    uint64_t *v = malloc((size_t)n * sizeof *v);
    struct call_summary s;
    ck_assert_ptr_nonnull(v);
    for (i = 0; i < n; i++)
        v[i] = (uint64_t)((i * 7919) % n + 1); /* 7919 is prime to 20000 */
    callstats_summarise(v, n, 4, &s);
    ck_assert_int_eq(s.samples, n);
    ck_assert_int_eq(s.block, 4);
    ck_assert_int_eq(s.sum_ticks, n * (n + 1) / 2);
    ck_assert_double_eq(s.min, 0.25);
    ck_assert_double_eq(s.max, 5000.0);
    ck_assert_double_eq(s.q[0], 200 / 4.0);    /* p1: rank 200 */
    ck_assert_double_eq(s.q[CALLSTATS_P10], 2000 / 4.0);
    ck_assert_double_eq(s.q[CALLSTATS_P50], 10000 / 4.0);
    ck_assert_double_eq(s.q[7], 19800 / 4.0);  /* p99 */
    free(v);
    callstats_summarise(NULL, 0, 1, &s);
    ck_assert_int_eq(s.samples, 0);
}
END_TEST

START_TEST(block_size)
{
    ck_assert_int_eq(callstats_block(66, 80000, 20000), 1);
    ck_assert_int_eq(callstats_block(66, 6600, 20000), 1);     /* exactly 1 % */
    ck_assert_int_eq(callstats_block(66, 1000, 20000), 7);     /* 66 / 10 = 6.6 */
    ck_assert_int_eq(callstats_block(66, 1, 20000), 6600);
    ck_assert_int_eq(callstats_block(66, 1, 100), 100);        /* the calls of the trial */
    ck_assert_int_eq(callstats_block(66, 0, 100), 1);          /* no estimate */
}
END_TEST

START_TEST(t_interval_known)
{
    double v[5] = { 1, 2, 3, 4, 5 }, lo, hi, one = 7;
    ck_assert_double_eq_tol(callstats_sqrt(2.0), 1.4142135623730951, 1e-15);
    ck_assert_double_eq_tol(callstats_sqrt(1e10), 1e5, 1e-9);
    ck_assert_double_eq_tol(callstats_sqrt(0.25), 0.5, 1e-15);
    ck_assert_double_eq(callstats_sqrt(0), 0);
    ck_assert_double_eq(callstats_t975(4), 2.776);
    ck_assert_double_eq(callstats_t975(100), 1.96);
    /* sd sqrt(2.5); half width 2.776 x sqrt(2.5) / sqrt(5) */
    callstats_t_interval(v, 5, &lo, &hi);
    ck_assert_double_eq_tol(lo, 3 - 2.776 * 0.7071067811865476, 1e-12);
    ck_assert_double_eq_tol(hi, 3 + 2.776 * 0.7071067811865476, 1e-12);
    callstats_t_interval(&one, 1, &lo, &hi);
    ck_assert_double_eq(lo, 7);
    ck_assert_double_eq(hi, 7);
}
END_TEST

/* Five trials: p10 10 20 30 40 50 (x scale), means 100..500 apart. */
static void five_trials(struct call_summary *s, double *means, double *rm, double *rq, double scale)
{
    int i, k;
    memset(s, 0, 5 * sizeof *s);
    for (i = 0; i < 5; i++) {
        s[i].samples = 100;
        s[i].block = 1;
        s[i].min = scale * (5 + 10 * i);
        for (k = 0; k < CALLSTATS_NQ; k++)
            s[i].q[k] = scale * (10 * (i + 1) + 2 * (k - CALLSTATS_P10));
        s[i].max = scale * 1000;
        s[i].sum_ticks = (int64_t)(100 * scale * 100 * (i + 1));
        means[i] = scale * 100 * (i + 1);
        rm[i] = 2.0 * scale;
        rq[i] = 1.0 * scale;
    }
}

START_TEST(record_figures)
{
    struct call_summary s[5];
    double means[5], rm[5], rq[5], v;
    json_object *o;
    five_trials(s, means, rm, rq, 1.0);
    o = callstats_record(s, means, rm, rq, 5, "calls");
    ck_assert_int_eq(record_get_double(o, "robust_ticks", &v), 0);
    ck_assert_double_eq(v, 30);
    ck_assert_int_eq(record_get_double(o, "min", &v), 0);
    ck_assert_double_eq(v, 5);
    ck_assert_int_eq(record_get_double(o, "p90", &v), 0);
    ck_assert_double_eq(v, 38);
    ck_assert_int_eq(record_get_double(o, "mean_ci95.lo", &v), 0);
    ck_assert_double_eq_tol(v, 300 - 2.776 * 100 * 0.7071067811865476, 1e-9);
    ck_assert_int_eq(record_get_double(o, "mean_ratio", &v), 0);
    ck_assert_double_eq_tol(v, 150, 1e-12);   /* mean of 50, 100, .. 250 */
    ck_assert_int_eq(record_get_double(o, "robust_ratio", &v), 0);
    ck_assert_double_eq_tol(v, 30, 1e-12);
    json_object_put(o);
    /* A slowdown of the whole process by 2 in trials 1 and 2: the ratios stay. */
    five_trials(s, means, rm, rq, 1.0);
    {
        int i, k;
        for (i = 0; i < 2; i++) {
            for (k = 0; k < CALLSTATS_NQ; k++)
                s[i].q[k] *= 2;
            means[i] *= 2;
            rm[i] *= 2;
            rq[i] *= 2;
        }
    }
    o = callstats_record(s, means, rm, rq, 5, "calls");
    ck_assert_int_eq(record_get_double(o, "mean_ratio", &v), 0);
    ck_assert_double_eq_tol(v, 150, 1e-12);
    ck_assert_int_eq(record_get_double(o, "robust_ratio", &v), 0);
    ck_assert_double_eq_tol(v, 30, 1e-12);
    json_object_put(o);
    /* Without the reference: no ratios. */
    o = callstats_record(s, means, NULL, NULL, 5, "calls");
    ck_assert_int_eq(record_get_double(o, "mean_ratio", &v), -1);
    json_object_put(o);
}
END_TEST

/* A record of five kept trials with per_call objects and its section. */
static json_object *synthetic_record(void)
{
    struct call_summary s[5];
    double means[5], rm[5], rq[5];
    json_object *rec = json_object_new_object(), *trials = json_object_new_array(), *st = json_object_new_object();
    int i;
    five_trials(s, means, rm, rq, 1.0);
    for (i = 0; i < 5; i++) {
        json_object *t = json_object_new_object(), *ref = json_object_new_object();
        json_object *before = json_object_new_object(), *after = json_object_new_object();
        json_object_object_add(t, "slot", json_object_new_int(i + 1));
        json_object_object_add(t, "state", json_object_new_string("kept"));
        json_object_object_add(t, "calls", json_object_new_int64(100));
        json_object_object_add(t, "ticks", json_object_new_int64((int64_t)(means[i] * 100 + 0.5)));
        json_object_object_add(t, "per_call", callstats_to_json(&s[i], "calls", 60));
        json_object_object_add(before, "chunks", json_object_new_int(2));
        json_object_object_add(before, "hashes", json_object_new_int(32));
        json_object_object_add(before, "ticks", json_object_new_int(64));
        json_object_object_add(before, "seconds", record_double(0.001));
        json_object_object_add(after, "chunks", json_object_new_int(2));
        json_object_object_add(after, "hashes", json_object_new_int(32));
        json_object_object_add(after, "ticks", json_object_new_int(64));
        json_object_object_add(after, "seconds", record_double(0.001));
        json_object_object_add(ref, "name", json_object_new_string("sm3-64"));
        json_object_object_add(ref, "chunk_hashes", json_object_new_int(16));
        json_object_object_add(ref, "before", before);
        json_object_object_add(ref, "after", after);
        json_object_object_add(ref, "mean_ticks", record_double(2.0));
        json_object_object_add(ref, "p10_ticks", record_double(1.0));
        json_object_object_add(t, "reference", ref);
        json_object_array_add(trials, t);
    }
    json_object_object_add(rec, "status", json_object_new_string("ok"));
    json_object_object_add(rec, "trials", trials);
    json_object_object_add(st, "mean_ticks", record_double(300));
    json_object_object_add(rec, "stats", st);
    json_object_object_add(rec, "per_call", callstats_record(s, means, rm, rq, 5, "calls"));
    return rec;
}

/* The checker's output on REC: the number of problems, the text in BUF. */
static int check_text(json_object *rec, char *buf, size_t size)
{
    FILE *f = fmemopen(buf, size, "w");
    int n;
    ck_assert_ptr_nonnull(f);
    n = verify_calls(rec, "r.json", f);
    fclose(f);
    return n;
}

static void expect_problem(json_object *rec, const char *words)
{
    char buf[4096] = "";
    int n = check_text(rec, buf, sizeof buf);
    ck_assert_msg(n >= 1 && strstr(buf, words), "expected '%s', got %d: %s", words, n, buf);
}

static json_object *at(json_object *rec, int trial, const char *key)
{
    return json_object_object_get(json_object_array_get_idx(json_object_object_get(rec, "trials"), (size_t)trial), key);
}

START_TEST(checker_accepts_and_rejects)
{
    char buf[4096] = "";
    json_object *r = synthetic_record();
    ck_assert_msg(check_text(r, buf, sizeof buf) == 0, "%s", buf);
    /* A trial's median edited above its p75. */
    json_object_object_add(at(r, 2, "per_call"), "p50", record_double(1e6));
    expect_problem(r, "trials[2].per_call.p75");
    json_object_put(r);

    /* A trial's p10 edited, still in order: the robust figure no longer follows. */
    r = synthetic_record();
    json_object_object_add(at(r, 2, "per_call"), "p10", record_double(29.5));
    expect_problem(r, "per_call.robust_ticks");
    json_object_put(r);

    /* The record's figures edited. */
    r = synthetic_record();
    json_object_object_add(json_object_object_get(r, "per_call"), "p90", record_double(37));
    expect_problem(r, "per_call.p90");
    json_object_put(r);

    /* A max below p99, a sum beyond the trial's ticks. */
    r = synthetic_record();
    json_object_object_add(at(r, 0, "per_call"), "max", record_double(1));
    expect_problem(r, "max");
    json_object_put(r);
    r = synthetic_record();
    json_object_object_add(at(r, 0, "per_call"), "sum_ticks", json_object_new_int64(1000000000));
    expect_problem(r, "sum_ticks");
    json_object_put(r);

    /* An interval that does not hold the mean. */
    r = synthetic_record();
    json_object_object_add(json_object_object_get(json_object_object_get(r, "per_call"), "mean_ci95"), "lo",
                           record_double(301));
    expect_problem(r, "does not contain the mean of the trials, 300");
    json_object_put(r);

    /* The reference's mean edited. */
    r = synthetic_record();
    json_object_object_add(at(r, 1, "reference"), "mean_ticks", record_double(3));
    expect_problem(r, "reference.mean_ticks");
    json_object_put(r);

    /* Samples that do not match the calls; a section the trials cannot give. */
    r = synthetic_record();
    json_object_object_add(at(r, 1, "per_call"), "samples", json_object_new_int(50));
    expect_problem(r, "samples is 50");
    json_object_put(r);
    r = synthetic_record();
    json_object_object_add(r, "status", json_object_new_string("op_failed"));
    expect_problem(r, "but a per_call section is given");
    json_object_put(r);
}
END_TEST

static Suite *callstats_suite(void)
{
    Suite *s = suite_create("callstats");
    TCase *tc = tcase_create("samples");
    tcase_add_test(tc, nearest_rank);
    tcase_add_test(tc, summary_of_shuffled_samples);
    tcase_add_test(tc, block_size);
    tcase_add_test(tc, t_interval_known);
    suite_add_tcase(s, tc);
    tc = tcase_create("record");
    tcase_add_test(tc, record_figures);
    tcase_add_test(tc, checker_accepts_and_rejects);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(callstats_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
