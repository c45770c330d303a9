/* kex_proto.c -- one run of a key-exchange protocol step by step
 * (kex_proto.h): the API resolved, the buffers between guard bytes, each
 * step called and checked, the secrets compared.  Runs candidate code:
 * only in the KAT child, trial processes and the screening worker.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <string.h>

#include "kat_fields.h"
#include "kex_proto.h"
#include "kind_symbols.h"

static const char *const buf_names[KEX_NBUF] = {
    "pka", "ska", "pkb", "skb", "sta", "stb", "ssa", "ssb",
    "m1", "m2", "m3", "m4", "m5", "m6", "m7", "m8"
};

/* The size each buffer has: the getter's. */
static int buf_size(int b)
{
    static const int size_of[KEX_B_M1] = { KEX_S_PK, KEX_S_SK, KEX_S_PK, KEX_S_SK,
                                           KEX_S_STA, KEX_S_STB, KEX_S_SS, KEX_S_SS };
    return b < KEX_B_M1 ? size_of[b] : KEX_S_MSG;
}

const char *kex_step_function(int step)
{
    static char names[KEX_MAX_PASSES + 1][40];
    int k = step - KEX_STEP_PASS + 1;
    switch (step) {
    case KEX_STEP_INIT_A: return "kex_init_a";
    case KEX_STEP_INIT_B: return "kex_init_b";
    case KEX_STEP_DERIVE_A: return "kex_derive_ss_a";
    case KEX_STEP_DERIVE_B: return "kex_derive_ss_b";
    default:
        if (k < 1 || k > KEX_MAX_PASSES)
            return "(no such step)";
        snprintf(names[k], sizeof names[k], "kex_generate_pass%d_msg_%c", k, k % 2 ? 'a' : 'b');
        return names[k];
    }
}

int kex_resolve(struct ngcc_kex_api *api, kind_lookup_fn lookup, void *h,
                char *missing, size_t missing_size)
{
    struct kind_want want[KEX_NSIZES + 8];
    size_t n = 0;
    int i, k;

#define WANT(field, sym) \
    (want[n].name = (sym), want[n].fn = &api->field, want[n].size = sizeof api->field, n++)
    memset(api, 0, sizeof *api);
    for (i = 0; i < KEX_NSIZES; i++)
        WANT(get[i], kind_kex.sizes[i].getter);
    WANT(init_a, kex_step_function(KEX_STEP_INIT_A));
    WANT(init_b, kex_step_function(KEX_STEP_INIT_B));
    WANT(pass1, kex_step_function(KEX_STEP_PASS));
    WANT(pass[2], "kex_generate_pass2_msg_b");
    WANT(derive_a, kex_step_function(KEX_STEP_DERIVE_A));
    WANT(derive_b, kex_step_function(KEX_STEP_DERIVE_B));
    WANT(drng_seed, NGCC_SYM_DRNG_SEED);
#undef WANT
    if (kind_resolve_all(want, n, lookup, h, missing, missing_size) != 0)
        return -1;
    /* The later passes only where the library has them (kinds.md: pass k+1
     * exists if and only if pass k returns 0). */
    for (k = 3; k <= KEX_MAX_PASSES; k++)
        if (lookup(h, kex_step_function(KEX_STEP_PASS + k - 1), &api->pass[k],
                   sizeof api->pass[k]) != 0)
            api->pass[k] = NULL;
    return 0;
}

enum kex_status kex_run_open(struct kex_run *r, const struct ngcc_kex_api *api,
                             int persist, char *why, size_t size)
{
    int i;

    memset(r, 0, sizeof *r);
    r->api = api;
    r->persist = persist;
    for (i = 0; i < KEX_NSIZES; i++) {
        r->max[i] = api->get[i]();
        if (r->max[i] > NGCC_KATGEN_MAX_LEN) {
            snprintf(why, size, "%s claims %llu", kind_kex.sizes[i].getter, r->max[i]);
            return KEX_FAILED;
        }
    }
    if (r->max[KEX_S_PASSES] > KEX_MAX_PASSES) {
        snprintf(why, size, "%s claims %llu passes, not 0 to %d", kind_kex.sizes[0].getter,
                 r->max[KEX_S_PASSES], KEX_MAX_PASSES);
        return KEX_FAILED;
    }
    for (i = 0; i < KEX_NBUF; i++) {
        if (ngcc_guarded_alloc(&r->g[i], buf_names[i], (size_t)r->max[buf_size(i)]) != 0) {
            snprintf(why, size, "cannot allocate %s (%llu bytes)", buf_names[i],
                     r->max[buf_size(i)]);
            kex_run_close(r);
            return KEX_FAILED;
        }
        r->b[i] = ngcc_guarded_data(&r->g[i]);
        r->len[i] = r->max[buf_size(i)];
    }
    return KEX_OK;
}

