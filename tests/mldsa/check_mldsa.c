/* check_mldsa.c - unit tests of the package's ML-DSA (schemes/mldsa), one
 * parameter set per build (-DNGCC_MLDSA_MODE=44|65|87), libcheck.
 *
 * Part of ngcc-perf.
 *
 * Oracles:
 *  - the vectors of shared/spec/mldsa.md: SHA-256 of pk, sk and of the
 *    signatures of M = "abc" (empty context) with rnd = 32 zero bytes and
 *    rnd = ff fe ... e0, for xi = 00 01 ... 1f (agreed by two independent
 *    implementations, never computed by the code under test);
 *  - FIPS 204's own requirements: verify accepts those signatures and
 *    rejects every one-bit change of sigma, of M and of pk (every bit for
 *    ML-DSA-44, a stride for the larger sets), and a signature one byte too
 *    short or too long (with NGCC_MLDSA_FULL set, every bit for every
 *    set); decode after encode gives the same bytes back;
 *  - self-consistency over random (xi, M, rnd): what is signed verifies,
 *    and the mean number of signing iterations (NGCC_MLDSA_TEST_COUNTERS, a
 *    test-only counter) is near FIPS 204's expected figure (Table 1);
 *  - the ICCS mapping of mldsa.md: sig_keygen is KeyGen_internal of the
 *    first 256-bit draw of drng_algorithm, sig_sign Sign_internal of
 *    0x00 0x00 || M with the next draw, and sig_verify answers 0 / -1.
 */
#include <check.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "SIG_AlgorithmInstance.h"
#include "drng.h"
#include "mldsa_internal.h"
#include "packing.h"
#include "sha256.h"

DRNG_ctx drng_algorithm; /* the glue's object, for SIG_AlgorithmInstance.c */

#define PK MLDSA_PKBYTES
#define SK MLDSA_SKBYTES
#define SIG MLDSA_SIGBYTES

static const unsigned char pure[2] = { 0, 0 };
static const unsigned char abc[3] = { 'a', 'b', 'c' };

struct vector { const char *pk, *sk, *sig0, *sig1; double iterations; };
#if NGCC_MLDSA_MODE == 44
static const struct vector V = {
    "9f107644c1084526af3bc8098680b05499a2325a644e388fb4f970e058d19d46",
    "04bf6b9f579166a627961dfc5c3bf9717df868db88863856356c4668c8b56b0b",
    "9c2afc5db0e15c199977be79eaee52ca0b538a1b6f8039dcac032a06120cfa87",
    "d79e55654a70e38d0e228f77e341e0fd5baf5e37716dcacaf35532e7a68ee467", 4.25 };
#define PK_STRIDE 1
#define SIG_Z_STRIDE 1
#elif NGCC_MLDSA_MODE == 65
static const struct vector V = {
    "d666806e11cee19a7c989f7445f90dd419cf4d2d51db8c0fdb4c0f0a542238c9",
    "9f1e24f47795fe50040384e3d6183988047170fa2d866406b70fe0a3f8216063",
    "4b01e98dfaa062b0ef64c949f50d2ee923d82f721379727d160ce6fccaa8a6e6",
    "c91bc1ad8eec00fe141f076009d0761fa0632bdfdaa489e63d3ea1c6dea5668a", 5.1 };
#define PK_STRIDE 7
#define SIG_Z_STRIDE 3
#else
static const struct vector V = {
    "91dc389cfaa01470b7f66eee45a4ae9026d154817c754dfe22298b3fa241ffcd",
    "764d3e223ed90c07bc91a0ab6ecd170e5c66ffe39f7039298596039a36005435",
    "91e6609815657b405b6868f9d7ef71ee7882e62a3f5609657156007cdd9a2137",
    "7be8e16756ddb8d09d94462a852e5fccc6092f91d1b815a850cd70adcc29c1c6", 3.85 };
#define PK_STRIDE 7
#define SIG_Z_STRIDE 3
#endif

/* the keys and signatures of the vectors, made once */
static unsigned char vpk[PK], vsk[SK], vsig0[SIG], vsig1[SIG + 1];

static void make_vectors(void)
{
    unsigned char xi[32], rnd[32];
    int i;
    for (i = 0; i < 32; i++) {
        xi[i] = (unsigned char)i;
        rnd[i] = (unsigned char)(0xff - i);
    }
    ck_assert_int_eq(MLDSA_FN(keygen_internal)(vpk, vsk, xi), 0);
    ck_assert_int_eq(MLDSA_FN(sign_internal)(vsig1, vsk, pure, 2, abc, 3, rnd), 0);
    memset(rnd, 0, sizeof rnd);
    ck_assert_int_eq(MLDSA_FN(sign_internal)(vsig0, vsk, pure, 2, abc, 3, rnd), 0);
}

