/* hash_timer.c -- the hash kind's behaviour for the timer (kind_timer.h):
 * the message of each of hash_32 .. hash_65536 (guide section 3.4.2, S1-S8:
 * msg[i] = i*131 + input_bytes modulo 256, as the organiser's harness),
 * hashed at the instance's own digest length, and the timed loop.  Runs
 * candidate code: used only in trial processes.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "hash_kat.h"
#include "kind.h"
#include "kind_symbols.h"
#include "kind_timer.h"

/* kind_hash (hash.c): the digest size, the ops S1..S8.  The glue's digest
 * length in bits (NGCC_SYM_HASH_DIGEST_BITS, from DIGEST_BIT_LENGTH) is
 * what CryptHash is given: the bytes getter rounds a length that is not
 * whole bytes up. */
typedef ngcc_crypthash_fn hash_fn;
typedef ngcc_len_fn hash_len_fn;
typedef ngcc_hash_bits_fn hash_bits_fn;
#define HASH_DIGEST_BITS_SYMBOL NGCC_SYM_HASH_DIGEST_BITS

/* The digest the calls write, a copy of the setup's, the message. */
enum { DIGEST, DIGEST_REF, MSG, NBUF };

struct hash_state {
    hash_len_fn digest_len;       /* the getter of the digest's bytes */
    hash_bits_fn digest_bits;     /* the glue's bits, or NULL */
    hash_fn hash;
    int bits;                     /* digest_len_bits of every call */
    unsigned long long len[NBUF];
    unsigned char *buf[NBUF];     /* the data of GUARDED */
    struct ngcc_guarded guarded[NBUF];
    unsigned char *msg_copy;      /* the message as made, to see it unchanged */
};

static const char *const buf_names[NBUF] = { "digest", "digest_ref", "msg" };

#define CALL (kind_hash.ops[0].function) /* every op calls CryptHash */

/* The do-nothing function of the memory pass's baseline. */
static int nop_hash(int digest_len_bits, const unsigned char *msg,
                    unsigned long long msg_len_bits, unsigned char *digest)
{
    (void)digest_len_bits; (void)msg; (void)msg_len_bits; (void)digest;
    __asm__ __volatile__("" : : : "memory");
    return 0;
}

static void *hash_open(void *dl, char *why, size_t size)
{
    struct hash_state *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(why, size, "out of memory");
        return NULL;
    }
    why[0] = '\0';
    /* POSIX: a void * from dlsym converts to a function pointer. */
    *(void **)&s->digest_len = kind_dlsym(dl, kind_hash.sizes[0].getter, why, size);
    *(void **)&s->hash = kind_dlsym(dl, CALL, why, size);
    if (why[0]) {
        free(s);
        return NULL;
    }
    dlerror();
    *(void **)&s->digest_bits = dlsym(dl, HASH_DIGEST_BITS_SYMBOL);
    return s;
}

static void hash_sizes(void *st, unsigned long long *sizes)
{
    struct hash_state *s = st;
    sizes[0] = s->digest_len();
}

static enum outcome hash_alloc(void *st, const unsigned long long *sizes, char *why, size_t size)
{
    struct hash_state *s = st;
    int i, bits;
    s->len[DIGEST] = s->len[DIGEST_REF] = sizes[0];
    /* The digest in bits: the glue's, if it agrees with the getter's bytes. */
    bits = s->digest_bits ? s->digest_bits() : (int)(8 * sizes[0]);
    if (bits <= 0 || (unsigned long long)(bits + 7) / 8 != sizes[0]) {
        snprintf(why, size, "%s says %d bits, %s %llu bytes", HASH_DIGEST_BITS_SYMBOL, bits,
                 kind_hash.sizes[0].getter, sizes[0]);
        return OUTCOME_SETUP_FAILED;
    }
    s->bits = bits;
    for (i = 0; i < MSG; i++) {
        s->buf[i] = ngcc_guarded_alloc(&s->guarded[i], buf_names[i], (size_t)s->len[i]) == 0
                        ? ngcc_guarded_data(&s->guarded[i]) : NULL;
        if (!s->buf[i]) {
            snprintf(why, size, "out of memory for the inputs");
            return OUTCOME_SETUP_FAILED;
        }
    }
    return OUTCOME_OK;
}

static enum outcome hash_check_guards(const void *st, const char *call, char *why, size_t size)
{
    const struct hash_state *s = st;
    return ngcc_guarded_check_all(s->guarded, NBUF, call, why, size) ? OUTCOME_OVERFLOW : OUTCOME_OK;
}

