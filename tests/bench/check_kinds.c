/* check_kinds.c -- unit tests of the kind table (src/kinds/kind.h): the
 * lookups, every entry complete and consistent with its symbols, the
 * timer's operation names (instance.h), and the KEM timer hooks
 * (kem_timer.c) and the signature's (sig_timer.c) through instance.c on a
 * fake KEM and a fake signature scheme defined in this program
 * (exported with -export-dynamic, loaded by dlopen(NULL)).  Check, fork
 * mode.  Part of ngcc-perf. */
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
#include "sig_timer.h"

/* ---- the fake KEM: pk 4, sk 6, ct 3, ss 2 bytes ---- */

enum fault { F_NONE, F_WRONG_SECRET, F_ENC_OVERFLOW, F_ZERO_PK, F_KEYGEN_FAILS, F_DEC_DRIFTS };
static enum fault fault;
static const char *fake_type = "kem";
static int fake_abi = NGCC_INSTANCE_ABI;
static long calls_keygen, calls_enc, calls_dec;
static int seeded;

unsigned long long kem_get_pk_len_bytes(void);
unsigned long long kem_get_sk_len_bytes(void);
unsigned long long kem_get_ct_len_bytes(void);
unsigned long long kem_get_ss_len_bytes(void);
int kem_keygen(unsigned char *, unsigned long long *, unsigned char *, unsigned long long *);
int kem_enc(unsigned char *, unsigned long long, unsigned char *, unsigned long long *,
            unsigned char *, unsigned long long *);
int kem_dec(unsigned char *, unsigned long long, unsigned char *, unsigned long long,
            unsigned char *, unsigned long long *);

unsigned long long kem_get_pk_len_bytes(void) { return fault == F_ZERO_PK ? 0 : 4; }
unsigned long long kem_get_sk_len_bytes(void) { return 6; }
unsigned long long kem_get_ct_len_bytes(void) { return 3; }
unsigned long long kem_get_ss_len_bytes(void) { return 2; }

int kem_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk,
               unsigned long long *sk_len)
{
    calls_keygen++;
    if (fault == F_KEYGEN_FAILS)
        return -7;
    memcpy(pk, "\x01\x02\x03\x04", 4);
    memcpy(sk, "\x01\x02\x03\x04\x05\x06", 6);
    *pk_len = 4;
    *sk_len = 6;
    return 0;
}

int kem_enc(unsigned char *pk, unsigned long long pk_len, unsigned char *ss,
            unsigned long long *ss_len, unsigned char *ct, unsigned long long *ct_len)
{
    calls_enc++;
    ck_assert_uint_eq(pk_len, 4);
    ct[0] = pk[0]; ct[1] = pk[1]; ct[2] = 9;
    if (fault == F_ENC_OVERFLOW)
        ct[3] = 0xee;
    ss[0] = (unsigned char)(ct[0] + ct[2]);
    ss[1] = ct[1];
    *ss_len = 2;
    *ct_len = 3;
    return 0;
}

int kem_dec(unsigned char *sk, unsigned long long sk_len, unsigned char *ct,
            unsigned long long ct_len, unsigned char *ss, unsigned long long *ss_len)
{
    calls_dec++;
    ck_assert_uint_eq(sk_len, 6);
    ck_assert_uint_eq(ct_len, 3);
    (void)sk;
    ss[0] = (unsigned char)(ct[0] + ct[2] + (fault == F_WRONG_SECRET));
    ss[1] = (unsigned char)(ct[1] + (fault == F_DEC_DRIFTS && calls_dec > 1));
    *ss_len = 2;
    return 0;
}


/* ---- the fake signature scheme: pk 4, sk 6, sn at most 5 bytes ---- */

enum sig_fault { SF_NONE, SF_SIGN_FLAKY, SF_SIGN_FAILS, SF_VERIFY_REJECTS, SF_SN_TOO_LONG };
static enum sig_fault sig_fault;
static long calls_sig_keygen, calls_sign, calls_verify;

