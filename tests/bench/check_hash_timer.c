/* check_hash_timer.c -- unit tests of the hash kind's timer hooks
 * (src/kinds/hash_timer.c) through instance.c, on a fake CryptHash instance
 * defined in this program (exported with -export-dynamic, loaded by
 * dlopen(NULL)): each op's message (its size, the harness's rule), the
 * digest length passed, failed calls, overflows, the result check, the
 * baseline, and the record's throughput section (src/timer/throughput.c).
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
#include "record.h"
#include "throughput.h"

/* ---- the fake hash: a 20-bit digest (3 bytes) by default ---- */

enum fault { F_NONE, F_OVERFLOW, F_FAIL_AFTER, F_DRIFT, F_WRITE_MSG, F_BITS_DISAGREE };
static enum fault fault;
static int digest_bits = 20;
static long calls;
static unsigned long long last_msg_bits;
static int last_digest_bits;
static int msg_ok = 1; /* every message so far as the harness makes it */

unsigned long long ngcc_hash_digest_len_bytes(void);
int ngcc_hash_digest_bits(void);
int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest);
const struct ngcc_instance_info *ngcc_instance_info(void);
int ngcc_drng_seed(const unsigned char *seed, unsigned long long seed_len_bytes);

unsigned long long ngcc_hash_digest_len_bytes(void) { return (unsigned long long)(digest_bits + 7) / 8; }
int ngcc_hash_digest_bits(void) { return fault == F_BITS_DISAGREE ? 64 : digest_bits; }

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest)
{
    unsigned long long i, n = msg_len_bits / 8;
    unsigned s = 0;
    calls++;
    last_msg_bits = msg_len_bits;
    last_digest_bits = digest_len_bits;
    for (i = 0; i < n; i++) {
        msg_ok &= msg[i] == (unsigned char)((i * 131 + n) & 0xff);
        s = s * 31 + msg[i];
    }
    if (fault == F_FAIL_AFTER && calls > 7)
        return -5;
    digest[0] = (unsigned char)s;
    digest[1] = (unsigned char)(s >> 8);
    digest[2] = (unsigned char)((s >> 16) & 0xf0); /* 20 bits: the last nibble's high bits */
    if (fault == F_DRIFT && calls > 2)
        digest[1] ^= 1;
    if (fault == F_OVERFLOW)
        digest[3] = 0xee;
    if (fault == F_WRITE_MSG && calls > 2)
        ((unsigned char *)msg)[0] ^= 0x80;
    return 0;
}

const struct ngcc_instance_info *ngcc_instance_info(void)
{
    static struct ngcc_instance_info info;
    memset(&info, 0, sizeof info);
    info.abi = NGCC_INSTANCE_ABI;
    info.id = "fake-hash";
    info.type = "hash";
    info.nsizes = 1;
    info.sizes[0] = ngcc_hash_digest_len_bytes();
    return &info;
}

int ngcc_drng_seed(const unsigned char *seed, unsigned long long seed_len_bytes)
{
    (void)seed; (void)seed_len_bytes;
    return 0;
}

static enum outcome load_setup(struct instance *in, const char *op, char *why, size_t size)
{
    enum outcome o = instance_load(in, op, NULL, why, size);
    return o == OUTCOME_OK ? instance_setup(in, why, size) : o;
}

static void reset(void)
{
    fault = F_NONE;
    digest_bits = 20;
    calls = 0;
    msg_ok = 1;
}

/* ---- every op: its message, the digest length, the calls ---- */

START_TEST(each_op_hashes_its_message)
{
    static const unsigned long sizes[] = { 32, 128, 512, 1024, 4096, 8192, 16384, 65536 };
    const struct kind *k = kind_find("hash");
    struct instance in;
    char why[256], name[32];
    unsigned long long len = 0;
    unsigned char *m;
    int rc = 1, i;

    reset();
    ck_assert_ptr_nonnull(k);
    ck_assert_int_eq(k->nops, 8);
    for (i = 0; i < 8; i++) {
        snprintf(name, sizeof name, "hash_%lu", sizes[i]);
        ck_assert_str_eq(k->ops[i].name, name);
        ck_assert_uint_eq(k->ops[i].input_bytes, sizes[i]);
        ck_assert_uint_eq(throughput_message_bytes("hash", name), sizes[i]);
        ck_assert_uint_eq(throughput_message_bytes(NULL, name), sizes[i]);
        calls = 0;
        ck_assert_int_eq(load_setup(&in, name, why, sizeof why), OUTCOME_OK);
        ck_assert_str_eq(instance_function(&in), "CryptHash");
        ck_assert_int_eq(calls, 2); /* the setup's reference and its repetition */
        m = instance_buffer(&in, "msg", &len);
        ck_assert_ptr_nonnull(m);
        ck_assert_uint_eq(len, sizes[i]);
        ck_assert_int_eq(m[0], (int)(sizes[i] & 0xff));
        ck_assert_int_eq(m[1], (int)((131 + sizes[i]) & 0xff));
        ck_assert_int_eq(instance_loop(&in, 5, &rc), 5);
        ck_assert_int_eq(rc, 0);
        ck_assert_int_eq(calls, 7);
        ck_assert_uint_eq(last_msg_bits, 8ULL * sizes[i]);
        ck_assert_int_eq(last_digest_bits, 20); /* the glue's bits, not 8 x bytes */
        ck_assert_int_eq(instance_baseline_loop(&in, 4, &rc), 4);
        ck_assert_int_eq(calls, 7); /* the baseline calls no candidate code */
        ck_assert_int_eq(instance_check_guards(&in, "CryptHash in a timed call", why, sizeof why),
                         OUTCOME_OK);
        ck_assert_int_eq(instance_result_check(&in, "during the trial", why, sizeof why), 0);
        ck_assert_ptr_nonnull(instance_buffer(&in, "digest", &len));
        ck_assert_uint_eq(len, 3);
        instance_close(&in);
    }
    ck_assert(msg_ok);
    ck_assert_uint_eq(throughput_message_bytes("kem", "enc"), 0);
    ck_assert_uint_eq(throughput_message_bytes(NULL, "sign"), 0);
}
END_TEST

