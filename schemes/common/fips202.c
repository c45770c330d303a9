/*
 * fips202.c - Keccak-f[1600] and the SHA-3 / SHAKE functions of FIPS 202.
 * Written for ngcc-perf from FIPS 202, shared by ML-KEM and ML-DSA.  See
 * fips202.h for the entry points.
 *
 * The permutation keeps the 25 lanes in local variables and computes two
 * rounds per loop iteration (state A -> E -> A), with the rounds written out
 * lane by lane.  Six lanes are kept complemented inside the permutation
 * ("lane complementing"): with that choice the chi step needs five NOTs per
 * round instead of twenty-five, the others being absorbed into AND/OR
 * variants.  The lanes are complemented on entry and restored on exit, so
 * the state seen outside is the plain FIPS 202 state.
 */
#include <string.h>

#include "fips202.h"

#define ROL64(a, n) (((a) << (n)) | ((a) >> (64 - (n))))

static const uint64_t RC[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL,
    0x8000000080008000ULL, 0x000000000000808bULL, 0x0000000080000001ULL,
    0x8000000080008081ULL, 0x8000000000008009ULL, 0x000000000000008aULL,
    0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL,
    0x8000000000008003ULL, 0x8000000000008002ULL, 0x8000000000000080ULL,
    0x000000000000800aULL, 0x800000008000000aULL, 0x8000000080008081ULL,
    0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL
};

/* Round with lane complementing, generated from the FIPS 202 step mappings
 * (theta, rho, pi, chi, iota); lanes are named A<row><column> with rows
 * b g k m s (y = 0..4) and columns a e i o u (x = 0..4). */
#define NGCC_KECCAK_ROUND_AE \
    C0 = Aba ^ Aga ^ Aka ^ Ama ^ Asa; \
    C1 = Abe ^ Age ^ Ake ^ Ame ^ Ase; \
    C2 = Abi ^ Agi ^ Aki ^ Ami ^ Asi; \
    C3 = Abo ^ Ago ^ Ako ^ Amo ^ Aso; \
    C4 = Abu ^ Agu ^ Aku ^ Amu ^ Asu; \
    D0 = C4 ^ ROL64(C1, 1); \
    D1 = C0 ^ ROL64(C2, 1); \
    D2 = C1 ^ ROL64(C3, 1); \
    D3 = C2 ^ ROL64(C4, 1); \
    D4 = C3 ^ ROL64(C0, 1); \
    B0 = Aba ^ D0; \
    B1 = ROL64(Age ^ D1, 44); \
    B2 = ROL64(Aki ^ D2, 43); \
    B3 = ROL64(Amo ^ D3, 21); \
    B4 = ROL64(Asu ^ D4, 14); \
    N2 = ~B2; \
    Eba = B0 ^ (B1 | B2) ^ RC[i]; \
    Ebe = B1 ^ (N2 | B3); \
    Ebi = B2 ^ (B3 & B4); \
    Ebo = B3 ^ (B4 | B0); \
    Ebu = B4 ^ (B0 & B1); \
    B0 = ROL64(Abo ^ D3, 28); \
    B1 = ROL64(Agu ^ D4, 20); \
    B2 = ROL64(Aka ^ D0, 3); \
    B3 = ROL64(Ame ^ D1, 45); \
    B4 = ROL64(Asi ^ D2, 61); \
    N4 = ~B4; \
    Ega = B0 ^ (B1 | B2); \
    Ege = B1 ^ (B2 & B3); \
    Egi = B2 ^ (B3 | N4); \
    Ego = B3 ^ (B4 | B0); \
    Egu = B4 ^ (B0 & B1); \
    B0 = ROL64(Abe ^ D1, 1); \
    B1 = ROL64(Agi ^ D2, 6); \
    B2 = ROL64(Ako ^ D3, 25); \
    B3 = ROL64(Amu ^ D4, 8); \
    B4 = ROL64(Asa ^ D0, 18); \
    N3 = ~B3; \
    Eka = B0 ^ (B1 | B2); \
    Eke = B1 ^ (B2 & B3); \
    Eki = B2 ^ (N3 & B4); \
    Eko = N3 ^ (B4 | B0); \
    Eku = B4 ^ (B0 & B1); \
    B0 = ROL64(Abu ^ D4, 27); \
    B1 = ROL64(Aga ^ D0, 36); \
    B2 = ROL64(Ake ^ D1, 10); \
    B3 = ROL64(Ami ^ D2, 15); \
    B4 = ROL64(Aso ^ D3, 56); \
    N3 = ~B3; \
    Ema = B0 ^ (B1 & B2); \
    Eme = B1 ^ (B2 | B3); \
    Emi = B2 ^ (N3 | B4); \
    Emo = N3 ^ (B4 & B0); \
    Emu = B4 ^ (B0 | B1); \
    B0 = ROL64(Abi ^ D2, 62); \
    B1 = ROL64(Ago ^ D3, 55); \
    B2 = ROL64(Aku ^ D4, 39); \
    B3 = ROL64(Ama ^ D0, 41); \
    B4 = ROL64(Ase ^ D1, 2); \
    N1 = ~B1; \
    Esa = B0 ^ (N1 & B2); \
    Ese = N1 ^ (B2 | B3); \
    Esi = B2 ^ (B3 & B4); \
    Eso = B3 ^ (B4 | B0); \
    Esu = B4 ^ (B0 & B1);

