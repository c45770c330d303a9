/* sm3.c - SM3 (GB/T 32905-2016) over bit strings of any length.
 *
 * Part of ngcc-perf.  Written for this package from the standard's text.
 * The compression function is fully unrolled; byte-aligned input takes a
 * memcpy/block path, and only input arriving at a non-byte-aligned position
 * goes through the shifting path.
 */
#include "sm3.h"

#include <string.h>

#define ROTL(x, n) (((x) << (n)) | ((x) >> (32 - (n)))) /* 0 < n < 32 */
#define P0(x) ((x) ^ ROTL((x), 9) ^ ROTL((x), 17))
#define P1(x) ((x) ^ ROTL((x), 15) ^ ROTL((x), 23))
#define FF0(x, y, z) ((x) ^ (y) ^ (z))
#define FF1(x, y, z) (((x) & (y)) | (((x) | (y)) & (z)))
#define GG0(x, y, z) ((x) ^ (y) ^ (z))
#define GG1(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))

/* T_j rotated left by (j mod 32). */
static const uint32_t sm3_t[64] = {
    0x79cc4519u, 0xf3988a32u, 0xe7311465u, 0xce6228cbu,
    0x9cc45197u, 0x3988a32fu, 0x7311465eu, 0xe6228cbcu,
    0xcc451979u, 0x988a32f3u, 0x311465e7u, 0x6228cbceu,
    0xc451979cu, 0x88a32f39u, 0x11465e73u, 0x228cbce6u,
    0x9d8a7a87u, 0x3b14f50fu, 0x7629ea1eu, 0xec53d43cu,
    0xd8a7a879u, 0xb14f50f3u, 0x629ea1e7u, 0xc53d43ceu,
    0x8a7a879du, 0x14f50f3bu, 0x29ea1e76u, 0x53d43cecu,
    0xa7a879d8u, 0x4f50f3b1u, 0x9ea1e762u, 0x3d43cec5u,
    0x7a879d8au, 0xf50f3b14u, 0xea1e7629u, 0xd43cec53u,
    0xa879d8a7u, 0x50f3b14fu, 0xa1e7629eu, 0x43cec53du,
    0x879d8a7au, 0x0f3b14f5u, 0x1e7629eau, 0x3cec53d4u,
    0x79d8a7a8u, 0xf3b14f50u, 0xe7629ea1u, 0xcec53d43u,
    0x9d8a7a87u, 0x3b14f50fu, 0x7629ea1eu, 0xec53d43cu,
    0xd8a7a879u, 0xb14f50f3u, 0x629ea1e7u, 0xc53d43ceu,
    0x8a7a879du, 0x14f50f3bu, 0x29ea1e76u, 0x53d43cecu,
    0xa7a879d8u, 0x4f50f3b1u, 0x9ea1e762u, 0x3d43cec5u,
};

static const uint32_t sm3_iv[8] = {
    0x7380166fu, 0x4914b2b9u, 0x172442d7u, 0xda8a0600u,
    0xa96f30bcu, 0x163138aau, 0xe38dee4du, 0xb0fb0e4eu,
};

