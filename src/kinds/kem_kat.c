/* kem_kat.c -- the KEM's KAT hook (kind_kat.h): its API resolved from an
 * instance library, and the official KAT_KEM.c driver procedure (kat.md
 * section 1) record by record.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "kem_kat.h"
#include "kind_symbols.h"

/* Indices into kind_kem's sizes and ops (kem.c). */
enum { S_PK, S_SK, S_CT, S_SS };
enum { O_KEYGEN, O_ENC, O_DEC };
/* The buffers: the four sizes and dec's own shared secret. */
enum { B_PK, B_SK, B_CT, B_SS, B_SS1, NBUF };

#define GETTER(i) (kind_kem.sizes[i].getter)
#define CALL(i) (kind_kem.ops[i].function)

static int resolve(void *api_out, kind_lookup_fn lookup, void *h,
                   char *missing, size_t size)
{
    struct ngcc_kem_api *api = api_out;
    struct kind_want want[8];
    size_t n = 0;

#define WANT(field, sym) \
    (want[n].name = (sym), want[n].fn = &api->field, \
     want[n].size = sizeof api->field, n++)
    memset(api, 0, sizeof *api);
    WANT(pk_len, GETTER(S_PK));
    WANT(sk_len, GETTER(S_SK));
    WANT(ct_len, GETTER(S_CT));
    WANT(ss_len, GETTER(S_SS));
    WANT(keygen, CALL(O_KEYGEN));
    WANT(enc, CALL(O_ENC));
    WANT(dec, CALL(O_DEC));
    WANT(drng_seed, NGCC_SYM_DRNG_SEED);
#undef WANT
    return kind_resolve_all(want, n, lookup, h, missing, size);
}

