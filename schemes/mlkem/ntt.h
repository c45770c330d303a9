/*
 * ntt.h - NTT, inverse NTT and base-case multiplication (FIPS 203 section 4.3).
 */
#ifndef NGCC_MLKEM_NTT_H
#define NGCC_MLKEM_NTT_H

#include <stdint.h>

#include "params.h"

/* In place: FIPS 203 NTT (Algorithm 9); input |a| < q, output in [0, q). */
void ngcc_mlkem_ntt(int16_t r[MLKEM_N]);
/* In place: FIPS 203 NTT^-1 (Algorithm 10) times R, i.e. it also cancels
 * the R^-1 of ngcc_mlkem_acc_reduce; input |a| < q, output |a| < q. */
void ngcc_mlkem_invntt(int16_t r[MLKEM_N]);
/* a -> a * R mod q (cancels one R^-1); output |a| < q. */
void ngcc_mlkem_tomont(int16_t r[MLKEM_N]);
/* cache[i] = b[2i+1] * gamma_i mod q, gamma_i = zeta^(2 BitRev7(i) + 1);
 * |b| < 2^15 in, |cache| < q out. */
void ngcc_mlkem_mulcache(int16_t cache[MLKEM_N / 2], const int16_t b[MLKEM_N]);
/* acc += a o b (MultiplyNTTs, Algorithm 11, without reduction), using
 * bcache from ngcc_mlkem_mulcache(b).  With |a| < q and |b|, |bcache| < q
 * at most 4 calls may accumulate (|acc| < 8 q^2 < q 2^15). */
void ngcc_mlkem_basemul_acc(int32_t acc[MLKEM_N], const int16_t a[MLKEM_N],
                            const int16_t b[MLKEM_N],
                            const int16_t bcache[MLKEM_N / 2]);
/* r = acc * R^-1 mod q, |r| < q. */
void ngcc_mlkem_acc_reduce(int16_t r[MLKEM_N], const int32_t acc[MLKEM_N]);

#endif