/* The message of OP, its exact size between guard bytes (a write past it
 * is an overflow), made as the harness makes it; one call gives the
 * reference digest, a second must give it again. */
static enum outcome hash_inputs(void *st, int op, char *why, size_t size)
{
    struct hash_state *s = st;
    unsigned long n = kind_hash.ops[op].input_bytes, i;
    int rc;

    s->len[MSG] = n;
    s->buf[MSG] = ngcc_guarded_alloc(&s->guarded[MSG], buf_names[MSG], (size_t)n) == 0
                      ? ngcc_guarded_data(&s->guarded[MSG]) : NULL;
    s->msg_copy = malloc(n ? n : 1);
    if (!s->buf[MSG] || !s->msg_copy) {
        snprintf(why, size, "out of memory for the message");
        return OUTCOME_SETUP_FAILED;
    }
    for (i = 0; i < n; i++)
        s->buf[MSG][i] = (unsigned char)((i * 131 + n) & 0xff);
    memcpy(s->msg_copy, s->buf[MSG], n);

    rc = s->hash(s->bits, s->buf[MSG], 8ULL * n, s->buf[DIGEST]);
    if (hash_check_guards(s, "CryptHash in the setup", why, size) != OUTCOME_OK)
        return OUTCOME_OVERFLOW;
    if (rc != 0) {
        snprintf(why, size, "%s returned %d in the setup (%lu-byte message, %d-bit digest)",
                 CALL, rc, n, s->bits);
        return OUTCOME_OP_FAILED;
    }
    memcpy(s->buf[DIGEST_REF], s->buf[DIGEST], (size_t)s->len[DIGEST]);
    rc = s->hash(s->bits, s->buf[MSG], 8ULL * n, s->buf[DIGEST]);
    if (hash_check_guards(s, "CryptHash in the setup", why, size) != OUTCOME_OK)
        return OUTCOME_OVERFLOW;
    if (rc != 0) {
        snprintf(why, size, "%s returned %d in the setup's second call", CALL, rc);
        return OUTCOME_OP_FAILED;
    }
    if (memcmp(s->buf[DIGEST], s->buf[DIGEST_REF], (size_t)s->len[DIGEST]) != 0) {
        snprintf(why, size, "%s gave two different digests of one message in the setup", CALL);
        return OUTCOME_OP_FAILED;
    }
    return OUTCOME_OK;
}

static long hash_loop(void *st, int op, int baseline, long iters, int *rc)
{
    struct hash_state *s = st;
    hash_fn f = baseline ? nop_hash : s->hash;
    const unsigned char *msg = s->buf[MSG];
    unsigned char *digest = s->buf[DIGEST];
    unsigned long long msg_bits = 8ULL * s->len[MSG];
    int bits = s->bits, r = 0;
    long i;
    (void)op; /* the op is the message, made by hash_inputs */
    for (i = 0; i < iters; i++)
        if ((r = f(bits, msg, msg_bits, digest)) != 0)
            break;
    *rc = r;
    return i;
}

/* After the timed calls: the message as made and the digest the setup's. */
static int hash_result_check(const void *st, int op, const char *when, char *why, size_t size)
{
    const struct hash_state *s = st;
    (void)op;
    if (s->msg_copy && memcmp(s->msg_copy, s->buf[MSG], (size_t)s->len[MSG]) != 0) {
        snprintf(why, size, "%s changed its (const) message %s", CALL, when);
        return -1;
    }
    if (memcmp(s->buf[DIGEST], s->buf[DIGEST_REF], (size_t)s->len[DIGEST]) != 0) {
        snprintf(why, size, "%s stopped reproducing the digest of its message %s", CALL, when);
        return -1;
    }
    return 0;
}

static unsigned char *hash_buffer(void *st, const char *key, unsigned long long *len)
{
    struct hash_state *s = st;
    int i;
    for (i = 0; i < NBUF; i++)
        if (strcmp(key, buf_names[i]) == 0) {
            *len = s->len[i];
            return s->buf[i];
        }
    return NULL;
}

static void hash_close(void *st)
{
    struct hash_state *s = st;
    int i;
    if (!s)
        return;
    for (i = 0; i < NBUF; i++)
        ngcc_guarded_free(&s->guarded[i]);
    free(s->msg_copy);
    free(s);
}

/* No counters: every call hashes the op's whole message, whose size the
 * record states (inputs.message_bytes, the throughput section). */
const struct kind_timer hash_timer = {
    hash_open, hash_sizes, hash_alloc, hash_inputs, hash_loop, hash_check_guards,
    hash_result_check, hash_buffer, hash_close, 0, NULL, NULL, NULL, NULL /* times its loop */
};
