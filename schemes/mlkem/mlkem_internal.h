/*
 * mlkem_internal.h - the deterministic ML-KEM functions of FIPS 203 section 6 and
 * the input checks of section 7, for tests and for the ICCS API layer.
 * The parameter set is the one the library was compiled for (NGCC_MLKEM_K).
 */
#ifndef NGCC_MLKEM_INTERNAL_H
#define NGCC_MLKEM_INTERNAL_H

#ifdef __cplusplus
extern "C" {
#endif

/* ML-KEM.KeyGen_internal(d, z) (Algorithm 16): ek, dk of the instance's
 * sizes.  Returns 0. */
int ngcc_mlkem_keygen_internal(unsigned char *ek, unsigned char *dk,
                               const unsigned char d[32], const unsigned char z[32]);
/* ML-KEM.Encaps_internal(ek, m) (Algorithm 17): shared key k (32 bytes) and
 * ciphertext c.  No input check (see ngcc_mlkem_check_ek).  Returns 0. */
int ngcc_mlkem_encaps_internal(unsigned char *k, unsigned char *c,
                               const unsigned char *ek, const unsigned char m[32]);
/* ML-KEM.Decaps_internal(dk, c) (Algorithm 18), with implicit rejection:
 * an invalid c gives J(z || c).  No input check (see ngcc_mlkem_check_dk).
 * Returns 0. */
int ngcc_mlkem_decaps_internal(unsigned char *k, const unsigned char *dk,
                               const unsigned char *c);

/* FIPS 203 section 7.2 modulus check: 0 if ek passes, -1 if not. */
int ngcc_mlkem_check_ek(const unsigned char *ek);
/* FIPS 203 section 7.3 hash check H(dk[384k : 768k+32]) == dk[768k+32 : 768k+64]:
 * 0 if dk passes, -1 if not. */
int ngcc_mlkem_check_dk(const unsigned char *dk);

#ifdef __cplusplus
}
#endif

#endif