void kex_run_close(struct kex_run *r)
{
    int i;
    for (i = 0; i < KEX_NBUF; i++)
        ngcc_guarded_free(&r->g[i]);
    memset(r->b, 0, sizeof r->b);
}

/* An output length starts at the getter's maximum unless it persists. */
static kex_len *out_len(struct kex_run *r, int b)
{
    if (!r->persist)
        r->len[b] = r->max[buf_size(b)];
    return &r->len[b];
}

/* The last message that side ODD (1: A, 0: B) sent in this exchange. */
static int last_from(const struct kex_run *r, int odd)
{
    int k;
    for (k = r->passes_run; k >= 1; k--)
        if ((k % 2 == 1) == odd)
            return KEX_B_M(k);
    return -1;
}

static enum kex_status too_long(int b, const struct kex_run *r, const char *call, char *why,
                                size_t size)
{
    snprintf(why, size, "%s gave %s_len %llu, more than the getter's %llu", call, buf_names[b],
             r->len[b], r->max[buf_size(b)]);
    return KEX_FAILED;
}

/* The stopwatch around the candidate's call, when this step is timed. */
static void clock_on(struct kex_run *r, int step)
{
    if (r->sw && (r->timed == KEX_TIME_ALL || r->timed == step))
        kind_stopwatch_start(r->sw);
}

static void clock_off(struct kex_run *r, int step)
{
    if (r->sw && (r->timed == KEX_TIME_ALL || r->timed == step))
        kind_stopwatch_stop(r->sw);
}

enum kex_status kex_run_step(struct kex_run *r, int step, char *why, size_t size)
{
    const struct ngcc_kex_api *api = r->api;
    const char *call = kex_step_function(step);
    unsigned char **b = r->b;
    kex_len *len = r->len;
    int k = step - KEX_STEP_PASS + 1, rc, own = -1, st, m = -1, i;

    if (step == KEX_STEP_INIT_A) {
        r->passes_run = 0;
        r->finished_at = 0;
        clock_on(r, step);
        rc = api->init_a(b[KEX_B_PKA], out_len(r, KEX_B_PKA), b[KEX_B_SKA], out_len(r, KEX_B_SKA),
                         b[KEX_B_STA], out_len(r, KEX_B_STA));
        clock_off(r, step);
        own = KEX_B_PKA;
    } else if (step == KEX_STEP_INIT_B) {
        clock_on(r, step);
        rc = api->init_b(b[KEX_B_PKB], out_len(r, KEX_B_PKB), b[KEX_B_SKB], out_len(r, KEX_B_SKB),
                         b[KEX_B_STB], out_len(r, KEX_B_STB));
        clock_off(r, step);
        own = KEX_B_PKB;
    } else if (step == KEX_STEP_DERIVE_A || step == KEX_STEP_DERIVE_B) {
        int a = step == KEX_STEP_DERIVE_A;
        int in = last_from(r, !a), ss = a ? KEX_B_SSA : KEX_B_SSB;
        kex_derive_fn f = a ? api->derive_a : api->derive_b;
        unsigned char *mp = in >= 0 ? b[in] : b[KEX_B_M1];
        kex_len ml = in >= 0 ? len[in] : 0;
        kex_len *ssl = out_len(r, ss);
        clock_on(r, step);
        rc = a ? f(b[KEX_B_SKA], len[KEX_B_SKA], b[KEX_B_PKB], len[KEX_B_PKB], mp, ml,
                   b[KEX_B_STA], len[KEX_B_STA], b[ss], ssl)
               : f(b[KEX_B_SKB], len[KEX_B_SKB], b[KEX_B_PKA], len[KEX_B_PKA], mp, ml,
                   b[KEX_B_STB], len[KEX_B_STB], b[ss], ssl);
        clock_off(r, step);
        own = ss;
    } else if (k >= 1 && k <= KEX_MAX_PASSES) {
        int a = k % 2 == 1;
        st = a ? KEX_B_STA : KEX_B_STB;
        m = KEX_B_M(k);
        kex_len *ml = out_len(r, m);
        if (k == 1) {
            clock_on(r, step);
            rc = api->pass1(b[KEX_B_SKA], len[KEX_B_SKA], b[KEX_B_PKB], len[KEX_B_PKB],
                            b[st], &len[st], b[m], ml);
            clock_off(r, step);
        } else if (!api->pass[k]) {
            snprintf(why, size, "%s returned 0 (another pass), but the library has no %s",
                     kex_step_function(step - 1), call);
            return KEX_FAILED;
        } else {
            clock_on(r, step);
            rc = api->pass[k](a ? b[KEX_B_SKA] : b[KEX_B_SKB], a ? len[KEX_B_SKA] : len[KEX_B_SKB],
                              a ? b[KEX_B_PKB] : b[KEX_B_PKA], a ? len[KEX_B_PKB] : len[KEX_B_PKA],
                              b[m - 1], len[m - 1], b[st], &len[st], b[m], ml);
            clock_off(r, step);
        }
        r->passes_run = k;
        own = st;
    } else {
        snprintf(why, size, "no step %d", step);
        return KEX_FAILED;
    }
    r->last_rc = rc;
    if (r->publish) {
        r->publish(&r->last_rc, sizeof r->last_rc);
        for (i = 0; i < KEX_NBUF; i++) {
            r->publish(&len[i], sizeof len[i]);
            if (!kind_kex.sizes[buf_size(i)].secret)
                r->publish(b[i], (size_t)r->max[buf_size(i)]);
        }
        rc = r->last_rc;
    }
    if (ngcc_guarded_check_all(r->g, KEX_NBUF, call, why, size))
        return KEX_OVERFLOW;
    if (k >= 1 && k <= KEX_MAX_PASSES ? rc < 0 || rc > 1 : rc != 0) {
        snprintf(why, size, "%s returned %d", call, rc);
        return KEX_FAILED;
    }
    /* The lengths the call gave, against the getters'. */
    if (step == KEX_STEP_INIT_A || step == KEX_STEP_INIT_B) {
        for (i = own; i <= own + 1; i++)
            if (len[i] > r->max[buf_size(i)])
                return too_long(i, r, call, why, size);
        st = step == KEX_STEP_INIT_A ? KEX_B_STA : KEX_B_STB;
        if (len[st] > r->max[buf_size(st)])
            return too_long(st, r, call, why, size);
    } else if (len[own] > r->max[buf_size(own)]) {
        return too_long(own, r, call, why, size);
    }
    if (m >= 0) {
        kex_len total = 0;
        for (i = 1; i <= k; i++)
            total += len[KEX_B_M(i)];
        if (total > r->max[KEX_S_MSG]) {
            snprintf(why, size, "%s: the messages so far are %llu bytes, more than %s's %llu",
                     call, total, kind_kex.sizes[KEX_S_MSG].getter, r->max[KEX_S_MSG]);
            return KEX_FAILED;
        }
        if (rc == 1)
            r->finished_at = k;
        else if (k == KEX_MAX_PASSES) {
            snprintf(why, size, "%s returned 0: no protocol of more than %d passes is run", call,
                     KEX_MAX_PASSES);
            return KEX_FAILED;
        }
    }
    return KEX_OK;
}

