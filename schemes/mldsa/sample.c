/*
 * sample.c - the samplers of FIPS 204 section 7.3 for ML-DSA: RejNTTPoly
 * (SHAKE128) for ExpandA, RejBoundedPoly (SHAKE256) for ExpandS,
 * ExpandMask and SampleInBall.  Written for ngcc-perf from FIPS 204, on the
 * package's FIPS 202 code (schemes/common/fips202.h).
 *
 * The rejection samplers branch on the bytes they reject: FIPS 204 allows
 * it (which bytes of an independent XOF stream are rejected says nothing
 * about the accepted coefficients); ExpandA works on the public rho, and
 * SampleInBall on c~, which signing publishes (for the accepted iteration).
 * ExpandMask has no rejection: it only unpacks.
 */
#include <string.h>

#include "fips202.h"
#include "packing.h"
#include "poly.h"

/* RejNTTPoly (Algorithm 30): 3-byte candidates, 23 bits, below q. */
static void rej_ntt_poly(mldsa_poly *a, const unsigned char seed[MLDSA_SEEDBYTES + 2])
{
    /* 5 blocks give 280 candidates; 256 are accepted with probability
     * about 1 - 2^-60, else one more block (56 candidates) at a time */
    unsigned char buf[5 * NGCC_SHAKE128_RATE];
    ngcc_sha3_ctx ctx;
    unsigned int ctr = 0, pos, len = sizeof buf;

    ngcc_shake128_absorb_once(&ctx, seed, MLDSA_SEEDBYTES + 2);
    ngcc_shake128_squeezeblocks(buf, 5, &ctx);
    for (;;) {
        for (pos = 0; pos + 3 <= len && ctr < MLDSA_N; pos += 3) {
            uint32_t t = (uint32_t)buf[pos] | ((uint32_t)buf[pos + 1] << 8) |
                         ((uint32_t)(buf[pos + 2] & 0x7f) << 16);
            if (t < MLDSA_Q)
                a->c[ctr++] = (int32_t)t;
        }
        if (ctr == MLDSA_N)
            return;
        ngcc_shake128_squeezeblocks(buf, 1, &ctx);
        len = NGCC_SHAKE128_RATE;
    }
}

/* RejBoundedPoly (Algorithm 31): half-byte candidates, CoeffFromHalfByte. */
static void rej_bounded_poly(mldsa_poly *a, const unsigned char seed[MLDSA_CRHBYTES + 2])
{
    unsigned char buf[2 * NGCC_SHAKE256_RATE];
    ngcc_sha3_ctx ctx;
    unsigned int ctr = 0, pos, len = sizeof buf, k;

    ngcc_shake256_init(&ctx);
    ngcc_sha3_absorb(&ctx, seed, MLDSA_CRHBYTES + 2);
    ngcc_sha3_finalize(&ctx);
    ngcc_sha3_squeeze(&ctx, buf, sizeof buf);
    for (;;) {
        for (pos = 0; pos < len && ctr < MLDSA_N; pos++) {
            uint32_t b[2];
            b[0] = buf[pos] & 15;
            b[1] = buf[pos] >> 4;
            for (k = 0; k < 2 && ctr < MLDSA_N; k++) {
#if MLDSA_ETA == 2
                if (b[k] < 15)
                    a->c[ctr++] = 2 - (int32_t)(b[k] % 5);
#else
                if (b[k] < 9)
                    a->c[ctr++] = 4 - (int32_t)b[k];
#endif
            }
        }
        if (ctr == MLDSA_N)
            return;
        ngcc_sha3_squeeze(&ctx, buf, NGCC_SHAKE256_RATE);
        len = NGCC_SHAKE256_RATE;
    }
}

void MLDSA_FN(expand_a)(mldsa_matrix *a, const unsigned char rho[MLDSA_SEEDBYTES])
{
    unsigned char seed[MLDSA_SEEDBYTES + 2];
    unsigned int r, s;

    memcpy(seed, rho, MLDSA_SEEDBYTES);
    for (r = 0; r < MLDSA_K; r++)
        for (s = 0; s < MLDSA_L; s++) {
            seed[MLDSA_SEEDBYTES] = (unsigned char)s;
            seed[MLDSA_SEEDBYTES + 1] = (unsigned char)r;
            rej_ntt_poly(&a->row[r].p[s], seed);
        }
}

void MLDSA_FN(expand_s)(mldsa_polyvecl *s1, mldsa_polyveck *s2,
                        const unsigned char rho[MLDSA_CRHBYTES])
{
    unsigned char seed[MLDSA_CRHBYTES + 2];
    unsigned int r;

    memcpy(seed, rho, MLDSA_CRHBYTES);
    seed[MLDSA_CRHBYTES + 1] = 0;
    for (r = 0; r < MLDSA_L + MLDSA_K; r++) {
        seed[MLDSA_CRHBYTES] = (unsigned char)r;
        rej_bounded_poly(r < MLDSA_L ? &s1->p[r] : &s2->p[r - MLDSA_L], seed);
    }
    memset(seed, 0, sizeof seed);
}

void MLDSA_FN(expand_mask)(mldsa_polyvecl *y, const unsigned char rho[MLDSA_CRHBYTES],
                           unsigned int kappa)
{
    unsigned char seed[MLDSA_CRHBYTES + 2];
    unsigned char buf[MLDSA_POLY_BYTES(MLDSA_Z_BITS)];
    unsigned int r;

    memcpy(seed, rho, MLDSA_CRHBYTES);
    for (r = 0; r < MLDSA_L; r++) {
        seed[MLDSA_CRHBYTES] = (unsigned char)((kappa + r) & 0xff);
        seed[MLDSA_CRHBYTES + 1] = (unsigned char)((kappa + r) >> 8);
        ngcc_shake256(buf, sizeof buf, seed, sizeof seed);
        MLDSA_FN(unpack_z)(&y->p[r], buf);
    }
    memset(seed, 0, sizeof seed);
    memset(buf, 0, sizeof buf);
}

void MLDSA_FN(sample_in_ball)(mldsa_poly *c, const unsigned char ctilde[MLDSA_CTILDEBYTES])
{
    unsigned char buf[NGCC_SHAKE256_RATE];
    ngcc_sha3_ctx ctx;
    uint64_t signs = 0;
    unsigned int i, j, pos;

    ngcc_shake256_init(&ctx);
    ngcc_sha3_absorb(&ctx, ctilde, MLDSA_CTILDEBYTES);
    ngcc_sha3_finalize(&ctx);
    ngcc_sha3_squeeze(&ctx, buf, sizeof buf);
    for (i = 0; i < 8; i++)
        signs |= (uint64_t)buf[i] << (8 * i);
    pos = 8;
    memset(c, 0, sizeof *c);
    for (i = MLDSA_N - MLDSA_TAU; i < MLDSA_N; i++) {
        do {
            if (pos == sizeof buf) {
                ngcc_sha3_squeeze(&ctx, buf, sizeof buf);
                pos = 0;
            }
            j = buf[pos++];
        } while (j > i);
        c->c[i] = c->c[j];
        c->c[j] = 1 - 2 * (int32_t)(signs & 1);
        signs >>= 1;
    }
}
