/* iccs_wrappers.c -- the wrappers of the ICCS hash helpers and the DRNG
 * (iccs.md sections 2 and 3) for the profiling variant of an instance.
 * ngcc-build-scheme compiles each wrapper in (-DNGCC_WRAP_<name>) only when
 * it links with -Wl,--wrap=<name>, i.e. when the instance's objects define
 * the function.  The prototypes are the ICCS ones, written out here so that
 * no candidate header is needed (the DRNG context is passed through as
 * void *, which has the same representation).
 *
 * Input and output bits: sm3hash, pseudohash: message bits, digest bits;
 * pseudoXOF: message bits, output bits; get_random_number: 0, bits drawn.
 * Part of ngcc-perf. */
#include "ngcc_profile.h"

/* a bit count from an int that may be negative (a candidate's bug) */
#define BITS(n) ((n) < 0 ? 0ULL : (unsigned long long)(n))

#ifdef NGCC_WRAP_sm3hash
int __real_sm3hash(int digest_len_bits, const unsigned char *msg,
                   unsigned long long msg_len_bits, unsigned char *digest);
int __wrap_sm3hash(int digest_len_bits, const unsigned char *msg,
                   unsigned long long msg_len_bits, unsigned char *digest);
int __wrap_sm3hash(int digest_len_bits, const unsigned char *msg,
                   unsigned long long msg_len_bits, unsigned char *digest)
{
    int r;
    NGCC_PROFILE_CALL("sm3hash", msg_len_bits, BITS(digest_len_bits),
                      r = __real_sm3hash(digest_len_bits, msg, msg_len_bits, digest));
    return r;
}
#endif

#ifdef NGCC_WRAP_pseudohash
int __real_pseudohash(int digest_len_bits, const unsigned char *msg,
                      unsigned long long msg_len_bits, unsigned char *digest);
int __wrap_pseudohash(int digest_len_bits, const unsigned char *msg,
                      unsigned long long msg_len_bits, unsigned char *digest);
int __wrap_pseudohash(int digest_len_bits, const unsigned char *msg,
                      unsigned long long msg_len_bits, unsigned char *digest)
{
    int r;
    NGCC_PROFILE_CALL("pseudohash", msg_len_bits, BITS(digest_len_bits),
                      r = __real_pseudohash(digest_len_bits, msg, msg_len_bits, digest));
    return r;
}
#endif

#ifdef NGCC_WRAP_pseudoXOF
int __real_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                     unsigned long long msg_len_bits, unsigned char *output);
int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                     unsigned long long msg_len_bits, unsigned char *output);
int __wrap_pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
                     unsigned long long msg_len_bits, unsigned char *output)
{
    int r;
    NGCC_PROFILE_CALL("pseudoXOF", msg_len_bits, output_len_bits,
                      r = __real_pseudoXOF(output_len_bits, msg, msg_len_bits, output));
    return r;
}
#endif

#ifdef NGCC_WRAP_get_random_number
int __real_get_random_number(void *drng, unsigned char *random_number,
                             unsigned long long random_number_len_bits);
int __wrap_get_random_number(void *drng, unsigned char *random_number,
                             unsigned long long random_number_len_bits);
int __wrap_get_random_number(void *drng, unsigned char *random_number,
                             unsigned long long random_number_len_bits)
{
    int r;
    NGCC_PROFILE_CALL("get_random_number", 0ULL, random_number_len_bits,
                      r = __real_get_random_number(drng, random_number,
                                                   random_number_len_bits));
    return r;
}
#endif

/* ISO C wants at least one declaration in a translation unit. */
typedef int ngcc_profile_iccs_wrappers_unit;
