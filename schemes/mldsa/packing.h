/*
 * packing.h - the encodings of FIPS 204 section 7.2 (packing.c): the
 * polynomial packings, pkEncode/pkDecode, skEncode/skDecode,
 * sigEncode/sigDecode with HintBitPack/HintBitUnpack, w1Encode.
 */
#ifndef NGCC_MLDSA_PACKING_H
#define NGCC_MLDSA_PACKING_H

#include "params.h"
#include "poly.h"

/* y = BitUnpack(buf, gamma1 - 1, gamma1): coefficients in (-gamma1, gamma1] */
void MLDSA_FN(unpack_z)(mldsa_poly *y, const unsigned char *buf);

/* pkEncode / pkDecode (Algorithms 22, 23); t1 in [0, 2^10) */
void MLDSA_FN(pk_encode)(unsigned char pk[MLDSA_PKBYTES],
                         const unsigned char rho[MLDSA_SEEDBYTES], const mldsa_polyveck *t1);
void MLDSA_FN(pk_decode)(unsigned char rho[MLDSA_SEEDBYTES], mldsa_polyveck *t1,
                         const unsigned char pk[MLDSA_PKBYTES]);

/* skEncode / skDecode (Algorithms 24, 25); s1, s2 in [-eta, eta], t0 in
 * (-2^12, 2^12] */
void MLDSA_FN(sk_encode)(unsigned char sk[MLDSA_SKBYTES],
                         const unsigned char rho[MLDSA_SEEDBYTES],
                         const unsigned char key[MLDSA_SEEDBYTES],
                         const unsigned char tr[MLDSA_TRBYTES],
                         const mldsa_polyvecl *s1, const mldsa_polyveck *s2,
                         const mldsa_polyveck *t0);
void MLDSA_FN(sk_decode)(unsigned char rho[MLDSA_SEEDBYTES],
                         unsigned char key[MLDSA_SEEDBYTES],
                         unsigned char tr[MLDSA_TRBYTES],
                         mldsa_polyvecl *s1, mldsa_polyveck *s2, mldsa_polyveck *t0,
                         const unsigned char sk[MLDSA_SKBYTES]);
/* 0 if every coefficient of s1 and s2 in sk is in [-eta, eta], else -1 (an
 * sk that skEncode cannot produce), decided without a branch on the key */
int MLDSA_FN(check_sk)(const unsigned char sk[MLDSA_SKBYTES]);
/* its plain name at the call, for the screening's check_sk() pattern, which
 * reads the calling line (data/screening-patterns.txt) */
#define mldsa_check_sk MLDSA_FN(check_sk)

/* sigEncode / sigDecode (Algorithms 26, 27; HintBitPack/Unpack 20, 21);
 * z centred in (-gamma1, gamma1], h of 0/1 with at most omega ones.
 * sig_decode returns 0, or -1 when the hint encoding is malformed (the
 * checks of Algorithm 21: counts out of order or above omega, positions
 * not strictly increasing, non-zero padding). */
void MLDSA_FN(sig_encode)(unsigned char sig[MLDSA_SIGBYTES],
                          const unsigned char ctilde[MLDSA_CTILDEBYTES],
                          const mldsa_polyvecl *z, const mldsa_polyveck *h);
int MLDSA_FN(sig_decode)(unsigned char ctilde[MLDSA_CTILDEBYTES], mldsa_polyvecl *z,
                         mldsa_polyveck *h, const unsigned char sig[MLDSA_SIGBYTES]);

/* w1Encode (Algorithm 28); w1 in [0, (q-1) / 2 gamma2) */
void MLDSA_FN(w1_encode)(unsigned char out[MLDSA_W1_PACKEDBYTES], const mldsa_polyveck *w1);

#endif
