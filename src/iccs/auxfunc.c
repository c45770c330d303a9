/* auxfunc.c - the ICCS hash helpers sm3hash, pseudohash, pseudoXOF.
 *
 * Part of ngcc-perf.  Everything goes through the package-internal SM3
 * (ngcc_sm3_*): a helper never calls another public helper, so that a
 * profiler wrapping the public names at link time counts only the
 * candidate's own calls.  Bit-level concatenations are done with the
 * incremental SM3, so nothing is allocated.
 */
#include "auxfunc.h"
#include "sm3.h"

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#define AUX_OK 0
#define AUX_HASH_FAILED (-3)
#define AUX_BAD_LENGTH (-4)

/* pseudoXOF output must be shorter than 2^40 - 2^8 bits (spec section 2). */
#define PSEUDOXOF_LIMIT_BITS ((1ULL << 40) - (1ULL << 8))

/* K = SM3("3.14159265358979") || SM3("2.71828182845904"), the pseudohash
 * HMAC key (64 bytes, used as is).  Recomputed by the unit test. */
const unsigned char ngcc_iccs_pseudohash_key[64] = {
    0x53, 0x07, 0xf6, 0xd5, 0xeb, 0x6a, 0x3c, 0xed,
    0x3d, 0x24, 0xc5, 0x3c, 0xc9, 0xc8, 0x2c, 0xce,
    0x2f, 0x89, 0x36, 0x39, 0x70, 0x23, 0xf0, 0x69,
    0x5c, 0x26, 0xc8, 0x0c, 0x1a, 0xb1, 0x82, 0xa7,
    0x1d, 0xb0, 0x2b, 0xa9, 0x2f, 0x54, 0x40, 0x18,
    0x11, 0x5a, 0x96, 0xe7, 0x19, 0x66, 0x2c, 0xa3,
    0x2b, 0x7c, 0x7e, 0xfc, 0x0a, 0x6d, 0x24, 0x82,
    0x15, 0x07, 0x66, 0xba, 0x6f, 0x65, 0x5b, 0x8e,
};

/* The SM3 chaining values after the (K xor 0x36..) and (K xor 0x5c..) blocks,
 * i.e. ngcc_sm3_hmac_setkey(K).  Recomputed by the unit test. */
const ngcc_sm3_hmac_key ngcc_iccs_pseudohash_hmac = {
    { 0x313eb6a4u, 0x48bef2d5u, 0x36e50983u, 0xd44b6babu,
      0x9f200854u, 0x8371a799u, 0x073ed128u, 0xd0a8dd79u },
    { 0x747cc75du, 0xe966127au, 0xa24ac00fu, 0x62ab5c3fu,
      0x1dd5568du, 0x84c33065u, 0x05fff7c2u, 0xb97f411au },
};

int sm3hash(int digest_len_bits, const unsigned char *msg,
            unsigned long long msg_len_bits, unsigned char *digest)
{
    if (digest_len_bits != 256)
        return AUX_BAD_LENGTH;
    if (digest == NULL || (msg == NULL && msg_len_bits != 0))
        return AUX_HASH_FAILED;
    if (ngcc_sm3_bits(msg, msg_len_bits, digest) != 0)
        return AUX_HASH_FAILED;
    return AUX_OK;
}

int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *output)
{
    ngcc_sm3_ctx base, ctx;
    unsigned char block[32], ctr[4];
    unsigned long long left, nblocks, i;
    unsigned int tail;

    if (output_len_bits >= PSEUDOXOF_LIMIT_BITS)
        return AUX_BAD_LENGTH;
    if (output_len_bits == 0)
        return AUX_OK;
    if (output == NULL || (msg == NULL && msg_len_bits != 0))
        return AUX_HASH_FAILED;
    /* M || <i>32 must stay below 2^64 bits (checked before reading M) */
    if (msg_len_bits > UINT64_MAX - 32)
        return AUX_HASH_FAILED;

    /* Absorb M once; each counter block forks the state.  M is fully read
     * before the first output byte is written, so output may overlap msg. */
    ngcc_sm3_init(&base);
    if (ngcc_sm3_update_bits(&base, msg, msg_len_bits) != 0)
        return AUX_HASH_FAILED;

    nblocks = (output_len_bits + 255) / 256;  /* < 2^32 by the limit above */
    left = (output_len_bits + 7) / 8;
    for (i = 1; i <= nblocks; i++) {
        size_t n = left < 32 ? (size_t)left : 32;
        ctr[0] = (unsigned char)(i >> 24);
        ctr[1] = (unsigned char)(i >> 16);
        ctr[2] = (unsigned char)(i >> 8);
        ctr[3] = (unsigned char)i;
        ctx = base;
        if (ngcc_sm3_update_bits(&ctx, ctr, 32) != 0)
            return AUX_HASH_FAILED;
        if (n == 32) {
            (void)ngcc_sm3_final(&ctx, output);
        } else {
            (void)ngcc_sm3_final(&ctx, block);
            memcpy(output, block, n);
        }
        output += n;
        left -= n;
    }
    tail = (unsigned int)(output_len_bits & 7);
    if (tail != 0)
        output[-1] = (unsigned char)(output[-1] & (0xff00u >> tail));
    return AUX_OK;
}

