/*
 * SIG_AlgorithmInstance.h - the ICCS signature API (kinds.md, signatures)
 * for the package's own ML-DSA (FIPS 204).  The parameter set is chosen
 * when the instance is compiled: -DNGCC_MLDSA_MODE=44 (ML-DSA-44), 65
 * (ML-DSA-65, default) or 87 (ML-DSA-87).
 *
 * The pure, hedged ML-DSA with an empty context string (FIPS 204 Algorithms
 * 1-3): keygen draws xi, sign draws rnd, one 256-bit get_random_number
 * each; M' = 0x00 || 0x00 || M.
 *
 * Return codes (0 = success):
 *   sig_keygen: -5 get_random_number failed, -6 NULL pointer argument.
 *   sig_sign:   -2 sk_len_bytes is not the secret key size,
 *               -3 sk is malformed (an s1/s2 coefficient out of range),
 *               -5 get_random_number failed, -6 NULL pointer argument.
 *   sig_verify: -1 invalid signature (a wrong sn_len_bytes included),
 *               -2 pk_len_bytes is not the public key size,
 *               -6 NULL pointer argument.
 */
#ifndef SIG_ALGORITHMINSTANCE_H
#define SIG_ALGORITHMINSTANCE_H

#include "drng.h"

#define OUTPUT_BLANK_TEST_VECTORS 0

#ifndef NGCC_MLDSA_MODE
#define NGCC_MLDSA_MODE 65
#endif
#if NGCC_MLDSA_MODE == 44
#define ALGORITHM_INSTANCE "ML-DSA-44"
#elif NGCC_MLDSA_MODE == 65
#define ALGORITHM_INSTANCE "ML-DSA-65"
#elif NGCC_MLDSA_MODE == 87
#define ALGORITHM_INSTANCE "ML-DSA-87"
#else
#error "NGCC_MLDSA_MODE must be 44, 65 or 87"
#endif

#ifdef __cplusplus
extern "C" {
#endif

unsigned long long sig_get_pk_len_bytes(void);
unsigned long long sig_get_sk_len_bytes(void);
unsigned long long sig_get_sn_len_bytes(void);
int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
               unsigned char *sk, unsigned long long *sk_len_bytes);
int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes,
             unsigned char *m, unsigned long long m_len_bytes,
             unsigned char *sn, unsigned long long *sn_len_bytes);
int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes,
               unsigned char *sn, unsigned long long sn_len_bytes,
               unsigned char *m, unsigned long long m_len_bytes);

#ifdef __cplusplus
}
#endif

#endif
