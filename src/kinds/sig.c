/* sig.c -- the signature kind: the ICCS signature API (kinds.md,
 * "Signatures"), the official KAT_SIG.c driver's file and the operations
 * keygen, sign and verify (guide section 3.4.1).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stddef.h>

#include "sig_kat.h"
#include "kind.h"

extern const struct kind_timer sig_timer; /* sig_timer.c */

static const char *const sig_symbols[] = {
    "sig_get_pk_len_bytes", "sig_get_sk_len_bytes", "sig_get_sn_len_bytes",
    "sig_keygen", "sig_sign", "sig_verify", NULL
};

static const struct kind_size sig_sizes[] = {
    { "pk", "sig_get_pk_len_bytes", "public key", 0, 0, 0 },
    { "sk", "sig_get_sk_len_bytes", "secret key", 1, 0, 0 },
    { "sn", "sig_get_sn_len_bytes", "signature", 0, 0, 0 },
};

static const struct kind_op sig_ops[] = {
    { "keygen", "sig_keygen",
      "keygen: the DRNG seeded, nothing else; every timed call makes a key pair",
      "keygen times fresh key pairs", 0, { NULL, 0 } },
    { "sign", "sig_sign",
      "sign: the DRNG seeded, one key pair, the 64-byte message msg[i] = i*131 + 64; every timed call signs it, a failed sign retried up to 64 times and the retries counted",
      "sign signs one 64-byte message (msg[i] = i*131 + 64) with one key pair, a failed sign retried up to 64 times", 0, { NULL, 0 } },
    { "verify", "sig_verify",
      "verify: the DRNG seeded, one key pair, one signature of the 64-byte message checked to verify; every timed call verifies that signature",
      "verify checks one valid signature of the 64-byte message, checked first to verify", 0, { NULL, 0 } },
};

const struct kind kind_sig = {
    "sig", "signature", "SIG_AlgorithmInstance.h", sig_symbols,
    sig_sizes, (int)(sizeof sig_sizes / sizeof sig_sizes[0]),
    sig_ops, (int)(sizeof sig_ops / sizeof sig_ops[0]),
    "KAT_SIG_%s.txt", 10, "mldsa", "ML-DSA",
    &sig_timer, &sig_kat, &sig_screen,

    /* the report's words (kind_page.h) */
    .page = { "public-key algorithm; function: digital signature", "Digital signatures",
              "data/ngcc-round1-sig.csv", "data/sig-instances.csv", "pk sn",
              "FIPS 204", "2, 3 and 5", "SHA-3/SHAKE",
              { { "sign", "sign_retries", "sign retries", 0, NULL },
                { "sign", "signature_bytes", "signature bytes min / mean / max", 1, "sn" },
                { "sign", "signature_length_excess", "longer than the claimed maximum", 0, NULL } },
              "forgery", "forgery check",
              "After the KAT records, the forgery check: one key pair and one valid signature of its own (the DRNG seeded apart), which verify must reject with one bit flipped in the signature's first, middle and last byte, with the message changed by one bit, and with the signature truncated by one byte.",
              "verify accepted a forgery (a functional finding, not a crash)",
              "Message rule: sign and verify use the 64-byte message msg[i] = i*131 + 64 (i = 0..63, modulo 256), as the organiser's harness; the key pair comes from one keygen in setup. Retry rule: a sign that fails is called again, at most 64 times, and the retries are counted (sign retries on the candidate pages); verify is timed on one signature made in setup and checked to verify first. The signature lengths the timed signs produced are recorded (minimum, mean, maximum), with any longer than the claimed maximum." },
};
