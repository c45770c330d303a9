/* kex_timer.c -- the key exchange's behaviour for the timer (kind_timer.h):
 * every timed call runs one whole exchange (kex_proto.h); the exchange
 * operation times all of it, a step operation (init_a, pass2, derive_b,
 * ...) only its step, on the timer's stopwatch; every exchange is checked,
 * untimed, to end with equal shared secrets.  Runs candidate code: used
 * only in trial processes.  Part of ngcc-perf. */
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

#include "kex_proto.h"
#include "kind_symbols.h"
#include "kind_timer.h"

struct kex_state {
    struct ngcc_kex_api api;
    struct kex_run run;
    int opened;
    struct kind_stopwatch *sw;
    unsigned long long disagreed_at; /* the first timed exchange (1-based) whose secrets differed */
    unsigned long long exchanges;
    char fail_why[200];              /* the step that failed, when not the op's */
    /* the message bytes of each exchange: the counters wire_bytes_* */
    unsigned long long wire_min, wire_max, wire_total;
};

/* The step operation OP times, KEX_STEP_*; KEX_TIME_ALL for the whole
 * exchange (every step's call: none of the package's checks between). */
static int step_of(int op)
{
    const char *name = kind_kex.ops[op].name;
    if (strcmp(name, "exchange") == 0)
        return KEX_TIME_ALL;
    if (strcmp(name, "init_a") == 0)
        return KEX_STEP_INIT_A;
    if (strcmp(name, "init_b") == 0)
        return KEX_STEP_INIT_B;
    if (strcmp(name, "derive_a") == 0)
        return KEX_STEP_DERIVE_A;
    if (strcmp(name, "derive_b") == 0)
        return KEX_STEP_DERIVE_B;
    return KEX_STEP_PASS + atoi(name + 4) - 1; /* "passK" */
}

static void *kex_open(void *dl, char *why, size_t size)
{
    struct kex_state *s = calloc(1, sizeof *s);
    char missing[256] = "";
    if (!s) {
        snprintf(why, size, "out of memory");
        return NULL;
    }
    if (kex_resolve(&s->api, kind_lookup_dlsym, dl, missing, sizeof missing) != 0) {
        snprintf(why, size, "symbol %s not found", missing);
        free(s);
        return NULL;
    }
    return s;
}

static void kex_sizes(void *st, unsigned long long *sizes)
{
    struct kex_state *s = st;
    int i;
    for (i = 0; i < KEX_NSIZES; i++)
        sizes[i] = s->api.get[i]();
}

static enum outcome kex_alloc(void *st, const unsigned long long *sizes, char *why, size_t size)
{
    struct kex_state *s = st;
    (void)sizes;
    if (kex_run_open(&s->run, &s->api, 0, why, size) != KEX_OK)
        return OUTCOME_SETUP_FAILED;
    s->opened = 1;
    return OUTCOME_OK;
}

static enum outcome kex_check_guards(const void *st, const char *call, char *why, size_t size)
{
    const struct kex_state *s = st;
    return ngcc_guarded_check_all(s->run.g, KEX_NBUF, call, why, size) ? OUTCOME_OVERFLOW
                                                                       : OUTCOME_OK;
}

static unsigned long long wire_bytes(const struct kex_run *r)
{
    unsigned long long n = 0;
    int k;
    for (k = 1; k <= r->passes_run; k++)
        n += r->len[KEX_B_M(k)];
    return n;
}

/* One exchange, the candidate's call of step TIMED on the stopwatch
 * (KEX_TIME_ALL: every step's; -2: none).  KEX_OK, or the failed step's
 * status with WHY. */
static enum kex_status one_exchange(struct kex_state *s, int timed, char *why, size_t size)
{
    struct kex_run *r = &s->run;
    enum kex_status st = KEX_OK;
    int step;

    r->sw = timed >= KEX_TIME_ALL ? s->sw : NULL;
    r->timed = timed;
    for (step = KEX_STEP_INIT_A; step >= 0 && st == KEX_OK; step = kex_next_step(r, step))
        st = kex_run_step(r, step, why, size);
    r->sw = NULL;
    return st;
}

static void count_exchange(struct kex_state *s)
{
    unsigned long long w = wire_bytes(&s->run);
    if (s->exchanges == 0 || w < s->wire_min)
        s->wire_min = w;
    if (w > s->wire_max)
        s->wire_max = w;
    s->wire_total += w;
    s->exchanges++;
    if (!kex_secrets_agree(&s->run) && !s->disagreed_at)
        s->disagreed_at = s->exchanges;
}

