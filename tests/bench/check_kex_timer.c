/* check_kex_timer.c -- unit tests of the key exchange's timer hooks
 * (src/kinds/kex_timer.c, kex_proto.c) through instance.c, on a fake KEX
 * instance defined in this program (exported with -export-dynamic, loaded
 * by dlopen(NULL)): which operations an instance has (kind_op_exists), a
 * whole exchange per timed call, only the step on the stopwatch, zero
 * sizes, a disagreement, a failing step named, the wire-bytes counters.
 * Check, fork mode.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "instance.h"
#include "kind.h"
#include "kind_timer.h"
#include "ngcc_instance.h"

/* ---- the fake: PASSES passes of MSG_BYTES each, no long-term keys ---- */

typedef unsigned long long ull;
enum fault { F_NONE, F_DISAGREE_AT, F_PASS2_FAILS_AT, F_OVERFLOW };
static enum fault fault;
static int passes = 2;
static long fault_at;            /* the exchange (1-based) the fault hits */
static long exchanges;           /* kex_init_a calls */
static long step_calls[8];       /* init_a, init_b, pass1..4, derive_a, derive_b */
static ull fake_clock;           /* what the stopwatch reads: each step adds its cost */
#define MSG_BYTES 5
#define PASS2_COST 100

ull kex_get_passes_num(void);
ull kex_get_pk_len_bytes(void);
ull kex_get_sk_len_bytes(void);
ull kex_get_sta_len_bytes(void);
ull kex_get_stb_len_bytes(void);
ull kex_get_ss_len_bytes(void);
ull kex_get_total_msg_len_bytes(void);
int kex_init_a(unsigned char *pk, ull *pkl, unsigned char *sk, ull *skl, unsigned char *st, ull *stl);
int kex_init_b(unsigned char *pk, ull *pkl, unsigned char *sk, ull *skl, unsigned char *st, ull *stl);
int kex_generate_pass1_msg_a(unsigned char *sk, ull skl, unsigned char *pk, ull pkl, unsigned char *st,
                             ull *stl, unsigned char *m, ull *ml);
int kex_generate_pass2_msg_b(unsigned char *sk, ull skl, unsigned char *pk, ull pkl, unsigned char *mi,
                             ull mil, unsigned char *st, ull *stl, unsigned char *m, ull *ml);
int kex_generate_pass3_msg_a(unsigned char *sk, ull skl, unsigned char *pk, ull pkl, unsigned char *mi,
                             ull mil, unsigned char *st, ull *stl, unsigned char *m, ull *ml);
int kex_derive_ss_a(unsigned char *sk, ull skl, unsigned char *pk, ull pkl, unsigned char *m, ull ml,
                    unsigned char *st, ull stl, unsigned char *ss, ull *ssl);
int kex_derive_ss_b(unsigned char *sk, ull skl, unsigned char *pk, ull pkl, unsigned char *m, ull ml,
                    unsigned char *st, ull stl, unsigned char *ss, ull *ssl);
const struct ngcc_instance_info *ngcc_instance_info(void);
int ngcc_drng_seed(const unsigned char *seed, ull seed_len_bytes);

ull kex_get_passes_num(void) { return (ull)passes; }
ull kex_get_pk_len_bytes(void) { return 0; }
ull kex_get_sk_len_bytes(void) { return 0; }
ull kex_get_sta_len_bytes(void) { return 4; }
ull kex_get_stb_len_bytes(void) { return 4; }
ull kex_get_ss_len_bytes(void) { return 4; }
ull kex_get_total_msg_len_bytes(void) { return (ull)passes * MSG_BYTES; }

static int init(int side, ull *pkl, ull *skl, unsigned char *st, ull *stl)
{
    step_calls[side]++;
    fake_clock += 1;
    *pkl = *skl = 0;
    memset(st, 0, 4);
    *stl = 4;
    return 0;
}

int kex_init_a(unsigned char *pk, ull *pkl, unsigned char *sk, ull *skl, unsigned char *st, ull *stl)
{
    (void)pk; (void)sk;
    exchanges++;
    return init(0, pkl, skl, st, stl);
}

