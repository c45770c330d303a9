/*
 * ntt.h - NTT, inverse NTT and pointwise products of ML-DSA (ntt.c).
 */
#ifndef NGCC_MLDSA_NTT_H
#define NGCC_MLDSA_NTT_H

#include <stdint.h>

#include "params.h"

/* in place; |a| < q in, |a| < 9q out (bit-reversed order, FIPS 204 Alg. 41) */
void MLDSA_FN(ntt)(int32_t a[MLDSA_N]);
/* in place; |a| < q in (reduce32 a sum of products first); out |a| < q,
 * times 2^32 */
void MLDSA_FN(invntt_tomont)(int32_t a[MLDSA_N]);
/* c = a * b * 2^-32 (|c| < q), and c += a * b * 2^-32 */
void MLDSA_FN(pointwise)(int32_t c[MLDSA_N], const int32_t a[MLDSA_N],
                         const int32_t b[MLDSA_N]);
void MLDSA_FN(pointwise_acc)(int32_t c[MLDSA_N], const int32_t a[MLDSA_N],
                             const int32_t b[MLDSA_N]);

#endif
