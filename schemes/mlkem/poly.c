/*
 * poly.c - encoding, compression and coefficient-wise operations on
 * polynomials (FIPS 203 section 4.2.1).  Bit strings are little-endian: bit i of
 * the string is bit i mod 8 of byte i / 8.
 */
#include <stdint.h>

#include "poly.h"
#include "reduce.h"

void ngcc_mlkem_poly_tobytes(unsigned char r[restrict MLKEM_POLYBYTES],
                             const ngcc_mlkem_poly *restrict a)
{
    unsigned int i;
    for (i = 0; i < MLKEM_N / 2; i++) {
        uint16_t t0 = (uint16_t)a->c[2 * i], t1 = (uint16_t)a->c[2 * i + 1];
        r[3 * i] = (unsigned char)t0;
        r[3 * i + 1] = (unsigned char)((t0 >> 8) | (t1 << 4));
        r[3 * i + 2] = (unsigned char)(t1 >> 4);
    }
}

void ngcc_mlkem_poly_frombytes(ngcc_mlkem_poly *restrict r,
                               const unsigned char a[restrict MLKEM_POLYBYTES])
{
    unsigned int i, j;
    int16_t t[MLKEM_N];
    for (i = 0; i < MLKEM_N / 2; i++) {
        t[2 * i] = (int16_t)(a[3 * i] | ((a[3 * i + 1] & 0x0f) << 8));
        t[2 * i + 1] = (int16_t)((a[3 * i + 1] >> 4) | (a[3 * i + 2] << 4));
    }
    /* values < 4096 < 2q: one conditional subtraction reduces mod q */
    for (j = 0; j < MLKEM_N; j++)
        r->c[j] = mlkem_csubq(t[j]);
}

int ngcc_mlkem_poly_bytes_canonical(const unsigned char a[MLKEM_POLYBYTES])
{
    unsigned int i;
    uint32_t bad = 0;
    for (i = 0; i < MLKEM_N / 2; i++) {
        uint32_t t0 = a[3 * i] | ((uint32_t)(a[3 * i + 1] & 0x0f) << 8);
        uint32_t t1 = (a[3 * i + 1] >> 4) | ((uint32_t)a[3 * i + 2] << 4);
        /* bit 31 set iff t < q is false, i.e. q - 1 - t < 0 */
        bad |= (uint32_t)(MLKEM_Q - 1) - t0;
        bad |= (uint32_t)(MLKEM_Q - 1) - t1;
    }
    return (int)(1 - (bad >> 31));
}

/* Compress_d(x) = round(2^d x / q) mod 2^d for x in [0, q): floor division
 * by q as a multiplication by ceil(2^32 / q), exact for these ranges. */
static inline uint32_t compress(int16_t x, unsigned int d)
{
    uint64_t y = ((uint64_t)(uint16_t)x << d) + MLKEM_Q / 2;
    return (uint32_t)((y * 1290168u) >> 32) & ((1u << d) - 1);
}

/* Decompress_d(y) = round(q y / 2^d). */
static inline int16_t decompress(uint32_t y, unsigned int d)
{
    return (int16_t)((y * MLKEM_Q + (1u << (d - 1))) >> d);
}

/* ByteEncode_d of 8 values of d bits into d bytes, d in {4, 5, 10, 11}
 * (the only widths du and dv take), written out per width. */
