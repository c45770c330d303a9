/* sha256.c - SHA-256 (FIPS 180-4).
 *
 * Part of ngcc-perf.  Written for this package from the standard's text;
 * a plain, portable implementation: KAT files are small, so clarity wins
 * over speed.
 */
#include "sha256.h"

#include <string.h>

#define ROTR(x, n) (((x) >> (n)) | ((x) << (32 - (n)))) /* 0 < n < 32 */
#define CH(x, y, z) (((x) & (y)) ^ (~(x) & (z)))
#define MAJ(x, y, z) (((x) & (y)) ^ ((x) & (z)) ^ ((y) & (z)))
#define BSIG0(x) (ROTR((x), 2) ^ ROTR((x), 13) ^ ROTR((x), 22))
#define BSIG1(x) (ROTR((x), 6) ^ ROTR((x), 11) ^ ROTR((x), 25))
#define SSIG0(x) (ROTR((x), 7) ^ ROTR((x), 18) ^ ((x) >> 3))
#define SSIG1(x) (ROTR((x), 17) ^ ROTR((x), 19) ^ ((x) >> 10))

static const uint32_t sha256_k[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u,
    0x3956c25bu, 0x59f111f1u, 0x923f82a4u, 0xab1c5ed5u,
    0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u,
    0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u,
    0xe49b69c1u, 0xefbe4786u, 0x0fc19dc6u, 0x240ca1ccu,
    0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u,
    0xc6e00bf3u, 0xd5a79147u, 0x06ca6351u, 0x14292967u,
    0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u,
    0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u,
    0xa2bfe8a1u, 0xa81a664bu, 0xc24b8b70u, 0xc76c51a3u,
    0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u,
    0x391c0cb3u, 0x4ed8aa4au, 0x5b9cca4fu, 0x682e6ff3u,
    0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
    0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u,
};

static const uint32_t sha256_iv[8] = {
    0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
    0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u,
};

static uint32_t load_be32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
           ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static void store_be32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

static void sha256_compress(uint32_t h[8], const unsigned char block[64])
{
    uint32_t w[64];
    uint32_t a, b, c, d, e, f, g, k, t1, t2;
    int i;

    for (i = 0; i < 16; i++)
        w[i] = load_be32(block + 4 * i);
    for (i = 16; i < 64; i++)
        w[i] = SSIG1(w[i - 2]) + w[i - 7] + SSIG0(w[i - 15]) + w[i - 16];

    a = h[0]; b = h[1]; c = h[2]; d = h[3];
    e = h[4]; f = h[5]; g = h[6]; k = h[7];
    for (i = 0; i < 64; i++) {
        t1 = k + BSIG1(e) + CH(e, f, g) + sha256_k[i] + w[i];
        t2 = BSIG0(a) + MAJ(a, b, c);
        k = g; g = f; f = e; e = d + t1;
        d = c; c = b; b = a; a = t1 + t2;
    }
    h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    h[4] += e; h[5] += f; h[6] += g; h[7] += k;
}

void ngcc_sha256_init(ngcc_sha256_ctx *ctx)
{
    memcpy(ctx->h, sha256_iv, sizeof ctx->h);
    ctx->nbytes = 0;
    ctx->buflen = 0;
}

void ngcc_sha256_update(ngcc_sha256_ctx *ctx, const void *data, size_t len)
{
    const unsigned char *p = data;

    ctx->nbytes += len;
    if (ctx->buflen > 0) {
        size_t take = 64 - ctx->buflen;
        if (take > len)
            take = len;
        memcpy(ctx->buf + ctx->buflen, p, take);
        ctx->buflen += take;
        p += take;
        len -= take;
        if (ctx->buflen < 64)
            return;
        sha256_compress(ctx->h, ctx->buf);
        ctx->buflen = 0;
    }
    while (len >= 64) {
        sha256_compress(ctx->h, p);
        p += 64;
        len -= 64;
    }
    if (len > 0) {
        memcpy(ctx->buf, p, len);
        ctx->buflen = len;
    }
}

void ngcc_sha256_final(ngcc_sha256_ctx *ctx, unsigned char digest[32])
{
    uint64_t bits = ctx->nbytes * 8;
    int i;

    ctx->buf[ctx->buflen++] = 0x80;
    if (ctx->buflen > 56) {
        memset(ctx->buf + ctx->buflen, 0, 64 - ctx->buflen);
        sha256_compress(ctx->h, ctx->buf);
        ctx->buflen = 0;
    }
    memset(ctx->buf + ctx->buflen, 0, 56 - ctx->buflen);
    store_be32(ctx->buf + 56, (uint32_t)(bits >> 32));
    store_be32(ctx->buf + 60, (uint32_t)bits);
    sha256_compress(ctx->h, ctx->buf);
    for (i = 0; i < 8; i++)
        store_be32(digest + 4 * i, ctx->h[i]);
    memset(ctx, 0, sizeof *ctx);
}

void ngcc_sha256(const void *data, size_t len, unsigned char digest[32])
{
    ngcc_sha256_ctx ctx;

    ngcc_sha256_init(&ctx);
    ngcc_sha256_update(&ctx, data, len);
    ngcc_sha256_final(&ctx, digest);
}

void ngcc_sha256_hex(const unsigned char digest[32], char hex[65])
{
    static const char digits[] = "0123456789abcdef";
    int i;

    for (i = 0; i < 32; i++) {
        hex[2 * i] = digits[digest[i] >> 4];
        hex[2 * i + 1] = digits[digest[i] & 15];
    }
    hex[64] = '\0';
}
