/* kem_kat.h -- the KEM's API as the KAT driver and the screening call it
 * (function pointers resolved from an instance library) and its official
 * KAT_KEM.c procedure.  Part of ngcc-perf. */
#ifndef NGCC_KINDS_KEM_KAT_H
#define NGCC_KINDS_KEM_KAT_H

#include <stddef.h>
#include <stdio.h>

#include "kind_kat.h"
#include "ngcc_instance.h"

struct ngcc_kem_api {
    ngcc_len_fn pk_len, sk_len, ct_len, ss_len;
    ngcc_keygen_fn keygen;
    ngcc_enc_fn enc;
    ngcc_dec_fn dec;
    ngcc_drng_seed_fn drng_seed;    /* seeds the scheme's drng_algorithm */
};

/* The KEM kind (kem.c) and its hooks (kem_kat.c, kem_screen.c). */
extern const struct kind kind_kem;
extern const struct kind_kat kem_kat;
struct kind_screen;
extern const struct kind_screen kem_screen;

/* kat.md section 1: per record the 64-byte seed re-seeds the scheme's
 * DRNG, then keygen, enc and dec run and the record is printed.  Every
 * buffer has guard bytes on both sides, checked after each call (a write
 * outside is OVERFLOW naming the call and the buffer); a call that fails,
 * returns a length larger than its buffer, or a dec that disagrees with
 * enc is CRYPTOFAIL naming the record. */
enum ngcc_katgen_status ngcc_kem_kat_run(const struct ngcc_kem_api *api,
                                         const struct ngcc_katgen_opts *opts,
                                         FILE *out, char *msg,
                                         size_t msgsize);

#endif