unsigned long long sig_get_pk_len_bytes(void);
unsigned long long sig_get_sk_len_bytes(void);
unsigned long long sig_get_sn_len_bytes(void);
int sig_keygen(unsigned char *, unsigned long long *, unsigned char *, unsigned long long *);
int sig_sign(unsigned char *, unsigned long long, unsigned char *, unsigned long long,
             unsigned char *, unsigned long long *);
int sig_verify(unsigned char *, unsigned long long, unsigned char *, unsigned long long,
               unsigned char *, unsigned long long);

unsigned long long sig_get_pk_len_bytes(void) { return 4; }
unsigned long long sig_get_sk_len_bytes(void) { return 6; }
unsigned long long sig_get_sn_len_bytes(void) { return 5; }

int sig_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk,
               unsigned long long *sk_len)
{
    calls_sig_keygen++;
    memcpy(pk, "\x11\x12\x13\x14", 4);
    memcpy(sk, "\x21\x22\x23\x24\x25\x26", 6);
    *pk_len = 4;
    *sk_len = 6;
    return 0;
}

/* Signatures of 3 and 5 bytes in turn; a flaky sign fails 2 calls in 3. */
int sig_sign(unsigned char *sk, unsigned long long sk_len, unsigned char *m,
             unsigned long long m_len, unsigned char *sn, unsigned long long *sn_len)
{
    int i;
    calls_sign++;
    ck_assert_uint_eq(sk_len, 6);
    ck_assert_uint_eq(m_len, 64);
    for (i = 0; i < 64; i++)
        ck_assert_int_eq(m[i], (i * 131 + 64) & 0xff);
    ck_assert_uint_eq(*sn_len, 5);   /* reset to the getter's before every call */
    if (sig_fault == SF_SIGN_FAILS || (sig_fault == SF_SIGN_FLAKY && calls_sign % 3 != 0))
        return -3;
    memset(sn, sk[0], 5);
    *sn_len = sig_fault == SF_SN_TOO_LONG && calls_sign > 1 ? 6 : 3 + 2 * (unsigned long long)(calls_sign & 1);
    return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len, unsigned char *sn,
               unsigned long long sn_len, unsigned char *m, unsigned long long m_len)
{
    calls_verify++;
    ck_assert_uint_eq(pk_len, 4);
    ck_assert_uint_eq(m_len, 64);
    ck_assert(sn_len == 3 || sn_len == 5);
    (void)m;
    return sig_fault == SF_VERIFY_REJECTS || sn[0] != 0x21 || pk[0] != 0x11 ? -1 : 0;
}

const struct ngcc_instance_info *ngcc_instance_info(void);
int ngcc_drng_seed(const unsigned char *seed, unsigned long long seed_len_bytes);

const struct ngcc_instance_info *ngcc_instance_info(void)
{
    static struct ngcc_instance_info info;
    memset(&info, 0, sizeof info);
    info.abi = fake_abi;
    info.id = "fake";
    info.type = fake_type;
    info.nsizes = 4;
    info.sizes[0] = 4; info.sizes[1] = 6; info.sizes[2] = 3; info.sizes[3] = 2;
    return &info;
}

int ngcc_drng_seed(const unsigned char *seed, unsigned long long seed_len_bytes)
{
    ck_assert_uint_eq(seed_len_bytes, INSTANCE_SEED_BYTES);
    ck_assert_int_eq(seed[0], 0);
    ck_assert_int_eq(seed[47], 47);
    seeded = 1;
    return 0;
}

/* ---- the table ---- */

static int in_list(const char *const *list, const char *s)
{
    int i;
    for (i = 0; list[i]; i++)
        if (strcmp(list[i], s) == 0)
            return 1;
    return 0;
}

START_TEST(table_lookups)
{
    const struct kind *k = kind_find("kem");
    ck_assert_ptr_nonnull(k);
    ck_assert_str_eq(k->name, "kem");
    ck_assert_ptr_null(kind_find("nope"));
    ck_assert_ptr_null(kind_find(NULL));
    ck_assert_int_eq(kind_op_index(k, "keygen"), 0);
    ck_assert_int_eq(kind_op_index(k, "enc"), 1);
    ck_assert_int_eq(kind_op_index(k, "dec"), 2);
    ck_assert_int_eq(kind_op_index(k, "null"), -1);
    ck_assert_int_eq(kind_op_index(k, NULL), -1);
    ck_assert_int_eq(kind_size_index(k, "pk"), 0);
    ck_assert_int_eq(kind_size_index(k, "ss"), 3);
    ck_assert_int_eq(kind_size_index(k, "ss_ref"), -1);
    ck_assert_str_eq(k->ops[1].function, "kem_enc");
}
END_TEST

