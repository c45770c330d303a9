/*
 * sha3_ref.h - what the refhash SHA-3 tests share: bit strings, the ICCS
 * to FIPS 202 bit mapping of doc/refhash.md in both directions, an
 * independent bit-by-bit SHA-3 (only the permutation is fips202.c's), and
 * the Check suite both SHA-3 instances run on their own vectors.
 */
#ifndef NGCC_TESTS_REFHASH_SHA3_REF_H
#define NGCC_TESTS_REFHASH_SHA3_REF_H

#include <stddef.h>

#include <check.h>

/* A NIST example: REPS times the bits "11000101" (the byte 0xa3 in FIPS 202
 * order), then the bit string TAIL ('0'/'1'); the digest in hex. */
struct sha3_bit_vector {
    unsigned int reps;
    const char *tail;
    const char *digest_hex;
};

/* A whole-byte example: LEN bytes of MSG (or of FILL when MSG is NULL). */
struct sha3_byte_vector {
    const char *msg;
    size_t len;
    unsigned char fill;
    const char *digest_hex;
};

struct sha3_instance {
    const char *name;           /* "SHA3-256" */
    int digest_bits;
    unsigned int rate;          /* bytes */
    const struct sha3_byte_vector *bytes;
    size_t n_bytes;
    const struct sha3_bit_vector *bits;
    size_t n_bits;
};

/* hex to bytes; returns the byte count */
size_t ref_unhex(const char *hex, unsigned char *out, size_t max);

/* the bits of a NIST example as 0/1 values; returns their count */
size_t ref_vector_bits(const struct sha3_bit_vector *v, unsigned char *bits, size_t max);

/* FIPS 202 bit string -> the ICCS buffer (whole bytes: bit j of a byte is
 * its j-th bit; the partial byte: its bits from the most significant). */
void ref_iccs_from_fips(const unsigned char *bits, size_t n, unsigned char *msg);

/* the ICCS buffer -> the FIPS 202 bit string (the inverse) */
void ref_fips_from_iccs(const unsigned char *msg, size_t n, unsigned char *bits);

/* SHA-3 of the FIPS 202 bit string BITS[0..n), padded bit by bit */
void ref_sha3_bits(unsigned int rate, const unsigned char *bits, size_t n,
                   unsigned char *out, size_t outlen);

Suite *refhash_sha3_suite(const struct sha3_instance *inst);

#endif
