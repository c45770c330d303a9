/*
 * KEM_AlgorithmInstance.h - the ICCS KEM API (iccs.md section 1) for the package's
 * own ML-KEM (FIPS 203).  The parameter set is chosen when the instance is
 * compiled: -DNGCC_MLKEM_K=2 (ML-KEM-512), 3 (ML-KEM-768, default) or 4
 * (ML-KEM-1024).
 *
 * Return codes (0 = success):
 *   kem_keygen: -5 get_random_number failed, -6 NULL pointer argument.
 *   kem_enc:    -2 pk_len_bytes is not the encapsulation key size,
 *               -3 encapsulation key fails the FIPS 203 section 7.2 modulus check,
 *               -5 get_random_number failed, -6 NULL pointer argument.
 *   kem_dec:    -1 "decapsulation unsuccessful": never returned, an invalid
 *                  ciphertext yields the implicit-rejection key and 0;
 *               -2 sk_len_bytes or ct_len_bytes is not the expected size,
 *               -4 decapsulation key fails the FIPS 203 section 7.3 hash check,
 *               -6 NULL pointer argument.
 */
#ifndef KEM_ALGORITHMINSTANCE_H
#define KEM_ALGORITHMINSTANCE_H

#include "drng.h"

#define OUTPUT_BLANK_TEST_VECTORS 0

#ifndef NGCC_MLKEM_K
#define NGCC_MLKEM_K 3
#endif
#if NGCC_MLKEM_K == 2
#define ALGORITHM_INSTANCE "ML-KEM-512"
#elif NGCC_MLKEM_K == 3
#define ALGORITHM_INSTANCE "ML-KEM-768"
#elif NGCC_MLKEM_K == 4
#define ALGORITHM_INSTANCE "ML-KEM-1024"
#else
#error "NGCC_MLKEM_K must be 2, 3 or 4"
#endif

#ifdef __cplusplus
extern "C" {
#endif

unsigned long long kem_get_pk_len_bytes();
unsigned long long kem_get_sk_len_bytes();
unsigned long long kem_get_ss_len_bytes();
unsigned long long kem_get_ct_len_bytes();
int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
               unsigned char *sk, unsigned long long *sk_len_bytes);
int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes,
            unsigned char *ct, unsigned long long *ct_len_bytes);
int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes,
            unsigned char *ct, unsigned long long ct_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes);

#ifdef __cplusplus
}
#endif

#endif