/* ---- what goes wrong, and how it is named ---- */

START_TEST(digest_overflow)
{
    struct instance in;
    char why[256];
    reset();
    fault = F_OVERFLOW;
    ck_assert_int_eq(load_setup(&in, "hash_128", why, sizeof why), OUTCOME_OVERFLOW);
    ck_assert_str_eq(why, "CryptHash in the setup wrote past the end of digest "
                          "(digest[3] of a 3-byte buffer changed)");
    instance_close(&in);
}
END_TEST

START_TEST(failed_call)
{
    struct instance in;
    char why[256];
    int rc = 0;
    reset();
    fault = F_FAIL_AFTER; /* calls 8 and later return -5 */
    ck_assert_int_eq(load_setup(&in, "hash_32", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(instance_loop(&in, 10, &rc), 5);
    ck_assert_int_eq(rc, -5);
    instance_close(&in);
    calls = 7;
    ck_assert_int_eq(load_setup(&in, "hash_32", why, sizeof why), OUTCOME_OP_FAILED);
    ck_assert_str_eq(why, "CryptHash returned -5 in the setup (32-byte message, 20-bit digest)");
    instance_close(&in);
}
END_TEST

START_TEST(result_checked)
{
    struct instance in;
    char why[256];
    int rc = 0;
    reset();
    fault = F_DRIFT; /* the third call on gives another digest */
    ck_assert_int_eq(load_setup(&in, "hash_32", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(instance_loop(&in, 3, &rc), 3);
    ck_assert_int_eq(instance_result_check(&in, "during the trial", why, sizeof why), -1);
    ck_assert_str_eq(why, "CryptHash stopped reproducing the digest of its message during the trial");
    instance_close(&in);

    reset();
    fault = F_DRIFT;
    calls = 1; /* the setup's second call already differs */
    ck_assert_int_eq(load_setup(&in, "hash_32", why, sizeof why), OUTCOME_OP_FAILED);
    ck_assert_str_eq(why, "CryptHash gave two different digests of one message in the setup");
    instance_close(&in);

    reset();
    fault = F_WRITE_MSG;
    ck_assert_int_eq(load_setup(&in, "hash_512", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(instance_loop(&in, 1, &rc), 1);
    ck_assert_int_eq(instance_result_check(&in, "during the trial", why, sizeof why), -1);
    ck_assert_str_eq(why, "CryptHash changed its (const) message during the trial");
    instance_close(&in);
}
END_TEST

START_TEST(digest_bits_disagree)
{
    struct instance in;
    char why[256];
    reset();
    fault = F_BITS_DISAGREE;
    ck_assert_int_eq(load_setup(&in, "hash_32", why, sizeof why), OUTCOME_SETUP_FAILED);
    ck_assert_str_eq(why, "ngcc_hash_digest_bits says 64 bits, ngcc_hash_digest_len_bytes 3 bytes");
    instance_close(&in);
}
END_TEST

/* ---- the record's section ---- */

START_TEST(throughput_section)
{
    json_object *rec = json_tokener_parse(
        "{\"stats\": {\"mean_ticks\": 8192.0, \"mean_seconds\": 2e-06},"
        " \"per_call\": {\"robust_ticks\": 4096.0}}");
    json_object *t = throughput_json(rec, 4096);
    double v;
    int64_t n;
    ck_assert_ptr_nonnull(t);
    ck_assert_int_eq(record_get_int(t, "message_bytes", &n), 0);
    ck_assert_int_eq(n, 4096);
    ck_assert_int_eq(record_get_double(t, "ticks_per_byte", &v), 0);
    ck_assert(v == 2.0);
    ck_assert_int_eq(record_get_double(t, "robust_ticks_per_byte", &v), 0);
    ck_assert(v == 1.0);
    ck_assert_int_eq(record_get_double(t, "mb_per_s", &v), 0);
    ck_assert(v > 2047.999 && v < 2048.001); /* 4096 bytes in 2 us */
    ck_assert_ptr_nonnull(record_get_string(t, "basis"));
    json_object_put(t);
    ck_assert_ptr_null(throughput_json(rec, 0));
    json_object_put(rec);
    rec = json_tokener_parse("{\"stats\": null}");
    ck_assert_ptr_null(throughput_json(rec, 32));
    json_object_put(rec);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("hash_timer");
    TCase *tc = tcase_create("hooks");
    SRunner *sr;
    int failed;
    tcase_add_test(tc, each_op_hashes_its_message);
    tcase_add_test(tc, digest_overflow);
    tcase_add_test(tc, failed_call);
    tcase_add_test(tc, result_checked);
    tcase_add_test(tc, digest_bits_disagree);
    tcase_add_test(tc, throughput_section);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
