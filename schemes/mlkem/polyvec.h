/*
 * polyvec.h - vectors of MLKEM_K polynomials.
 */
#ifndef NGCC_MLKEM_POLYVEC_H
#define NGCC_MLKEM_POLYVEC_H

#include "params.h"
#include "poly.h"

typedef struct {
    ngcc_mlkem_poly vec[MLKEM_K];
} ngcc_mlkem_polyvec;

/* multiplication caches (ngcc_mlkem_mulcache) of a vector in NTT domain */
typedef struct {
    int16_t vec[MLKEM_K][MLKEM_N / 2];
} ngcc_mlkem_polyvec_cache;

void ngcc_mlkem_polyvec_tobytes(unsigned char r[MLKEM_POLYVECBYTES], const ngcc_mlkem_polyvec *a);
void ngcc_mlkem_polyvec_frombytes(ngcc_mlkem_polyvec *r, const unsigned char a[MLKEM_POLYVECBYTES]);
void ngcc_mlkem_polyvec_compress_du(unsigned char r[MLKEM_K * MLKEM_POLYCOMP_DU],
                                    const ngcc_mlkem_polyvec *a);
void ngcc_mlkem_polyvec_decompress_du(ngcc_mlkem_polyvec *r,
                                      const unsigned char a[MLKEM_K * MLKEM_POLYCOMP_DU]);
void ngcc_mlkem_polyvec_ntt(ngcc_mlkem_polyvec *r);
void ngcc_mlkem_polyvec_mulcache(ngcc_mlkem_polyvec_cache *c, const ngcc_mlkem_polyvec *a);
/* r = a^T o b (sum of MultiplyNTTs) times R^-1, |r| < q */
void ngcc_mlkem_polyvec_basemul(ngcc_mlkem_poly *r, const ngcc_mlkem_polyvec *a,
                                const ngcc_mlkem_polyvec *b,
                                const ngcc_mlkem_polyvec_cache *bc);

#endif
