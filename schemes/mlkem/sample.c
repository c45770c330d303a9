/*
 * sample.c - sampling of polynomials: SampleNTT (FIPS 203 Algorithm 7) from
 * SHAKE128 and SamplePolyCBD_eta (Algorithm 8) from PRF_eta = SHAKE256.
 */
#include <stdint.h>
#include <string.h>

#include "fips202.h"
#include "poly.h"

/* 3 blocks (504 bytes, 336 candidates) give 256 accepted values with
 * probability about 0.99; further blocks are squeezed one at a time.
 * Rejection depends only on public data (rho). */
#define UNIFORM_BLOCKS 3

/* Parse 12-bit candidates from buf (len a multiple of 3) into r[ctr..255],
 * keeping those < q; returns the new count.  While two more values surely
 * fit, both candidates of 3 bytes are stored branch-free and the count
 * advances by the number accepted; the last one or two go with branches.
 * Branches on the candidates would be allowed (rho is public), they are
 * avoided only because they are unpredictable. */
static unsigned int rej_uniform(int16_t *r, unsigned int ctr,
                                const unsigned char *buf, unsigned int len)
{
    unsigned int pos = 0;
    while (ctr <= MLKEM_N - 2 && pos < len) {
        uint16_t d1 = (uint16_t)(buf[pos] | ((buf[pos + 1] & 0x0f) << 8));
        uint16_t d2 = (uint16_t)((buf[pos + 1] >> 4) | (buf[pos + 2] << 4));
        unsigned int c1 = d1 < MLKEM_Q, c2 = d2 < MLKEM_Q;
        pos += 3;
        r[ctr] = (int16_t)d1;
        r[ctr + c1] = (int16_t)d2;
        ctr += c1 + c2;
    }
    while (ctr < MLKEM_N && pos < len) {
        uint16_t d1 = (uint16_t)(buf[pos] | ((buf[pos + 1] & 0x0f) << 8));
        uint16_t d2 = (uint16_t)((buf[pos + 1] >> 4) | (buf[pos + 2] << 4));
        pos += 3;
        if (d1 < MLKEM_Q)
            r[ctr++] = (int16_t)d1;
        if (d2 < MLKEM_Q && ctr < MLKEM_N)
            r[ctr++] = (int16_t)d2;
    }
    return ctr;
}

void ngcc_mlkem_poly_uniform(ngcc_mlkem_poly *r, const unsigned char rho[MLKEM_SYMBYTES],
                             unsigned char x, unsigned char y)
{
    unsigned char seed[MLKEM_SYMBYTES + 2];
    unsigned char buf[UNIFORM_BLOCKS * NGCC_SHAKE128_RATE];
    ngcc_sha3_ctx ctx;
    unsigned int ctr;

    memcpy(seed, rho, MLKEM_SYMBYTES);
    seed[MLKEM_SYMBYTES] = x;
    seed[MLKEM_SYMBYTES + 1] = y;
    ngcc_shake128_absorb_once(&ctx, seed, sizeof seed);
    ngcc_shake128_squeezeblocks(buf, UNIFORM_BLOCKS, &ctx);
    ctr = rej_uniform(r->c, 0, buf, sizeof buf);
    while (ctr < MLKEM_N) {
        /* 168 is a multiple of 3: no candidate straddles two blocks */
        ngcc_shake128_squeezeblocks(buf, 1, &ctx);
        ctr = rej_uniform(r->c, ctr, buf, NGCC_SHAKE128_RATE);
    }
}

void ngcc_mlkem_poly_cbd2(ngcc_mlkem_poly *restrict r, const unsigned char buf[restrict 128])
{
    unsigned int i;
    /* one byte gives two coefficients: bit pairs summed, then x - y */
    for (i = 0; i < MLKEM_N / 2; i++) {
        unsigned int d = (buf[i] & 0x55u) + ((buf[i] >> 1) & 0x55u);
        r->c[2 * i] = (int16_t)((int)(d & 3) - (int)((d >> 2) & 3));
        r->c[2 * i + 1] = (int16_t)((int)((d >> 4) & 3) - (int)(d >> 6));
    }
}

void ngcc_mlkem_poly_cbd3(ngcc_mlkem_poly *restrict r, const unsigned char buf[restrict 192])
{
    unsigned int i, j;
    for (i = 0; i < MLKEM_N / 4; i++) {
        uint32_t w = (uint32_t)buf[3 * i] | ((uint32_t)buf[3 * i + 1] << 8) |
                     ((uint32_t)buf[3 * i + 2] << 16);
        uint32_t d = (w & 0x249249u) + ((w >> 1) & 0x249249u) + ((w >> 2) & 0x249249u);
        for (j = 0; j < 4; j++) {
            int16_t a = (int16_t)((d >> (6 * j)) & 7);
            int16_t b = (int16_t)((d >> (6 * j + 3)) & 7);
            r->c[4 * i + j] = (int16_t)(a - b);
        }
    }
}

static void prf(unsigned char *out, size_t outlen,
                const unsigned char seed[MLKEM_SYMBYTES], unsigned char nonce)
{
    unsigned char in[MLKEM_SYMBYTES + 1];
    memcpy(in, seed, MLKEM_SYMBYTES);
    in[MLKEM_SYMBYTES] = nonce;
    ngcc_shake256(out, outlen, in, sizeof in);
}

void ngcc_mlkem_poly_getnoise_eta1(ngcc_mlkem_poly *r, const unsigned char seed[MLKEM_SYMBYTES],
                                   unsigned char nonce)
{
    unsigned char buf[64 * MLKEM_ETA1];
    prf(buf, sizeof buf, seed, nonce);
#if MLKEM_ETA1 == 3
    ngcc_mlkem_poly_cbd3(r, buf);
#else
    ngcc_mlkem_poly_cbd2(r, buf);
#endif
}

void ngcc_mlkem_poly_getnoise_eta2(ngcc_mlkem_poly *r, const unsigned char seed[MLKEM_SYMBYTES],
                                   unsigned char nonce)
{
    unsigned char buf[64 * MLKEM_ETA2];
    prf(buf, sizeof buf, seed, nonce);
    ngcc_mlkem_poly_cbd2(r, buf);
}