/* Every kind: complete entries, and its getters and functions among the
 * symbols its library must export. */
START_TEST(table_entries_complete)
{
    int n, i;
    for (n = 0; kinds[n]; n++) {
        const struct kind *k = kinds[n];
        ck_assert_ptr_eq(kind_find(k->name), k);
        ck_assert_ptr_nonnull(k->symbols);
        ck_assert_ptr_nonnull(k->timer);
        ck_assert(k->nops > 0 && k->nops <= KIND_MAX_OPS);
        ck_assert(k->nsizes > 0 && k->nsizes <= KIND_MAX_SIZES);
        ck_assert(k->nsizes <= NGCC_INSTANCE_MAX_SIZES);
        ck_assert(k->timer->null_like >= 0 && k->timer->null_like < k->nops);
        for (i = 0; i < k->nsizes; i++) {
            const struct kind_size *s = &k->sizes[i];
            ck_assert_msg(s->key && s->key[0] && s->getter && s->label && s->label[0],
                          "%s size %d incomplete", k->name, i);
            ck_assert_msg(in_list(k->symbols, s->getter), "%s: getter %s not among the symbols",
                          k->name, s->getter);
            ck_assert_int_eq(kind_size_index(k, s->key), i);
        }
        for (i = 0; i < k->nops; i++) {
            const struct kind_op *o = &k->ops[i];
            size_t len;
            ck_assert_msg(o->name && o->name[0] && o->function && o->setup && o->method && o->method[0],
                          "%s op %d incomplete", k->name, i);
            ck_assert_msg(strcmp(o->name, TIMER_OP_NULL) != 0, "%s: an op named null", k->name);
            /* ngcc_*: the package's own (a key exchange's whole-exchange runner) */
            ck_assert_msg(in_list(k->symbols, o->function) || strncmp(o->function, "ngcc_", 5) == 0,
                          "%s: %s not among the symbols", k->name, o->function);
            /* the record's inputs.setup opens with the op's name */
            len = strlen(o->name);
            ck_assert_msg(strncmp(o->setup, o->name, len) == 0 && strncmp(o->setup + len, ": ", 2) == 0,
                          "%s: setup of %s: '%s'", k->name, o->name, o->setup);
            ck_assert_int_eq(kind_op_index(k, o->name), i);
            ck_assert_ptr_eq(timer_op_entry(k->name, o->name, NULL), o);
        }
    }
    ck_assert_int_gt(n, 0);
}
END_TEST

START_TEST(timer_op_names)
{
    const struct kind *k = kind_find("kem"), *got = NULL;
    ck_assert_ptr_eq(timer_op_find("enc"), k->ops[1].name);
    ck_assert_str_eq(timer_op_find("null"), TIMER_OP_NULL);
    ck_assert(timer_op_is_null(timer_op_find("null")));
    ck_assert(!timer_op_is_null(timer_op_find("dec")));
    ck_assert_ptr_null(timer_op_find("nope"));
    ck_assert_ptr_null(timer_op_find("KEYGEN"));
    ck_assert_ptr_null(timer_op_find(NULL));
    ck_assert_str_eq(timer_op_list(), "keygen, enc, dec, sign, verify, hash_32, hash_128, hash_512, hash_1024, hash_4096, hash_8192, hash_16384, hash_65536, exchange, init_a, init_b, pass1, pass2, pass3, pass4, derive_a, derive_b");
    ck_assert_ptr_eq(timer_op_entry(NULL, "dec", &got), &k->ops[2]);
    ck_assert_ptr_eq(got, k);
    ck_assert_ptr_eq(timer_op_entry("nope", "keygen", NULL), &k->ops[0]);
    ck_assert_ptr_null(timer_op_entry("kem", "null", &got));
    ck_assert_ptr_null(got);
}
END_TEST