int kex_next_step(const struct kex_run *r, int step)
{
    int k = step - KEX_STEP_PASS + 1;
    switch (step) {
    case KEX_STEP_INIT_A: return KEX_STEP_INIT_B;
    case KEX_STEP_INIT_B: /* no pass at all: a non-interactive exchange (NIIKE) */
        return r->max[KEX_S_PASSES] > 0 ? KEX_STEP_PASS : KEX_STEP_DERIVE_A;
    case KEX_STEP_DERIVE_A: return KEX_STEP_DERIVE_B;
    case KEX_STEP_DERIVE_B: return -1;
    default:
        if (r->finished_at == k)
            return KEX_STEP_DERIVE_A;
        return k < KEX_MAX_PASSES ? step + 1 : -1;
    }
}

int kex_secrets_agree(const struct kex_run *r)
{
    return r->len[KEX_B_SSA] == r->len[KEX_B_SSB] &&
           memcmp(r->b[KEX_B_SSA], r->b[KEX_B_SSB], (size_t)r->len[KEX_B_SSA]) == 0;
}

enum kex_status ngcc_kex_exchange(struct kex_run *r, char *why, size_t size)
{
    enum kex_status st;
    int step;

    for (step = KEX_STEP_INIT_A; step >= 0; step = kex_next_step(r, step)) {
        if ((st = kex_run_step(r, step, why, size)) != KEX_OK)
            return st;
    }
    if (r->publish) { /* the comparison is the package's, not the candidate's */
        r->publish(r->b[KEX_B_SSA], (size_t)r->max[KEX_S_SS]);
        r->publish(r->b[KEX_B_SSB], (size_t)r->max[KEX_S_SS]);
    }
    if (!kex_secrets_agree(r)) {
        snprintf(why, size, "kex_derive_ss_a and kex_derive_ss_b disagree: %s",
                 r->len[KEX_B_SSA] != r->len[KEX_B_SSB] ? "shared secrets of different lengths"
                                                        : "the shared secrets differ");
        return KEX_DISAGREE;
    }
    return KEX_OK;
}
