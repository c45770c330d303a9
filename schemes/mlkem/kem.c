/*
 * kem.c - ML-KEM.KeyGen_internal, Encaps_internal and Decaps_internal
 * (FIPS 203 section 6) and the input checks of section 7.2 and section 7.3.
 *
 * dk = dk_PKE || ek || H(ek) || z.
 */
#include <string.h>

#include "fips202.h"
#include "indcpa.h"
#include "mlkem_internal.h"
#include "params.h"
#include "poly.h"
#include "verify.h"

#define DK_EK_OFFSET MLKEM_DKPKEBYTES
#define DK_H_OFFSET (DK_EK_OFFSET + MLKEM_EKBYTES)
#define DK_Z_OFFSET (DK_H_OFFSET + MLKEM_SYMBYTES)

int ngcc_mlkem_keygen_internal(unsigned char *ek, unsigned char *dk,
                               const unsigned char d[32], const unsigned char z[32])
{
    ngcc_mlkem_indcpa_keypair(ek, dk, d);
    memcpy(dk + DK_EK_OFFSET, ek, MLKEM_EKBYTES);
    ngcc_sha3_256(dk + DK_H_OFFSET, ek, MLKEM_EKBYTES);
    memcpy(dk + DK_Z_OFFSET, z, MLKEM_SYMBYTES);
    return 0;
}

int ngcc_mlkem_encaps_internal(unsigned char *k, unsigned char *c,
                               const unsigned char *ek, const unsigned char m[32])
{
    unsigned char in[2 * MLKEM_SYMBYTES], kr[2 * MLKEM_SYMBYTES];

    memcpy(in, m, MLKEM_SYMBYTES);
    ngcc_sha3_256(in + MLKEM_SYMBYTES, ek, MLKEM_EKBYTES);
    ngcc_sha3_512(kr, in, sizeof in);                 /* (K, r) = G(m || H(ek)) */
    ngcc_mlkem_indcpa_enc(c, ek, m, kr + MLKEM_SYMBYTES);
    memcpy(k, kr, MLKEM_SSBYTES);
    return 0;
}

int ngcc_mlkem_decaps_internal(unsigned char *k, const unsigned char *dk,
                               const unsigned char *c)
{
    unsigned char in[2 * MLKEM_SYMBYTES], kr[2 * MLKEM_SYMBYTES];
    unsigned char cmp[MLKEM_CTBYTES], zc[MLKEM_SYMBYTES + MLKEM_CTBYTES];
    unsigned char kbar[MLKEM_SSBYTES];
    int fail;

    ngcc_mlkem_indcpa_dec(in, dk, c);                 /* m' */
    memcpy(in + MLKEM_SYMBYTES, dk + DK_H_OFFSET, MLKEM_SYMBYTES);
    ngcc_sha3_512(kr, in, sizeof in);                 /* (K', r') = G(m' || h) */

    memcpy(zc, dk + DK_Z_OFFSET, MLKEM_SYMBYTES);     /* Kbar = J(z || c) */
    memcpy(zc + MLKEM_SYMBYTES, c, MLKEM_CTBYTES);
    ngcc_shake256(kbar, MLKEM_SSBYTES, zc, sizeof zc);

    ngcc_mlkem_indcpa_enc(cmp, dk + DK_EK_OFFSET, in, kr + MLKEM_SYMBYTES);
    fail = ngcc_mlkem_verify(c, cmp, MLKEM_CTBYTES);
    ngcc_mlkem_cmov(kr, kbar, MLKEM_SSBYTES, fail);
    memcpy(k, kr, MLKEM_SSBYTES);
    return 0;
}

int ngcc_mlkem_check_ek(const unsigned char *ek)
{
    unsigned int i;
    int ok = 1;
    for (i = 0; i < MLKEM_K; i++)
        ok &= ngcc_mlkem_poly_bytes_canonical(ek + i * MLKEM_POLYBYTES);
    return ok ? 0 : -1;
}

int ngcc_mlkem_check_dk(const unsigned char *dk)
{
    unsigned char h[MLKEM_SYMBYTES];
    ngcc_sha3_256(h, dk + DK_EK_OFFSET, MLKEM_EKBYTES);
    return ngcc_mlkem_verify(h, dk + DK_H_OFFSET, MLKEM_SYMBYTES) ? -1 : 0;
}
