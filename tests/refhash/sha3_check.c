/*
 * sha3_check.c - the Check suite of a refhash SHA-3 instance (CryptHash of
 * CryptHash_AlgorithmInstance.c, built for that instance): its vectors, the
 * bit mapping of doc/refhash.md checked both ways against NIST's bit-length
 * examples, bit lengths around byte and block edges against the bit-by-bit
 * reference, and the refused arguments.
 */
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "CryptHash_AlgorithmInstance.h"
#include "fips202.h"
#include "sha3_ref.h"

#define MAX_BITS 4096

static const struct sha3_instance *inst;

static size_t dbytes(void) { return (size_t)inst->digest_bits / 8; }

static void check_digest(const unsigned char *got, const char *hex, const char *what)
{
    unsigned char want[64];
    size_t n = ref_unhex(hex, want, sizeof want);

    ck_assert_uint_eq(n, dbytes());
    ck_assert_msg(memcmp(got, want, n) == 0, "%s %s: wrong digest", inst->name, what);
}

START_TEST(byte_vectors)
{
    unsigned char msg[256], d[64];
    size_t i;

    for (i = 0; i < inst->n_bytes; i++) {
        const struct sha3_byte_vector *v = &inst->bytes[i];
        if (v->msg != NULL)
            memcpy(msg, v->msg, v->len);
        else
            memset(msg, v->fill, v->len);
        ck_assert_int_eq(CryptHash(inst->digest_bits, msg, 8ULL * v->len, d), 0);
        check_digest(d, v->digest_hex, "byte vector");
    }
}
END_TEST

/* NIST bit string -> ICCS buffer by the mapping -> CryptHash gives NIST's
 * digest; the reference on the bit string too (the reconstruction). */
START_TEST(nist_bits_iccs_to_digest)
{
    static unsigned char bits[MAX_BITS], msg[MAX_BITS / 8], d[64];
    size_t i, n;

    for (i = 0; i < inst->n_bits; i++) {
        const struct sha3_bit_vector *v = &inst->bits[i];
        n = ref_vector_bits(v, bits, MAX_BITS);
        ref_sha3_bits(inst->rate, bits, n, d, dbytes());
        check_digest(d, v->digest_hex, "reference on NIST's bit string");
        ref_iccs_from_fips(bits, n, msg);
        if (n % 8 != 0)     /* the driver's buffer: unused low bits zero */
            ck_assert_int_eq(msg[n / 8] & (0xff >> (n % 8)), 0);
        ck_assert_int_eq(CryptHash(inst->digest_bits, msg, n, d), 0);
        check_digest(d, v->digest_hex, "CryptHash of the ICCS buffer");
    }
}
END_TEST

/* The other way: the ICCS buffer maps back to NIST's bit string; the same
 * bits in FIPS 202's own order (the partial byte's bits in its LOW bits,
 * least significant first) through ngcc_sha3_finalize_bits give the same
 * digest; and reading the ICCS partial byte in that low-bit order instead
 * (the byte shifted right) gives another digest: the order matters and the
 * test sees it. */
START_TEST(nist_bits_fips_order)
{
    static unsigned char bits[MAX_BITS], back[MAX_BITS], msg[MAX_BITS / 8];
    unsigned char d[64], d2[64];
    ngcc_sha3_ctx ctx;
    size_t i, j, n, full;
    unsigned int k, low, shifted;

    for (i = 0; i < inst->n_bits; i++) {
        const struct sha3_bit_vector *v = &inst->bits[i];
        n = ref_vector_bits(v, bits, MAX_BITS);
        ref_iccs_from_fips(bits, n, msg);
        ref_fips_from_iccs(msg, n, back);
        ck_assert_msg(memcmp(bits, back, n) == 0, "%s: mapping not inverted", inst->name);

        full = n / 8;
        k = (unsigned int)(n % 8);
        for (low = 0, j = 0; j < k; j++)
            low |= (unsigned int)bits[8 * full + j] << j;
        if (inst->digest_bits == 256) ngcc_sha3_256_init(&ctx); else ngcc_sha3_512_init(&ctx);
        ngcc_sha3_absorb(&ctx, msg, full);
        ngcc_sha3_finalize_bits(&ctx, low | 0xf00u, k);     /* high junk ignored */
        ngcc_sha3_squeeze(&ctx, d, dbytes());
        check_digest(d, v->digest_hex, "finalize_bits in FIPS 202 order");

        if (k < 2)
            continue;
        shifted = (unsigned int)msg[full] >> (8 - k);
        if (shifted == low)
            continue;       /* a palindromic tail cannot tell */
        if (inst->digest_bits == 256) ngcc_sha3_256_init(&ctx); else ngcc_sha3_512_init(&ctx);
        ngcc_sha3_absorb(&ctx, msg, full);
        ngcc_sha3_finalize_bits(&ctx, shifted, k);
        ngcc_sha3_squeeze(&ctx, d2, dbytes());
        ck_assert_msg(memcmp(d, d2, dbytes()) != 0, "%s: the shifted order gave NIST's digest",
                      inst->name);
    }
}
END_TEST

