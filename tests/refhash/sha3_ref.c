/*
 * sha3_ref.c - the refhash SHA-3 tests' reference and mapping helpers (see
 * sha3_ref.h).  The reference pads with its own loop over single bits and
 * absorbs with its own lane loads: a bug in fips202.c's byte-level absorb
 * or in ngcc_sha3_finalize_bits cannot hide in it.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "fips202.h"
#include "sha3_ref.h"

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

size_t ref_unhex(const char *hex, unsigned char *out, size_t max)
{
    size_t n = 0;

    while (hex[0] != '\0' && hex[1] != '\0' && n < max) {
        out[n++] = (unsigned char)(hexval(hex[0]) * 16 + hexval(hex[1]));
        hex += 2;
    }
    return n;
}

size_t ref_vector_bits(const struct sha3_bit_vector *v, unsigned char *bits, size_t max)
{
    static const char a3[] = "11000101";
    size_t n = 0, i;
    unsigned int r;

    for (r = 0; r < v->reps; r++)
        for (i = 0; i < 8 && n < max; i++)
            bits[n++] = (unsigned char)(a3[i] == '1');
    for (i = 0; v->tail[i] != '\0' && n < max; i++)
        bits[n++] = (unsigned char)(v->tail[i] == '1');
    return n;
}

void ref_iccs_from_fips(const unsigned char *bits, size_t n, unsigned char *msg)
{
    size_t i;

    memset(msg, 0, (n + 7) / 8);
    for (i = 0; i < n; i++) {
        if (i < n / 8 * 8)
            msg[i / 8] |= (unsigned char)(bits[i] << (i % 8));
        else
            msg[i / 8] |= (unsigned char)(bits[i] << (7 - i % 8));
    }
}

void ref_fips_from_iccs(const unsigned char *msg, size_t n, unsigned char *bits)
{
    size_t i;

    for (i = 0; i < n; i++) {
        if (i < n / 8 * 8)
            bits[i] = (unsigned char)((msg[i / 8] >> (i % 8)) & 1);
        else
            bits[i] = (unsigned char)((msg[i / 8] >> (7 - i % 8)) & 1);
    }
}

void ref_sha3_bits(unsigned int rate, const unsigned char *bits, size_t n,
                   unsigned char *out, size_t outlen)
{
    /* M || 01 || 1 0* 1, to a multiple of the rate in bits */
    size_t total = n + 2 + 2, padded, i, b, j;
    unsigned char *p;
    uint64_t s[25];

    padded = (total + 8 * rate - 1) / (8 * rate) * (8 * rate);
    p = calloc(padded / 8, 1);
    ck_assert_ptr_nonnull(p);
    for (i = 0; i < n; i++)
        p[i / 8] |= (unsigned char)(bits[i] << (i % 8));
    /* the SHA-3 suffix 0, 1, then pad10*1 */
    i = n + 1;
    p[i / 8] |= (unsigned char)(1u << (i % 8));
    i = n + 2;
    p[i / 8] |= (unsigned char)(1u << (i % 8));
    i = padded - 1;
    p[i / 8] |= (unsigned char)(1u << (i % 8));

    memset(s, 0, sizeof s);
    for (b = 0; b < padded / 8; b += rate) {
        for (j = 0; j < rate; j++)
            s[j / 8] ^= (uint64_t)p[b + j] << (8 * (j % 8));
        ngcc_sha3_keccakf1600(s);
    }
    for (j = 0; j < outlen; j++)    /* outlen <= rate here */
        out[j] = (unsigned char)(s[j / 8] >> (8 * (j % 8)));
    free(p);
}
