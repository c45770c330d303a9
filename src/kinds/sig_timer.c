/* sig_timer.c -- the signature kind's behaviour for the timer
 * (kind_timer.h): the inputs of keygen, sign and verify (guide section
 * 3.4.1: a 64-byte message, a failed sign retried up to 64 times, verify
 * on one signature made in setup) and their timed loops.  Runs candidate
 * code: used only in trial processes.  Part of ngcc-perf. */
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
#include "sig_kat.h"
#include "sig_timer.h"

enum { PK, SK, SN, MSG, NBUF };
enum { KEYGEN, SIGN, VERIFY };

struct sig_state {
    ngcc_len_fn get[3];      /* the getters of pk, sk, sn */
    ngcc_keygen_fn keygen;
    ngcc_sign_fn sign;
    ngcc_verify_fn verify;
    unsigned long long len[NBUF];    /* the getters' sizes; the message's */
    unsigned char *buf[NBUF];        /* the data of GUARDED */
    struct ngcc_guarded guarded[NBUF];
    unsigned long long out[NBUF];    /* the lengths the calls wrote */
    struct sig_timer_stats stats;    /* buffer SIG_TIMER_STATS */
};

static const char *const buf_names[NBUF] = { "pk", "sk", "sn", "msg" };

/* The do-nothing functions of the memory pass's baseline. */
static int nop_keygen(unsigned char *pk, unsigned long long *pk_len, unsigned char *sk,
                      unsigned long long *sk_len)
{
    (void)pk; (void)pk_len; (void)sk; (void)sk_len;
    __asm__ __volatile__("" : : : "memory");
    return 0;
}

static int nop_sign(unsigned char *sk, unsigned long long sk_len, unsigned char *m,
                    unsigned long long m_len, unsigned char *sn, unsigned long long *sn_len)
{
    (void)sk; (void)sk_len; (void)m; (void)m_len; (void)sn; (void)sn_len;
    __asm__ __volatile__("" : : : "memory");
    return 0;
}

static int nop_verify(unsigned char *pk, unsigned long long pk_len, unsigned char *sn,
                      unsigned long long sn_len, unsigned char *m, unsigned long long m_len)
{
    (void)pk; (void)pk_len; (void)sn; (void)sn_len; (void)m; (void)m_len;
    __asm__ __volatile__("" : : : "memory");
    return 0;
}

static void *sig_open(void *dl, char *why, size_t size)
{
    struct sig_state *s = calloc(1, sizeof *s);
    int i;
    if (!s) {
        snprintf(why, size, "out of memory");
        return NULL;
    }
    why[0] = '\0';
    /* POSIX: a void * from dlsym converts to a function pointer. */
    for (i = 0; i < 3; i++)
        *(void **)&s->get[i] = kind_dlsym(dl, kind_sig.sizes[i].getter, why, size);
    *(void **)&s->keygen = kind_dlsym(dl, kind_sig.ops[KEYGEN].function, why, size);
    *(void **)&s->sign = kind_dlsym(dl, kind_sig.ops[SIGN].function, why, size);
    *(void **)&s->verify = kind_dlsym(dl, kind_sig.ops[VERIFY].function, why, size);
    if (why[0]) {
        free(s);
        return NULL;
    }
    return s;
}

static void sig_sizes(void *st, unsigned long long *sizes)
{
    struct sig_state *s = st;
    int i;
    for (i = 0; i < 3; i++)
        sizes[i] = s->get[i]();
}

