/*
 * mldsa_internal.h - the deterministic ML-DSA functions of FIPS 204 section 6
 * (KeyGen_internal, Sign_internal, Verify_internal), for tests and for the
 * ICCS API layer.  The parameter set is the one the sources are compiled
 * for (NGCC_MLDSA_MODE), and so is the name: ngcc_mldsa44_keygen_internal,
 * ngcc_mldsa65_..., ngcc_mldsa87_... (MLDSA_FN of params.h).
 */
#ifndef NGCC_MLDSA_INTERNAL_H
#define NGCC_MLDSA_INTERNAL_H

#include <stddef.h>

#include "params.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ML-DSA.KeyGen_internal(xi) (Algorithm 6): pk, sk of the set's sizes.
 * Returns 0. */
int MLDSA_FN(keygen_internal)(unsigned char *pk, unsigned char *sk,
                              const unsigned char xi[32]);

/* ML-DSA.Sign_internal(sk, M', rnd) (Algorithm 7) with M' = pre || m
 * (pre may be NULL with prelen 0): sig of MLDSA_SIGBYTES.  Returns 0, or
 * -1 when sk is malformed (an s1/s2 coefficient out of [-eta, eta]). */
int MLDSA_FN(sign_internal)(unsigned char *sig, const unsigned char *sk,
                            const unsigned char *pre, size_t prelen,
                            const unsigned char *m, size_t mlen,
                            const unsigned char rnd[32]);

/* ML-DSA.Verify_internal(pk, M', sig) (Algorithm 8) with M' = pre || m:
 * 0 if valid, -1 if not (siglen other than MLDSA_SIGBYTES included). */
int MLDSA_FN(verify_internal)(const unsigned char *pk,
                              const unsigned char *pre, size_t prelen,
                              const unsigned char *m, size_t mlen,
                              const unsigned char *sig, size_t siglen);

#ifdef NGCC_MLDSA_TEST_COUNTERS
/* test builds only: iterations of the signing loop, summed over calls */
extern unsigned long MLDSA_FN(sign_iterations);
#endif

#ifdef __cplusplus
}
#endif

#endif
