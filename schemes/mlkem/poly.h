/*
 * poly.h - polynomials of R_q (256 int16 coefficients): encoding and
 * compression (FIPS 203 section 4.2.1, Algorithms 5-6), sampling (Algorithms 7-8)
 * and coefficient-wise helpers.
 */
#ifndef NGCC_MLKEM_POLY_H
#define NGCC_MLKEM_POLY_H

#include <stdint.h>

#include "params.h"

typedef struct {
    int16_t c[MLKEM_N];
} ngcc_mlkem_poly;

/* ByteEncode_12 of a polynomial with coefficients in [0, q). */
void ngcc_mlkem_poly_tobytes(unsigned char r[MLKEM_POLYBYTES], const ngcc_mlkem_poly *a);
/* ByteDecode_12 followed by reduction mod q: coefficients in [0, q). */
void ngcc_mlkem_poly_frombytes(ngcc_mlkem_poly *r, const unsigned char a[MLKEM_POLYBYTES]);
/* 1 if all 256 12-bit values of a are < q, else 0 (FIPS 203 section 7.2 check). */
int ngcc_mlkem_poly_bytes_canonical(const unsigned char a[MLKEM_POLYBYTES]);

/* ByteEncode_d(Compress_d(a)) for d = du / dv; a in [0, q). */
void ngcc_mlkem_poly_compress_du(unsigned char r[MLKEM_POLYCOMP_DU], const ngcc_mlkem_poly *a);
void ngcc_mlkem_poly_decompress_du(ngcc_mlkem_poly *r, const unsigned char a[MLKEM_POLYCOMP_DU]);
void ngcc_mlkem_poly_compress_dv(unsigned char r[MLKEM_POLYCOMP_DV], const ngcc_mlkem_poly *a);
void ngcc_mlkem_poly_decompress_dv(ngcc_mlkem_poly *r, const unsigned char a[MLKEM_POLYCOMP_DV]);
/* Decompress_1(ByteDecode_1(m)) and ByteEncode_1(Compress_1(a)), a in [0, q). */
void ngcc_mlkem_poly_frommsg(ngcc_mlkem_poly *r, const unsigned char m[MLKEM_SYMBYTES]);
void ngcc_mlkem_poly_tomsg(unsigned char m[MLKEM_SYMBYTES], const ngcc_mlkem_poly *a);

/* SamplePolyCBD_eta from 64*eta bytes (eta = 2 or 3). */
void ngcc_mlkem_poly_cbd2(ngcc_mlkem_poly *r, const unsigned char buf[128]);
void ngcc_mlkem_poly_cbd3(ngcc_mlkem_poly *r, const unsigned char buf[192]);
/* PRF_eta(sigma, nonce) then SamplePolyCBD_eta. */
void ngcc_mlkem_poly_getnoise_eta1(ngcc_mlkem_poly *r, const unsigned char seed[MLKEM_SYMBYTES],
                                   unsigned char nonce);
void ngcc_mlkem_poly_getnoise_eta2(ngcc_mlkem_poly *r, const unsigned char seed[MLKEM_SYMBYTES],
                                   unsigned char nonce);
/* SampleNTT(rho || x || y): uniform polynomial in the NTT domain, [0, q). */
void ngcc_mlkem_poly_uniform(ngcc_mlkem_poly *r, const unsigned char rho[MLKEM_SYMBYTES],
                             unsigned char x, unsigned char y);

/* r = a mod q in [0, q) for any int16 coefficients. */
void ngcc_mlkem_poly_reduce(ngcc_mlkem_poly *r);
void ngcc_mlkem_poly_add(ngcc_mlkem_poly *r, const ngcc_mlkem_poly *a);
void ngcc_mlkem_poly_sub(ngcc_mlkem_poly *r, const ngcc_mlkem_poly *a, const ngcc_mlkem_poly *b);

#endif
