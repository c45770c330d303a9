/*
 * indcpa.c - K-PKE.KeyGen, K-PKE.Encrypt and K-PKE.Decrypt (FIPS 203 section 5).
 *
 * The matrix A (in the NTT domain) is never stored: each entry is sampled
 * when it is needed and multiplied into a 32-bit accumulator, so a row costs
 * one Montgomery reduction per coefficient.  The vector multiplied by A is
 * transformed once and its base-case multiplication cache is computed once.
 */
#include <string.h>

#include "fips202.h"
#include "indcpa.h"
#include "ntt.h"
#include "poly.h"
#include "polyvec.h"

/* row i of A o b (transposed = 0) or of A^T o b (transposed = 1), where
 * A[i][j] = SampleNTT(rho || j || i); result times R^-1, |r| < q */
static void matrix_row(ngcc_mlkem_poly *r, const unsigned char rho[MLKEM_SYMBYTES],
                       unsigned int i, int transposed, const ngcc_mlkem_polyvec *b,
                       const ngcc_mlkem_polyvec_cache *bc)
{
    int32_t acc[MLKEM_N] = {0};
    ngcc_mlkem_poly a;
    unsigned int j;
    for (j = 0; j < MLKEM_K; j++) {
        if (transposed)
            ngcc_mlkem_poly_uniform(&a, rho, (unsigned char)i, (unsigned char)j);
        else
            ngcc_mlkem_poly_uniform(&a, rho, (unsigned char)j, (unsigned char)i);
        ngcc_mlkem_basemul_acc(acc, a.c, b->vec[j].c, bc->vec[j]);
    }
    ngcc_mlkem_acc_reduce(r->c, acc);
}

void ngcc_mlkem_indcpa_keypair(unsigned char ek[MLKEM_EKBYTES],
                               unsigned char dk[MLKEM_DKPKEBYTES],
                               const unsigned char d[MLKEM_SYMBYTES])
{
    unsigned char in[MLKEM_SYMBYTES + 1], seeds[2 * MLKEM_SYMBYTES];
    const unsigned char *rho = seeds, *sigma = seeds + MLKEM_SYMBYTES;
    ngcc_mlkem_polyvec s, e, t;
    ngcc_mlkem_polyvec_cache sc;
    unsigned int i;

    memcpy(in, d, MLKEM_SYMBYTES);
    in[MLKEM_SYMBYTES] = MLKEM_K;
    ngcc_sha3_512(seeds, in, sizeof in);                  /* (rho, sigma) = G(d || k) */

    for (i = 0; i < MLKEM_K; i++)
        ngcc_mlkem_poly_getnoise_eta1(&s.vec[i], sigma, (unsigned char)i);
    for (i = 0; i < MLKEM_K; i++)
        ngcc_mlkem_poly_getnoise_eta1(&e.vec[i], sigma, (unsigned char)(MLKEM_K + i));
    ngcc_mlkem_polyvec_ntt(&s);                           /* in [0, q) */
    ngcc_mlkem_polyvec_ntt(&e);
    ngcc_mlkem_polyvec_mulcache(&sc, &s);

    for (i = 0; i < MLKEM_K; i++) {
        matrix_row(&t.vec[i], rho, i, 0, &s, &sc);
        ngcc_mlkem_tomont(t.vec[i].c);
        ngcc_mlkem_poly_add(&t.vec[i], &e.vec[i]);
        ngcc_mlkem_poly_reduce(&t.vec[i]);
    }
    ngcc_mlkem_polyvec_tobytes(ek, &t);
    memcpy(ek + MLKEM_POLYVECBYTES, rho, MLKEM_SYMBYTES);
    ngcc_mlkem_polyvec_tobytes(dk, &s);
}

void ngcc_mlkem_indcpa_enc(unsigned char c[MLKEM_CTBYTES],
                           const unsigned char ek[MLKEM_EKBYTES],
                           const unsigned char m[MLKEM_SYMBYTES],
                           const unsigned char r[MLKEM_SYMBYTES])
{
    const unsigned char *rho = ek + MLKEM_POLYVECBYTES;
    ngcc_mlkem_polyvec t, y, u;
    ngcc_mlkem_polyvec_cache yc;
    ngcc_mlkem_poly e, v, mu;
    unsigned int i;

    for (i = 0; i < MLKEM_K; i++)
        ngcc_mlkem_poly_getnoise_eta1(&y.vec[i], r, (unsigned char)i);
    ngcc_mlkem_polyvec_ntt(&y);
    ngcc_mlkem_polyvec_mulcache(&yc, &y);

    for (i = 0; i < MLKEM_K; i++) {             /* u = NTT^-1(A^T o y) + e1 */
        matrix_row(&u.vec[i], rho, i, 1, &y, &yc);
        ngcc_mlkem_invntt(u.vec[i].c);
        ngcc_mlkem_poly_getnoise_eta2(&e, r, (unsigned char)(MLKEM_K + i));
        ngcc_mlkem_poly_add(&u.vec[i], &e);
        ngcc_mlkem_poly_reduce(&u.vec[i]);
    }
    ngcc_mlkem_polyvec_compress_du(c, &u);

    ngcc_mlkem_polyvec_frombytes(&t, ek);       /* v = NTT^-1(t^T o y) + e2 + mu */
    ngcc_mlkem_polyvec_basemul(&v, &t, &y, &yc);
    ngcc_mlkem_invntt(v.c);
    ngcc_mlkem_poly_getnoise_eta2(&e, r, (unsigned char)(2 * MLKEM_K));
    ngcc_mlkem_poly_frommsg(&mu, m);
    ngcc_mlkem_poly_add(&v, &e);
    ngcc_mlkem_poly_add(&v, &mu);
    ngcc_mlkem_poly_reduce(&v);
    ngcc_mlkem_poly_compress_dv(c + MLKEM_K * MLKEM_POLYCOMP_DU, &v);
}

void ngcc_mlkem_indcpa_dec(unsigned char m[MLKEM_SYMBYTES],
                           const unsigned char dk[MLKEM_DKPKEBYTES],
                           const unsigned char c[MLKEM_CTBYTES])
{
    ngcc_mlkem_polyvec u, s;
    ngcc_mlkem_polyvec_cache uc;
    ngcc_mlkem_poly v, w;

    ngcc_mlkem_polyvec_decompress_du(&u, c);
    ngcc_mlkem_poly_decompress_dv(&v, c + MLKEM_K * MLKEM_POLYCOMP_DU);
    ngcc_mlkem_polyvec_frombytes(&s, dk);
    ngcc_mlkem_polyvec_ntt(&u);
    ngcc_mlkem_polyvec_mulcache(&uc, &u);
    ngcc_mlkem_polyvec_basemul(&w, &s, &u, &uc);  /* w = v - NTT^-1(s^T o u) */
    ngcc_mlkem_invntt(w.c);
    ngcc_mlkem_poly_sub(&w, &v, &w);
    ngcc_mlkem_poly_reduce(&w);
    ngcc_mlkem_poly_tomsg(m, &w);
}
