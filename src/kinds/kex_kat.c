/* kex_kat.c -- the key exchange's KAT hook (kind_kat.h): the official
 * KAT_KEX.c procedure (kinds.md, "Key exchange") record by record, and the
 * passes check after the records.  Part of ngcc-perf.
 *
 * Per record: Count, Seed_Len, Seed, Pass_Num; init_a (PKa, SKa,
 * Init_Sta) and init_b (PKb, SKb, Init_Stb); pass k (PassK_Sta or
 * PassK_Stb, then Mk) while the previous pass returned 0; SS_Len and SS
 * (A's).  A zero-length field prints "X = ".  The in/out lengths persist
 * from record to record, starting at the getters'.  The official driver
 * stops after pass 3; a longer protocol is run to its end here, its fields
 * named by the same pattern, as the organiser's harness does. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <string.h>

#include "kex_proto.h"

#define CHECK_EXCHANGES 10

static int resolve(void *api, kind_lookup_fn lookup, void *h, char *missing, size_t size)
{
    return kex_resolve(api, lookup, h, missing, size);
}

static void field(FILE *out, const char *key, const unsigned char *p, kex_len n, int blank)
{
    char len_key[40];
    snprintf(len_key, sizeof len_key, "%s_Len", key);
    kat_len(out, len_key, n, blank);
    kat_hex(out, key, p, (size_t)n);
}

/* What step STEP of R printed (it has just run). */
static void print_step(FILE *out, const struct kex_run *r, int step, int blank)
{
    const kex_len *len = r->len;
    unsigned char *const *b = r->b;
    char key[24];
    int k = step - KEX_STEP_PASS + 1, st;

    switch (step) {
    case KEX_STEP_INIT_A:
        field(out, "PKa", b[KEX_B_PKA], len[KEX_B_PKA], blank);
        field(out, "SKa", b[KEX_B_SKA], len[KEX_B_SKA], blank);
        field(out, "Init_Sta", b[KEX_B_STA], len[KEX_B_STA], blank);
        break;
    case KEX_STEP_INIT_B:
        field(out, "PKb", b[KEX_B_PKB], len[KEX_B_PKB], blank);
        field(out, "SKb", b[KEX_B_SKB], len[KEX_B_SKB], blank);
        field(out, "Init_Stb", b[KEX_B_STB], len[KEX_B_STB], blank);
        break;
    case KEX_STEP_DERIVE_A:
    case KEX_STEP_DERIVE_B:
        break; /* SS is printed once both agree */
    default:
        st = k % 2 ? KEX_B_STA : KEX_B_STB;
        snprintf(key, sizeof key, "Pass%d_St%c", k, k % 2 ? 'a' : 'b');
        field(out, key, b[st], len[st], blank);
        snprintf(key, sizeof key, "M%d", k);
        field(out, key, b[KEX_B_M(k)], len[KEX_B_M(k)], blank);
    }
}

static enum ngcc_katgen_status status_of(enum kex_status st)
{
    return st == KEX_OVERFLOW ? NGCC_KATGEN_OVERFLOW : NGCC_KATGEN_CRYPTOFAIL;
}