int kex_init_b(unsigned char *pk, ull *pkl, unsigned char *sk, ull *skl, unsigned char *st, ull *stl)
{
    (void)pk; (void)sk;
    return init(1, pkl, skl, st, stl);
}

/* Pass K: the state's first byte sums the messages; M_K of MSG_BYTES. */
static int pass(int k, unsigned char *st, unsigned char *m, ull *ml)
{
    step_calls[1 + k]++;
    fake_clock += k == 2 ? PASS2_COST : 1;
    if (k == 2 && fault == F_PASS2_FAILS_AT && exchanges >= fault_at)
        return -7;
    memset(m, k, MSG_BYTES);
    if (fault == F_OVERFLOW && k == 1)
        m[MSG_BYTES * passes] = 1; /* one past the buffer of the total's size */
    *ml = MSG_BYTES;
    st[0] = (unsigned char)(st[0] + k);
    return k == passes ? 1 : 0;
}

int kex_generate_pass1_msg_a(unsigned char *sk, ull skl, unsigned char *pk, ull pkl, unsigned char *st,
                             ull *stl, unsigned char *m, ull *ml)
{
    (void)sk; (void)skl; (void)pk; (void)pkl; (void)stl;
    return pass(1, st, m, ml);
}

int kex_generate_pass2_msg_b(unsigned char *sk, ull skl, unsigned char *pk, ull pkl, unsigned char *mi,
                             ull mil, unsigned char *st, ull *stl, unsigned char *m, ull *ml)
{
    (void)sk; (void)skl; (void)pk; (void)pkl; (void)mi; (void)mil; (void)stl;
    return pass(2, st, m, ml);
}

int kex_generate_pass3_msg_a(unsigned char *sk, ull skl, unsigned char *pk, ull pkl, unsigned char *mi,
                             ull mil, unsigned char *st, ull *stl, unsigned char *m, ull *ml)
{
    (void)sk; (void)skl; (void)pk; (void)pkl; (void)mi; (void)mil; (void)stl;
    return pass(3, st, m, ml);
}

/* Both secrets: the number of passes, on both sides. */
static int derive(int side, unsigned char *ss, ull *ssl)
{
    step_calls[6 + side]++;
    fake_clock += 1;
    memset(ss, passes, 4);
    if (side == 1 && fault == F_DISAGREE_AT && exchanges == fault_at)
        ss[3] ^= 1;
    *ssl = 4;
    return 0;
}

int kex_derive_ss_a(unsigned char *sk, ull skl, unsigned char *pk, ull pkl, unsigned char *m, ull ml,
                    unsigned char *st, ull stl, unsigned char *ss, ull *ssl)
{
    (void)sk; (void)skl; (void)pk; (void)pkl; (void)m; (void)ml; (void)st; (void)stl;
    return derive(0, ss, ssl);
}

int kex_derive_ss_b(unsigned char *sk, ull skl, unsigned char *pk, ull pkl, unsigned char *m, ull ml,
                    unsigned char *st, ull stl, unsigned char *ss, ull *ssl)
{
    (void)sk; (void)skl; (void)pk; (void)pkl; (void)m; (void)ml; (void)st; (void)stl;
    return derive(1, ss, ssl);
}

const struct ngcc_instance_info *ngcc_instance_info(void)
{
    static struct ngcc_instance_info info;
    memset(&info, 0, sizeof info);
    info.abi = NGCC_INSTANCE_ABI;
    info.id = "fake-kex";
    info.type = "kex";
    return &info;
}

int ngcc_drng_seed(const unsigned char *seed, ull seed_len_bytes)
{
    (void)seed; (void)seed_len_bytes;
    return 0;
}

static unsigned long long read_fake_clock(const void *arg)
{
    (void)arg;
    return fake_clock;
}

static long long no_ns(void) { return 0; }

static void reset(int p)
{
    fault = F_NONE;
    passes = p;
    fault_at = 0;
    exchanges = 0;
    fake_clock = 0;
    memset(step_calls, 0, sizeof step_calls);
}

