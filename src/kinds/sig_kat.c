/* sig_kat.c -- the signature kind's KAT hook (kind_kat.h): its API
 * resolved from an instance library, and the official KAT_SIG.c driver
 * procedure (kinds.md, "Signatures") record by record.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sig_kat.h"
#include "kind_symbols.h"

/* Indices into kind_sig's sizes and ops (sig.c). */
enum { S_PK, S_SK, S_SN };
enum { O_KEYGEN, O_SIGN, O_VERIFY };
/* The buffers: the three sizes and the message. */
enum { B_PK, B_SK, B_SN, B_M, NBUF };

#define GETTER(i) (kind_sig.sizes[i].getter)
#define CALL(i) (kind_sig.ops[i].function)

static int resolve(void *api_out, kind_lookup_fn lookup, void *h,
                   char *missing, size_t size)
{
    struct ngcc_sig_api *api = api_out;
    struct kind_want want[7];
    size_t n = 0;

#define WANT(field, sym) \
    (want[n].name = (sym), want[n].fn = &api->field, \
     want[n].size = sizeof api->field, n++)
    memset(api, 0, sizeof *api);
    WANT(pk_len, GETTER(S_PK));
    WANT(sk_len, GETTER(S_SK));
    WANT(sn_len, GETTER(S_SN));
    WANT(keygen, CALL(O_KEYGEN));
    WANT(sign, CALL(O_SIGN));
    WANT(verify, CALL(O_VERIFY));
    WANT(drng_seed, NGCC_SYM_DRNG_SEED);
#undef WANT
    return kind_resolve_all(want, n, lookup, h, missing, size);
}

void ngcc_sig_kat_msg_nonce(unsigned char nonce[64])
{
    size_t k;

    for (k = 0; k < 21; k++)
        memcpy(nonce + 3 * k, "msg", 3);
    nonce[63] = 'm';
}

