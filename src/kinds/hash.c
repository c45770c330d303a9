/* hash.c -- the hash kind: the ICCS CryptHash API (kinds.md, "Hash"), the
 * four files of the official KAT_CryptHash.c driver and the operations
 * hash_32 ... hash_65536 (guide section 3.4.2, S1-S8).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stddef.h>

#include "hash_kat.h"
#include "kind.h"

extern const struct kind_timer hash_timer;   /* hash_timer.c */
extern const struct kind_screen hash_screen; /* hash_screen.c */

/* The getter is the glue's (src/glue: DIGEST_BIT_LENGTH of the header),
 * exported by every hash instance library. */
static const char *const hash_symbols[] = {
    "CryptHash", "ngcc_hash_digest_len_bytes", NULL
};

static const struct kind_size hash_sizes[] = {
    { "digest", "ngcc_hash_digest_len_bytes", "digest", 0, 0, 0 },
};

#define HASH_OP(n)                                                              \
    { "hash_" #n, "CryptHash",                                                  \
      "hash_" #n ": the " #n "-byte message msg[i] = i*131 + " #n " (mod 256), "  \
      "nothing else; every timed call hashes it at the instance's own digest "  \
      "length (DIGEST_BIT_LENGTH)",                                             \
      "hash_" #n " hashes one " #n "-byte message (msg[i] = i*131 + " #n ") "     \
      "at the instance's digest length", n, { NULL, 0 } }

static const struct kind_op hash_ops[] = {
    HASH_OP(32), HASH_OP(128), HASH_OP(512), HASH_OP(1024),
    HASH_OP(4096), HASH_OP(8192), HASH_OP(16384), HASH_OP(65536),
};

/* kinds.md: KAT_2_12 and KAT_2_23 at every build; KAT_2_33 (1 GiB
 * messages) and KAT_Loop (10^6 chained calls) on request.  The work: the
 * bytes hashed and drawn from the DRNG, the calls, the message buffer. */
#define MIB (1ULL << 20)
static const struct kind_kat_file hash_kat_files[] = {
    { "KAT_2_12", "KAT_2_12_%s.txt", 4097, 0, 2 * 4097ULL * 4096 / 16, 4097, 4096 / 8 + 1 },
    { "KAT_2_23", "KAT_2_23_%s.txt", 3, 0, 4 * MIB, 3, MIB },
    { "KAT_2_33", "KAT_2_33_%s.txt", 3, 1, 4096 * MIB, 3, 1024 * MIB },
    { "KAT_Loop", "KAT_Loop_%s.txt", 1, 1, 1000001ULL * 1024, 1000001, 1024 },
};

const struct kind kind_hash = {
    "hash", "hash function", "CryptHash_AlgorithmInstance.h", hash_symbols,
    hash_sizes, (int)(sizeof hash_sizes / sizeof hash_sizes[0]),
    hash_ops, (int)(sizeof hash_ops / sizeof hash_ops[0]),
    "KAT_2_12_%s.txt", 4097, "refhash", "SM3 and SHA-3",
    &hash_timer, &hash_kat, &hash_screen,

    /* the report's words (kind_page.h) */
    .page = { "hash algorithm; function: hash function", "Hash functions",
              "data/ngcc-round1-hash.csv", "data/hash-instances.csv", "digest",
              "GB/T 32905 and FIPS 202", "256 and 512 bits", "SM3 and SHA-3",
              { { NULL, NULL, NULL, 0, NULL } },
              "functional", "output lengths",
              "After the KAT records, the output lengths: CryptHash called on one message at digest lengths other than the instance's own (128, 224, 256, 384 and 512 bits and one not a multiple of 8); a length is honoured when the call returns 0 and gives the same digest twice.",
              "an output length was not honoured (shown, never a finding)",
              "Message rule: hash_N hashes the N-byte message msg[i] = i*131 + N (i = 0..N-1, modulo 256), as the organiser's harness, at the instance's own digest length (DIGEST_BIT_LENGTH); N runs over the guide's eight input sizes S1-S8, 32 to 65536 bytes. Cycles per byte are the mean cycles of one call over N; MB/s is N over the mean time of one call, in 10^6 bytes per second (not 2^20).",
              /* the throughput pages (report/throughput.awk): the sizes, the
               * digest in bits, no secrets, the output lengths in section 6 */
              1, "digest",
              "Secret-dependent behaviour: not checked for a hash function, which has no secret input (the message and the digest are public, and no coins are drawn): nothing to mark secret.",
              "digest" },

    .kat_files = hash_kat_files,
    .nkat_files = (int)(sizeof hash_kat_files / sizeof hash_kat_files[0]),
    .kat_record_key = "Msg_Len",
};