#define NGCC_KECCAK_ROUND_EA \
    C0 = Eba ^ Ega ^ Eka ^ Ema ^ Esa; \
    C1 = Ebe ^ Ege ^ Eke ^ Eme ^ Ese; \
    C2 = Ebi ^ Egi ^ Eki ^ Emi ^ Esi; \
    C3 = Ebo ^ Ego ^ Eko ^ Emo ^ Eso; \
    C4 = Ebu ^ Egu ^ Eku ^ Emu ^ Esu; \
    D0 = C4 ^ ROL64(C1, 1); \
    D1 = C0 ^ ROL64(C2, 1); \
    D2 = C1 ^ ROL64(C3, 1); \
    D3 = C2 ^ ROL64(C4, 1); \
    D4 = C3 ^ ROL64(C0, 1); \
    B0 = Eba ^ D0; \
    B1 = ROL64(Ege ^ D1, 44); \
    B2 = ROL64(Eki ^ D2, 43); \
    B3 = ROL64(Emo ^ D3, 21); \
    B4 = ROL64(Esu ^ D4, 14); \
    N2 = ~B2; \
    Aba = B0 ^ (B1 | B2) ^ RC[i + 1]; \
    Abe = B1 ^ (N2 | B3); \
    Abi = B2 ^ (B3 & B4); \
    Abo = B3 ^ (B4 | B0); \
    Abu = B4 ^ (B0 & B1); \
    B0 = ROL64(Ebo ^ D3, 28); \
    B1 = ROL64(Egu ^ D4, 20); \
    B2 = ROL64(Eka ^ D0, 3); \
    B3 = ROL64(Eme ^ D1, 45); \
    B4 = ROL64(Esi ^ D2, 61); \
    N4 = ~B4; \
    Aga = B0 ^ (B1 | B2); \
    Age = B1 ^ (B2 & B3); \
    Agi = B2 ^ (B3 | N4); \
    Ago = B3 ^ (B4 | B0); \
    Agu = B4 ^ (B0 & B1); \
    B0 = ROL64(Ebe ^ D1, 1); \
    B1 = ROL64(Egi ^ D2, 6); \
    B2 = ROL64(Eko ^ D3, 25); \
    B3 = ROL64(Emu ^ D4, 8); \
    B4 = ROL64(Esa ^ D0, 18); \
    N3 = ~B3; \
    Aka = B0 ^ (B1 | B2); \
    Ake = B1 ^ (B2 & B3); \
    Aki = B2 ^ (N3 & B4); \
    Ako = N3 ^ (B4 | B0); \
    Aku = B4 ^ (B0 & B1); \
    B0 = ROL64(Ebu ^ D4, 27); \
    B1 = ROL64(Ega ^ D0, 36); \
    B2 = ROL64(Eke ^ D1, 10); \
    B3 = ROL64(Emi ^ D2, 15); \
    B4 = ROL64(Eso ^ D3, 56); \
    N3 = ~B3; \
    Ama = B0 ^ (B1 & B2); \
    Ame = B1 ^ (B2 | B3); \
    Ami = B2 ^ (N3 | B4); \
    Amo = N3 ^ (B4 & B0); \
    Amu = B4 ^ (B0 | B1); \
    B0 = ROL64(Ebi ^ D2, 62); \
    B1 = ROL64(Ego ^ D3, 55); \
    B2 = ROL64(Eku ^ D4, 39); \
    B3 = ROL64(Ema ^ D0, 41); \
    B4 = ROL64(Ese ^ D1, 2); \
    N1 = ~B1; \
    Asa = B0 ^ (N1 & B2); \
    Ase = N1 ^ (B2 | B3); \
    Asi = B2 ^ (B3 & B4); \
    Aso = B3 ^ (B4 | B0); \
    Asu = B4 ^ (B0 & B1);