static enum outcome load_setup(struct instance *in, const char *op, char *why, size_t size)
{
    enum outcome o = instance_load(in, op, NULL, why, size);
    return o == OUTCOME_OK ? instance_setup(in, why, size) : o;
}

/* ---- the table: which operations an instance has ---- */

START_TEST(ops_by_passes)
{
    const struct kind *k = kind_find("kex");
    unsigned long long sizes[KIND_MAX_SIZES] = { 0 };
    int p;
    ck_assert_ptr_nonnull(k);
    ck_assert_str_eq(k->ops[0].name, "exchange");
    for (p = 0; p <= 4; p++) {
        sizes[kind_size_index(k, "passes")] = (unsigned long long)p;
        ck_assert_int_eq(kind_op_exists(k, kind_op_index(k, "exchange"), sizes), 1);
        ck_assert_int_eq(kind_op_exists(k, kind_op_index(k, "derive_b"), sizes), 1);
        ck_assert_int_eq(kind_op_exists(k, kind_op_index(k, "pass1"), sizes), p >= 1);
        ck_assert_int_eq(kind_op_exists(k, kind_op_index(k, "pass3"), sizes), p >= 3);
        ck_assert_int_eq(kind_op_exists(k, kind_op_index(k, "pass4"), sizes), p >= 4);
    }
    /* Unknown sizes: only the ops without needs. */
    ck_assert_int_eq(kind_op_exists(k, kind_op_index(k, "init_a"), NULL), 1);
    ck_assert_int_eq(kind_op_exists(k, kind_op_index(k, "pass2"), NULL), 0);
    ck_assert_int_eq(kind_op_profiled(k, kind_op_index(k, "exchange")), 1);
    ck_assert_int_eq(kind_op_profiled(k, kind_op_index(k, "pass1")), 0);
    ck_assert_int_eq(kind_op_profiled(kind_find("kem"), 1), 1);
}
END_TEST

START_TEST(absent_pass_refused)
{
    struct instance in;
    char why[256];
    reset(2);
    ck_assert_int_eq(load_setup(&in, "pass3", why, sizeof why), OUTCOME_SETUP_FAILED);
    ck_assert_str_eq(why, "the instance has no pass3 (passes 2, it needs 3)");
    ck_assert_int_eq(exchanges, 0); /* refused before any call */
    instance_close(&in);
}
END_TEST

/* ---- timed calls: whole exchanges, the step on the stopwatch ---- */

START_TEST(step_inside_whole_exchanges)
{
    struct instance in;
    struct kind_stopwatch sw;
    struct kind_counters c;
    char why[256];
    int rc = 1;
    reset(3);
    ck_assert_int_eq(load_setup(&in, "pass2", why, sizeof why), OUTCOME_OK);
    ck_assert_str_eq(instance_function(&in), "kex_generate_pass2_msg_b");
    ck_assert_int_eq(exchanges, 1); /* the setup's exchange */
    memset(&sw, 0, sizeof sw);
    sw.read = read_fake_clock;
    sw.now_ns = no_ns;
    ck_assert_int_eq(instance_stopwatch(&in, &sw), 1);
    instance_counters_reset(&in);
    ck_assert_int_eq(instance_loop(&in, 6, &rc), 6);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(exchanges, 7);
    ck_assert_int_eq(step_calls[4], 7); /* pass3 ran in every exchange */
    ck_assert_int_eq(step_calls[7], 7);
    ck_assert_uint_eq(sw.ticks, 6 * PASS2_COST); /* only pass 2 on the clock */
    ck_assert_int_eq(instance_result_check(&in, "during the trial", why, sizeof why), 0);
    instance_counters(&in, &c);
    ck_assert_int_eq(c.n, 0); /* the wire bytes are the exchange's */
    instance_close(&in);

    reset(3);
    ck_assert_int_eq(load_setup(&in, "exchange", why, sizeof why), OUTCOME_OK);
    memset(&sw, 0, sizeof sw);
    sw.read = read_fake_clock;
    sw.now_ns = no_ns;
    instance_stopwatch(&in, &sw);
    instance_counters_reset(&in);
    ck_assert_int_eq(instance_loop(&in, 4, &rc), 4);
    /* every step: 2 inits, passes 1 + 100 + 1, 2 derives */
    ck_assert_uint_eq(sw.ticks, 4 * (2 + 1 + PASS2_COST + 1 + 2));
    instance_counters(&in, &c);
    ck_assert_int_eq(c.n, 3);
    ck_assert_str_eq(c.name[0], "wire_bytes_min");
    ck_assert_uint_eq(c.value[0], 3 * MSG_BYTES);
    ck_assert_uint_eq(c.value[1], 3 * MSG_BYTES);
    ck_assert_uint_eq(c.value[2], 4 * 3 * MSG_BYTES);
    ck_assert_int_eq(instance_baseline_loop(&in, 3, &rc), 3);
    ck_assert_int_eq(exchanges, 5); /* the baseline calls no candidate code */
    instance_close(&in);
}
END_TEST