static inline void pack8(unsigned char *r, const uint32_t t[8], unsigned int d)
{
    uint64_t w;
    switch (d) {
    case 4:
        r[0] = (unsigned char)(t[0] | (t[1] << 4));
        r[1] = (unsigned char)(t[2] | (t[3] << 4));
        r[2] = (unsigned char)(t[4] | (t[5] << 4));
        r[3] = (unsigned char)(t[6] | (t[7] << 4));
        break;
    case 5:
        w = (uint64_t)t[0] | ((uint64_t)t[1] << 5) | ((uint64_t)t[2] << 10) |
            ((uint64_t)t[3] << 15) | ((uint64_t)t[4] << 20) | ((uint64_t)t[5] << 25) |
            ((uint64_t)t[6] << 30) | ((uint64_t)t[7] << 35);
        r[0] = (unsigned char)w;         r[1] = (unsigned char)(w >> 8);
        r[2] = (unsigned char)(w >> 16); r[3] = (unsigned char)(w >> 24);
        r[4] = (unsigned char)(w >> 32);
        break;
    case 10:
        w = (uint64_t)t[0] | ((uint64_t)t[1] << 10) | ((uint64_t)t[2] << 20) |
            ((uint64_t)t[3] << 30);
        r[0] = (unsigned char)w;         r[1] = (unsigned char)(w >> 8);
        r[2] = (unsigned char)(w >> 16); r[3] = (unsigned char)(w >> 24);
        r[4] = (unsigned char)(w >> 32);
        w = (uint64_t)t[4] | ((uint64_t)t[5] << 10) | ((uint64_t)t[6] << 20) |
            ((uint64_t)t[7] << 30);
        r[5] = (unsigned char)w;         r[6] = (unsigned char)(w >> 8);
        r[7] = (unsigned char)(w >> 16); r[8] = (unsigned char)(w >> 24);
        r[9] = (unsigned char)(w >> 32);
        break;
    default: /* 11: bytes 0..6 from bits 0..55, bytes 7..10 from bits 56..87 */
        w = (uint64_t)t[0] | ((uint64_t)t[1] << 11) | ((uint64_t)t[2] << 22) |
            ((uint64_t)t[3] << 33) | ((uint64_t)t[4] << 44) | ((uint64_t)t[5] << 55);
        r[0] = (unsigned char)w;         r[1] = (unsigned char)(w >> 8);
        r[2] = (unsigned char)(w >> 16); r[3] = (unsigned char)(w >> 24);
        r[4] = (unsigned char)(w >> 32); r[5] = (unsigned char)(w >> 40);
        r[6] = (unsigned char)(w >> 48);
        w = ((uint64_t)t[5] >> 1) | ((uint64_t)t[6] << 10) | ((uint64_t)t[7] << 21);
        r[7] = (unsigned char)w;         r[8] = (unsigned char)(w >> 8);
        r[9] = (unsigned char)(w >> 16); r[10] = (unsigned char)(w >> 24);
        break;
    }
}

static inline uint64_t load40(const unsigned char *a)
{
    return (uint64_t)a[0] | ((uint64_t)a[1] << 8) | ((uint64_t)a[2] << 16) |
           ((uint64_t)a[3] << 24) | ((uint64_t)a[4] << 32);
}

/* Decompress_d(ByteDecode_d(a)) for 8 values from d bytes, d in
 * {4, 5, 10, 11}. */
static inline void unpack8(int16_t *r, const unsigned char *a, unsigned int d)
{
    const uint32_t m = (1u << d) - 1;
    uint64_t w, v;
    unsigned int i;
    switch (d) {
    case 4:
        for (i = 0; i < 4; i++) {
            r[2 * i] = decompress(a[i] & 15u, 4);
            r[2 * i + 1] = decompress((uint32_t)a[i] >> 4, 4);
        }
        break;
    case 5:
        w = load40(a);
        r[0] = decompress((uint32_t)w & m, 5);         r[1] = decompress((uint32_t)(w >> 5) & m, 5);
        r[2] = decompress((uint32_t)(w >> 10) & m, 5); r[3] = decompress((uint32_t)(w >> 15) & m, 5);
        r[4] = decompress((uint32_t)(w >> 20) & m, 5); r[5] = decompress((uint32_t)(w >> 25) & m, 5);
        r[6] = decompress((uint32_t)(w >> 30) & m, 5); r[7] = decompress((uint32_t)(w >> 35) & m, 5);
        break;
    case 10:
        w = load40(a);
        v = load40(a + 5);
        r[0] = decompress((uint32_t)w & m, 10);         r[1] = decompress((uint32_t)(w >> 10) & m, 10);
        r[2] = decompress((uint32_t)(w >> 20) & m, 10); r[3] = decompress((uint32_t)(w >> 30) & m, 10);
        r[4] = decompress((uint32_t)v & m, 10);         r[5] = decompress((uint32_t)(v >> 10) & m, 10);
        r[6] = decompress((uint32_t)(v >> 20) & m, 10); r[7] = decompress((uint32_t)(v >> 30) & m, 10);
        break;
    default: /* 11 */
        w = load40(a) | ((uint64_t)a[5] << 40) | ((uint64_t)a[6] << 48) | ((uint64_t)a[7] << 56);
        v = (uint64_t)a[8] | ((uint64_t)a[9] << 8) | ((uint64_t)a[10] << 16);
        r[0] = decompress((uint32_t)w & m, 11);         r[1] = decompress((uint32_t)(w >> 11) & m, 11);
        r[2] = decompress((uint32_t)(w >> 22) & m, 11); r[3] = decompress((uint32_t)(w >> 33) & m, 11);
        r[4] = decompress((uint32_t)(w >> 44) & m, 11);
        r[5] = decompress((uint32_t)((w >> 55) | (v << 9)) & m, 11);
        r[6] = decompress((uint32_t)(v >> 2) & m, 11);  r[7] = decompress((uint32_t)(v >> 13) & m, 11);
        break;
    }
}

