/*
 * SIG_AlgorithmInstance.c - ICCS signature API on top of ML-DSA (FIPS 204
 * section 5, pure ML-DSA with an empty context): randomness from the
 * driver's DRNG, input checks, then the deterministic internal functions.
 * Return codes are listed in SIG_AlgorithmInstance.h.
 */
#include <string.h>

#include "SIG_AlgorithmInstance.h"
#include "mldsa_internal.h"
#include "packing.h"
#include "params.h"

extern DRNG_ctx drng_algorithm;

#define ERR_LENGTH (-2)
#define ERR_SK (-3)
#define ERR_RANDOM (-5)
#define ERR_NULL (-6)

/* M' = IntegerToBytes(0, 1) || IntegerToBytes(|ctx| = 0, 1) || M */
static const unsigned char pure_empty_ctx[2] = { 0, 0 };

unsigned long long sig_get_pk_len_bytes(void) { return MLDSA_PKBYTES; }
unsigned long long sig_get_sk_len_bytes(void) { return MLDSA_SKBYTES; }
unsigned long long sig_get_sn_len_bytes(void) { return MLDSA_SIGBYTES; }

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
               unsigned char *sk, unsigned long long *sk_len_bytes)
{
    unsigned char xi[MLDSA_SEEDBYTES];

    if (pk == NULL || pk_len_bytes == NULL || sk == NULL || sk_len_bytes == NULL)
        return ERR_NULL;
    if (get_random_number(&drng_algorithm, xi, 8 * sizeof xi) != 0)
        return ERR_RANDOM;
    MLDSA_FN(keygen_internal)(pk, sk, xi);
    memset(xi, 0, sizeof xi);
    *pk_len_bytes = MLDSA_PKBYTES;
    *sk_len_bytes = MLDSA_SKBYTES;
    return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes,
             unsigned char *m, unsigned long long m_len_bytes,
             unsigned char *sn, unsigned long long *sn_len_bytes)
{
    unsigned char rnd[MLDSA_RNDBYTES];

    if (sk == NULL || (m == NULL && m_len_bytes != 0) || sn == NULL || sn_len_bytes == NULL)
        return ERR_NULL;
    if (sk_len_bytes != MLDSA_SKBYTES)
        return ERR_LENGTH;
    if (mldsa_check_sk(sk) != 0)
        return ERR_SK;
    if (get_random_number(&drng_algorithm, rnd, 8 * sizeof rnd) != 0)
        return ERR_RANDOM;
    /* sign_internal refuses a malformed sk too: its -1 cannot happen here */
    (void)MLDSA_FN(sign_internal)(sn, sk, pure_empty_ctx, sizeof pure_empty_ctx,
                                  m, (size_t)m_len_bytes, rnd);
    memset(rnd, 0, sizeof rnd);
    *sn_len_bytes = MLDSA_SIGBYTES;
    return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes,
               unsigned char *sn, unsigned long long sn_len_bytes,
               unsigned char *m, unsigned long long m_len_bytes)
{
    if (pk == NULL || sn == NULL || (m == NULL && m_len_bytes != 0))
        return ERR_NULL;
    if (pk_len_bytes != MLDSA_PKBYTES)
        return ERR_LENGTH;
    if (sn_len_bytes != MLDSA_SIGBYTES)
        return -1;
    return MLDSA_FN(verify_internal)(pk, pure_empty_ctx, sizeof pure_empty_ctx,
                                     m, (size_t)m_len_bytes, sn, (size_t)sn_len_bytes);
}