static enum outcome kex_inputs(void *st, int op, char *why, size_t size)
{
    struct kex_state *s = st;
    enum kex_status k;
    (void)op;
    /* One whole exchange first: the protocol works and agrees. */
    k = one_exchange(s, -2, why, size);
    if (k == KEX_OVERFLOW)
        return OUTCOME_OVERFLOW;
    if (k != KEX_OK) {
        size_t n = strlen(why);
        snprintf(why + n, size - n, " in the setup's exchange");
        return OUTCOME_SETUP_FAILED;
    }
    if (!kex_secrets_agree(&s->run)) {
        snprintf(why, size, "kex_derive_ss_a and kex_derive_ss_b disagree in the setup's exchange");
        return OUTCOME_WRONG_SECRET;
    }
    return OUTCOME_OK;
}

static long kex_loop(void *st, int op, int baseline, long iters, int *rc)
{
    struct kex_state *s = st;
    int timed = step_of(op);
    long i;
    char why[200];

    *rc = 0;
    if (baseline) { /* the memory pass's baseline: nothing of the candidate's */
        for (i = 0; i < iters; i++)
            __asm__ __volatile__("" : : : "memory");
        return iters;
    }
    for (i = 0; i < iters; i++) {
        if (one_exchange(s, timed, why, sizeof why) != KEX_OK) {
            snprintf(s->fail_why, sizeof s->fail_why, "%s", why);
            *rc = s->run.last_rc != 0 ? s->run.last_rc : -1;
            break;
        }
        count_exchange(s);
    }
    return i;
}

static int kex_result_check(const void *st, int op, const char *when, char *why, size_t size)
{
    const struct kex_state *s = st;
    (void)op;
    if (!s->disagreed_at)
        return 0;
    snprintf(why, size, "kex_derive_ss_a and kex_derive_ss_b disagreed in exchange %llu %s",
             s->disagreed_at, when);
    return -1;
}

static unsigned char *kex_buffer(void *st, const char *key, unsigned long long *len)
{
    static const char *const keys[] = { "pk", "sk", "sta", "stb", "ss", "msg" };
    static const int bufs[] = { KEX_B_PKA, KEX_B_SKA, KEX_B_STA, KEX_B_STB, KEX_B_SSA, KEX_B_M1 };
    struct kex_state *s = st;
    size_t i;
    for (i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (strcmp(key, keys[i]) == 0) {
            *len = s->run.max[kind_size_index(&kind_kex, key)];
            return s->run.b[bufs[i]];
        }
    return NULL;
}

static void kex_close(void *st)
{
    struct kex_state *s = st;
    if (!s)
        return;
    if (s->opened)
        kex_run_close(&s->run);
    free(s);
}

static void kex_counters_reset(void *st)
{
    struct kex_state *s = st;
    s->exchanges = s->wire_min = s->wire_max = s->wire_total = 0;
}

static void kex_counters(const void *st, int op, struct kind_counters *out)
{
    const struct kex_state *s = st;
    static const char *const names[] = { "wire_bytes_min", "wire_bytes_max", "wire_bytes_total" };
    unsigned long long v[3];
    int i;
    out->n = 0;
    if (step_of(op) != KEX_TIME_ALL || s->exchanges == 0)
        return;
    v[0] = s->wire_min, v[1] = s->wire_max, v[2] = s->wire_total;
    for (i = 0; i < 3; i++) {
        snprintf(out->name[i], sizeof out->name[i], "%s", names[i]);
        out->value[i] = v[i];
    }
    out->n = 3;
}

/* The failing step, when the op's own step is not the one that failed. */
static void kex_failure_note(const void *st, int op, char *note, size_t size)
{
    const struct kex_state *s = st;
    (void)op;
    if (s->fail_why[0])
        snprintf(note, size, ": %s", s->fail_why);
    else if (size > 0)
        note[0] = '\0';
}

static void kex_stopwatch(void *st, struct kind_stopwatch *sw)
{
    ((struct kex_state *)st)->sw = sw;
}

const struct kind_timer kex_timer = {
    kex_open, kex_sizes, kex_alloc, kex_inputs, kex_loop, kex_check_guards,
    kex_result_check, kex_buffer, kex_close, 0 /* null like exchange */,
    kex_counters_reset, kex_counters, kex_failure_note, kex_stopwatch
};
