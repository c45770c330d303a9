/* KEM_AlgorithmInstance.c -- a toy KEM with the ICCS API, for the import
 * test: sk = 32 bytes from drng_algorithm, pk = sk xor (TOY_TWEAK + i),
 * ss = 32 bytes from drng_algorithm, ct = ss xor pk.  No security at all;
 * deterministic, correct, and different for each TOY_TWEAK. */
#include "KEM_AlgorithmInstance.h"
#include "drng.h"
#include "toy_params.h"
#include "toy_xor.h"

extern DRNG_ctx drng_algorithm;

unsigned long long kem_get_pk_len_bytes(void) { return TOY_BYTES; }
unsigned long long kem_get_sk_len_bytes(void) { return TOY_BYTES; }
unsigned long long kem_get_ss_len_bytes(void) { return TOY_BYTES; }
unsigned long long kem_get_ct_len_bytes(void) { return TOY_BYTES; }

/* out = in xor (TOY_TWEAK + i) */
static void toy_tweak(unsigned char *out, const unsigned char *in)
{
    unsigned int i;
    for (i = 0; i < TOY_BYTES; i++)
        out[i] = (unsigned char)(in[i] ^ (TOY_TWEAK + i));
}

int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
               unsigned char *sk, unsigned long long *sk_len_bytes)
{
    if (get_random_number(&drng_algorithm, sk, 8 * TOY_BYTES) != 0)
        return -1;
    toy_tweak(pk, sk);
    *pk_len_bytes = *sk_len_bytes = TOY_BYTES;
    return 0;
}

int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes,
            unsigned char *ct, unsigned long long *ct_len_bytes)
{
    if (pk_len_bytes != TOY_BYTES ||
        get_random_number(&drng_algorithm, ss, 8 * TOY_BYTES) != 0)
        return -1;
    toy_xor(ct, ss, pk, TOY_BYTES);
    *ss_len_bytes = *ct_len_bytes = TOY_BYTES;
    return 0;
}

int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes,
            unsigned char *ct, unsigned long long ct_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes)
{
    unsigned char pk[TOY_BYTES];
    if (sk_len_bytes != TOY_BYTES || ct_len_bytes != TOY_BYTES)
        return -2;
    toy_tweak(pk, sk);
    toy_xor(ss, ct, pk, TOY_BYTES);
    *ss_len_bytes = TOY_BYTES;
    return 0;
}
