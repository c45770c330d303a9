/* kem.c -- the KEM kind: the ICCS KEM API (iccs.md), the official
 * KAT_KEM.c driver's file (kat.md) and the operations keygen, enc and dec
 * (measurement.md section 2).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stddef.h>

#include "kem_kat.h"
#include "kind.h"

extern const struct kind_timer kem_timer; /* kem_timer.c */

static const char *const kem_symbols[] = {
    "kem_get_pk_len_bytes", "kem_get_sk_len_bytes", "kem_get_ct_len_bytes",
    "kem_get_ss_len_bytes", "kem_keygen", "kem_enc", "kem_dec", NULL
};

static const struct kind_size kem_sizes[] = {
    { "pk", "kem_get_pk_len_bytes", "public key", 0, 0, 0 },
    { "sk", "kem_get_sk_len_bytes", "secret key", 1, 0, 0 },
    { "ct", "kem_get_ct_len_bytes", "ciphertext", 0, 0, 0 },
    { "ss", "kem_get_ss_len_bytes", "shared secret", 1, 0, 0 },
};

static const struct kind_op kem_ops[] = {
    { "keygen", "kem_keygen",
      "keygen: the DRNG seeded, nothing else; every timed call makes a key pair",
      "keygen times fresh key pairs", 0, { NULL, 0 } },
    { "enc", "kem_enc",
      "enc: the DRNG seeded, one key pair; every timed call encapsulates to its public key",
      "enc encapsulates to one key pair", 0, { NULL, 0 } },
    { "dec", "kem_dec",
      "dec: the DRNG seeded, one key pair, one ciphertext, one honest decapsulation checked; every timed call decapsulates that ciphertext",
      "dec decapsulates one honest ciphertext, checked first to give back the shared secret", 0, { NULL, 0 } },
};

const struct kind kind_kem = {
    "kem", "KEM", "KEM_AlgorithmInstance.h", kem_symbols,
    kem_sizes, (int)(sizeof kem_sizes / sizeof kem_sizes[0]),
    kem_ops, (int)(sizeof kem_ops / sizeof kem_ops[0]),
    "KAT_KEM_%s.txt", 10, "mlkem", "ML-KEM",
    &kem_timer, &kem_kat, &kem_screen,

    /* the report's words (kind_page.h) */
    .page = { "public-key algorithm; function: key encapsulation", "Key encapsulation",
              "data/ngcc-round1-kem.csv", "data/kem-instances.csv", "pk ct",
              "FIPS 203", "1, 3 and 5", "SHA-3/SHAKE" },
};
