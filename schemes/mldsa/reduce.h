/*
 * reduce.h - arithmetic mod q = 8380417 on 32-bit signed coefficients:
 * Montgomery reduction (R = 2^32), a Barrett-like reduction and the
 * canonical and centred representatives.  All functions are branch-free;
 * right shifts of negative values are assumed arithmetic (two's complement
 * targets of GCC and Clang).
 */
#ifndef NGCC_MLDSA_REDUCE_H
#define NGCC_MLDSA_REDUCE_H

#include <stdint.h>

#include "params.h"

#define MLDSA_QINV 58728449 /* q^-1 mod 2^32 */

/* a * 2^-32 mod q for |a| < 2^31 q; the result lies in (-q, q). */
static inline int32_t mldsa_montgomery_reduce(int64_t a)
{
    int32_t t = (int32_t)(uint32_t)((uint64_t)a * (uint64_t)MLDSA_QINV);
    return (int32_t)((a - (int64_t)t * MLDSA_Q) >> 32);
}

/* a mod q in [-6283009, 6283008] for a <= 2^31 - 2^22. */
static inline int32_t mldsa_reduce32(int32_t a)
{
    int32_t t = (a + (1 << 22)) >> 23;
    return a - t * MLDSA_Q;
}

/* a + q if a is negative: (-q, q) to [0, q). */
static inline int32_t mldsa_caddq(int32_t a)
{
    return a + ((a >> 31) & MLDSA_Q);
}

/* the representative of a in [0, q), for |a| < 2^31 - 2^22 */
static inline int32_t mldsa_freeze(int32_t a)
{
    return mldsa_caddq(mldsa_reduce32(a));
}

/* the centred representative a mod+- q in [-(q-1)/2, (q-1)/2] of a in [0, q) */
static inline int32_t mldsa_center(int32_t a)
{
    return a - (((((MLDSA_Q - 1) / 2) - a) >> 31) & MLDSA_Q);
}

/* |a| for |a| < 2^31 */
static inline int32_t mldsa_abs(int32_t a)
{
    int32_t m = a >> 31;
    return (a ^ m) - m;
}

#endif