static inline uint32_t load_be32(const unsigned char *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
           ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

static inline void store_be32(unsigned char *p, uint32_t v)
{
    p[0] = (unsigned char)(v >> 24);
    p[1] = (unsigned char)(v >> 16);
    p[2] = (unsigned char)(v >> 8);
    p[3] = (unsigned char)v;
}

static inline uint64_t load_be64(const unsigned char *p)
{
    return ((uint64_t)load_be32(p) << 32) | load_be32(p + 4);
}

static inline void store_be64(unsigned char *p, uint64_t v)
{
    store_be32(p, (uint32_t)(v >> 32));
    store_be32(p + 4, (uint32_t)v);
}

/* One round.  Instead of shifting the eight registers, the caller rotates the
 * argument order: the new A lands in D's variable and the new E in H's.
 * The sums are grouped so that the terms that do not depend on the previous
 * round (D, H, W, W', T) are added first: E is on the critical path. */
#define ROUND(A, B, C, D, E, F, G, H, FF, GG, j)                          \
    do {                                                                \
        uint32_t a12_ = ROTL(A, 12);                                    \
        uint32_t ss1_ = (a12_ + sm3_t[j]) + (E);                        \
        uint32_t ss2_;                                                  \
        ss1_ = ROTL(ss1_, 7);                                           \
        ss2_ = ss1_ ^ a12_;                                             \
        D = ((D + (w[j] ^ w[(j) + 4])) + FF(A, B, C)) + ss2_;           \
        H = ((H + w[j]) + GG(E, F, G)) + ss1_;                          \
        B = ROTL(B, 9);                                                 \
        F = ROTL(F, 19);                                                \
        H = P0(H);                                                      \
    } while (0)

/* Message expansion of word k (16 <= k < 68), done inside the rounds, four
 * words ahead of use.  Keeping it in straight-line code (rather than a loop
 * over w[16..67]) also stops compilers from vectorising it into overlapping
 * 8-byte stores and loads, which stall store forwarding and cost ~40%. */
#define EXPAND(k)                                                       \
    do {                                                                \
        uint32_t x_ = w[(k) - 16] ^ w[(k) - 9] ^ ROTL(w[(k) - 3], 15);   \
        w[k] = P1(x_) ^ ROTL(w[(k) - 13], 7) ^ w[(k) - 6];              \
    } while (0)

#define ROUND4(FF, GG, j)                                               \
    do {                                                                \
        ROUND(a, b, c, d, e, f, g, h, FF, GG, (j));                     \
        ROUND(d, a, b, c, h, e, f, g, FF, GG, (j) + 1);                 \
        ROUND(c, d, a, b, g, h, e, f, FF, GG, (j) + 2);                 \
        ROUND(b, c, d, a, f, g, h, e, FF, GG, (j) + 3);                 \
    } while (0)

/* Same, computing w[j+4 .. j+7] first. */
#define ROUND4X(FF, GG, j)                                              \
    do {                                                                \
        EXPAND((j) + 4);                                                \
        ROUND(a, b, c, d, e, f, g, h, FF, GG, (j));                     \
        EXPAND((j) + 5);                                                \
        ROUND(d, a, b, c, h, e, f, g, FF, GG, (j) + 1);                 \
        EXPAND((j) + 6);                                                \
        ROUND(c, d, a, b, g, h, e, f, FF, GG, (j) + 2);                 \
        EXPAND((j) + 7);                                                \
        ROUND(b, c, d, a, f, g, h, e, FF, GG, (j) + 3);                 \
    } while (0)

void ngcc_sm3_compress(uint32_t state[8], const unsigned char *blocks,
                       size_t nblocks)
{
    uint32_t w[68];
    uint32_t a, b, c, d, e, f, g, h;
    int j;

    while (nblocks--) {
        for (j = 0; j < 16; j++)
            w[j] = load_be32(blocks + 4 * j);

        a = state[0]; b = state[1]; c = state[2]; d = state[3];
        e = state[4]; f = state[5]; g = state[6]; h = state[7];

        ROUND4(FF0, GG0, 0);
        ROUND4(FF0, GG0, 4);
        ROUND4(FF0, GG0, 8);
        ROUND4X(FF0, GG0, 12);
        ROUND4X(FF1, GG1, 16);
        ROUND4X(FF1, GG1, 20);
        ROUND4X(FF1, GG1, 24);
        ROUND4X(FF1, GG1, 28);
        ROUND4X(FF1, GG1, 32);
        ROUND4X(FF1, GG1, 36);
        ROUND4X(FF1, GG1, 40);
        ROUND4X(FF1, GG1, 44);
        ROUND4X(FF1, GG1, 48);
        ROUND4X(FF1, GG1, 52);
        ROUND4X(FF1, GG1, 56);
        ROUND4X(FF1, GG1, 60);

        state[0] ^= a; state[1] ^= b; state[2] ^= c; state[3] ^= d;
        state[4] ^= e; state[5] ^= f; state[6] ^= g; state[7] ^= h;
        blocks += 64;
    }
}

void ngcc_sm3_init(ngcc_sm3_ctx *ctx)
{
    memcpy(ctx->h, sm3_iv, sizeof ctx->h);
    ctx->nblocks = 0;
    ctx->bufbits = 0;
    ctx->err = 0;
}

int ngcc_sm3_update_bits(ngcc_sm3_ctx *ctx, const unsigned char *data,
                         uint64_t nbits)
{
    uint64_t total;
    size_t nbytes;
    unsigned int rem, idx, s;

    if (ctx->err)
        return -1;
    if (nbits == 0)
        return 0;
    /* The message must stay below 2^64 bits (64-bit length field). */
    total = (ctx->nblocks << 9) + ctx->bufbits;
    if (nbits > UINT64_MAX - total) {
        ctx->err = 1;
        return -1;
    }

    nbytes = (size_t)(nbits >> 3);
    rem = (unsigned int)(nbits & 7);
    idx = ctx->bufbits >> 3;
    s = ctx->bufbits & 7;

    if (s == 0) {
        /* Byte-aligned position: copy bytes, compress whole blocks directly. */
        if (idx != 0) {
            size_t take = 64 - idx;
            if (take > nbytes)
                take = nbytes;
            memcpy(ctx->buf + idx, data, take);
            idx += (unsigned int)take;
            data += take;
            nbytes -= take;
            if (idx == 64) {
                ngcc_sm3_compress(ctx->h, ctx->buf, 1);
                ctx->nblocks++;
                idx = 0;
            }
        }
        if (nbytes >= 64) {
            size_t nb = nbytes >> 6;
            ngcc_sm3_compress(ctx->h, data, nb);
            ctx->nblocks += nb;
            data += nb << 6;
            nbytes -= nb << 6;
        }
        if (nbytes != 0) {
            /* here idx == 0 and nbytes < 64 */
            memcpy(ctx->buf + idx, data, nbytes);
            idx += (unsigned int)nbytes;
            data += nbytes;
        }
        if (rem != 0)
            ctx->buf[idx] = (unsigned char)(data[0] & (0xff00u >> rem));
        ctx->bufbits = (idx << 3) + rem;
    } else {
        /* Non-aligned position: every input byte straddles two buffer
         * bytes.  'cur' holds the s pending high bits of buf[idx]. */
        unsigned int cur = ctx->buf[idx];
        unsigned int ls = 8 - s;
        unsigned char *buf = ctx->buf;

        while (nbytes != 0) {
            unsigned int byte;
            if (nbytes >= 8 && idx <= 56) {
                /* eight bytes at a time */
                uint64_t v = load_be64(data);
                store_be64(buf + idx, ((uint64_t)cur << 56) | (v >> s));
                cur = (unsigned int)(v << ls) & 0xffu;
                data += 8;
                nbytes -= 8;
                idx += 8;
                if (idx == 64) {
                    ngcc_sm3_compress(ctx->h, buf, 1);
                    ctx->nblocks++;
                    idx = 0;
                }
                continue;
            }
            nbytes--;
            byte = *data++;
            buf[idx] = (unsigned char)(cur | (byte >> s));
            cur = (byte << ls) & 0xffu;
            if (++idx == 64) {
                ngcc_sm3_compress(ctx->h, buf, 1);
                ctx->nblocks++;
                idx = 0;
            }
        }
        if (rem != 0) {
            unsigned int byte = data[0] & (0xff00u >> rem);
            buf[idx] = (unsigned char)(cur | (byte >> s));
            if (s + rem >= 8) {
                cur = (byte << ls) & 0xffu;
                s = s + rem - 8;
                if (++idx == 64) {
                    ngcc_sm3_compress(ctx->h, buf, 1);
                    ctx->nblocks++;
                    idx = 0;
                }
            } else {
                cur = buf[idx];
                s += rem;
            }
        }
        buf[idx] = (unsigned char)cur;
        ctx->bufbits = (idx << 3) + s;
    }
    return 0;
}

int ngcc_sm3_update(ngcc_sm3_ctx *ctx, const unsigned char *data,
                    size_t nbytes)
{
    /* size_t may be as wide as uint64_t: split to keep nbytes * 8 exact. */
    const size_t chunk = (size_t)1 << 28;
    while (nbytes > chunk) {
        if (ngcc_sm3_update_bits(ctx, data, (uint64_t)chunk << 3) != 0)
            return -1;
        data += chunk;
        nbytes -= chunk;
    }
    return ngcc_sm3_update_bits(ctx, data, (uint64_t)nbytes << 3);
}

int ngcc_sm3_final(ngcc_sm3_ctx *ctx, unsigned char digest[32])
{
    unsigned char *buf = ctx->buf;
    unsigned int idx = ctx->bufbits >> 3;
    unsigned int s = ctx->bufbits & 7;
    uint64_t total;
    int i;

    if (ctx->err)
        return -1;
    total = (ctx->nblocks << 9) + ctx->bufbits;

    /* the '1' bit, right after the message */
    if (s != 0)
        buf[idx] = (unsigned char)(buf[idx] | (0x80u >> s));
    else
        buf[idx] = 0x80;
    idx++;
    if (idx > 56) {
        memset(buf + idx, 0, 64 - idx);
        ngcc_sm3_compress(ctx->h, buf, 1);
        idx = 0;
    }
    memset(buf + idx, 0, 56 - idx);
    store_be64(buf + 56, total);
    ngcc_sm3_compress(ctx->h, buf, 1);

    for (i = 0; i < 8; i++)
        store_be32(digest + 4 * i, ctx->h[i]);
    return 0;
}

int ngcc_sm3_bits(const unsigned char *data, uint64_t nbits,
                  unsigned char digest[32])
{
    ngcc_sm3_ctx ctx;
    ngcc_sm3_init(&ctx);
    if (ngcc_sm3_update_bits(&ctx, data, nbits) != 0)
        return -1;
    return ngcc_sm3_final(&ctx, digest);
}

int ngcc_sm3(const unsigned char *data, size_t nbytes,
             unsigned char digest[32])
{
    ngcc_sm3_ctx ctx;
    ngcc_sm3_init(&ctx);
    if (ngcc_sm3_update(&ctx, data, nbytes) != 0)
        return -1;
    return ngcc_sm3_final(&ctx, digest);
}

void ngcc_sm3_hmac_setkey(ngcc_sm3_hmac_key *hk, const unsigned char *key,
                          size_t keylen)
{
    unsigned char k[64], pad[64];
    int i;

    memset(k, 0, sizeof k);
    if (keylen > 64)
        (void)ngcc_sm3(key, keylen, k);
    else if (keylen != 0)
        memcpy(k, key, keylen);

    for (i = 0; i < 64; i++)
        pad[i] = (unsigned char)(k[i] ^ 0x36);
    memcpy(hk->ih, sm3_iv, sizeof hk->ih);
    ngcc_sm3_compress(hk->ih, pad, 1);

    for (i = 0; i < 64; i++)
        pad[i] = (unsigned char)(k[i] ^ 0x5c);
    memcpy(hk->oh, sm3_iv, sizeof hk->oh);
    ngcc_sm3_compress(hk->oh, pad, 1);
}

void ngcc_sm3_hmac_init(ngcc_sm3_ctx *ctx, const ngcc_sm3_hmac_key *hk)
{
    memcpy(ctx->h, hk->ih, sizeof ctx->h);
    ctx->nblocks = 1;
    ctx->bufbits = 0;
    ctx->err = 0;
}

int ngcc_sm3_hmac_final(ngcc_sm3_ctx *ctx, const ngcc_sm3_hmac_key *hk,
                        unsigned char mac[32])
{
    unsigned char inner[32];

    if (ngcc_sm3_final(ctx, inner) != 0)
        return -1;
    memcpy(ctx->h, hk->oh, sizeof ctx->h);
    ctx->nblocks = 1;
    ctx->bufbits = 0;
    ctx->err = 0;
    (void)ngcc_sm3_update_bits(ctx, inner, 256);
    return ngcc_sm3_final(ctx, mac);
}