/* mac = HMAC-SM3_K(x), x a bit string */
static int hmac_k(const unsigned char *x, unsigned long long xbits,
                  unsigned char mac[32])
{
    ngcc_sm3_ctx ctx;
    ngcc_sm3_hmac_init(&ctx, &ngcc_iccs_pseudohash_hmac);
    if (ngcc_sm3_update_bits(&ctx, x, xbits) != 0)
        return -1;
    return ngcc_sm3_hmac_final(&ctx, &ngcc_iccs_pseudohash_hmac, mac);
}

/* out = SM3(a || b || c), each a 32-byte string (c may be NULL) */
static void sm3_cat(const unsigned char *a, const unsigned char *b,
                    const unsigned char *c, unsigned char out[32])
{
    ngcc_sm3_ctx ctx;
    ngcc_sm3_init(&ctx);
    (void)ngcc_sm3_update(&ctx, a, 32);
    (void)ngcc_sm3_update(&ctx, b, 32);
    if (c != NULL)
        (void)ngcc_sm3_update(&ctx, c, 32);
    (void)ngcc_sm3_final(&ctx, out);
}

int pseudohash(int digest_len_bits, const unsigned char *msg,
               unsigned long long msg_len_bits, unsigned char *digest)
{
    ngcc_sm3_ctx ctx;
    unsigned char d[2];
    unsigned char h[4][32];
    unsigned char k1[32], k2[32], k3[32], k4[32];

    switch (digest_len_bits) {
    case 512:  d[0] = 0x02; break;
    case 768:  d[0] = 0x03; break;
    case 1024: d[0] = 0x04; break;
    default:   return AUX_BAD_LENGTH;
    }
    d[1] = 0x00;
    if (digest == NULL || (msg == NULL && msg_len_bits != 0))
        return AUX_HASH_FAILED;
    /* the HMAC input (K xor ipad) || D || M must stay below 2^64 bits
     * (checked before reading M) */
    if (msg_len_bits > UINT64_MAX - 512 - 16)
        return AUX_HASH_FAILED;

    /* k1 = HMAC(D || M) */
    ngcc_sm3_hmac_init(&ctx, &ngcc_iccs_pseudohash_hmac);
    (void)ngcc_sm3_update_bits(&ctx, d, 16);
    (void)ngcc_sm3_update_bits(&ctx, msg, msg_len_bits);
    if (ngcc_sm3_hmac_final(&ctx, &ngcc_iccs_pseudohash_hmac, k1) != 0)
        return AUX_HASH_FAILED;

    /* h1 = SM3(M || D), D appended right after bit msg_len_bits */
    ngcc_sm3_init(&ctx);
    (void)ngcc_sm3_update_bits(&ctx, msg, msg_len_bits);
    (void)ngcc_sm3_update_bits(&ctx, d, 16);
    if (ngcc_sm3_final(&ctx, h[0]) != 0)
        return AUX_HASH_FAILED;
    /* M has been read for the last time: digest may overlap msg */

    /* h2 = SM3(k1 || h1) */
    sm3_cat(k1, h[0], NULL, h[1]);

    if (digest_len_bits >= 768) {
        /* k2 = HMAC(h1), h3 = SM3(h2 || k2) */
        (void)hmac_k(h[0], 256, k2);
        sm3_cat(h[1], k2, NULL, h[2]);
    }
    if (digest_len_bits == 1024) {
        /* k3 = HMAC(h2), k4 = HMAC(h3), h4 = SM3(k3 || h3 || k4) */
        (void)hmac_k(h[1], 256, k3);
        (void)hmac_k(h[2], 256, k4);
        sm3_cat(k3, h[2], k4, h[3]);
    }

    memcpy(digest, h, (size_t)digest_len_bits / 8);
    return AUX_OK;
}
