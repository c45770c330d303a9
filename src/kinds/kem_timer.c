/* kem_timer.c -- the KEM kind's behaviour for the timer (kind_timer.h):
 * the inputs of keygen, enc and dec (measurement.md section 2) and their
 * timed loops.  Runs candidate code: used only in trial processes.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "guard.h"
#include "kind.h"
#include "kind_symbols.h"
#include "kind_timer.h"
#include "ngcc_instance.h"

extern const struct kind kind_kem; /* kem.c: the sizes and ops in this order */

enum { PK, SK, CT, SS, SS_REF, NBUF };
enum { KEYGEN, ENC, DEC };

struct kem_state {
    ngcc_len_fn get[4];      /* the getters of pk, sk, ct, ss */
    ngcc_keygen_fn keygen;
    ngcc_enc_fn enc;
    ngcc_dec_fn dec;
    unsigned long long len[4];       /* the getters' sizes */
    unsigned char *buf[NBUF];        /* the data of GUARDED */
    struct ngcc_guarded guarded[NBUF];
    unsigned long long out[NBUF];    /* the lengths the calls wrote */
};

static const char *const buf_names[NBUF] = { "pk", "sk", "ct", "ss", "ss_ref" };

/* The do-nothing functions of the memory pass's baseline. */
static int nop_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk,
                      unsigned long long *sk_len)
{
    (void)pk; (void)pk_len; (void)sk; (void)sk_len;
    __asm__ __volatile__("" : : : "memory");
    return 0;
}

static int nop_enc(unsigned char *pk, unsigned long long pk_len, unsigned char *ss,
                   unsigned long long *ss_len, unsigned char *ct, unsigned long long *ct_len)
{
    (void)pk; (void)pk_len; (void)ss; (void)ss_len; (void)ct; (void)ct_len;
    __asm__ __volatile__("" : : : "memory");
    return 0;
}

static int nop_dec(unsigned char *sk, unsigned long long sk_len, unsigned char *ct,
                   unsigned long long ct_len, unsigned char *ss, unsigned long long *ss_len)
{
    (void)sk; (void)sk_len; (void)ct; (void)ct_len; (void)ss; (void)ss_len;
    __asm__ __volatile__("" : : : "memory");
    return 0;
}

static void *kem_open(void *dl, char *why, size_t size)
{
    struct kem_state *s = calloc(1, sizeof *s);
    int i;
    if (!s) {
        snprintf(why, size, "out of memory");
        return NULL;
    }
    why[0] = '\0';
    /* POSIX: a void * from dlsym converts to a function pointer. */
    for (i = 0; i < 4; i++)
        *(void **)&s->get[i] = kind_dlsym(dl, kind_kem.sizes[i].getter, why, size);
    *(void **)&s->keygen = kind_dlsym(dl, kind_kem.ops[KEYGEN].function, why, size);
    *(void **)&s->enc = kind_dlsym(dl, kind_kem.ops[ENC].function, why, size);
    *(void **)&s->dec = kind_dlsym(dl, kind_kem.ops[DEC].function, why, size);
    if (why[0]) {
        free(s);
        return NULL;
    }
    return s;
}

static void kem_sizes(void *st, unsigned long long *sizes)
{
    struct kem_state *s = st;
    int i;
    for (i = 0; i < 4; i++)
        sizes[i] = s->get[i]();
}

static enum outcome kem_alloc(void *st, const unsigned long long *sizes, char *why, size_t size)
{
    struct kem_state *s = st;
    int i;
    for (i = 0; i < 4; i++)
        s->len[i] = sizes[i];
    for (i = 0; i < NBUF; i++) {
        s->buf[i] = ngcc_guarded_alloc(&s->guarded[i], buf_names[i],
                                       (size_t)s->len[i == SS_REF ? SS : i]) == 0
                        ? ngcc_guarded_data(&s->guarded[i]) : NULL;
        if (!s->buf[i]) {
            snprintf(why, size, "out of memory for the inputs");
            return OUTCOME_SETUP_FAILED;
        }
    }
    s->out[PK] = s->len[PK];
    return OUTCOME_OK;
}

static enum outcome kem_check_guards(const void *st, const char *call, char *why, size_t size)
{
    const struct kem_state *s = st;
    return ngcc_guarded_check_all(s->guarded, NBUF, call, why, size) ? OUTCOME_OVERFLOW : OUTCOME_OK;
}

static int secret_same(const struct kem_state *s)
{
    return s->out[SS] == s->out[SS_REF] && s->out[SS] <= s->len[SS] &&
           memcmp(s->buf[SS], s->buf[SS_REF], (size_t)s->out[SS]) == 0;
}

static enum outcome kem_inputs(void *st, int op, char *why, size_t size)
{
    struct kem_state *s = st;
    unsigned char **b = s->buf;
    unsigned long long *out = s->out;
    int rc;

