/*
 * packing.c - the encodings of FIPS 204 section 7.2 for ML-DSA.  Written
 * for ngcc-perf from FIPS 204.  A coefficient packs as 'bits' bits, least
 * significant first, coefficient after coefficient (SimpleBitPack; BitPack
 * packs b - w).  Packing and unpacking are branch-free in the data; only
 * the hint decoding, on the public signature, branches on its bytes.
 */
#include <string.h>

#include "packing.h"

/* SimpleBitPack of 256 values v_i + off, each in [0, 2^bits) */
static void pack(unsigned char *out, const mldsa_poly *a, int32_t off, int neg,
                 unsigned int bits)
{
    uint64_t acc = 0;
    unsigned int i, n = 0;
    for (i = 0; i < MLDSA_N; i++) {
        uint32_t v = (uint32_t)(off + (neg ? -a->c[i] : a->c[i]));
        acc |= (uint64_t)v << n;
        for (n += bits; n >= 8; n -= 8) {
            *out++ = (unsigned char)acc;
            acc >>= 8;
        }
    }
}

/* the inverse: a_i = off +- (the i-th 'bits'-bit value) */
static void unpack(mldsa_poly *a, const unsigned char *in, int32_t off, int neg,
                   unsigned int bits)
{
    const uint32_t mask = (1u << bits) - 1;
    uint64_t acc = 0;
    unsigned int i, n = 0;
    for (i = 0; i < MLDSA_N; i++) {
        int32_t v;
        for (; n < bits; n += 8)
            acc |= (uint64_t)*in++ << n;
        v = (int32_t)(acc & mask);
        acc >>= bits;
        n -= bits;
        a->c[i] = neg ? off - v : off + v;
    }
}

void MLDSA_FN(unpack_z)(mldsa_poly *y, const unsigned char *buf)
{
    unpack(y, buf, MLDSA_GAMMA1, 1, MLDSA_Z_BITS);
}

void MLDSA_FN(pk_encode)(unsigned char pk[MLDSA_PKBYTES],
                         const unsigned char rho[MLDSA_SEEDBYTES], const mldsa_polyveck *t1)
{
    unsigned int i;
    memcpy(pk, rho, MLDSA_SEEDBYTES);
    for (i = 0; i < MLDSA_K; i++)
        pack(pk + MLDSA_SEEDBYTES + i * MLDSA_POLY_BYTES(MLDSA_T1_BITS), &t1->p[i],
             0, 0, MLDSA_T1_BITS);
}

void MLDSA_FN(pk_decode)(unsigned char rho[MLDSA_SEEDBYTES], mldsa_polyveck *t1,
                         const unsigned char pk[MLDSA_PKBYTES])
{
    unsigned int i;
    memcpy(rho, pk, MLDSA_SEEDBYTES);
    for (i = 0; i < MLDSA_K; i++)
        unpack(&t1->p[i], pk + MLDSA_SEEDBYTES + i * MLDSA_POLY_BYTES(MLDSA_T1_BITS),
               0, 0, MLDSA_T1_BITS);
}

#define ETA_BYTES MLDSA_POLY_BYTES(MLDSA_ETA_BITS)
#define T0_BYTES MLDSA_POLY_BYTES(MLDSA_T0_BITS)
#define T0_OFF (1 << (MLDSA_D - 1))

void MLDSA_FN(sk_encode)(unsigned char sk[MLDSA_SKBYTES],
                         const unsigned char rho[MLDSA_SEEDBYTES],
                         const unsigned char key[MLDSA_SEEDBYTES],
                         const unsigned char tr[MLDSA_TRBYTES],
                         const mldsa_polyvecl *s1, const mldsa_polyveck *s2,
                         const mldsa_polyveck *t0)
{
    unsigned int i;
    memcpy(sk, rho, MLDSA_SEEDBYTES);
    memcpy(sk + MLDSA_SEEDBYTES, key, MLDSA_SEEDBYTES);
    memcpy(sk + 2 * MLDSA_SEEDBYTES, tr, MLDSA_TRBYTES);
    sk += 2 * MLDSA_SEEDBYTES + MLDSA_TRBYTES;
    for (i = 0; i < MLDSA_L; i++, sk += ETA_BYTES)
        pack(sk, &s1->p[i], MLDSA_ETA, 1, MLDSA_ETA_BITS);
    for (i = 0; i < MLDSA_K; i++, sk += ETA_BYTES)
        pack(sk, &s2->p[i], MLDSA_ETA, 1, MLDSA_ETA_BITS);
    for (i = 0; i < MLDSA_K; i++, sk += T0_BYTES)
        pack(sk, &t0->p[i], T0_OFF, 1, MLDSA_T0_BITS);
}

/* -1 if some coefficient is below -eta (eta - v for v > 2 eta), else 0 */
static int32_t eta_bad(const mldsa_poly *a)
{
    unsigned int i;
    int32_t bad = 0;
    for (i = 0; i < MLDSA_N; i++)
        bad |= (a->c[i] + MLDSA_ETA) >> 31;
    return bad;
}