static enum outcome sig_alloc(void *st, const unsigned long long *sizes, char *why, size_t size)
{
    struct sig_state *s = st;
    int i;
    for (i = 0; i < 3; i++)
        s->len[i] = sizes[i];
    s->len[MSG] = SIG_TIMER_MSG_BYTES;
    for (i = 0; i < NBUF; i++) {
        s->buf[i] = ngcc_guarded_alloc(&s->guarded[i], buf_names[i], (size_t)s->len[i]) == 0
                        ? ngcc_guarded_data(&s->guarded[i]) : NULL;
        if (!s->buf[i]) {
            snprintf(why, size, "out of memory for the inputs");
            return OUTCOME_SETUP_FAILED;
        }
    }
    for (i = 0; i < SIG_TIMER_MSG_BYTES; i++)
        s->buf[MSG][i] = (unsigned char)((i * 131 + 64) & 0xff);
    s->out[MSG] = SIG_TIMER_MSG_BYTES;
    s->out[PK] = s->len[PK];
    return OUTCOME_OK;
}

static enum outcome sig_check_guards(const void *st, const char *call, char *why, size_t size)
{
    const struct sig_state *s = st;
    return ngcc_guarded_check_all(s->guarded, NBUF, call, why, size) ? OUTCOME_OVERFLOW : OUTCOME_OK;
}

/* One sign of the message with up to SIG_TIMER_MAX_RETRIES retries, the
 * length reset to the getter's before every call; the retries and the
 * length produced go to the stats.  The last call's code. */
static int sign_once(struct sig_state *s, ngcc_sign_fn f)
{
    unsigned char **b = s->buf;
    struct sig_timer_stats *t = &s->stats;
    int r, tries = 0;
    for (;;) {
        s->out[SN] = s->len[SN];
        r = f(b[SK], s->out[SK], b[MSG], SIG_TIMER_MSG_BYTES, b[SN], &s->out[SN]);
        if (r == 0 || tries == SIG_TIMER_MAX_RETRIES)
            break;
        tries++;
        t->retries++;
    }
    if (r == 0 && f != nop_sign) { /* the baseline's lengths are not produced */
        t->signs++;
        if (t->signs == 1 || s->out[SN] < t->sn_min)
            t->sn_min = s->out[SN];
        if (s->out[SN] > t->sn_max)
            t->sn_max = s->out[SN];
        t->sn_total += s->out[SN];
        t->excess += s->out[SN] > s->len[SN];
    }
    return r;
}

static enum outcome sig_inputs(void *st, int op, char *why, size_t size)
{
    struct sig_state *s = st;
    unsigned char **b = s->buf;
    unsigned long long *out = s->out;
    int rc;

    if (op == KEYGEN)
        return OUTCOME_OK;
    out[PK] = s->len[PK];
    out[SK] = s->len[SK];
    rc = s->keygen(b[PK], &out[PK], b[SK], &out[SK]);
    if (sig_check_guards(s, "sig_keygen in the setup", why, size) != OUTCOME_OK)
        return OUTCOME_OVERFLOW;
    if (rc != 0) {
        snprintf(why, size, "sig_keygen returned %d in the setup", rc);
        return OUTCOME_SETUP_FAILED;
    }
    if (out[PK] > s->len[PK] || out[SK] > s->len[SK]) {
        snprintf(why, size, "sig_keygen wrote lengths pk %llu sk %llu beyond the getters'",
                 out[PK], out[SK]);
        return OUTCOME_SETUP_FAILED;
    }
    if (op == SIGN)
        return OUTCOME_OK;

    rc = sign_once(s, s->sign);
    if (sig_check_guards(s, "sig_sign in the setup", why, size) != OUTCOME_OK)
        return OUTCOME_OVERFLOW;
    if (rc != 0) {
        snprintf(why, size, "sig_sign returned %d in the setup, %d retries", rc,
                 SIG_TIMER_MAX_RETRIES);
        return OUTCOME_SETUP_FAILED;
    }
    if (out[SN] > s->len[SN]) {
        snprintf(why, size, "sig_sign wrote a signature of %llu bytes, beyond the getter's %llu",
                 out[SN], s->len[SN]);
        return OUTCOME_SETUP_FAILED;
    }
    rc = s->verify(b[PK], out[PK], b[SN], out[SN], b[MSG], SIG_TIMER_MSG_BYTES);
    if (sig_check_guards(s, "sig_verify in the setup", why, size) != OUTCOME_OK)
        return OUTCOME_OVERFLOW;
    if (rc != 0) {
        snprintf(why, size, "sig_verify returned %d on the setup's own signature", rc);
        return OUTCOME_OP_FAILED;
    }
    /* The setup's sign is not a timed one. */
    memset(&s->stats, 0, sizeof s->stats);
    return OUTCOME_OK;
}

