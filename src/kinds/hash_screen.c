/* hash_screen.c -- the hash kind's screening hook (kind_screen.h):
 * CryptHash on the messages of hash_32 .. hash_65536 (the timer's, the
 * harness's rule), for the sanitizers and memcheck; no secret-dependence
 * check, and the reason why (no_secret).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hash_kat.h"
#include "kind_screen.h"

#define CALL (kind_hash.ops[0].function)

/* The message of op OP, exactly its size (a read past it is the
 * sanitizers' to see), made as the timer makes it (hash_timer.c). */
static unsigned char *message(int op, unsigned long *len)
{
    unsigned long n = kind_hash.ops[op].input_bytes, i;
    unsigned char *m = malloc(n ? n : 1);
    *len = n;
    for (i = 0; m && i < n; i++)
        m[i] = (unsigned char)((i * 131 + n) & 0xff);
    return m;
}

static int work(const void *api_arg, int op, unsigned long n,
                const unsigned char *seed, size_t seed_len,
                const struct kind_marks *m, const char *prefix)
{
    const struct ngcc_hash_api *api = api_arg;
    unsigned char *digest, *msg[KIND_MAX_OPS] = { NULL };
    unsigned long len[KIND_MAX_OPS], i;
    unsigned long long dlen = api->digest_len();
    int bits = api->digest_bits(), status = KIND_WORK_OK, k;
    int first = op < 0 ? 0 : op, last = op < 0 ? kind_hash.nops - 1 : op;

    /* Exactly the getter's bytes: a write past the digest is an overflow. */
    digest = dlen > 0 && dlen <= NGCC_KATGEN_MAX_LEN ? malloc((size_t)dlen) : NULL;
    if (!digest || bits <= 0 || (unsigned long long)(bits + 7) / 8 != dlen) {
        fprintf(stderr, "%sthe digest of %d bits, %llu bytes cannot be allocated\n", prefix,
                bits, dlen);
        free(digest);
        return KIND_WORK_FAILED;
    }
    for (k = first; k <= last; k++)
        if (!(msg[k] = message(k, &len[k]))) {
            fprintf(stderr, "%sout of memory for the messages\n", prefix);
            status = KIND_WORK_FAILED;
            goto out;
        }
    /* A hash draws no coins; seeded as every kind is, in case it does. */
    api->drng_seed(seed, seed_len);

    for (i = 0; (i < n || (i == 0 && n == 0)) && status == KIND_WORK_OK; i++)
        for (k = first; k <= last; k++) {
            int rc = api->hash(bits, msg[k], 8ULL * len[k], digest);
            m->public_(&rc, sizeof rc);
            m->public_(digest, (size_t)dlen);
            if (rc != 0) {
                fprintf(stderr, "%s%s returned %d on the %lu-byte message of %s\n", prefix,
                        CALL, rc, len[k], kind_hash.ops[k].name);
                status = KIND_WORK_FAILED;
                break;
            }
        }
out:
    for (k = first; k <= last; k++)
        free(msg[k]);
    free(digest);
    return status;
}

const struct kind_screen hash_screen = {
    work,
    "no secrets: a hash function's message and digest are public and it draws no coins, "
    "so there is no secret-dependent behaviour to look for"
};