void MLDSA_FN(sk_decode)(unsigned char rho[MLDSA_SEEDBYTES],
                         unsigned char key[MLDSA_SEEDBYTES],
                         unsigned char tr[MLDSA_TRBYTES],
                         mldsa_polyvecl *s1, mldsa_polyveck *s2, mldsa_polyveck *t0,
                         const unsigned char sk[MLDSA_SKBYTES])
{
    unsigned int i;
    memcpy(rho, sk, MLDSA_SEEDBYTES);
    memcpy(key, sk + MLDSA_SEEDBYTES, MLDSA_SEEDBYTES);
    memcpy(tr, sk + 2 * MLDSA_SEEDBYTES, MLDSA_TRBYTES);
    sk += 2 * MLDSA_SEEDBYTES + MLDSA_TRBYTES;
    for (i = 0; i < MLDSA_L; i++, sk += ETA_BYTES)
        unpack(&s1->p[i], sk, MLDSA_ETA, 1, MLDSA_ETA_BITS);
    for (i = 0; i < MLDSA_K; i++, sk += ETA_BYTES)
        unpack(&s2->p[i], sk, MLDSA_ETA, 1, MLDSA_ETA_BITS);
    for (i = 0; i < MLDSA_K; i++, sk += T0_BYTES)
        unpack(&t0->p[i], sk, T0_OFF, 1, MLDSA_T0_BITS);
}

int MLDSA_FN(check_sk)(const unsigned char sk[MLDSA_SKBYTES])
{
    mldsa_poly a;
    unsigned int i;
    int32_t bad = 0;
    sk += 2 * MLDSA_SEEDBYTES + MLDSA_TRBYTES;
    for (i = 0; i < MLDSA_L + MLDSA_K; i++, sk += ETA_BYTES) {
        unpack(&a, sk, MLDSA_ETA, 1, MLDSA_ETA_BITS);
        bad |= eta_bad(&a);
    }
    memset(&a, 0, sizeof a);
    return (int)bad;
}

#define Z_BYTES MLDSA_POLY_BYTES(MLDSA_Z_BITS)

void MLDSA_FN(sig_encode)(unsigned char sig[MLDSA_SIGBYTES],
                          const unsigned char ctilde[MLDSA_CTILDEBYTES],
                          const mldsa_polyvecl *z, const mldsa_polyveck *h)
{
    unsigned char *y;
    unsigned int i, j, index = 0;

    memcpy(sig, ctilde, MLDSA_CTILDEBYTES);
    sig += MLDSA_CTILDEBYTES;
    for (i = 0; i < MLDSA_L; i++, sig += Z_BYTES)
        pack(sig, &z->p[i], MLDSA_GAMMA1, 1, MLDSA_Z_BITS);
    /* HintBitPack: the positions of the ones, then the running counts; the
     * signature is public, h with it */
    y = sig;
    memset(y, 0, MLDSA_OMEGA + MLDSA_K);
    for (i = 0; i < MLDSA_K; i++) {
        for (j = 0; j < MLDSA_N; j++)
            if (h->p[i].c[j] != 0)
                y[index++] = (unsigned char)j;
        y[MLDSA_OMEGA + i] = (unsigned char)index;
    }
}

int MLDSA_FN(sig_decode)(unsigned char ctilde[MLDSA_CTILDEBYTES], mldsa_polyvecl *z,
                         mldsa_polyveck *h, const unsigned char sig[MLDSA_SIGBYTES])
{
    const unsigned char *y;
    unsigned int i, index = 0;

    memcpy(ctilde, sig, MLDSA_CTILDEBYTES);
    sig += MLDSA_CTILDEBYTES;
    for (i = 0; i < MLDSA_L; i++, sig += Z_BYTES)
        unpack(&z->p[i], sig, MLDSA_GAMMA1, 1, MLDSA_Z_BITS);
    /* HintBitUnpack with its malformed-input checks */
    y = sig;
    memset(h, 0, sizeof *h);
    for (i = 0; i < MLDSA_K; i++) {
        unsigned int first = index, end = y[MLDSA_OMEGA + i];
        if (end < index || end > MLDSA_OMEGA)
            return -1;
        for (; index < end; index++) {
            if (index > first && y[index - 1] >= y[index])
                return -1;
            h->p[i].c[y[index]] = 1;
        }
    }
    for (; index < MLDSA_OMEGA; index++)
        if (y[index] != 0)
            return -1;
    return 0;
}

void MLDSA_FN(w1_encode)(unsigned char out[MLDSA_W1_PACKEDBYTES], const mldsa_polyveck *w1)
{
    unsigned int i;
    for (i = 0; i < MLDSA_K; i++)
        pack(out + i * MLDSA_POLY_BYTES(MLDSA_W1_BITS), &w1->p[i], 0, 0, MLDSA_W1_BITS);
}