void ngcc_sha3_keccakf1600(uint64_t s[25])
{
    uint64_t Aba, Abe, Abi, Abo, Abu, Aga, Age, Agi, Ago, Agu;
    uint64_t Aka, Ake, Aki, Ako, Aku, Ama, Ame, Ami, Amo, Amu;
    uint64_t Asa, Ase, Asi, Aso, Asu;
    uint64_t Eba, Ebe, Ebi, Ebo, Ebu, Ega, Ege, Egi, Ego, Egu;
    uint64_t Eka, Eke, Eki, Eko, Eku, Ema, Eme, Emi, Emo, Emu;
    uint64_t Esa, Ese, Esi, Eso, Esu;
    uint64_t B0, B1, B2, B3, B4, C0, C1, C2, C3, C4, D0, D1, D2, D3, D4;
    uint64_t N0, N1, N2, N3, N4;
    unsigned int i;

    Aba = s[0];  Abe = ~s[1];  Abi = ~s[2];  Abo = s[3];  Abu = s[4];
    Aga = s[5];  Age = s[6];   Agi = s[7];   Ago = ~s[8]; Agu = s[9];
    Aka = s[10]; Ake = s[11];  Aki = ~s[12]; Ako = s[13]; Aku = s[14];
    Ama = s[15]; Ame = s[16];  Ami = ~s[17]; Amo = s[18]; Amu = s[19];
    Asa = ~s[20]; Ase = s[21]; Asi = s[22];  Aso = s[23]; Asu = s[24];

    for (i = 0; i < 24; i += 2) {
        NGCC_KECCAK_ROUND_AE
        NGCC_KECCAK_ROUND_EA
    }
    (void)N0; (void)N1; (void)N2; (void)N3; (void)N4;

    s[0] = Aba;  s[1] = ~Abe;  s[2] = ~Abi;  s[3] = Abo;  s[4] = Abu;
    s[5] = Aga;  s[6] = Age;   s[7] = Agi;   s[8] = ~Ago; s[9] = Agu;
    s[10] = Aka; s[11] = Ake;  s[12] = ~Aki; s[13] = Ako; s[14] = Aku;
    s[15] = Ama; s[16] = Ame;  s[17] = ~Ami; s[18] = Amo; s[19] = Amu;
    s[20] = ~Asa; s[21] = Ase; s[22] = Asi;  s[23] = Aso; s[24] = Asu;
}

static uint64_t load64(const unsigned char *p)
{
    return (uint64_t)p[0] | ((uint64_t)p[1] << 8) | ((uint64_t)p[2] << 16) |
           ((uint64_t)p[3] << 24) | ((uint64_t)p[4] << 32) |
           ((uint64_t)p[5] << 40) | ((uint64_t)p[6] << 48) |
           ((uint64_t)p[7] << 56);
}

static void store64(unsigned char *p, uint64_t v)
{
    p[0] = (unsigned char)v;         p[1] = (unsigned char)(v >> 8);
    p[2] = (unsigned char)(v >> 16); p[3] = (unsigned char)(v >> 24);
    p[4] = (unsigned char)(v >> 32); p[5] = (unsigned char)(v >> 40);
    p[6] = (unsigned char)(v >> 48); p[7] = (unsigned char)(v >> 56);
}

