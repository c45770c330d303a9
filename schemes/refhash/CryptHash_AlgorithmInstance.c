/*
 * CryptHash_AlgorithmInstance.c - CryptHash on the package's SM3 and FIPS 202
 * code: the length checks, then one call of the ICCS sm3hash (a bit-string
 * hash already) or SHA-3 over the whole bytes and the partial byte's bits.
 * Return codes are listed in CryptHash_AlgorithmInstance.h.
 */
#include <stddef.h>
#include <stdint.h>

#include "CryptHash_AlgorithmInstance.h"

#if NGCC_REFHASH_ALG == NGCC_REFHASH_SM3
#include "auxfunc.h"
#else
#include "fips202.h"
#endif

#define ERR_LENGTH (-1)
#define ERR_NULL (-2)
#define ERR_TOO_LONG (-3)

#if NGCC_REFHASH_ALG != NGCC_REFHASH_SM3
/* The ICCS message keeps its last NBITS bits in the high bits of BYTE, the
 * first of them the most significant; FIPS 202 takes a byte's bits from the
 * least significant.  So the partial byte's bits, in the ICCS order, become
 * bits 0, 1, ... of the value ngcc_sha3_finalize_bits takes. */
static unsigned int iccs_tail(unsigned int byte, unsigned int nbits)
{
    unsigned int v = 0, j;

    for (j = 0; j < nbits; j++)
        v |= ((byte >> (7 - j)) & 1u) << j;
    return v;
}
#endif

int CryptHash(int digest_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *digest)
{
#if NGCC_REFHASH_ALG != NGCC_REFHASH_SM3
    ngcc_sha3_ctx ctx;
    unsigned long long nbytes = msg_len_bits >> 3;
    unsigned int rem = (unsigned int)(msg_len_bits & 7);
#endif

    if (digest_len_bits != DIGEST_BIT_LENGTH)
        return ERR_LENGTH;
    if (digest == NULL || (msg == NULL && msg_len_bits != 0))
        return ERR_NULL;
#if NGCC_REFHASH_ALG == NGCC_REFHASH_SM3
    return sm3hash(DIGEST_BIT_LENGTH, msg, msg_len_bits, digest) == 0 ? 0 : ERR_TOO_LONG;
#else
    if (nbytes + (rem != 0) > (unsigned long long)SIZE_MAX)
        return ERR_TOO_LONG;
#if NGCC_REFHASH_ALG == NGCC_REFHASH_SHA3_256
    ngcc_sha3_256_init(&ctx);
#else
    ngcc_sha3_512_init(&ctx);
#endif
    ngcc_sha3_absorb(&ctx, msg, (size_t)nbytes);
    ngcc_sha3_finalize_bits(&ctx, rem != 0 ? iccs_tail(msg[nbytes], rem) : 0u, rem);
    ngcc_sha3_squeeze(&ctx, digest, DIGEST_BIT_LENGTH / 8);
    return 0;
#endif
}
