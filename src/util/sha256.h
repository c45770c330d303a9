/* sha256.h - SHA-256 (FIPS 180-4), package-internal interface.
 *
 * Part of ngcc-perf.  Used by the KAT driver for canonical digests of KAT
 * files and by manifests (kat.sha256).  Not installed.
 */
#ifndef NGCC_KAT_SHA256_H
#define NGCC_KAT_SHA256_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NGCC_SHA256_DIGEST_BYTES 32
#define NGCC_SHA256_BLOCK_BYTES 64
#define NGCC_SHA256_HEX_BYTES 65 /* 64 hex digits and a NUL */

/* Incremental state; plain data, may be copied. */
typedef struct {
    uint32_t h[8];
    uint64_t nbytes;          /* message bytes absorbed so far */
    unsigned char buf[64];    /* pending partial block */
    size_t buflen;            /* 0..63 */
} ngcc_sha256_ctx;

void ngcc_sha256_init(ngcc_sha256_ctx *ctx);
void ngcc_sha256_update(ngcc_sha256_ctx *ctx, const void *data, size_t len);
/* Pad and write the digest.  Re-initialise before reusing CTX. */
void ngcc_sha256_final(ngcc_sha256_ctx *ctx, unsigned char digest[32]);

/* One-shot digest of LEN bytes. */
void ngcc_sha256(const void *data, size_t len, unsigned char digest[32]);

/* DIGEST as 64 lowercase hex digits and a NUL terminator. */
void ngcc_sha256_hex(const unsigned char digest[32], char hex[65]);

#ifdef __cplusplus
}
#endif

#endif /* NGCC_KAT_SHA256_H */
