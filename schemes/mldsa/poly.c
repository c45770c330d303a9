/*
 * poly.c - polynomial arithmetic and the rounding functions of FIPS 204
 * section 7.4 for ML-DSA.  Written for ngcc-perf from FIPS 204.  Everything
 * here is branch-free and indexes memory only by public loop counters: the
 * comparisons are computed as sign bits of differences.
 */
#include "ntt.h"
#include "poly.h"
#include "reduce.h"

void MLDSA_FN(matrix_mul)(mldsa_polyveck *r, const mldsa_matrix *a,
                          const mldsa_polyvecl *v)
{
    unsigned int i, j;
    for (i = 0; i < MLDSA_K; i++) {
        MLDSA_FN(pointwise)(r->p[i].c, a->row[i].p[0].c, v->p[0].c);
        for (j = 1; j < MLDSA_L; j++)
            MLDSA_FN(pointwise_acc)(r->p[i].c, a->row[i].p[j].c, v->p[j].c);
        MLDSA_FN(poly_reduce)(&r->p[i]);
    }
}

void MLDSA_FN(poly_reduce)(mldsa_poly *a)
{
    unsigned int i;
    for (i = 0; i < MLDSA_N; i++)
        a->c[i] = mldsa_reduce32(a->c[i]);
}

void MLDSA_FN(poly_freeze)(mldsa_poly *a)
{
    unsigned int i;
    for (i = 0; i < MLDSA_N; i++)
        a->c[i] = mldsa_freeze(a->c[i]);
}

void MLDSA_FN(poly_power2round)(mldsa_poly *r1, mldsa_poly *r0, const mldsa_poly *a)
{
    unsigned int i;
    for (i = 0; i < MLDSA_N; i++) {
        /* r0 = a mod+- 2^d in (-2^(d-1), 2^(d-1)], r1 = (a - r0) / 2^d */
        int32_t hi = (a->c[i] + (1 << (MLDSA_D - 1)) - 1) >> MLDSA_D;
        r0->c[i] = a->c[i] - (hi << MLDSA_D);
        r1->c[i] = hi;
    }
}

/* Decompose (Algorithm 36) of a in [0, q): returns r1, sets *r0. */
static int32_t decompose(int32_t *r0, int32_t a)
{
    /* r1 = ceil((a - gamma2) / 2 gamma2) puts r0 = a - 2 gamma2 r1 in
     * (-gamma2, gamma2]; r1 is at most (q-1) / 2 gamma2, where FIPS 204
     * wraps to r1 = 0, r0 - 1.  The division by a constant compiles to a
     * multiplication. */
    int32_t r1 = (int32_t)((uint32_t)(a + MLDSA_GAMMA2 - 1) / (2 * MLDSA_GAMMA2));
    int32_t wrap = -(int32_t)(((uint32_t)(r1 ^ MLDSA_W1_MAX) - 1) >> 31);
    *r0 = a - r1 * 2 * MLDSA_GAMMA2 - (wrap & 1);
    return r1 & ~wrap;
}

void MLDSA_FN(poly_decompose)(mldsa_poly *r1, mldsa_poly *r0, const mldsa_poly *a)
{
    unsigned int i;
    for (i = 0; i < MLDSA_N; i++)
        r1->c[i] = decompose(&r0->c[i], a->c[i]);
}

unsigned int MLDSA_FN(poly_make_hint)(mldsa_poly *h, const mldsa_poly *r,
                                      const mldsa_poly *rz)
{
    unsigned int i, n = 0;
    int32_t lo;
    for (i = 0; i < MLDSA_N; i++) {
        uint32_t d = (uint32_t)(decompose(&lo, r->c[i]) ^ decompose(&lo, rz->c[i]));
        uint32_t bit = (d | (0u - d)) >> 31;   /* d != 0 */
        h->c[i] = (int32_t)bit;
        n += bit;
    }
    return n;
}

void MLDSA_FN(poly_use_hint)(mldsa_poly *a, const mldsa_poly *h)
{
    unsigned int i;
    for (i = 0; i < MLDSA_N; i++) {
        int32_t r0, r1 = decompose(&r0, a->c[i]);
        /* with a hint: r1 + 1 if r0 > 0, else r1 - 1, mod (q-1) / 2 gamma2 */
        int32_t up = (-r0) >> 31;               /* -1 if r0 > 0 */
        int32_t step = h->c[i] * ((up & 2) - 1);
        r1 += step;
        r1 += (r1 >> 31) & MLDSA_W1_MAX;
        r1 -= ((MLDSA_W1_MAX - 1 - r1) >> 31) & MLDSA_W1_MAX;
        a->c[i] = r1;
    }
}

int MLDSA_FN(poly_exceeds)(const mldsa_poly *a, int32_t bound)
{
    unsigned int i;
    int32_t bad = 0;
    for (i = 0; i < MLDSA_N; i++)
        bad |= (bound - 1 - mldsa_abs(a->c[i])) >> 31;
    return bad & 1;
}