static void check_sha256(const unsigned char *p, size_t n, const char *want)
{
    unsigned char d[32];
    char hex[65];
    ngcc_sha256(p, n, d);
    ngcc_sha256_hex(d, hex);
    ck_assert_str_eq(hex, want);
}

static int full_flips(void)
{
    return getenv("NGCC_MLDSA_FULL") != NULL;
}

static int verify(const unsigned char *pk, const unsigned char *m, size_t mlen,
                  const unsigned char *sig, size_t siglen)
{
    return MLDSA_FN(verify_internal)(pk, pure, 2, m, mlen, sig, siglen);
}

START_TEST(test_vectors)
{
    make_vectors();
    check_sha256(vpk, PK, V.pk);
    check_sha256(vsk, SK, V.sk);
    check_sha256(vsig0, SIG, V.sig0);
    check_sha256(vsig1, SIG, V.sig1);
    ck_assert_int_eq(verify(vpk, abc, 3, vsig0, SIG), 0);
    ck_assert_int_eq(verify(vpk, abc, 3, vsig1, SIG), 0);
}
END_TEST

START_TEST(test_flip_sigma)
{
    static unsigned char s[SIG];
    size_t i;
    make_vectors();
    memcpy(s, vsig1, SIG);
    /* every bit of c~ and of the hints; of z every bit (44, or
     * NGCC_MLDSA_FULL set) or every third, which still meets each bit
     * position of the 20-bit coefficients */
    for (i = 0; i < 8 * (size_t)SIG;
         i += (i < 8 * MLDSA_CTILDEBYTES || i >= 8 * (size_t)(SIG - MLDSA_OMEGA - MLDSA_K) ||
               full_flips()) ? 1 : SIG_Z_STRIDE) {
        s[i / 8] ^= (unsigned char)(1u << (i % 8));
        if (verify(vpk, abc, 3, s, SIG) != -1)
            ck_abort_msg("signature with bit %zu flipped accepted", i);
        s[i / 8] ^= (unsigned char)(1u << (i % 8));
    }
    ck_assert_int_eq(verify(vpk, abc, 3, s, SIG), 0);
}
END_TEST

START_TEST(test_flip_message_and_key)
{
    static unsigned char pk[PK];
    unsigned char m[3];
    size_t i;
    make_vectors();
    memcpy(m, abc, 3);
    for (i = 0; i < 24; i++) {
        m[i / 8] ^= (unsigned char)(1u << (i % 8));
        ck_assert_int_eq(verify(vpk, m, 3, vsig0, SIG), -1);
        m[i / 8] ^= (unsigned char)(1u << (i % 8));
    }
    ck_assert_int_eq(verify(vpk, abc, 2, vsig0, SIG), -1);
    memcpy(pk, vpk, PK);
    /* every bit of rho, then every bit (44) or every 7th bit of t1 */
    for (i = 0; i < 8 * (size_t)PK; i += (i < 256 || full_flips() ? 1 : PK_STRIDE)) {
        pk[i / 8] ^= (unsigned char)(1u << (i % 8));
        if (verify(pk, abc, 3, vsig0, SIG) != -1)
            ck_abort_msg("public key with bit %zu flipped accepted", i);
        pk[i / 8] ^= (unsigned char)(1u << (i % 8));
    }
    ck_assert_int_eq(verify(pk, abc, 3, vsig0, SIG), 0);
}
END_TEST

START_TEST(test_wrong_length)
{
    make_vectors();
    vsig1[SIG] = 0;
    ck_assert_int_eq(verify(vpk, abc, 3, vsig1, SIG - 1), -1);
    ck_assert_int_eq(verify(vpk, abc, 3, vsig1, SIG + 1), -1);
    ck_assert_int_eq(verify(vpk, abc, 3, vsig1, 0), -1);
    ck_assert_int_eq(verify(vpk, abc, 3, vsig1, SIG), 0);
}
END_TEST