static void ctx_init(ngcc_sha3_ctx *ctx, unsigned int rate, unsigned char dsep)
{
    memset(ctx->s, 0, sizeof ctx->s);
    ctx->pos = 0;
    ctx->rate = rate;
    ctx->dsep = dsep;
    ctx->squeezing = 0;
}

void ngcc_shake128_init(ngcc_sha3_ctx *ctx) { ctx_init(ctx, NGCC_SHAKE128_RATE, 0x1f); }
void ngcc_shake256_init(ngcc_sha3_ctx *ctx) { ctx_init(ctx, NGCC_SHAKE256_RATE, 0x1f); }
void ngcc_sha3_256_init(ngcc_sha3_ctx *ctx) { ctx_init(ctx, NGCC_SHA3_256_RATE, 0x06); }
void ngcc_sha3_512_init(ngcc_sha3_ctx *ctx) { ctx_init(ctx, NGCC_SHA3_512_RATE, 0x06); }

/* XOR len bytes into the state starting at byte offset pos of the block. */
static void xor_bytes(uint64_t *s, unsigned int pos, const unsigned char *in, size_t len)
{
    while (len > 0 && (pos & 7) != 0) {
        s[pos >> 3] ^= (uint64_t)*in++ << (8 * (pos & 7));
        pos++; len--;
    }
    while (len >= 8) {
        s[pos >> 3] ^= load64(in);
        in += 8; pos += 8; len -= 8;
    }
    while (len > 0) {
        s[pos >> 3] ^= (uint64_t)*in++ << (8 * (pos & 7));
        pos++; len--;
    }
}

static void absorb(ngcc_sha3_ctx *ctx, const unsigned char *in, size_t inlen)
{
    const unsigned int rate = ctx->rate;
    size_t i;

    if (ctx->pos != 0) {
        size_t take = rate - ctx->pos;
        if (take > inlen) take = inlen;
        xor_bytes(ctx->s, ctx->pos, in, take);
        ctx->pos += (unsigned int)take;
        in += take; inlen -= take;
        if (ctx->pos < rate) return;
        ngcc_sha3_keccakf1600(ctx->s);
        ctx->pos = 0;
    }
    while (inlen >= rate) {
        for (i = 0; i < rate / 8; i++)
            ctx->s[i] ^= load64(in + 8 * i);
        ngcc_sha3_keccakf1600(ctx->s);
        in += rate; inlen -= rate;
    }
    xor_bytes(ctx->s, 0, in, inlen);
    ctx->pos = (unsigned int)inlen;
}

static void finalize(ngcc_sha3_ctx *ctx)
{
    unsigned int last = ctx->rate - 1;
    ctx->s[ctx->pos >> 3] ^= (uint64_t)ctx->dsep << (8 * (ctx->pos & 7));
    ctx->s[last >> 3] ^= (uint64_t)0x80 << (8 * (last & 7));
    ctx->pos = ctx->rate;   /* no output available yet: permute first */
    ctx->squeezing = 1;
}

/* finalize after NBITS (0..7) more message bits, bit j of LAST the j-th
 * (FIPS 202 order).  Those bits, the domain bits and the first padding bit
 * (dsep's highest bit) may spill into the next byte, past the block when
 * pos is its last byte; when the first padding bit is the block's last
 * bit, the closing 1 is the last bit of one more block. */
static void finalize_bits(ngcc_sha3_ctx *ctx, unsigned int last, unsigned int nbits)
{
    const unsigned int rate = ctx->rate;
    unsigned int pos = ctx->pos;
    unsigned int v = (last & ((1u << nbits) - 1u)) | ((unsigned int)ctx->dsep << nbits);
    unsigned int top = 0;

    while ((v >> top) > 1u)
        top++;
    ctx->s[pos >> 3] ^= (uint64_t)(v & 0xffu) << (8 * (pos & 7));
    if (top >= 8) {
        if (++pos == rate) {
            ngcc_sha3_keccakf1600(ctx->s);
            pos = 0;
        }
        ctx->s[pos >> 3] ^= (uint64_t)(v >> 8) << (8 * (pos & 7));
    } else if (top == 7 && pos == rate - 1) {
        ngcc_sha3_keccakf1600(ctx->s);
    }
    ctx->s[(rate - 1) >> 3] ^= (uint64_t)0x80 << (8 * ((rate - 1) & 7));
    ctx->pos = rate;    /* no output available yet: permute first */
    ctx->squeezing = 1;
}