/* A call's status: guards first, then its return code. */
static enum ngcc_katgen_status after(int rc, const struct ngcc_guarded *bufs,
                                     int op, unsigned long i, char *msg,
                                     size_t msgsize)
{
    enum ngcc_katgen_status st;

    if ((st = kat_guards(bufs, NBUF, CALL(op), i, msg, msgsize)) !=
        NGCC_KATGEN_OK)
        return st;
    if (rc != 0) {
        kat_msg(msg, msgsize, "%s returned %d at record %lu%s", CALL(op), rc,
                i, op == O_VERIFY ? " (the driver's own signature)" : "");
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    return NGCC_KATGEN_OK;
}

/* Record I after its head: the message, keygen, sign, verify, printed.
 * *SN_LEN is the driver's in/out length, kept from record to record. */
static enum ngcc_katgen_status record(const struct ngcc_sig_api *api,
                                      const struct ngcc_katgen_opts *opts,
                                      struct ngcc_guarded *bufs,
                                      const unsigned long long *max,
                                      DRNG_ctx *drng_msg,
                                      unsigned long long *sn_len,
                                      unsigned long i, FILE *out, char *msg,
                                      size_t msgsize)
{
    unsigned char *pk = ngcc_guarded_data(&bufs[B_PK]);
    unsigned char *sk = ngcc_guarded_data(&bufs[B_SK]);
    unsigned char *sn = ngcc_guarded_data(&bufs[B_SN]);
    unsigned char *m = ngcc_guarded_data(&bufs[B_M]);
    unsigned long long pk_len = max[S_PK], sk_len = max[S_SK];
    unsigned long long m_len = NGCC_SIG_KAT_MLEN(i);
    enum ngcc_katgen_status st;

    if (get_random_number(drng_msg, m, m_len * 8) != 0) {
        kat_msg(msg, msgsize, "get_random_number (the message) failed");
        return NGCC_KATGEN_ERROR;
    }

    kat_progress(opts, i, CALL(O_KEYGEN));
    st = after(api->keygen(pk, &pk_len, sk, &sk_len), bufs, O_KEYGEN, i, msg,
               msgsize);
    if (st != NGCC_KATGEN_OK)
        return st;
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

    kat_progress(opts, i, CALL(O_SIGN));
    st = after(api->sign(sk, sk_len, m, m_len, sn, sn_len), bufs, O_SIGN, i,
               msg, msgsize);
    if (st != NGCC_KATGEN_OK)
        return st;
    if (*sn_len > max[S_SN]) {
        kat_msg(msg, msgsize,
                "%s returned sn_len %llu, more than the getter's %llu at "
                "record %lu", CALL(O_SIGN), *sn_len, max[S_SN], i);
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    /* M_Len is printed in template mode too (the driver's %d). */
    fprintf(out, "M_Len = %d\n", (int)m_len);
    kat_hex(out, "M", m, (size_t)m_len);
    kat_len(out, "Sn_Len", *sn_len, opts->blank);
    kat_hex(out, "Sn", sn, (size_t)*sn_len);

    kat_progress(opts, i, CALL(O_VERIFY));
    st = after(api->verify(pk, pk_len, sn, *sn_len, m, m_len), bufs, O_VERIFY,
               i, msg, msgsize);
    if (st != NGCC_KATGEN_OK)
        return st;
    fputc('\n', out);
    return NGCC_KATGEN_OK;
}

enum ngcc_katgen_status ngcc_sig_kat_run(const struct ngcc_sig_api *api,
                                         const struct ngcc_katgen_opts *opts,
                                         FILE *out, char *msg, size_t msgsize)
{
    static const char *const buf_names[NBUF] = {"pk", "sk", "sn", "m"};
    const char *getter_names[3];
    ngcc_len_fn getters[3];
    unsigned long long max[3], sn_len;
    unsigned char nonce[64];
    struct ngcc_guarded bufs[NBUF];
    DRNG_ctx drng, drng_msg;
    enum ngcc_katgen_status st;
    unsigned long i;
    size_t k;

    getters[S_PK] = api->pk_len;
    getters[S_SK] = api->sk_len;
    getters[S_SN] = api->sn_len;
    for (k = 0; k < 3; k++)
        getter_names[k] = GETTER(k);
    memset(bufs, 0, sizeof bufs);
    if (msgsize > 0)
        msg[0] = '\0';

    st = kat_getters(getters, getter_names, 3, opts, max, msg, msgsize);
    if (st != NGCC_KATGEN_OK)
        return st;
    for (k = 0; k < NBUF; k++) {
        size_t len = k < B_M ? (size_t)max[k]
                             : (size_t)NGCC_SIG_KAT_MLEN(opts->records ? opts->records - 1 : 0);
        if (ngcc_guarded_alloc(&bufs[k], buf_names[k], len) != 0) {
            kat_msg(msg, msgsize, "cannot allocate %s (%zu bytes)",
                    buf_names[k], len);
            st = NGCC_KATGEN_NOMEM;
            goto done;
        }
    }
    if ((st = kat_drng_init(&drng, msg, msgsize)) != NGCC_KATGEN_OK)
        goto done;
    ngcc_sig_kat_msg_nonce(nonce);
    if (init_random_number(&drng_msg, nonce, sizeof nonce) != 0) {
        kat_msg(msg, msgsize, "init_random_number (the message DRNG) failed");
        st = NGCC_KATGEN_ERROR;
        goto done;
    }
    /* The driver's sn length: in/out, never reset between records. */
    sn_len = max[S_SN];
    for (i = 0; i < opts->records; i++) {
        st = kat_record_start(&drng, api->drng_seed, opts, i, out, msg,
                              msgsize);
        if (st == NGCC_KATGEN_OK)
            st = record(api, opts, bufs, max, &drng_msg, &sn_len, i, out, msg,
                        msgsize);
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
    return ngcc_sig_kat_run(api, opts, out, msg, msgsize);
}

/* ---- the forgery check (issue 22, "KAT gate") ---------------------------- */

/* The check's fixed message and seed: its own, not a KAT record's. */
#define FORGERY_MLEN 64
/* A failed sign retried, as the timer does (the harness's rule): a sign
 * that fails now and then is no reason to skip the check. */
#define FORGERY_SIGN_RETRIES 64
enum { F_SN_FIRST, F_SN_MIDDLE, F_SN_LAST, F_MSG, F_SN_SHORT, NFORGERY };
static const char *const forgery_names[NFORGERY] = {
    "flipped bit in byte 0 of the signature",
    "flipped bit in the middle byte of the signature",
    "flipped bit in the last byte of the signature",
    "flipped bit in the message",
    "signature truncated by one byte",
};

/* Forgery K of the genuine (SN, SN_LEN, M) into (FS, *FS_LEN, FM). */
static void forge(int k, const unsigned char *sn, unsigned long long sn_len,
                  const unsigned char *m, unsigned char *fs,
                  unsigned long long *fs_len, unsigned char *fm)
{
    memcpy(fs, sn, (size_t)sn_len);
    memcpy(fm, m, FORGERY_MLEN);
    *fs_len = sn_len;
    switch (k) {
    case F_SN_FIRST: fs[0] ^= 0x01; break;
    case F_SN_MIDDLE: fs[sn_len / 2] ^= 0x01; break;
    case F_SN_LAST: fs[sn_len - 1] ^= 0x80; break;
    case F_MSG: fm[FORGERY_MLEN / 2] ^= 0x01; break;
    default: *fs_len = sn_len - 1; break;
    }
}

/* One key pair, one signature of a fixed message (accepted), then the
 * NFORGERY changes that verify must reject. */
static int forgery(const void *api_v, unsigned *tried, unsigned *rejected,
                   char *msg, size_t msgsize)
{
    const struct ngcc_sig_api *api = api_v;
    unsigned long long pk_len, sk_len, sn_max, sn_len, fs_len;
    unsigned char seed[64], m[FORGERY_MLEN], fm[FORGERY_MLEN];
    unsigned char *pk, *sk, *sn, *fs;
    size_t used = 0;
    int k, tries, rc = -1;

    *tried = *rejected = 0;
    if (msgsize > 0)
        msg[0] = '\0';
    pk_len = api->pk_len();
    sk_len = api->sk_len();
    sn_max = api->sn_len();
    if (pk_len > NGCC_KATGEN_MAX_LEN || sk_len > NGCC_KATGEN_MAX_LEN ||
        sn_max > NGCC_KATGEN_MAX_LEN) {
        kat_msg(msg, msgsize, "a getter claims more than %llu bytes",
                NGCC_KATGEN_MAX_LEN);
        return -1;
    }
    /* One spare byte each: a getter of 0 still gets a buffer. */
    pk = malloc((size_t)pk_len + 1);
    sk = malloc((size_t)sk_len + 1);
    sn = malloc((size_t)sn_max + 1);
    fs = malloc((size_t)sn_max + 1);
    if (pk == NULL || sk == NULL || sn == NULL || fs == NULL) {
        kat_msg(msg, msgsize, "out of memory");
        goto done;
    }
    memset(seed, 'f', sizeof seed);
    memset(m, 'M', sizeof m);
    if ((k = api->drng_seed(seed, sizeof seed)) == 0 &&
        (k = api->keygen(pk, &pk_len, sk, &sk_len)) == 0)
        for (tries = 0; tries <= FORGERY_SIGN_RETRIES; tries++) {
            sn_len = sn_max;
            if ((k = api->sign(sk, sk_len, m, FORGERY_MLEN, sn, &sn_len)) == 0)
                break;
        }
    if (k != 0) {
        kat_msg(msg, msgsize, "seeding, %s or %s returned %d (a sign retried %d times)",
                CALL(O_KEYGEN), CALL(O_SIGN), k, FORGERY_SIGN_RETRIES);
        goto done;
    }
    if (sn_len == 0 || sn_len > sn_max) {
        kat_msg(msg, msgsize, "%s returned sn_len %llu", CALL(O_SIGN), sn_len);
        goto done;
    }
    memcpy(fs, sn, (size_t)sn_len);
    memcpy(fm, m, sizeof m);
    if ((k = api->verify(pk, pk_len, fs, sn_len, fm, FORGERY_MLEN)) != 0) {
        kat_msg(msg, msgsize, "%s returned %d on the genuine signature",
                CALL(O_VERIFY), k);
        goto done;
    }
    for (k = 0; k < NFORGERY; k++) {
        forge(k, sn, sn_len, m, fs, &fs_len, fm);
        (*tried)++;
        if (api->verify(pk, pk_len, fs, fs_len, fm, FORGERY_MLEN) != 0) {
            (*rejected)++;
            continue;
        }
        if (used < msgsize) {
            snprintf(msg + used, msgsize - used, "%s%s", used ? ", " : "",
                     forgery_names[k]);
            used += strlen(msg + used);
        }
    }
    rc = 0;
done:
    free(pk);
    free(sk);
    free(sn);
    free(fs);
    return rc;
}

const struct kind_kat sig_kat = {
    "KAT_SIG.c", sizeof(struct ngcc_sig_api), resolve, run, forgery, NULL
};
