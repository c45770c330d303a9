/*
 * fips202_wrappers.c - the profiler's wrappers of the SHA-3/SHAKE entry
 * points (fips202.h) of ML-KEM, ML-DSA and refhash, compiled only into the
 * profiling variant of each instance (scheme.conf: profile_wrappers).
 * ngcc-build-scheme defines NGCC_WRAP_<name> for each function it wraps
 * with -Wl,--wrap=<name>: a scheme gets only the wrappers it lists.
 *
 * Input and output bits: sha3_256, sha3_512, shake256: message bits, output
 * bits; shake128_absorb_once: message bits, 0; shake128_squeezeblocks: 0,
 * 1344 bits (168 bytes) per block; sha3_absorb: message bits, 0;
 * sha3_finalize: 0, 0 (the padding; the permutation comes with the first
 * squeeze); sha3_finalize_bits: the message bits it takes (0..7), 0;
 * sha3_squeeze: 0, output bits.
 */
#include <stddef.h>

#include "fips202.h"
#include "ngcc_profile.h"

#ifdef NGCC_WRAP_ngcc_sha3_256
void __real_ngcc_sha3_256(unsigned char out[32], const unsigned char *in, size_t inlen);
void __wrap_ngcc_sha3_256(unsigned char out[32], const unsigned char *in, size_t inlen);
void __wrap_ngcc_sha3_256(unsigned char out[32], const unsigned char *in, size_t inlen)
{
    NGCC_PROFILE_CALL("ngcc_sha3_256", 8ULL * inlen, 256ULL,
                      __real_ngcc_sha3_256(out, in, inlen));
}
#endif

#ifdef NGCC_WRAP_ngcc_sha3_512
void __real_ngcc_sha3_512(unsigned char out[64], const unsigned char *in, size_t inlen);
void __wrap_ngcc_sha3_512(unsigned char out[64], const unsigned char *in, size_t inlen);
void __wrap_ngcc_sha3_512(unsigned char out[64], const unsigned char *in, size_t inlen)
{
    NGCC_PROFILE_CALL("ngcc_sha3_512", 8ULL * inlen, 512ULL,
                      __real_ngcc_sha3_512(out, in, inlen));
}
#endif

#ifdef NGCC_WRAP_ngcc_shake128_absorb_once
void __real_ngcc_shake128_absorb_once(ngcc_sha3_ctx *ctx, const unsigned char *in,
                                      size_t inlen);
void __wrap_ngcc_shake128_absorb_once(ngcc_sha3_ctx *ctx, const unsigned char *in,
                                      size_t inlen);
void __wrap_ngcc_shake128_absorb_once(ngcc_sha3_ctx *ctx, const unsigned char *in,
                                      size_t inlen)
{
    NGCC_PROFILE_CALL("ngcc_shake128_absorb_once", 8ULL * inlen, 0ULL,
                      __real_ngcc_shake128_absorb_once(ctx, in, inlen));
}
#endif

#ifdef NGCC_WRAP_ngcc_shake128_squeezeblocks
void __real_ngcc_shake128_squeezeblocks(unsigned char *out, size_t nblocks,
                                        ngcc_sha3_ctx *ctx);
void __wrap_ngcc_shake128_squeezeblocks(unsigned char *out, size_t nblocks,
                                        ngcc_sha3_ctx *ctx);
void __wrap_ngcc_shake128_squeezeblocks(unsigned char *out, size_t nblocks,
                                        ngcc_sha3_ctx *ctx)
{
    NGCC_PROFILE_CALL("ngcc_shake128_squeezeblocks", 0ULL,
                      8ULL * NGCC_SHAKE128_RATE * nblocks,
                      __real_ngcc_shake128_squeezeblocks(out, nblocks, ctx));
}
#endif

#ifdef NGCC_WRAP_ngcc_shake256
void __real_ngcc_shake256(unsigned char *out, size_t outlen,
                          const unsigned char *in, size_t inlen);
void __wrap_ngcc_shake256(unsigned char *out, size_t outlen,
                          const unsigned char *in, size_t inlen);
void __wrap_ngcc_shake256(unsigned char *out, size_t outlen,
                          const unsigned char *in, size_t inlen)
{
    NGCC_PROFILE_CALL("ngcc_shake256", 8ULL * inlen, 8ULL * outlen,
                      __real_ngcc_shake256(out, outlen, in, inlen));
}
#endif

#ifdef NGCC_WRAP_ngcc_sha3_absorb
void __real_ngcc_sha3_absorb(ngcc_sha3_ctx *ctx, const unsigned char *in, size_t inlen);
void __wrap_ngcc_sha3_absorb(ngcc_sha3_ctx *ctx, const unsigned char *in, size_t inlen);
void __wrap_ngcc_sha3_absorb(ngcc_sha3_ctx *ctx, const unsigned char *in, size_t inlen)
{
    NGCC_PROFILE_CALL("ngcc_sha3_absorb", 8ULL * inlen, 0ULL,
                      __real_ngcc_sha3_absorb(ctx, in, inlen));
}
#endif

#ifdef NGCC_WRAP_ngcc_sha3_finalize
void __real_ngcc_sha3_finalize(ngcc_sha3_ctx *ctx);
void __wrap_ngcc_sha3_finalize(ngcc_sha3_ctx *ctx);
void __wrap_ngcc_sha3_finalize(ngcc_sha3_ctx *ctx)
{
    NGCC_PROFILE_CALL("ngcc_sha3_finalize", 0ULL, 0ULL, __real_ngcc_sha3_finalize(ctx));
}
#endif

#ifdef NGCC_WRAP_ngcc_sha3_finalize_bits
void __real_ngcc_sha3_finalize_bits(ngcc_sha3_ctx *ctx, unsigned int last,
                                    unsigned int nbits);
void __wrap_ngcc_sha3_finalize_bits(ngcc_sha3_ctx *ctx, unsigned int last,
                                    unsigned int nbits);
void __wrap_ngcc_sha3_finalize_bits(ngcc_sha3_ctx *ctx, unsigned int last,
                                    unsigned int nbits)
{
    NGCC_PROFILE_CALL("ngcc_sha3_finalize_bits", (unsigned long long)(nbits & 7u), 0ULL,
                      __real_ngcc_sha3_finalize_bits(ctx, last, nbits));
}
#endif

#ifdef NGCC_WRAP_ngcc_sha3_squeeze
void __real_ngcc_sha3_squeeze(ngcc_sha3_ctx *ctx, unsigned char *out, size_t outlen);
void __wrap_ngcc_sha3_squeeze(ngcc_sha3_ctx *ctx, unsigned char *out, size_t outlen);
void __wrap_ngcc_sha3_squeeze(ngcc_sha3_ctx *ctx, unsigned char *out, size_t outlen)
{
    NGCC_PROFILE_CALL("ngcc_sha3_squeeze", 0ULL, 8ULL * outlen,
                      __real_ngcc_sha3_squeeze(ctx, out, outlen));
}
#endif

/* ISO C wants at least one declaration in a translation unit. */
typedef int ngcc_fips202_profile_wrappers_unit;
