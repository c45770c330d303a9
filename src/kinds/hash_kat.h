/* hash_kat.h -- the hash API as the KAT driver and the screening call it
 * (function pointers resolved from an instance library) and the official
 * KAT_CryptHash.c procedure.  Part of ngcc-perf. */
#ifndef NGCC_KINDS_HASH_KAT_H
#define NGCC_KINDS_HASH_KAT_H

#include <stddef.h>
#include <stdio.h>

#include "kind_kat.h"
#include "ngcc_instance.h"

/* CryptHash (kinds.md): lengths in bits; 0, anything else an error. */
typedef int (*ngcc_crypthash_fn)(int digest_len_bits, const unsigned char *msg,
                                 unsigned long long msg_len_bits,
                                 unsigned char *digest);
typedef int (*ngcc_hash_bits_fn)(void);

struct ngcc_hash_api {
    ngcc_crypthash_fn hash;
    ngcc_len_fn digest_len;         /* the glue's ngcc_hash_digest_len_bytes */
    ngcc_hash_bits_fn digest_bits;  /* the glue's ngcc_hash_digest_bits */
    ngcc_drng_seed_fn drng_seed;    /* seeds the scheme's drng_algorithm */
};

/* The glue's getters (src/glue/instance_glue.c). */
#define NGCC_SYM_HASH_DIGEST_BITS "ngcc_hash_digest_bits"

/* The hash kind (hash.c) and its hooks (hash_kat.c, hash_screen.c). */
extern const struct kind kind_hash;
extern const struct kind_kat hash_kat;
struct kind_screen;
extern const struct kind_screen hash_screen;

#endif
