/* auxfunc.h - the ICCS hash helpers (NGCC KEM programming interface).
 *
 * Part of ngcc-perf: an independent, bit-exact implementation of the helper
 * functions that the competition organiser ships with its call.
 *
 * All lengths are in bits.  A message is a bit string stored MSB-first inside
 * a byte (11 bits 10101100001 are the bytes AC 20); only the first
 * msg_len_bits bits of msg are read, and msg may be NULL when msg_len_bits
 * is 0.  Outputs are ceil(len/8) bytes; the unused low bits of a partial last
 * byte are set to zero.  The output buffer may overlap the message.
 *
 * Return values:
 *    0  success
 *   -2  memory allocation failed (never happens here: nothing is allocated)
 *   -3  hash failed (a NULL buffer where one is needed, or a message too
 *       long for SM3: 2^64 bits or more once the helper's suffix is added)
 *   -4  invalid digest/output length
 */
#ifndef NGCC_ICCS_AUXFUNC_H
#define NGCC_ICCS_AUXFUNC_H

#ifdef __cplusplus
extern "C" {
#endif

/* SM3 (GB/T 32905-2016).  digest_len_bits must be 256 (else -4); writes 32
 * bytes. */
int sm3hash(int digest_len_bits, const unsigned char *msg,
            unsigned long long msg_len_bits, unsigned char *digest);

/* SM3/HMAC-SM3 construction with a 512, 768 or 1024-bit digest (else -4);
 * writes digest_len_bits / 8 bytes. */
int pseudohash(int digest_len_bits, const unsigned char *msg,
               unsigned long long msg_len_bits, unsigned char *digest);

/* SM2 key derivation function (GB/T 32918.4-2016 5.4.3) used as an XOF:
 * SM3(M || <1>32) || SM3(M || <2>32) || ... truncated to output_len_bits,
 * which must be below 2^40 - 2^8 (else -4).  Prefix-consistent.
 * output_len_bits == 0 is a success that writes nothing and reads nothing
 * (output and msg may then be NULL). */
int pseudoXOF(unsigned long long output_len_bits, const unsigned char *msg,
              unsigned long long msg_len_bits, unsigned char *output);

#ifdef __cplusplus
}
#endif

#endif /* NGCC_ICCS_AUXFUNC_H */
