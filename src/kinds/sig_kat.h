/* sig_kat.h -- the signature API as the KAT driver and the screening call
 * it (function pointers resolved from an instance library) and its
 * official KAT_SIG.c procedure.  Part of ngcc-perf. */
#ifndef NGCC_KINDS_SIG_KAT_H
#define NGCC_KINDS_SIG_KAT_H

#include <stddef.h>
#include <stdio.h>

#include "kind_kat.h"
#include "ngcc_instance.h"

/* The ICCS signature API (kinds.md), as function pointer types for dlsym. */
typedef int (*ngcc_sign_fn)(unsigned char *sk, unsigned long long sk_len,
                            unsigned char *m, unsigned long long m_len,
                            unsigned char *sn, unsigned long long *sn_len);
typedef int (*ngcc_verify_fn)(unsigned char *pk, unsigned long long pk_len,
                              unsigned char *sn, unsigned long long sn_len,
                              unsigned char *m, unsigned long long m_len);

struct ngcc_sig_api {
    ngcc_len_fn pk_len, sk_len, sn_len;
    ngcc_keygen_fn keygen;          /* the KEM's signature: pk, &len, sk, &len */
    ngcc_sign_fn sign;
    ngcc_verify_fn verify;
    ngcc_drng_seed_fn drng_seed;    /* seeds the scheme's drng_algorithm */
};

/* The signature kind (sig.c) and its hooks (sig_kat.c, sig_screen.c). */
extern const struct kind kind_sig;
extern const struct kind_kat sig_kat;
struct kind_screen;
extern const struct kind_screen sig_screen;

/* The message of KAT record I: 56 + 8*I bytes (kinds.md). */
#define NGCC_SIG_KAT_MLEN(i) (56UL + 8UL * (unsigned long)(i))

/* The message DRNG's nonce: "msg" x 21 and "m", 64 bytes. */
void ngcc_sig_kat_msg_nonce(unsigned char nonce[64]);

/* KAT_SIG.c: per record the seed re-seeds the scheme's DRNG, the message
 * is drawn from the message DRNG, then keygen, sign and verify run and the
 * record is printed.  Guard bytes as for the KEM; a failing call, a length
 * beyond the getter's or a verify rejecting the driver's own signature is
 * CRYPTOFAIL naming the call and the record. */
enum ngcc_katgen_status ngcc_sig_kat_run(const struct ngcc_sig_api *api,
                                         const struct ngcc_katgen_opts *opts,
                                         FILE *out, char *msg,
                                         size_t msgsize);

#endif