/* One record's keygen, enc and dec into the guarded BUFS, printed. */
static enum ngcc_katgen_status record(const struct ngcc_kem_api *api,
                                      const struct ngcc_katgen_opts *opts,
                                      struct ngcc_guarded *bufs,
                                      const unsigned long long *max,
                                      unsigned long i, FILE *out, char *msg,
                                      size_t msgsize)
{
    unsigned char *pk = ngcc_guarded_data(&bufs[B_PK]);
    unsigned char *sk = ngcc_guarded_data(&bufs[B_SK]);
    unsigned char *ct = ngcc_guarded_data(&bufs[B_CT]);
    unsigned char *ss = ngcc_guarded_data(&bufs[B_SS]);
    unsigned char *ss1 = ngcc_guarded_data(&bufs[B_SS1]);
    unsigned long long pk_len = max[S_PK], sk_len = max[S_SK];
    unsigned long long ct_len = max[S_CT], ss_len = max[S_SS];
    unsigned long long ss1_len = max[S_SS];
    enum ngcc_katgen_status st;
    int rc;

    kat_progress(opts, i, CALL(O_KEYGEN));
    rc = api->keygen(pk, &pk_len, sk, &sk_len);
    if ((st = kat_guards(bufs, NBUF, CALL(O_KEYGEN), i, msg, msgsize)) !=
        NGCC_KATGEN_OK)
        return st;
    if (rc != 0) {
        kat_msg(msg, msgsize, "%s returned %d at record %lu", CALL(O_KEYGEN),
                rc, i);
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    if (pk_len > max[S_PK] || sk_len > max[S_SK]) {
        kat_msg(msg, msgsize,
                "%s returned pk_len %llu, sk_len %llu, more than "
                "the getters' %llu, %llu at record %lu", CALL(O_KEYGEN),
                pk_len, sk_len, max[S_PK], max[S_SK], i);
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    kat_len(out, "PK_Len", pk_len, opts->blank);
    kat_hex(out, "PK", pk, (size_t)pk_len);
    kat_len(out, "SK_Len", sk_len, opts->blank);
    kat_hex(out, "SK", sk, (size_t)sk_len);

    kat_progress(opts, i, CALL(O_ENC));
    rc = api->enc(pk, pk_len, ss, &ss_len, ct, &ct_len);
    if ((st = kat_guards(bufs, NBUF, CALL(O_ENC), i, msg, msgsize)) !=
        NGCC_KATGEN_OK)
        return st;
    if (rc != 0) {
        kat_msg(msg, msgsize, "%s returned %d at record %lu", CALL(O_ENC),
                rc, i);
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    if (ct_len > max[S_CT] || ss_len > max[S_SS]) {
        kat_msg(msg, msgsize,
                "%s returned ct_len %llu, ss_len %llu, more than "
                "the getters' %llu, %llu at record %lu", CALL(O_ENC),
                ct_len, ss_len, max[S_CT], max[S_SS], i);
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    kat_len(out, "CT_Len", ct_len, opts->blank);
    kat_hex(out, "CT", ct, (size_t)ct_len);
    kat_len(out, "SS_Len", ss_len, opts->blank);
    kat_hex(out, "SS", ss, (size_t)ss_len);

    kat_progress(opts, i, CALL(O_DEC));
    rc = api->dec(sk, sk_len, ct, ct_len, ss1, &ss1_len);
    if ((st = kat_guards(bufs, NBUF, CALL(O_DEC), i, msg, msgsize)) !=
        NGCC_KATGEN_OK)
        return st;
    if (rc != 0) {
        kat_msg(msg, msgsize, "%s returned %d at record %lu", CALL(O_DEC),
                rc, i);
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    if (ss1_len != ss_len) {
        kat_msg(msg, msgsize,
                "%s disagrees with %s at record %lu: shared "
                "secret of %llu bytes, enc gave %llu", CALL(O_DEC),
                CALL(O_ENC), i, ss1_len, ss_len);
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    if (memcmp(ss1, ss, (size_t)ss_len) != 0) {
        kat_msg(msg, msgsize,
                "%s disagrees with %s at record %lu: the shared "
                "secrets differ", CALL(O_DEC), CALL(O_ENC), i);
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    fputc('\n', out);
    return NGCC_KATGEN_OK;
}

enum ngcc_katgen_status ngcc_kem_kat_run(const struct ngcc_kem_api *api,
                                         const struct ngcc_katgen_opts *opts,
                                         FILE *out, char *msg, size_t msgsize)
{
    static const char *const buf_names[NBUF] = {"pk", "sk", "ct", "ss", "ss1"};
    const char *getter_names[4];
    ngcc_len_fn getters[4];
    unsigned long long max[4];
    struct ngcc_guarded bufs[NBUF];
    DRNG_ctx drng;
    enum ngcc_katgen_status st;
    unsigned long i;
    size_t k;

    getters[S_PK] = api->pk_len;
    getters[S_SK] = api->sk_len;
    getters[S_CT] = api->ct_len;
    getters[S_SS] = api->ss_len;
    for (k = 0; k < 4; k++)
        getter_names[k] = GETTER(k);
    memset(bufs, 0, sizeof bufs);
    if (msgsize > 0)
        msg[0] = '\0';

    st = kat_getters(getters, getter_names, 4, opts, max, msg, msgsize);
    if (st != NGCC_KATGEN_OK)
        return st;
    for (k = 0; k < NBUF; k++) {
        size_t len = (size_t)max[k < 4 ? k : S_SS];
        if (ngcc_guarded_alloc(&bufs[k], buf_names[k], len) != 0) {
            kat_msg(msg, msgsize, "cannot allocate %s (%zu bytes)",
                    buf_names[k], len);
            st = NGCC_KATGEN_NOMEM;
            goto done;
        }
    }
    if ((st = kat_drng_init(&drng, msg, msgsize)) != NGCC_KATGEN_OK)
        goto done;
    for (i = 0; i < opts->records; i++) {
        st = kat_record_start(&drng, api->drng_seed, opts, i, out, msg,
                              msgsize);
        if (st == NGCC_KATGEN_OK)
            st = record(api, opts, bufs, max, i, out, msg, msgsize);
        if (st != NGCC_KATGEN_OK)
            goto done;
    }
    st = kat_finish(out, msg, msgsize);

done:
    for (k = 0; k < NBUF; k++)
        ngcc_guarded_free(&bufs[k]);
    return st;
}

static enum ngcc_katgen_status run(const void *api,
                                   const struct ngcc_katgen_opts *opts,
                                   FILE *out, char *msg, size_t msgsize)
{
    return ngcc_kem_kat_run(api, opts, out, msg, msgsize);
}

const struct kind_kat kem_kat = {
    "KAT_KEM.c", sizeof(struct ngcc_kem_api), resolve, run, NULL, NULL
};
