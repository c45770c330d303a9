/*
 * CryptHash_AlgorithmInstance.h - the ICCS hash API (CryptHash) for the
 * package's own hash yardsticks: SM3 (GB/T 32905, src/iccs/) and SHA3-256,
 * SHA3-512 (FIPS 202, schemes/common/).  The instance is chosen when it is
 * compiled: -DNGCC_REFHASH_ALG=NGCC_REFHASH_SM3, NGCC_REFHASH_SHA3_256
 * (default) or NGCC_REFHASH_SHA3_512.  doc/refhash.md gives the bit order.
 *
 * CryptHash returns 0, or:
 *   -1  digest_len_bits is not the instance's DIGEST_BIT_LENGTH (each
 *       instance has one fixed output length);
 *   -2  a NULL digest, or a NULL msg with msg_len_bits > 0;
 *   -3  a message too long for the hash (SM3: 2^64 bits; SHA-3: more
 *       bytes than size_t counts).
 */
#ifndef CRYPTHASH_ALGORITHMINSTANCE_H
#define CRYPTHASH_ALGORITHMINSTANCE_H

#define NGCC_REFHASH_SM3 1
#define NGCC_REFHASH_SHA3_256 2
#define NGCC_REFHASH_SHA3_512 3

#ifndef NGCC_REFHASH_ALG
#define NGCC_REFHASH_ALG NGCC_REFHASH_SHA3_256
#endif
#if NGCC_REFHASH_ALG == NGCC_REFHASH_SM3
#define ALGORITHM_INSTANCE "SM3"
#define DIGEST_BIT_LENGTH 256
#elif NGCC_REFHASH_ALG == NGCC_REFHASH_SHA3_256
#define ALGORITHM_INSTANCE "SHA3-256"
#define DIGEST_BIT_LENGTH 256
#elif NGCC_REFHASH_ALG == NGCC_REFHASH_SHA3_512
#define ALGORITHM_INSTANCE "SHA3-512"
#define DIGEST_BIT_LENGTH 512
#else
#error "NGCC_REFHASH_ALG must be NGCC_REFHASH_SM3, _SHA3_256 or _SHA3_512"
#endif

#ifdef __cplusplus
extern "C" {
#endif

int CryptHash(int digest_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *digest);

#ifdef __cplusplus
}
#endif

#endif
