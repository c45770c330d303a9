/*
 * check_sm3.c - the refhash SM3 instance (CryptHash built with
 * NGCC_REFHASH_ALG=NGCC_REFHASH_SM3): GB/T 32905's two examples, bit lengths
 * around byte and block edges against padding done here bit by bit (only
 * the compression function is the library's), bits past the length
 * ignored, and the refused arguments.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <check.h>

#include "CryptHash_AlgorithmInstance.h"
#include "sm3.h"

#if NGCC_REFHASH_ALG != NGCC_REFHASH_SM3
#error "build with -DNGCC_REFHASH_ALG=NGCC_REFHASH_SM3"
#endif

#define MAX_BITS 2048

static void unhex(const char *hex, unsigned char *out)
{
    size_t i;
    for (i = 0; hex[2 * i] != '\0'; i++) {
        unsigned int b;
        ck_assert_int_eq(sscanf(hex + 2 * i, "%2x", &b), 1);
        out[i] = (unsigned char)b;
    }
}

/* SM3 of the first n bits of msg (MSB first): m || 1 || 0^k || <n>64 set
 * bit by bit, compressed from the standard's IV. */
static void ref_sm3(const unsigned char *msg, size_t n, unsigned char out[32])
{
    uint32_t h[8] = {0x7380166fu, 0x4914b2b9u, 0x172442d7u, 0xda8a0600u,
                     0xa96f30bcu, 0x163138aau, 0xe38dee4du, 0xb0fb0e4eu};
    static unsigned char p[MAX_BITS / 8 + 128];
    size_t padded = (n + 1 + 64 + 511) / 512 * 512, i;

    memset(p, 0, sizeof p);
    for (i = 0; i < n; i++)
        if ((msg[i / 8] >> (7 - i % 8)) & 1)
            p[i / 8] |= (unsigned char)(0x80u >> (i % 8));
    p[n / 8] |= (unsigned char)(0x80u >> (n % 8));
    for (i = 0; i < 64; i++)
        if (((uint64_t)n >> (63 - i)) & 1)
            p[(padded - 64 + i) / 8] |= (unsigned char)(0x80u >> (i % 8));
    ngcc_sm3_compress(h, p, padded / 512);
    for (i = 0; i < 8; i++) {
        out[4 * i] = (unsigned char)(h[i] >> 24);
        out[4 * i + 1] = (unsigned char)(h[i] >> 16);
        out[4 * i + 2] = (unsigned char)(h[i] >> 8);
        out[4 * i + 3] = (unsigned char)h[i];
    }
}

START_TEST(gbt_examples)
{
    unsigned char abc[3] = {'a', 'b', 'c'}, m64[64], d[32], want[32];
    size_t i;

    unhex("66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0", want);
    ck_assert_int_eq(CryptHash(256, abc, 24, d), 0);
    ck_assert_int_eq(memcmp(d, want, 32), 0);
    ref_sm3(abc, 24, d);
    ck_assert_int_eq(memcmp(d, want, 32), 0);

    for (i = 0; i < 64; i++)
        m64[i] = (unsigned char)"abcd"[i % 4];
    unhex("debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732", want);
    ck_assert_int_eq(CryptHash(256, m64, 512, d), 0);
    ck_assert_int_eq(memcmp(d, want, 32), 0);
    ref_sm3(m64, 512, d);
    ck_assert_int_eq(memcmp(d, want, 32), 0);
}
END_TEST

static void check_length(size_t n, unsigned long *x)
{
    static unsigned char msg[MAX_BITS / 8 + 1];
    unsigned char d[32], want[32];
    size_t i;

    for (i = 0; i < (n + 7) / 8; i++) {
        *x = *x * 6364136223846793005UL + 1442695040888963407UL;
        msg[i] = (unsigned char)(*x >> 40);
    }
    ref_sm3(msg, n, want);
    if (n % 8 != 0)     /* bits past the length are not read */
        msg[n / 8] ^= (unsigned char)(0xff >> (n % 8));
    ck_assert_int_eq(CryptHash(256, msg, n, d), 0);
    ck_assert_msg(memcmp(d, want, 32) == 0, "SM3: %zu bits: wrong digest", n);
}

START_TEST(bit_lengths)
{
    /* a second block for the length from 448 bits; whole blocks at 512 */
    static const size_t edges[] = {447, 512, 959, 1024};
    unsigned long x = 0x5eedUL;
    size_t n, e;

    for (n = 0; n <= 16; n++)
        check_length(n, &x);
    for (e = 0; e < sizeof edges / sizeof edges[0]; e++)
        for (n = edges[e] - 10; n <= edges[e] + 10; n++)
            check_length(n, &x);
}
END_TEST

START_TEST(refused)
{
    static const int bad[] = {0, -1, -256, 8, 128, 224, 255, 257, 384, 512, 1024};
    unsigned char abc[3] = {'a', 'b', 'c'}, d[32], e[32];
    size_t i, j;

    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(d, 0x5a, sizeof d);
        ck_assert_int_ne(CryptHash(bad[i], abc, 24, d), 0);
        for (j = 0; j < sizeof d; j++)
            ck_assert_int_eq(d[j], 0x5a);
    }
    ck_assert_int_ne(CryptHash(256, abc, 24, NULL), 0);
    ck_assert_int_ne(CryptHash(256, NULL, 1, d), 0);
    ck_assert_int_eq(CryptHash(256, NULL, 0, d), 0);
    ck_assert_int_eq(CryptHash(256, abc, 0, e), 0);
    ck_assert_int_eq(memcmp(d, e, 32), 0);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("SM3");
    TCase *tc = tcase_create("core");
    SRunner *sr;
    int failed;

    tcase_add_test(tc, gbt_examples);
    tcase_add_test(tc, bit_lengths);
    tcase_add_test(tc, refused);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
