/*
 * poly.h - ML-DSA polynomials and vectors, the rounding functions of FIPS 204
 * section 7.4 (Power2Round, Decompose, HighBits, LowBits, MakeHint, UseHint),
 * the infinity-norm check and the samplers of section 7.3 (poly.c, sample.c).
 */
#ifndef NGCC_MLDSA_POLY_H
#define NGCC_MLDSA_POLY_H

#include <stdint.h>

#include "params.h"

typedef struct { int32_t c[MLDSA_N]; } mldsa_poly;
typedef struct { mldsa_poly p[MLDSA_L]; } mldsa_polyvecl;
typedef struct { mldsa_poly p[MLDSA_K]; } mldsa_polyveck;
typedef struct { mldsa_polyvecl row[MLDSA_K]; } mldsa_matrix;

/* poly.c: arithmetic and rounding (all branch-free) */
/* r = A * v in the NTT domain (times 2^-32), each row reduced (reduce32) */
void MLDSA_FN(matrix_mul)(mldsa_polyveck *r, const mldsa_matrix *a,
                          const mldsa_polyvecl *v);
/* every coefficient reduced mod q to |a| < q (|a| < 2^31 - 2^22 in) */
void MLDSA_FN(poly_reduce)(mldsa_poly *a);
/* every coefficient to [0, q) (|a| < 2^31 - 2^22) */
void MLDSA_FN(poly_freeze)(mldsa_poly *a);
/* (r1, r0) = Power2Round(a) for a in [0, q) (Algorithm 35) */
void MLDSA_FN(poly_power2round)(mldsa_poly *r1, mldsa_poly *r0, const mldsa_poly *a);
/* r1 = HighBits(a), r0 = LowBits(a) for a in [0, q) (Algorithms 36-38) */
void MLDSA_FN(poly_decompose)(mldsa_poly *r1, mldsa_poly *r0, const mldsa_poly *a);
/* h = MakeHint(z, r) given r and r + z, both in [0, q) (Algorithm 39):
 * h_i = HighBits(r_i) != HighBits(r_i + z_i); returns the number of ones */
unsigned int MLDSA_FN(poly_make_hint)(mldsa_poly *h, const mldsa_poly *r,
                                      const mldsa_poly *rz);
/* a = UseHint(h, a) for a in [0, q) (Algorithm 40) */
void MLDSA_FN(poly_use_hint)(mldsa_poly *a, const mldsa_poly *h);
/* 1 if some |a_i| >= bound (a_i centred, |a_i| < 2^31), else 0; no branch */
int MLDSA_FN(poly_exceeds)(const mldsa_poly *a, int32_t bound);

/* sample.c: FIPS 204 section 7.3 */
/* A_hat = ExpandA(rho) (Algorithm 32), in the NTT domain */
void MLDSA_FN(expand_a)(mldsa_matrix *a, const unsigned char rho[MLDSA_SEEDBYTES]);
/* (s1, s2) = ExpandS(rho') (Algorithm 33), coefficients in [-eta, eta] */
void MLDSA_FN(expand_s)(mldsa_polyvecl *s1, mldsa_polyveck *s2,
                        const unsigned char rho[MLDSA_CRHBYTES]);
/* y = ExpandMask(rho'', kappa) (Algorithm 34), coefficients in (-gamma1, gamma1] */
void MLDSA_FN(expand_mask)(mldsa_polyvecl *y, const unsigned char rho[MLDSA_CRHBYTES],
                           unsigned int kappa);
/* c = SampleInBall(c~) (Algorithm 29): tau coefficients +-1 */
void MLDSA_FN(sample_in_ball)(mldsa_poly *c, const unsigned char ctilde[MLDSA_CTILDEBYTES]);

#endif
