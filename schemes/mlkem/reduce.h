/*
 * reduce.h - modular arithmetic mod q = 3329 on 16-bit signed values.
 *
 * Montgomery arithmetic uses R = 2^16.  Multiplication by a constant b is
 * done in the "high/low product" form: with b' = b * q^-1 mod 2^16,
 *     fqmul(a, b, b') = hi(a*b) - hi(lo(a*b') * q)  =  a*b*R^-1 (mod q),
 * where hi/lo are the upper/lower 16 bits of a 32-bit product; the result
 * has |r| < q for |a| < 2^15 and |b| <= q/2.  Written this way compilers map
 * it onto 16-bit SIMD multiplies when they vectorize a loop.
 *
 * All functions are branch-free.  Conversions of out-of-range values to
 * int16_t and right shifts of negative values are assumed to wrap /
 * be arithmetic, as on every two's complement target GCC and Clang support.
 */
#ifndef NGCC_MLKEM_REDUCE_H
#define NGCC_MLKEM_REDUCE_H

#include <stdint.h>

#include "params.h"

#define MLKEM_QINV (-3327)   /* q^-1 mod 2^16, signed */
#define MLKEM_BARRETT_V 20159 /* round(2^26 / q) */

static inline int16_t mlkem_hi(int16_t a, int16_t b)
{
    return (int16_t)(((int32_t)a * b) >> 16);
}

static inline int16_t mlkem_lo(int16_t a, int16_t b)
{
    return (int16_t)((int32_t)a * b);
}

/* a * b * R^-1 mod q, bq = b * q^-1 mod 2^16; |result| < q */
static inline int16_t mlkem_fqmul(int16_t a, int16_t b, int16_t bq)
{
    return (int16_t)(mlkem_hi(a, b) - mlkem_hi(mlkem_lo(a, bq), MLKEM_Q));
}

/* Montgomery reduction of a 32-bit value: a * R^-1 mod q, |a| < q * 2^15
 * gives |result| < q. */
static inline int16_t mlkem_montgomery_reduce(int32_t a)
{
    int16_t t = (int16_t)((int16_t)a * MLKEM_QINV);
    return (int16_t)((a - (int32_t)t * MLKEM_Q) >> 16);
}

/* Barrett reduction: a mod q with |result| <= q/2 + 1 for any int16 a. */
static inline int16_t mlkem_barrett_reduce(int16_t a)
{
    int16_t t = (int16_t)((mlkem_hi(a, MLKEM_BARRETT_V) + (1 << 9)) >> 10);
    return (int16_t)(a - t * MLKEM_Q);
}

/* Map a value in (-q, q) to [0, q). */
static inline int16_t mlkem_caddq(int16_t a)
{
    return (int16_t)(a + ((a >> 15) & MLKEM_Q));
}

/* Map a value in [0, 2q) to [0, q). */
static inline int16_t mlkem_csubq(int16_t a)
{
    a = (int16_t)(a - MLKEM_Q);
    return (int16_t)(a + ((a >> 15) & MLKEM_Q));
}

#endif
