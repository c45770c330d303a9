/*
 * KEM_AlgorithmInstance.c - ICCS KEM API on top of ML-KEM (FIPS 203 section 7):
 * randomness from the driver's DRNG, input checks, then the deterministic
 * internal functions.  Return codes are listed in KEM_AlgorithmInstance.h.
 */
#include <string.h>

#include "KEM_AlgorithmInstance.h"
#include "mlkem_internal.h"
#include "params.h"

extern DRNG_ctx drng_algorithm;

#define ERR_LENGTH (-2)
#define ERR_EK_CHECK (-3)
#define ERR_DK_CHECK (-4)
#define ERR_RANDOM (-5)
#define ERR_NULL (-6)

unsigned long long kem_get_pk_len_bytes(void) { return MLKEM_EKBYTES; }
unsigned long long kem_get_sk_len_bytes(void) { return MLKEM_DKBYTES; }
unsigned long long kem_get_ss_len_bytes(void) { return MLKEM_SSBYTES; }
unsigned long long kem_get_ct_len_bytes(void) { return MLKEM_CTBYTES; }

int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
               unsigned char *sk, unsigned long long *sk_len_bytes)
{
    unsigned char dz[2 * MLKEM_SYMBYTES];
    int ret;

    if (pk == NULL || pk_len_bytes == NULL || sk == NULL || sk_len_bytes == NULL)
        return ERR_NULL;
    /* one 512-bit draw: d = first 32 bytes, z = last 32 bytes */
    if (get_random_number(&drng_algorithm, dz, 8 * sizeof dz) != 0)
        return ERR_RANDOM;
    ret = ngcc_mlkem_keygen_internal(pk, sk, dz, dz + MLKEM_SYMBYTES);
    memset(dz, 0, sizeof dz);
    if (ret != 0)
        return ret;
    *pk_len_bytes = MLKEM_EKBYTES;
    *sk_len_bytes = MLKEM_DKBYTES;
    return 0;
}

int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes,
            unsigned char *ct, unsigned long long *ct_len_bytes)
{
    unsigned char m[MLKEM_SYMBYTES];
    int ret;

    if (pk == NULL || ss == NULL || ss_len_bytes == NULL || ct == NULL ||
        ct_len_bytes == NULL)
        return ERR_NULL;
    if (pk_len_bytes != MLKEM_EKBYTES)
        return ERR_LENGTH;
    if (ngcc_mlkem_check_ek(pk) != 0)
        return ERR_EK_CHECK;
    if (get_random_number(&drng_algorithm, m, 8 * sizeof m) != 0)
        return ERR_RANDOM;
    ret = ngcc_mlkem_encaps_internal(ss, ct, pk, m);
    memset(m, 0, sizeof m);
    if (ret != 0)
        return ret;
    *ss_len_bytes = MLKEM_SSBYTES;
    *ct_len_bytes = MLKEM_CTBYTES;
    return 0;
}

int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes,
            unsigned char *ct, unsigned long long ct_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes)
{
    int ret;

    if (sk == NULL || ct == NULL || ss == NULL || ss_len_bytes == NULL)
        return ERR_NULL;
    if (sk_len_bytes != MLKEM_DKBYTES || ct_len_bytes != MLKEM_CTBYTES)
        return ERR_LENGTH;
    if (ngcc_mlkem_check_dk(sk) != 0)
        return ERR_DK_CHECK;
    ret = ngcc_mlkem_decaps_internal(ss, sk, ct);
    if (ret != 0)
        return ret;
    *ss_len_bytes = MLKEM_SSBYTES;
    return 0;
}