static long sig_loop(void *st, int op, int baseline, long iters, int *rc)
{
    struct sig_state *s = st;
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
    } else if (op == SIGN) {
        ngcc_sign_fn f = baseline ? nop_sign : s->sign;
        for (i = 0; i < iters; i++)
            if ((r = sign_once(s, f)) != 0)
                break;
    } else if (op == VERIFY) {
        ngcc_verify_fn f = baseline ? nop_verify : s->verify;
        for (i = 0; i < iters; i++)
            if ((r = f(b[PK], out[PK], b[SN], out[SN], b[MSG], SIG_TIMER_MSG_BYTES)) != 0)
                break;
    }
    *rc = r;
    return i;
}

/* Nothing to check after the calls: a signature longer than the getter's
 * maximum is counted (signature_length_excess), not a failure, as the
 * organiser's harness measures it; one written past the buffer is the
 * guard bytes' OVERFLOW. */
static int sig_result_check(const void *st, int op, const char *when, char *why, size_t size)
{
    (void)st; (void)op; (void)when; (void)why; (void)size;
    return 0;
}

static unsigned char *sig_buffer(void *st, const char *key, unsigned long long *len)
{
    struct sig_state *s = st;
    int i;
    if (strcmp(key, SIG_TIMER_STATS) == 0) {
        *len = sizeof s->stats;
        return (unsigned char *)&s->stats;
    }
    for (i = 0; i < NBUF; i++)
        if (strcmp(key, buf_names[i]) == 0) {
            *len = s->len[i];
            return s->buf[i];
        }
    return NULL;
}

static void sig_counters_reset(void *st)
{
    struct sig_state *s = st;
    memset(&s->stats, 0, sizeof s->stats);
}

static void put(struct kind_counters *out, const char *name, unsigned long long v)
{
    snprintf(out->name[out->n], sizeof out->name[out->n], "%s", name);
    out->value[out->n++] = v;
}

/* Only sign counts: keygen and verify have nothing beyond their calls. */
static void sig_counters(const void *st, int op, struct kind_counters *out)
{
    const struct sig_timer_stats *t = &((const struct sig_state *)st)->stats;
    out->n = 0;
    if (op != SIGN)
        return;
    put(out, "sign_retries", t->retries);
    put(out, "signature_bytes_min", t->sn_min);
    put(out, "signature_bytes_max", t->sn_max);
    put(out, "signature_bytes_total", t->sn_total);
    put(out, "signature_length_excess", t->excess);
}

static void sig_close(void *st)
{
    struct sig_state *s = st;
    int i;
    if (!s)
        return;
    for (i = 0; i < NBUF; i++)
        ngcc_guarded_free(&s->guarded[i]);
    free(s);
}

/* A sign that failed in the loop failed SIG_TIMER_MAX_RETRIES + 1 times in
 * a row (sign_once): the record's reason says so. */
static void sig_failure_note(const void *st, int op, char *note, size_t size)
{
    (void)st;
    if (op == SIGN)
        snprintf(note, size, ", %d calls in a row (the call and its %d retries)",
                 SIG_TIMER_MAX_RETRIES + 1, SIG_TIMER_MAX_RETRIES);
    else if (size > 0)
        note[0] = '\0';
}

const struct kind_timer sig_timer = {
    sig_open, sig_sizes, sig_alloc, sig_inputs, sig_loop, sig_check_guards,
    sig_result_check, sig_buffer, sig_close, SIGN, sig_counters_reset, sig_counters,
    sig_failure_note, NULL /* times its loop */
};