    if (op == KEYGEN)
        return OUTCOME_OK;
    out[PK] = s->len[PK];
    out[SK] = s->len[SK];
    rc = s->keygen(b[PK], &out[PK], b[SK], &out[SK]);
    if (kem_check_guards(s, "kem_keygen in the setup", why, size) != OUTCOME_OK)
        return OUTCOME_OVERFLOW;
    if (rc != 0) {
        snprintf(why, size, "kem_keygen returned %d in the setup", rc);
        return OUTCOME_SETUP_FAILED;
    }
    if (out[PK] > s->len[PK] || out[SK] > s->len[SK]) {
        snprintf(why, size, "kem_keygen wrote lengths pk %llu sk %llu beyond the getters'",
                 out[PK], out[SK]);
        return OUTCOME_SETUP_FAILED;
    }
    if (op == ENC)
        return OUTCOME_OK;

    out[SS_REF] = s->len[SS];
    out[CT] = s->len[CT];
    rc = s->enc(b[PK], out[PK], b[SS_REF], &out[SS_REF], b[CT], &out[CT]);
    if (kem_check_guards(s, "kem_enc in the setup", why, size) != OUTCOME_OK)
        return OUTCOME_OVERFLOW;
    if (rc != 0) {
        snprintf(why, size, "kem_enc returned %d in the setup", rc);
        return OUTCOME_SETUP_FAILED;
    }
    if (out[CT] > s->len[CT] || out[SS_REF] > s->len[SS]) {
        snprintf(why, size, "kem_enc wrote lengths ct %llu ss %llu beyond the getters'",
                 out[CT], out[SS_REF]);
        return OUTCOME_SETUP_FAILED;
    }
    out[SS] = s->len[SS];
    rc = s->dec(b[SK], out[SK], b[CT], out[CT], b[SS], &out[SS]);
    if (kem_check_guards(s, "kem_dec in the setup", why, size) != OUTCOME_OK)
        return OUTCOME_OVERFLOW;
    if (rc != 0) {
        snprintf(why, size, "kem_dec returned %d on the honest ciphertext", rc);
        return OUTCOME_OP_FAILED;
    }
    if (!secret_same(s)) {
        snprintf(why, size, "kem_dec did not reproduce the shared secret of kem_enc");
        return OUTCOME_WRONG_SECRET;
    }
    return OUTCOME_OK;
}

static long kem_loop(void *st, int op, int baseline, long iters, int *rc)
{
    struct kem_state *s = st;
    unsigned char **b = s->buf;
    unsigned long long *out = s->out, *len = s->len;
    long i = 0;
    int r = 0;
    if (op == KEYGEN) {
        ngcc_keygen_fn f = baseline ? nop_keygen : s->keygen;
        for (i = 0; i < iters; i++) {
            out[PK] = len[PK];
            out[SK] = len[SK];
            if ((r = f(b[PK], &out[PK], b[SK], &out[SK])) != 0)
                break;
        }
    } else if (op == ENC) {
        ngcc_enc_fn f = baseline ? nop_enc : s->enc;
        for (i = 0; i < iters; i++) {
            out[SS] = len[SS];
            out[CT] = len[CT];
            if ((r = f(b[PK], out[PK], b[SS], &out[SS], b[CT], &out[CT])) != 0)
                break;
        }
    } else if (op == DEC) {
        ngcc_dec_fn f = baseline ? nop_dec : s->dec;
        for (i = 0; i < iters; i++) {
            out[SS] = len[SS];
            if ((r = f(b[SK], out[SK], b[CT], out[CT], b[SS], &out[SS])) != 0)
                break;
        }
    }
    *rc = r;
    return i;
}

static int kem_result_check(const void *st, int op, const char *when, char *why, size_t size)
{
    if (op != DEC || secret_same(st))
        return 0;
    snprintf(why, size, "kem_dec stopped reproducing the shared secret %s", when);
    return -1;
}

static unsigned char *kem_buffer(void *st, const char *key, unsigned long long *len)
{
    struct kem_state *s = st;
    int i;
    for (i = 0; i < NBUF; i++)
        if (strcmp(key, buf_names[i]) == 0) {
            *len = s->len[i == SS_REF ? SS : i];
            return s->buf[i];
        }
    return NULL;
}

static void kem_close(void *st)
{
    struct kem_state *s = st;
    int i;
    if (!s)
        return;
    for (i = 0; i < NBUF; i++)
        ngcc_guarded_free(&s->guarded[i]);
    free(s);
}

const struct kind_timer kem_timer = {
    kem_open, kem_sizes, kem_alloc, kem_inputs, kem_loop, kem_check_guards,
    kem_result_check, kem_buffer, kem_close, ENC, NULL, NULL /* no counters */, NULL /* no failure note */, NULL /* times its loop */
};
