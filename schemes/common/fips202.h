/*
 * fips202.h - SHA3-256, SHA3-512, SHAKE128 and SHAKE256 (FIPS 202) for the
 * package's own ML-KEM, ML-DSA and refhash, which build schemes/common/fips202.c
 * (scheme.conf: sources ../common/fips202.c, includes ../common).  Written
 * for ngcc-perf from FIPS 202.
 *
 * ENTRY POINTS (the profiler wraps these with -Wl,--wrap, so every
 * SHA-3/SHAKE computation of a scheme must go through those it lists, each
 * called only from other object files than fips202.c; calls inside
 * fips202.c are not wrapped, so nothing is counted twice):
 *
 * ML-KEM (kem.c, indcpa.c, sample.c):
 *   ngcc_sha3_256               H(ek): KeyGen, Encaps, 7.3 dk check (SHA3-256)
 *   ngcc_sha3_512               G(d||k), G(m||H(ek)), G(m'||h)     (SHA3-512)
 *   ngcc_shake128_absorb_once   XOF(rho||j||i) set-up in SampleNTT (SHAKE128)
 *   ngcc_shake128_squeezeblocks XOF output blocks for SampleNTT    (SHAKE128)
 *   ngcc_shake256               PRF_eta(s, b) and J(z||c)          (SHAKE256)
 * refhash (CryptHash_AlgorithmInstance.c: SHA3-256, SHA3-512 of bit strings):
 *   ngcc_sha3_absorb, ngcc_sha3_finalize_bits, ngcc_sha3_squeeze
 * ML-DSA (sign.c, sample.c):
 *   ngcc_shake128_absorb_once, ngcc_shake128_squeezeblocks   RejNTTPoly (ExpandA)
 *   ngcc_shake256               H of xi, pk (tr), K||rnd||mu, mu||w1; ExpandMask
 *   ngcc_shake256_init          (no Keccak work: not wrapped)
 *   ngcc_sha3_absorb, ngcc_sha3_finalize, ngcc_sha3_squeeze
 *                               the incremental H: mu = H(tr||M'), RejBoundedPoly
 *                               (ExpandS), SampleInBall
 *
 * Incremental use: ngcc_shake128_init (or _shake256_init, _sha3_256_init,
 * _sha3_512_init), any number of ngcc_sha3_absorb calls, one
 * ngcc_sha3_finalize, then any number of ngcc_sha3_squeeze calls of any
 * length; repeated squeezes continue the output stream.  For SHA3-256/512
 * the digest is the first 32/64 squeezed bytes.
 */
#ifndef NGCC_COMMON_FIPS202_H
#define NGCC_COMMON_FIPS202_H

#include <stddef.h>
#include <stdint.h>

#define NGCC_SHAKE128_RATE 168
#define NGCC_SHAKE256_RATE 136
#define NGCC_SHA3_256_RATE 136
#define NGCC_SHA3_512_RATE 72

typedef struct {
    uint64_t s[25];     /* Keccak state, lane (x, y) at s[x + 5y]          */
    unsigned int pos;   /* absorbing: bytes in the current block;
                           squeezing: bytes of the current block used     */
    unsigned int rate;  /* in bytes                                        */
    unsigned char dsep; /* domain bits with the first padding bit: 0x06 for
                           SHA3, 0x1f for SHAKE                            */
    unsigned char squeezing;
} ngcc_sha3_ctx;

/* Keccak-f[1600] on 25 lanes (lane x + 5y, little-endian byte order). */
void ngcc_sha3_keccakf1600(uint64_t s[25]);

/* incremental interface */
void ngcc_shake128_init(ngcc_sha3_ctx *ctx);
void ngcc_shake256_init(ngcc_sha3_ctx *ctx);
void ngcc_sha3_256_init(ngcc_sha3_ctx *ctx);
void ngcc_sha3_512_init(ngcc_sha3_ctx *ctx);
void ngcc_sha3_absorb(ngcc_sha3_ctx *ctx, const unsigned char *in, size_t inlen);
void ngcc_sha3_finalize(ngcc_sha3_ctx *ctx);
/* ngcc_sha3_finalize after NBITS (0..7; higher bits of NBITS ignored) more
 * message bits: bit j of LAST is the j-th of them (FIPS 202 orders a byte's
 * bits from the least significant); LAST's other bits are ignored.  With
 * NBITS = 0 it is ngcc_sha3_finalize. */
void ngcc_sha3_finalize_bits(ngcc_sha3_ctx *ctx, unsigned int last,
                             unsigned int nbits);
void ngcc_sha3_squeeze(ngcc_sha3_ctx *ctx, unsigned char *out, size_t outlen);

/* one-shot helpers */
void ngcc_sha3_256(unsigned char out[32], const unsigned char *in, size_t inlen);
void ngcc_sha3_512(unsigned char out[64], const unsigned char *in, size_t inlen);
void ngcc_shake128(unsigned char *out, size_t outlen,
                   const unsigned char *in, size_t inlen);
void ngcc_shake256(unsigned char *out, size_t outlen,
                   const unsigned char *in, size_t inlen);

/* SHAKE128 block interface: absorb_once = init + absorb + finalize;
 * squeezeblocks writes nblocks * 168 bytes and continues the stream (it may
 * be mixed with ngcc_sha3_squeeze on the same context). */
void ngcc_shake128_absorb_once(ngcc_sha3_ctx *ctx,
                               const unsigned char *in, size_t inlen);
void ngcc_shake128_squeezeblocks(unsigned char *out, size_t nblocks,
                                 ngcc_sha3_ctx *ctx);

#endif