/* pseudo-random bits, the same each run */
static unsigned int lcg(unsigned long *x)
{
    *x = *x * 6364136223846793005UL + 1442695040888963407UL;
    return (unsigned int)(*x >> 33);
}

static void check_length(size_t n, unsigned long *seed)
{
    static unsigned char bits[MAX_BITS], msg[MAX_BITS / 8];
    unsigned char d[64], want[64];
    size_t i;

    for (i = 0; i < n; i++)
        bits[i] = (unsigned char)(lcg(seed) & 1);
    ref_iccs_from_fips(bits, n, msg);
    if (n % 8 != 0)     /* only the first n bits may be read */
        msg[n / 8] |= (unsigned char)(0xff >> (n % 8));
    ref_sha3_bits(inst->rate, bits, n, want, dbytes());
    ck_assert_int_eq(CryptHash(inst->digest_bits, msg, n, d), 0);
    ck_assert_msg(memcmp(d, want, dbytes()) == 0, "%s: %zu bits: wrong digest", inst->name, n);
}

START_TEST(bit_lengths)
{
    unsigned long seed = 0x5eedUL;
    size_t n, edge, r;

    for (n = 0; n <= 16; n++)
        check_length(n, &seed);
    for (r = 1; r <= 2; r++) {        /* the domain and padding bits past a block */
        edge = 8 * (size_t)inst->rate * r;
        for (n = edge - 12; n <= edge + 12; n++)
            check_length(n, &seed);
    }
    for (n = 1601; n <= 1639; n++)
        check_length(n, &seed);
}
END_TEST

START_TEST(refused)
{
    static const int bad[] = {0, -1, -256, 8, 128, 224, 255, 257, 384, 511, 513, 1024};
    unsigned char abc[3] = {'a', 'b', 'c'}, d[64], e[64];
    size_t i;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        if (bad[i] == inst->digest_bits)
            continue;
        memset(d, 0x5a, sizeof d);
        ck_assert_int_ne(CryptHash(bad[i], abc, 24, d), 0);
        for (size_t j = 0; j < sizeof d; j++)
            ck_assert_int_eq(d[j], 0x5a);
    }
    ck_assert_int_ne(CryptHash(inst->digest_bits == 256 ? 512 : 256, abc, 24, d), 0);
    ck_assert_int_ne(CryptHash(inst->digest_bits, abc, 24, NULL), 0);
    ck_assert_int_ne(CryptHash(inst->digest_bits, NULL, 1, d), 0);
    /* the empty message may come without a buffer */
    ck_assert_int_eq(CryptHash(inst->digest_bits, NULL, 0, d), 0);
    ck_assert_int_eq(CryptHash(inst->digest_bits, abc, 0, e), 0);
    ck_assert_int_eq(memcmp(d, e, dbytes()), 0);
}
END_TEST

Suite *refhash_sha3_suite(const struct sha3_instance *which)
{
    Suite *s = suite_create(which->name);
    TCase *tc = tcase_create("core");

    inst = which;
    tcase_add_test(tc, byte_vectors);
    tcase_add_test(tc, nist_bits_iccs_to_digest);
    tcase_add_test(tc, nist_bits_fips_order);
    tcase_add_test(tc, bit_lengths);
    tcase_add_test(tc, refused);
    suite_add_tcase(s, tc);
    return s;
}