/* ---- the KEM hooks through instance.c, on the fake above ---- */

static enum outcome load_setup(struct instance *in, const char *op, char *why, size_t size)
{
    enum outcome o = instance_load(in, op, NULL, why, size);
    return o == OUTCOME_OK ? instance_setup(in, why, size) : o;
}

START_TEST(kem_inputs_per_op)
{
    struct instance in;
    char why[256];
    int rc = 1;
    unsigned long long len = 0;
    unsigned char *p;

    ck_assert_int_eq(load_setup(&in, "keygen", why, sizeof why), OUTCOME_OK);
    ck_assert_str_eq(instance_function(&in), "kem_keygen");
    ck_assert(seeded);
    ck_assert_int_eq(calls_keygen, 0); /* keygen: nothing made */
    ck_assert_int_eq(instance_loop(&in, 5, &rc), 5);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(calls_keygen, 5);
    ck_assert_int_eq(instance_baseline_loop(&in, 3, &rc), 3);
    ck_assert_int_eq(calls_keygen, 5);  /* the baseline calls no candidate code */
    instance_close(&in);

    calls_keygen = 0;
    ck_assert_int_eq(load_setup(&in, "enc", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(calls_keygen, 1);
    ck_assert_int_eq(calls_enc, 0);
    ck_assert_int_eq(instance_loop(&in, 4, &rc), 4);
    ck_assert_int_eq(calls_enc, 4);
    instance_close(&in);

    calls_keygen = calls_enc = 0;
    ck_assert_int_eq(load_setup(&in, "dec", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(calls_keygen, 1);
    ck_assert_int_eq(calls_enc, 1);
    ck_assert_int_eq(calls_dec, 1);   /* the honest decapsulation checked */
    ck_assert_int_eq(instance_loop(&in, 2, &rc), 2);
    ck_assert_int_eq(calls_dec, 3);
    ck_assert_int_eq(instance_result_check(&in, "during the trial", why, sizeof why), 0);
    ck_assert_int_eq(instance_check_guards(&in, "kem_dec in a timed call", why, sizeof why), OUTCOME_OK);
    p = instance_buffer(&in, "ct", &len);
    ck_assert_ptr_nonnull(p);
    ck_assert_uint_eq(len, 3);
    ck_assert_int_eq(p[2], 9);
    ck_assert_ptr_nonnull(instance_buffer(&in, "ss_ref", &len));
    ck_assert_uint_eq(len, 2);
    ck_assert_ptr_null(instance_buffer(&in, "nope", &len));
    instance_close(&in);
}
END_TEST

START_TEST(kem_instance_json)
{
    struct instance in;
    char why[256];
    json_object *j, *v;
    ck_assert_int_eq(instance_load(&in, "enc", NULL, why, sizeof why), OUTCOME_OK);
    j = instance_info_json(&in);
    ck_assert(json_object_object_get_ex(j, "pk_len", &v) && json_object_get_int64(v) == 4);
    ck_assert(json_object_object_get_ex(j, "sk_len", &v) && json_object_get_int64(v) == 6);
    ck_assert(json_object_object_get_ex(j, "ct_len", &v) && json_object_get_int64(v) == 3);
    ck_assert(json_object_object_get_ex(j, "ss_len", &v) && json_object_get_int64(v) == 2);
    ck_assert(json_object_object_get_ex(j, "type", &v));
    ck_assert_str_eq(json_object_get_string(v), "kem");
    json_object_put(j);
    instance_close(&in);
}
END_TEST

START_TEST(kem_failures_named)
{
    struct instance in;
    char why[256];
    int rc = 0;

    fault = F_WRONG_SECRET;
    ck_assert_int_eq(load_setup(&in, "dec", why, sizeof why), OUTCOME_WRONG_SECRET);
    ck_assert_str_eq(why, "kem_dec did not reproduce the shared secret of kem_enc");
    instance_close(&in);

    fault = F_ENC_OVERFLOW;
    ck_assert_int_eq(load_setup(&in, "dec", why, sizeof why), OUTCOME_OVERFLOW);
    ck_assert_msg(strstr(why, "kem_enc in the setup wrote past the end of ct") == why, "%s", why);
    instance_close(&in);

    fault = F_KEYGEN_FAILS;
    ck_assert_int_eq(load_setup(&in, "enc", why, sizeof why), OUTCOME_SETUP_FAILED);
    ck_assert_str_eq(why, "kem_keygen returned -7 in the setup");
    instance_close(&in);
    ck_assert_int_eq(load_setup(&in, "keygen", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(instance_loop(&in, 3, &rc), 0);
    ck_assert_int_eq(rc, -7);
    instance_close(&in);

    fault = F_ZERO_PK;
    ck_assert_int_eq(load_setup(&in, "keygen", why, sizeof why), OUTCOME_SETUP_FAILED);
    ck_assert_str_eq(why, "implausible sizes from the getters: pk 0 sk 6 ct 3 ss 2");
    instance_close(&in);

    fault = F_DEC_DRIFTS;
    calls_dec = 0;
    ck_assert_int_eq(load_setup(&in, "dec", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(instance_loop(&in, 1, &rc), 1);
    ck_assert_int_eq(instance_result_check(&in, "during the trial", why, sizeof why), -1);
    ck_assert_str_eq(why, "kem_dec stopped reproducing the shared secret during the trial");
    instance_close(&in);
}
END_TEST

START_TEST(load_refuses_unknown_kind_and_abi)
{
    struct instance in;
    char why[256];
    fake_type = "nope";
    ck_assert_int_eq(instance_load(&in, "enc", NULL, why, sizeof why), OUTCOME_LOAD_FAILED);
    ck_assert_str_eq(why, "ngcc_instance_info: type 'nope' is no kind the timer knows");
    ck_assert(strchr(why, '\n') == NULL);
    instance_close(&in);
    fake_type = "kem";
    ck_assert_int_eq(instance_load(&in, "no-such-op", NULL, why, sizeof why), OUTCOME_LOAD_FAILED);
    ck_assert_str_eq(why, "operation 'no-such-op' is not one of a KEM");
    instance_close(&in);
    fake_abi = 1;
    ck_assert_int_eq(instance_load(&in, "enc", NULL, why, sizeof why), OUTCOME_LOAD_FAILED);
    ck_assert_str_eq(why, "ngcc_instance_info: ABI 1, expected 2");
    instance_close(&in);
}
END_TEST

START_TEST(null_op_is_the_timers)
{
    struct instance in;
    char why[256];
    int rc = 1;
    ck_assert_int_eq(load_setup(&in, "null", why, sizeof why), OUTCOME_OK);
    ck_assert_ptr_null(in.kind);
    ck_assert_ptr_null(instance_info_json(&in));
    ck_assert_int_eq(instance_loop(&in, 10, &rc), 10);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(calls_enc, 0);
    ck_assert_int_eq(instance_check_guards(&in, "null in a timed call", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(instance_result_check(&in, "during the trial", why, sizeof why), 0);
    instance_close(&in);
}
END_TEST


/* ---- the signature kind: its entry, and its timer hooks on the fake ---- */

START_TEST(sig_entry)
{
    static const char *const symbols[] = {
        "sig_get_pk_len_bytes", "sig_get_sk_len_bytes", "sig_get_sn_len_bytes",
        "sig_keygen", "sig_sign", "sig_verify", NULL
    };
    static const char *const ops[] = { "keygen", "sign", "verify" };
    static const char *const sizes[] = { "pk", "sk", "sn" };
    static const char *const labels[] = { "public key", "secret key", "signature" };
    const struct kind *k = kind_find("sig");
    char fn[32];
    int i;

    ck_assert_ptr_nonnull(k);
    ck_assert_ptr_eq(kinds[1], k);  /* after the KEM: the KEM stays the first kind */
    ck_assert_str_eq(k->header, "SIG_AlgorithmInstance.h");
    ck_assert_str_eq(k->kat_file, "KAT_SIG_%s.txt");
    ck_assert_uint_eq(k->kat_records, 10);
    ck_assert_str_eq(k->yardstick_id, "mldsa");
    ck_assert_str_eq(k->yardstick_name, "ML-DSA");
    for (i = 0; symbols[i]; i++)
        ck_assert_str_eq(k->symbols[i], symbols[i]);
    ck_assert_ptr_null(k->symbols[i]);
    ck_assert_int_eq(k->nops, 3);
    for (i = 0; i < 3; i++) {
        snprintf(fn, sizeof fn, "sig_%s", ops[i]);
        ck_assert_str_eq(k->ops[i].name, ops[i]);
        ck_assert_str_eq(k->ops[i].function, fn);
    }
    ck_assert_int_eq(k->nsizes, 3);
    for (i = 0; i < 3; i++) {
        snprintf(fn, sizeof fn, "sig_get_%s_len_bytes", sizes[i]);
        ck_assert_str_eq(k->sizes[i].key, sizes[i]);
        ck_assert_str_eq(k->sizes[i].getter, fn);
        ck_assert_str_eq(k->sizes[i].label, labels[i]);
        ck_assert_int_eq(k->sizes[i].secret, i == 1);
    }
    ck_assert(strstr(k->ops[1].setup, "64-byte message") != NULL);
    ck_assert(strstr(k->ops[1].setup, "retried up to 64 times") != NULL);
    ck_assert_ptr_eq(timer_op_entry("sig", "keygen", NULL), &k->ops[0]);
    ck_assert_ptr_eq(timer_op_entry(NULL, "verify", NULL), &k->ops[2]);
}
END_TEST

static const struct sig_timer_stats *sig_stats(struct instance *in)
{
    unsigned long long len = 0;
    const unsigned char *p = instance_buffer(in, SIG_TIMER_STATS, &len);
    ck_assert_ptr_nonnull(p);
    ck_assert_uint_eq(len, sizeof(struct sig_timer_stats));
    return (const struct sig_timer_stats *)(const void *)p;
}

START_TEST(sig_inputs_per_op)
{
    struct instance in;
    char why[256];
    int rc = 1;
    unsigned long long len = 0;
    const struct sig_timer_stats *st;
    unsigned char *p;

    fake_type = "sig";
    ck_assert_int_eq(load_setup(&in, "keygen", why, sizeof why), OUTCOME_OK);
    ck_assert_str_eq(instance_function(&in), "sig_keygen");
    ck_assert_int_eq(calls_sig_keygen + calls_sign + calls_verify, 0);
    ck_assert_int_eq(instance_loop(&in, 5, &rc), 5);
    ck_assert_int_eq(calls_sig_keygen, 5);
    instance_close(&in);

    calls_sig_keygen = 0;
    ck_assert_int_eq(load_setup(&in, "sign", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(calls_sig_keygen, 1);
    ck_assert_int_eq(calls_sign, 0);
    p = instance_buffer(&in, "msg", &len);
    ck_assert_ptr_nonnull(p);
    ck_assert_uint_eq(len, 64);
    ck_assert_int_eq(p[1], 195);
    ck_assert_int_eq(instance_loop(&in, 4, &rc), 4);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(calls_sign, 4);
    st = sig_stats(&in);
    ck_assert_uint_eq(st->signs, 4);
    ck_assert_uint_eq(st->retries, 0);
    ck_assert_uint_eq(st->sn_min, 3);
    ck_assert_uint_eq(st->sn_max, 5);
    ck_assert_int_eq(instance_baseline_loop(&in, 3, &rc), 3);
    ck_assert_int_eq(calls_sign, 4);  /* no candidate code, no lengths */
    ck_assert_uint_eq(st->signs, 4);
    ck_assert_int_eq(instance_result_check(&in, "during the trial", why, sizeof why), 0);
    instance_close(&in);

    calls_sig_keygen = calls_sign = 0;
    ck_assert_int_eq(load_setup(&in, "verify", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(calls_sig_keygen, 1);
    ck_assert_int_eq(calls_sign, 1);
    ck_assert_int_eq(calls_verify, 1);  /* the setup's signature checked */
    ck_assert_uint_eq(sig_stats(&in)->signs, 0); /* the setup's sign is not timed */
    ck_assert_int_eq(instance_loop(&in, 3, &rc), 3);
    ck_assert_int_eq(calls_verify, 4);
    ck_assert_int_eq(calls_sign, 1);
    ck_assert_int_eq(instance_check_guards(&in, "sig_verify in a timed call", why, sizeof why),
                     OUTCOME_OK);
    instance_close(&in);
}
END_TEST

START_TEST(sig_sign_retries)
{
    struct instance in;
    char why[256];
    int rc = 0;

    fake_type = "sig";
    sig_fault = SF_SIGN_FLAKY;  /* every sign: 2 failures, then a signature */
    ck_assert_int_eq(load_setup(&in, "sign", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(instance_loop(&in, 3, &rc), 3);
    ck_assert_int_eq(rc, 0);
    ck_assert_int_eq(calls_sign, 9);
    ck_assert_uint_eq(sig_stats(&in)->retries, 6);
    ck_assert_uint_eq(sig_stats(&in)->signs, 3);
    instance_close(&in);

    sig_fault = SF_SIGN_FAILS;  /* the first try and 64 retries, then the loop stops */
    calls_sign = 0;
    ck_assert_int_eq(load_setup(&in, "sign", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(instance_loop(&in, 3, &rc), 0);
    ck_assert_int_eq(rc, -3);
    ck_assert_int_eq(calls_sign, 65);
    ck_assert_uint_eq(sig_stats(&in)->retries, 64);
    instance_close(&in);
    ck_assert_int_eq(load_setup(&in, "verify", why, sizeof why), OUTCOME_SETUP_FAILED);
    ck_assert_str_eq(why, "sig_sign returned -3 in the setup, 64 retries");
    instance_close(&in);
}
END_TEST

START_TEST(sig_failures_named)
{
    struct instance in;
    char why[256];
    int rc = 0;

    fake_type = "sig";
    sig_fault = SF_VERIFY_REJECTS;
    ck_assert_int_eq(load_setup(&in, "verify", why, sizeof why), OUTCOME_OP_FAILED);
    ck_assert_str_eq(why, "sig_verify returned -1 on the setup's own signature");
    instance_close(&in);

    sig_fault = SF_SN_TOO_LONG;  /* the second sign claims 6 bytes, the getter 5 */
    calls_sign = 0;
    ck_assert_int_eq(load_setup(&in, "sign", why, sizeof why), OUTCOME_OK);
    ck_assert_int_eq(instance_loop(&in, 2, &rc), 2);
    /* counted, not a failure (the harness's rule) */
    ck_assert_int_eq(instance_result_check(&in, "during the trial", why, sizeof why), 0);
    ck_assert_uint_eq(sig_stats(&in)->excess, 1);
    ck_assert_uint_eq(sig_stats(&in)->sn_max, 6);
    instance_close(&in);

    ck_assert_int_eq(instance_load(&in, "enc", NULL, why, sizeof why), OUTCOME_LOAD_FAILED);
    ck_assert_str_eq(why, "operation 'enc' is not one of a signature");
    instance_close(&in);
}
END_TEST

static Suite *kinds_suite(void)
{
    Suite *s = suite_create("kinds");
    TCase *tc = tcase_create("table");
    tcase_add_test(tc, table_lookups);
    tcase_add_test(tc, table_entries_complete);
    tcase_add_test(tc, timer_op_names);
    suite_add_tcase(s, tc);
    tc = tcase_create("kem_timer");
    tcase_add_test(tc, kem_inputs_per_op);
    tcase_add_test(tc, kem_instance_json);
    tcase_add_test(tc, kem_failures_named);
    tcase_add_test(tc, load_refuses_unknown_kind_and_abi);
    tcase_add_test(tc, null_op_is_the_timers);
    suite_add_tcase(s, tc);
    tc = tcase_create("sig_timer");
    tcase_add_test(tc, sig_entry);
    tcase_add_test(tc, sig_inputs_per_op);
    tcase_add_test(tc, sig_sign_retries);
    tcase_add_test(tc, sig_failures_named);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(kinds_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
