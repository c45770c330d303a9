/*
 * polyvec.c - vectors of polynomials: encoding, compression, NTT and the
 * inner product in the NTT domain.
 */
#include <stdint.h>

#include "ntt.h"
#include "polyvec.h"

void ngcc_mlkem_polyvec_tobytes(unsigned char r[MLKEM_POLYVECBYTES], const ngcc_mlkem_polyvec *a)
{
    unsigned int i;
    for (i = 0; i < MLKEM_K; i++)
        ngcc_mlkem_poly_tobytes(r + i * MLKEM_POLYBYTES, &a->vec[i]);
}

void ngcc_mlkem_polyvec_frombytes(ngcc_mlkem_polyvec *r, const unsigned char a[MLKEM_POLYVECBYTES])
{
    unsigned int i;
    for (i = 0; i < MLKEM_K; i++)
        ngcc_mlkem_poly_frombytes(&r->vec[i], a + i * MLKEM_POLYBYTES);
}

void ngcc_mlkem_polyvec_compress_du(unsigned char r[MLKEM_K * MLKEM_POLYCOMP_DU],
                                    const ngcc_mlkem_polyvec *a)
{
    unsigned int i;
    for (i = 0; i < MLKEM_K; i++)
        ngcc_mlkem_poly_compress_du(r + i * MLKEM_POLYCOMP_DU, &a->vec[i]);
}

void ngcc_mlkem_polyvec_decompress_du(ngcc_mlkem_polyvec *r,
                                      const unsigned char a[MLKEM_K * MLKEM_POLYCOMP_DU])
{
    unsigned int i;
    for (i = 0; i < MLKEM_K; i++)
        ngcc_mlkem_poly_decompress_du(&r->vec[i], a + i * MLKEM_POLYCOMP_DU);
}

void ngcc_mlkem_polyvec_ntt(ngcc_mlkem_polyvec *r)
{
    unsigned int i;
    for (i = 0; i < MLKEM_K; i++)
        ngcc_mlkem_ntt(r->vec[i].c);
}

void ngcc_mlkem_polyvec_mulcache(ngcc_mlkem_polyvec_cache *c, const ngcc_mlkem_polyvec *a)
{
    unsigned int i;
    for (i = 0; i < MLKEM_K; i++)
        ngcc_mlkem_mulcache(c->vec[i], a->vec[i].c);
}

void ngcc_mlkem_polyvec_basemul(ngcc_mlkem_poly *r, const ngcc_mlkem_polyvec *a,
                                const ngcc_mlkem_polyvec *b,
                                const ngcc_mlkem_polyvec_cache *bc)
{
    int32_t acc[MLKEM_N] = {0};
    unsigned int i;
    for (i = 0; i < MLKEM_K; i++)
        ngcc_mlkem_basemul_acc(acc, a->vec[i].c, b->vec[i].c, bc->vec[i]);
    ngcc_mlkem_acc_reduce(r->c, acc);
}