/* ByteEncode_d(Compress_d(a)), a in [0, q). */
static inline void compress_encode(unsigned char *restrict r, const ngcc_mlkem_poly *restrict a,
                                   unsigned int d)
{
    uint32_t t[8];
    unsigned int i, j;
    for (i = 0; i < MLKEM_N / 8; i++) {
        for (j = 0; j < 8; j++)
            t[j] = compress(a->c[8 * i + j], d);
        pack8(r + d * i, t, d);
    }
}

/* Decompress_d(ByteDecode_d(a)). */
static inline void decode_decompress(ngcc_mlkem_poly *restrict r, const unsigned char *restrict a,
                                     unsigned int d)
{
    unsigned int i;
    for (i = 0; i < MLKEM_N / 8; i++)
        unpack8(r->c + 8 * i, a + d * i, d);
}

void ngcc_mlkem_poly_compress_du(unsigned char r[MLKEM_POLYCOMP_DU], const ngcc_mlkem_poly *a)
{
    compress_encode(r, a, MLKEM_DU);
}

void ngcc_mlkem_poly_decompress_du(ngcc_mlkem_poly *r, const unsigned char a[MLKEM_POLYCOMP_DU])
{
    decode_decompress(r, a, MLKEM_DU);
}

void ngcc_mlkem_poly_compress_dv(unsigned char r[MLKEM_POLYCOMP_DV], const ngcc_mlkem_poly *a)
{
    compress_encode(r, a, MLKEM_DV);
}

void ngcc_mlkem_poly_decompress_dv(ngcc_mlkem_poly *r, const unsigned char a[MLKEM_POLYCOMP_DV])
{
    decode_decompress(r, a, MLKEM_DV);
}

void ngcc_mlkem_poly_frommsg(ngcc_mlkem_poly *restrict r,
                             const unsigned char m[restrict MLKEM_SYMBYTES])
{
    unsigned int i, j;
    for (i = 0; i < MLKEM_SYMBYTES; i++)
        for (j = 0; j < 8; j++) {
            int16_t bit = (int16_t)((m[i] >> j) & 1);
            r->c[8 * i + j] = (int16_t)(-bit & ((MLKEM_Q + 1) / 2));
        }
}

void ngcc_mlkem_poly_tomsg(unsigned char m[restrict MLKEM_SYMBYTES],
                           const ngcc_mlkem_poly *restrict a)
{
    unsigned int i, j;
    for (i = 0; i < MLKEM_SYMBYTES; i++) {
        uint32_t byte = 0;
        for (j = 0; j < 8; j++)
            byte |= compress(a->c[8 * i + j], 1) << j;
        m[i] = (unsigned char)byte;
    }
}

void ngcc_mlkem_poly_reduce(ngcc_mlkem_poly *r)
{
    unsigned int i;
    for (i = 0; i < MLKEM_N; i++)
        r->c[i] = mlkem_caddq(mlkem_barrett_reduce(r->c[i]));
}

void ngcc_mlkem_poly_add(ngcc_mlkem_poly *r, const ngcc_mlkem_poly *a)
{
    unsigned int i;
    for (i = 0; i < MLKEM_N; i++)
        r->c[i] = (int16_t)(r->c[i] + a->c[i]);
}

void ngcc_mlkem_poly_sub(ngcc_mlkem_poly *r, const ngcc_mlkem_poly *a, const ngcc_mlkem_poly *b)
{
    unsigned int i;
    for (i = 0; i < MLKEM_N; i++)
        r->c[i] = (int16_t)(a->c[i] - b->c[i]);
}