/* decode after encode: the same bytes */
static void round_trip(const unsigned char *pk, const unsigned char *sk,
                       const unsigned char *sig)
{
    static unsigned char out[SK];
    unsigned char rho[32], key[32], tr[64], ct[MLDSA_CTILDEBYTES];
    static mldsa_polyveck t1, s2, t0, h;
    static mldsa_polyvecl s1, z;
    unsigned int i, j, ones = 0;

    MLDSA_FN(pk_decode)(rho, &t1, pk);
    MLDSA_FN(pk_encode)(out, rho, &t1);
    ck_assert_int_eq(memcmp(out, pk, PK), 0);

    ck_assert_int_eq(MLDSA_FN(check_sk)(sk), 0);
    MLDSA_FN(sk_decode)(rho, key, tr, &s1, &s2, &t0, sk);
    for (i = 0; i < MLDSA_L; i++)
        for (j = 0; j < MLDSA_N; j++)
            ck_assert(s1.p[i].c[j] >= -MLDSA_ETA && s1.p[i].c[j] <= MLDSA_ETA);
    MLDSA_FN(sk_encode)(out, rho, key, tr, &s1, &s2, &t0);
    ck_assert_int_eq(memcmp(out, sk, SK), 0);

    ck_assert_int_eq(MLDSA_FN(sig_decode)(ct, &z, &h, sig), 0);
    for (i = 0; i < MLDSA_K; i++)
        for (j = 0; j < MLDSA_N; j++)
            ones += (unsigned int)h.p[i].c[j];
    ck_assert_uint_le(ones, MLDSA_OMEGA);
    for (i = 0; i < MLDSA_L; i++)
        for (j = 0; j < MLDSA_N; j++)
            ck_assert(z.p[i].c[j] > -(MLDSA_GAMMA1 - MLDSA_BETA) &&
                      z.p[i].c[j] < MLDSA_GAMMA1 - MLDSA_BETA);
    MLDSA_FN(sig_encode)(out, ct, &z, &h);
    ck_assert_int_eq(memcmp(out, sig, SIG), 0);
}

START_TEST(test_round_trip)
{
    make_vectors();
    round_trip(vpk, vsk, vsig0);
    round_trip(vpk, vsk, vsig1);
}
END_TEST

START_TEST(test_malformed)
{
    static unsigned char s[SIG], sk[SK], sig[SIG];
    unsigned char rnd[32] = { 0 };
    make_vectors();
    /* hint counts out of order, above omega, padding not zero */
    memcpy(s, vsig0, SIG);
    s[SIG - 1] = MLDSA_OMEGA + 1;
    ck_assert_int_eq(verify(vpk, abc, 3, s, SIG), -1);
    memcpy(s, vsig0, SIG);
    s[SIG - MLDSA_K] = (unsigned char)(s[SIG - MLDSA_K + 1] + 1);
    ck_assert_int_eq(verify(vpk, abc, 3, s, SIG), -1);
    memcpy(s, vsig0, SIG);
    s[SIG - MLDSA_K - 1] = 1; /* the last position byte, unused unless omega ones */
    ck_assert_int_eq(verify(vpk, abc, 3, s, SIG), -1);
    /* an s1 coefficient out of [-eta, eta]: eta - 7 */
    memcpy(sk, vsk, SK);
    sk[128] |= 0x07;
    ck_assert_int_eq(MLDSA_FN(check_sk)(sk), -1);
    ck_assert_int_eq(MLDSA_FN(sign_internal)(sig, sk, pure, 2, abc, 3, rnd), -1);
    {
        unsigned long long len = 0;
        ck_assert_int_eq(sig_sign(sk, SK, (unsigned char *)abc, 3, sig, &len), -3);
    }
}
END_TEST

static uint64_t rng_state = 0x6a09e667f3bcc908ULL;
static unsigned char rng_byte(void)
{
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return (unsigned char)((rng_state * 0x2545f4914f6cdd1dULL) >> 56);
}

START_TEST(test_random_rounds)
{
    static unsigned char pk[PK], sk[SK], sig[SIG], m[200];
    unsigned char xi[32], rnd[32];
    const char *env = getenv("NGCC_MLDSA_ROUNDS");
    unsigned long rounds = env ? strtoul(env, NULL, 10) : 1000, r, signs = 0;
    double mean;
    size_t i, mlen;

    MLDSA_FN(sign_iterations) = 0;
    for (r = 0; r < rounds; r++) {
        for (i = 0; i < 32; i++) {
            xi[i] = rng_byte();
            rnd[i] = rng_byte();
        }
        mlen = rng_byte() % sizeof m;
        for (i = 0; i < mlen; i++)
            m[i] = rng_byte();
        if (r % 4 == 0)
            ck_assert_int_eq(MLDSA_FN(keygen_internal)(pk, sk, xi), 0);
        ck_assert_int_eq(MLDSA_FN(sign_internal)(sig, sk, pure, 2, m, mlen, rnd), 0);
        signs++;
        if (verify(pk, m, mlen, sig, SIG) != 0)
            ck_abort_msg("round %lu: own signature rejected", r);
        if (r % 16 == 0)
            round_trip(pk, sk, sig);
        if (mlen > 0) {
            m[0] ^= 1;
            ck_assert_int_eq(verify(pk, m, mlen, sig, SIG), -1);
        }
    }
    mean = (double)MLDSA_FN(sign_iterations) / (double)signs;
    printf("ML-DSA-%d: %lu signatures, %.3f iterations per signature (FIPS 204: %.2f)\n",
           NGCC_MLDSA_MODE, signs, mean, V.iterations);
    if (rounds >= 500)
        ck_assert(mean > V.iterations * 0.8 && mean < V.iterations * 1.2);
}
END_TEST

