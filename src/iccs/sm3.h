/* sm3.h - SM3 (GB/T 32905-2016) over bit strings, package-internal interface.
 *
 * Part of ngcc-perf.  This header is not installed: it is the private interface
 * of libngcc-iccs, used by auxfunc.c, drng.c and the unit tests.
 *
 * Bit strings are MSB-first inside a byte: the first bit of a message is the
 * most significant bit of data[0].  Only the first NBITS bits of a buffer are
 * read; the unused low bits of a partial last byte may hold anything.
 */
#ifndef NGCC_ICCS_SM3_H
#define NGCC_ICCS_SM3_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NGCC_SM3_DIGEST_BYTES 32
#define NGCC_SM3_BLOCK_BYTES 64

/* Incremental hashing state.  Plain data: it may be copied with '=' or memcpy
 * to fork a computation (pseudoXOF hashes M once, then forks per counter). */
typedef struct {
    uint32_t h[8];          /* chaining value */
    uint64_t nblocks;       /* 512-bit blocks compressed so far */
    unsigned char buf[64];  /* pending bits; in a partial byte, the bits past
                               'bufbits' are zero */
    unsigned int bufbits;   /* number of pending bits, 0..511 */
    int err;                /* sticky: total length would reach 2^64 bits */
} ngcc_sm3_ctx;

/* HMAC-SM3 (64-byte block) with the key already absorbed: the chaining values
 * after the (K xor ipad) and (K xor opad) blocks. */
typedef struct {
    uint32_t ih[8];
    uint32_t oh[8];
} ngcc_sm3_hmac_key;

/* Compress NBLOCKS consecutive 64-byte blocks into STATE (no padding). */
void ngcc_sm3_compress(uint32_t state[8], const unsigned char *blocks,
                       size_t nblocks);

void ngcc_sm3_init(ngcc_sm3_ctx *ctx);

/* Append the first NBITS bits of DATA.  Works whatever the number of bits
 * already absorbed; byte-aligned input at a byte-aligned position takes the
 * fast path.  Returns 0, or -1 when the total message length would exceed
 * 2^64 - 1 bits (the error is sticky and also reported by final). */
int ngcc_sm3_update_bits(ngcc_sm3_ctx *ctx, const unsigned char *data,
                         uint64_t nbits);

/* Append NBYTES whole bytes. */
int ngcc_sm3_update(ngcc_sm3_ctx *ctx, const unsigned char *data,
                    size_t nbytes);

/* Pad, write the 32-byte digest.  Returns 0, or -1 after a length overflow
 * (DIGEST is then left untouched).  The context must be re-initialised before
 * reuse. */
int ngcc_sm3_final(ngcc_sm3_ctx *ctx, unsigned char digest[32]);

/* One-shot: digest of the first NBITS bits of DATA.  Returns 0 or -1. */
int ngcc_sm3_bits(const unsigned char *data, uint64_t nbits,
                  unsigned char digest[32]);

/* One-shot over whole bytes. */
int ngcc_sm3(const unsigned char *data, size_t nbytes,
             unsigned char digest[32]);

/* HMAC-SM3.  setkey hashes keys longer than 64 bytes first (RFC 2104 /
 * GB/T 15852.2); pseudohash's K is exactly 64 bytes and used as is. */
void ngcc_sm3_hmac_setkey(ngcc_sm3_hmac_key *hk, const unsigned char *key,
                          size_t keylen);
/* Start the inner hash: CTX becomes SM3 after the (K xor ipad) block; feed the
 * message with ngcc_sm3_update_bits, then call ngcc_sm3_hmac_final. */
void ngcc_sm3_hmac_init(ngcc_sm3_ctx *ctx, const ngcc_sm3_hmac_key *hk);
int ngcc_sm3_hmac_final(ngcc_sm3_ctx *ctx, const ngcc_sm3_hmac_key *hk,
                        unsigned char mac[32]);

/* Package-internal constants defined in auxfunc.c, declared here so that the
 * unit test can check them against a recomputation:
 * the pseudohash key K = SM3("3.14159265358979") || SM3("2.71828182845904")
 * and its precomputed HMAC states. */
extern const unsigned char ngcc_iccs_pseudohash_key[64];
extern const ngcc_sm3_hmac_key ngcc_iccs_pseudohash_hmac;

#ifdef __cplusplus
}
#endif

#endif /* NGCC_ICCS_SM3_H */
