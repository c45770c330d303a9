/* drng.h - the ICCS deterministic random number generator (NGCC KEM API).
 *
 * Part of ngcc-perf: an independent, bit-exact implementation of NIST
 * SP 800-90A Hash_DRBG instantiated with SM3 (outlen 256 bits, seedlen 440
 * bits = 55 bytes); no nonce, personalization string, additional input or
 * reseed.
 *
 * Return values: 0 success; -2 memory allocation failed (never happens here);
 * -1 invalid argument (a NULL pointer where a buffer is needed; not an
 * official code).
 */
#ifndef NGCC_ICCS_DRNG_H
#define NGCC_ICCS_DRNG_H

#define SEEDLEN (55)

typedef struct {
    unsigned char V[SEEDLEN];
    unsigned char C[SEEDLEN];
    unsigned char reseed_counter[SEEDLEN]; /* 55-byte big-endian integer */
} DRNG_ctx;

#ifdef __cplusplus
extern "C" {
#endif

/* Instantiate from the whole seed (any length, 0 included; seed may be NULL
 * when seed_len_bytes is 0). */
int init_random_number(DRNG_ctx *drng, const unsigned char *seed,
                       unsigned long long seed_len_bytes);

/* Write ceil(random_number_len_bits / 8) bytes, the unused low bits of a
 * partial last byte set to zero, then update the state.  Every call updates
 * the state, a 0-bit call included, so the output depends on how the draws
 * are split (64 bytes at once differ from 32 + 32). */
int get_random_number(DRNG_ctx *drng, unsigned char *random_number,
                      unsigned long long random_number_len_bits);

#ifdef __cplusplus
}
#endif

#endif /* NGCC_ICCS_DRNG_H */