START_TEST(test_iccs_api)
{
    static unsigned char pk[PK + 1], sk[SK + 1], sig[SIG + 1], pk2[PK], sk2[SK], sig2[SIG];
    static unsigned char msg[64];
    unsigned char seed[64], draw[32];
    unsigned long long pklen = 0, sklen = 0, siglen = 0;
    DRNG_ctx mine;
    size_t i;

    ck_assert_uint_eq(sig_get_pk_len_bytes(), PK);
    ck_assert_uint_eq(sig_get_sk_len_bytes(), SK);
    ck_assert_uint_eq(sig_get_sn_len_bytes(), SIG);
    for (i = 0; i < sizeof seed; i++)
        seed[i] = (unsigned char)(3 * i + 1);
    for (i = 0; i < sizeof msg; i++)
        msg[i] = (unsigned char)(i * 131 + 64);
    ck_assert_int_eq(init_random_number(&drng_algorithm, seed, sizeof seed), 0);
    ck_assert_int_eq(init_random_number(&mine, seed, sizeof seed), 0);

    ck_assert_int_eq(sig_keygen(pk, &pklen, sk, &sklen), 0);
    ck_assert_uint_eq(pklen, PK);
    ck_assert_uint_eq(sklen, SK);
    ck_assert_int_eq(get_random_number(&mine, draw, 256), 0);
    MLDSA_FN(keygen_internal)(pk2, sk2, draw);
    ck_assert_int_eq(memcmp(pk, pk2, PK), 0);
    ck_assert_int_eq(memcmp(sk, sk2, SK), 0);

    ck_assert_int_eq(sig_sign(sk, SK, msg, sizeof msg, sig, &siglen), 0);
    ck_assert_uint_eq(siglen, SIG);
    ck_assert_int_eq(get_random_number(&mine, draw, 256), 0);
    MLDSA_FN(sign_internal)(sig2, sk2, pure, 2, msg, sizeof msg, draw);
    ck_assert_int_eq(memcmp(sig, sig2, SIG), 0);

    ck_assert_int_eq(sig_verify(pk, PK, sig, SIG, msg, sizeof msg), 0);
    sig[SIG] = 0;
    ck_assert_int_eq(sig_verify(pk, PK, sig, SIG - 1, msg, sizeof msg), -1);
    ck_assert_int_eq(sig_verify(pk, PK, sig, SIG + 1, msg, sizeof msg), -1);
    ck_assert_int_eq(sig_verify(pk, PK - 1, sig, SIG, msg, sizeof msg), -2);
    ck_assert_int_eq(sig_sign(sk, SK + 1, msg, sizeof msg, sig, &siglen), -2);
    msg[5] ^= 0x10;
    ck_assert_int_eq(sig_verify(pk, PK, sig, SIG, msg, sizeof msg), -1);
    /* the empty context is part of M': Sign_internal of M alone differs */
    MLDSA_FN(sign_internal)(sig2, sk2, NULL, 0, msg, sizeof msg, draw);
    ck_assert_int_eq(sig_verify(pk, PK, sig2, SIG, msg, sizeof msg), -1);
}
END_TEST

int main(void)
{
    char name[16];
    Suite *s;
    TCase *tc;
    SRunner *sr;
    int failed;

    snprintf(name, sizeof name, "ML-DSA-%d", NGCC_MLDSA_MODE);
    s = suite_create(name);
    tc = tcase_create("mldsa");
    tcase_set_timeout(tc, 120);
    tcase_add_test(tc, test_vectors);
    tcase_add_test(tc, test_flip_sigma);
    tcase_add_test(tc, test_flip_message_and_key);
    tcase_add_test(tc, test_wrong_length);
    tcase_add_test(tc, test_round_trip);
    tcase_add_test(tc, test_malformed);
    tcase_add_test(tc, test_random_rounds);
    tcase_add_test(tc, test_iccs_api);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