static enum ngcc_katgen_status record(struct kex_run *r, const struct ngcc_katgen_opts *opts,
                                      unsigned long i, FILE *out, char *msg, size_t msgsize)
{
    char why[512];
    enum kex_status st;
    int step;

    fprintf(out, "Pass_Num = %llu\n", r->max[KEX_S_PASSES]);
    for (step = KEX_STEP_INIT_A; step >= 0; step = kex_next_step(r, step)) {
        kat_progress(opts, i, kex_step_function(step));
        if ((st = kex_run_step(r, step, why, sizeof why)) != KEX_OK) {
            kat_msg(msg, msgsize, "%s at record %lu", why, i);
            return status_of(st);
        }
        print_step(out, r, step, opts->blank);
    }
    if (!kex_secrets_agree(r)) {
        kat_msg(msg, msgsize, "kex_derive_ss_a and kex_derive_ss_b disagree at record %lu: %s", i,
                r->len[KEX_B_SSA] != r->len[KEX_B_SSB] ? "shared secrets of different lengths"
                                                       : "the shared secrets differ");
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    field(out, "SS", r->b[KEX_B_SSA], r->len[KEX_B_SSA], opts->blank);
    fputc('\n', out);
    return NGCC_KATGEN_OK;
}

static enum ngcc_katgen_status run(const void *api, const struct ngcc_katgen_opts *opts,
                                   FILE *out, char *msg, size_t msgsize)
{
    struct kex_run r;
    DRNG_ctx drng;
    enum ngcc_katgen_status st;
    char why[256];
    unsigned long i;

    if (msgsize > 0)
        msg[0] = '\0';
    kat_progress(opts, 0, kind_kex.sizes[0].getter);
    if (kex_run_open(&r, api, 1, why, sizeof why) != KEX_OK) {
        kat_msg(msg, msgsize, "%s", why);
        return strncmp(why, "cannot allocate", 15) == 0 ? NGCC_KATGEN_NOMEM
                                                       : NGCC_KATGEN_CRYPTOFAIL;
    }
    if ((st = kat_drng_init(&drng, msg, msgsize)) != NGCC_KATGEN_OK)
        goto done;
    for (i = 0; i < opts->records; i++) {
        st = kat_record_start(&drng, r.api->drng_seed, opts, i, out, msg, msgsize);
        if (st == NGCC_KATGEN_OK)
            st = record(&r, opts, i, out, msg, msgsize);
        if (st != NGCC_KATGEN_OK)
            goto done;
        kat_work(opts, (double)(i + 1) / (double)opts->records);
    }
    st = kat_finish(out, msg, msgsize);
done:
    kex_run_close(&r);
    return st;
}

/* What the first exchange of the check sent and kept: "M1 64 + M2 80 =
 * 144 bytes on the wire; PKa 0, SKa 0, PKb 32, SKb 64 bytes" into BUF. */
static void wire_text(char *buf, size_t size, const struct kex_run *r)
{
    size_t used = 0;
    unsigned long long total = 0;
    int k;
    buf[0] = '\0';
    for (k = 1; k <= r->passes_run && used < size; k++) {
        used += (size_t)snprintf(buf + used, size - used, "%sM%d %llu", k > 1 ? " + " : "", k,
                                 r->len[KEX_B_M(k)]);
        total += r->len[KEX_B_M(k)];
    }
    if (used < size)
        snprintf(buf + used, size - used, "%s%s%llu bytes on the wire; PKa %llu, SKa %llu, PKb %llu, SKb %llu bytes",
                 r->passes_run > 1 ? " = " : "", r->passes_run ? "" : "no message: ", total,
                 r->len[KEX_B_PKA], r->len[KEX_B_SKA], r->len[KEX_B_PKB], r->len[KEX_B_SKB]);
}

/* The passes check: CHECK_EXCHANGES exchanges of its own; TRIED of them
 * run, REJECTED those that finished at another pass than the getter says.
 * MSG: the pass they finished at ("pass 2 (10), not 3"), then what the
 * first exchange sent and kept (wire_text). */
static int passes_check(const void *api_v, unsigned *tried, unsigned *rejected, char *msg,
                        size_t msgsize)
{
    const struct ngcc_kex_api *api = api_v;
    unsigned char seed[64];
    struct kex_run r;
    char why[256], wire[300] = "";
    int i, j, seen, count, at[CHECK_EXCHANGES], n = 0, rc = 0;
    size_t used;

    *tried = *rejected = 0;
    if (msgsize > 0)
        msg[0] = '\0';
    if (kex_run_open(&r, api, 0, why, sizeof why) != KEX_OK) {
        kat_msg(msg, msgsize, "%s", why);
        return -1;
    }
    memset(seed, 'p', sizeof seed);
    if ((rc = api->drng_seed(seed, sizeof seed)) != 0) {
        kat_msg(msg, msgsize, "ngcc_drng_seed returned %d", rc);
        kex_run_close(&r);
        return -1;
    }
    for (i = 0; i < CHECK_EXCHANGES; i++) {
        enum kex_status st = ngcc_kex_exchange(&r, why, sizeof why);
        if (st != KEX_OK && st != KEX_DISAGREE) {
            kat_msg(msg, msgsize, "exchange %d: %s", i + 1, why);
            kex_run_close(&r);
            return -1;
        }
        if (i == 0)
            wire_text(wire, sizeof wire, &r);
        (*tried)++;
        at[n++] = r.finished_at;
        *rejected += (unsigned long long)r.finished_at != r.max[KEX_S_PASSES];
    }
    if (*rejected == 0) {
        used = (size_t)snprintf(msg, msgsize, "pass %llu as kex_get_passes_num says", r.max[KEX_S_PASSES]);
    } else {
        /* Each pass they finished at once, with its count. */
        used = (size_t)snprintf(msg, msgsize, "pass");
        for (i = 0; i < n && used < msgsize; i++) {
            for (seen = 0, j = 0; j < i; j++)
                seen |= at[j] == at[i];
            if (seen || (unsigned long long)at[i] == r.max[KEX_S_PASSES])
                continue;
            for (count = 0, j = i; j < n; j++)
                count += at[j] == at[i];
            used += (size_t)snprintf(msg + used, msgsize - used, "%s %d (%d)", used > 4 ? "," : "",
                                     at[i], count);
        }
        if (used < msgsize)
            used += (size_t)snprintf(msg + used, msgsize - used, ", not %llu as kex_get_passes_num says",
                                     r.max[KEX_S_PASSES]);
    }
    if (used < msgsize)
        snprintf(msg + used, msgsize - used, "; %s", wire);
    kex_run_close(&r);
    return 0;
}

static void passes_text(char *buf, size_t size, unsigned tried, unsigned rejected,
                        double seconds, const char *detail)
{
    snprintf(buf, size, "%u of %u exchanges finished at %s (in %.6f s)",
             rejected ? rejected : tried, tried, detail, seconds);
}

const struct kind_kat kex_kat = {
    "KAT_KEX.c", sizeof(struct ngcc_kex_api), resolve, run, passes_check, passes_text
};