static void squeeze(ngcc_sha3_ctx *ctx, unsigned char *out, size_t outlen)
{
    const unsigned int rate = ctx->rate;
    unsigned int pos = ctx->pos;
    size_t i;

    while (outlen > 0) {
        if (pos == rate) {
            ngcc_sha3_keccakf1600(ctx->s);
            pos = 0;
            if (outlen >= rate) {       /* whole blocks straight out */
                for (i = 0; i < rate / 8; i++)
                    store64(out + 8 * i, ctx->s[i]);
                out += rate; outlen -= rate;
                pos = rate;
                continue;
            }
        }
        while (outlen > 0 && pos < rate) {
            if ((pos & 7) == 0 && outlen >= 8) {    /* rate is a multiple of 8 */
                store64(out, ctx->s[pos >> 3]);
                out += 8; pos += 8; outlen -= 8;
            } else {
                *out++ = (unsigned char)(ctx->s[pos >> 3] >> (8 * (pos & 7)));
                pos++; outlen--;
            }
        }
    }
    ctx->pos = pos;
}

void ngcc_sha3_absorb(ngcc_sha3_ctx *ctx, const unsigned char *in, size_t inlen)
{
    absorb(ctx, in, inlen);
}

void ngcc_sha3_finalize(ngcc_sha3_ctx *ctx)
{
    finalize(ctx);
}

void ngcc_sha3_finalize_bits(ngcc_sha3_ctx *ctx, unsigned int last,
                             unsigned int nbits)
{
    finalize_bits(ctx, last, nbits & 7u);
}

void ngcc_sha3_squeeze(ngcc_sha3_ctx *ctx, unsigned char *out, size_t outlen)
{
    squeeze(ctx, out, outlen);
}

void ngcc_sha3_256(unsigned char out[32], const unsigned char *in, size_t inlen)
{
    ngcc_sha3_ctx ctx;
    ctx_init(&ctx, NGCC_SHA3_256_RATE, 0x06);
    absorb(&ctx, in, inlen);
    finalize(&ctx);
    squeeze(&ctx, out, 32);
}

void ngcc_sha3_512(unsigned char out[64], const unsigned char *in, size_t inlen)
{
    ngcc_sha3_ctx ctx;
    ctx_init(&ctx, NGCC_SHA3_512_RATE, 0x06);
    absorb(&ctx, in, inlen);
    finalize(&ctx);
    squeeze(&ctx, out, 64);
}

void ngcc_shake128(unsigned char *out, size_t outlen,
                   const unsigned char *in, size_t inlen)
{
    ngcc_sha3_ctx ctx;
    ctx_init(&ctx, NGCC_SHAKE128_RATE, 0x1f);
    absorb(&ctx, in, inlen);
    finalize(&ctx);
    squeeze(&ctx, out, outlen);
}

void ngcc_shake256(unsigned char *out, size_t outlen,
                   const unsigned char *in, size_t inlen)
{
    ngcc_sha3_ctx ctx;
    ctx_init(&ctx, NGCC_SHAKE256_RATE, 0x1f);
    absorb(&ctx, in, inlen);
    finalize(&ctx);
    squeeze(&ctx, out, outlen);
}

void ngcc_shake128_absorb_once(ngcc_sha3_ctx *ctx,
                               const unsigned char *in, size_t inlen)
{
    ctx_init(ctx, NGCC_SHAKE128_RATE, 0x1f);
    absorb(ctx, in, inlen);
    finalize(ctx);
}

void ngcc_shake128_squeezeblocks(unsigned char *out, size_t nblocks,
                                 ngcc_sha3_ctx *ctx)
{
    squeeze(ctx, out, nblocks * (size_t)ctx->rate);
}