START_TEST(no_pass_exchange)
{
    struct instance in;
    char why[256];
    int rc;
    reset(0); /* non-interactive: no pass, no message; sizes of 0 plausible */
    ck_assert_int_eq(load_setup(&in, "exchange", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(instance_loop(&in, 2, &rc), 2);
    ck_assert_int_eq(step_calls[2], 0);
    ck_assert_int_eq(step_calls[6], 3);
    instance_close(&in);
}
END_TEST

/* ---- what goes wrong, and how it is named ---- */

START_TEST(disagreement_found)
{
    struct instance in;
    char why[256];
    int rc;
    reset(2);
    fault = F_DISAGREE_AT;
    fault_at = 4;
    ck_assert_int_eq(load_setup(&in, "derive_b", why, sizeof why), OUTCOME_OK);
    instance_counters_reset(&in);
    ck_assert_int_eq(instance_loop(&in, 5, &rc), 5);
    ck_assert_int_eq(instance_result_check(&in, "during the trial", why, sizeof why), -1);
    ck_assert_str_eq(why, "kex_derive_ss_a and kex_derive_ss_b disagreed in exchange 3 during the trial");
    instance_close(&in);

    reset(2);
    fault = F_DISAGREE_AT;
    fault_at = 1; /* the setup's own exchange */
    ck_assert_int_eq(load_setup(&in, "exchange", why, sizeof why), OUTCOME_WRONG_SECRET);
    instance_close(&in);
}
END_TEST

START_TEST(failing_step_named)
{
    struct instance in;
    char why[256], note[256];
    int rc = 0;
    reset(2);
    fault = F_PASS2_FAILS_AT;
    fault_at = 3;
    ck_assert_int_eq(load_setup(&in, "init_b", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(instance_loop(&in, 5, &rc), 1);
    ck_assert_int_eq(rc, -7);
    instance_failure_note(&in, note, sizeof note);
    ck_assert_str_eq(note, ": kex_generate_pass2_msg_b returned -7");
    instance_close(&in);

    reset(2);
    fault = F_PASS2_FAILS_AT;
    fault_at = 1;
    ck_assert_int_eq(load_setup(&in, "exchange", why, sizeof why), OUTCOME_SETUP_FAILED);
    ck_assert_str_eq(why, "kex_generate_pass2_msg_b returned -7 in the setup's exchange");
    instance_close(&in);

    reset(2);
    fault = F_OVERFLOW;
    ck_assert_int_eq(load_setup(&in, "pass1", why, sizeof why), OUTCOME_OVERFLOW);
    ck_assert(strstr(why, "kex_generate_pass1_msg_a wrote past the end of m1") != NULL);
    instance_close(&in);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("kex_timer");
    TCase *tc = tcase_create("hooks");
    SRunner *sr;
    int failed;
    tcase_add_test(tc, ops_by_passes);
    tcase_add_test(tc, absent_pass_refused);
    tcase_add_test(tc, step_inside_whole_exchanges);
    tcase_add_test(tc, no_pass_exchange);
    tcase_add_test(tc, disagreement_found);
    tcase_add_test(tc, failing_step_named);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
