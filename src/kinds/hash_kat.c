/* hash_kat.c -- the hash kind's KAT hook (kind_kat.h): CryptHash resolved
 * from an instance library, and the official KAT_CryptHash.c procedure
 * (kinds.md, "Hash") for each of its four files.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "hash_kat.h"
#include "kind_symbols.h"

#define CALL (kind_hash.ops[0].function)
#define GETTER (kind_hash.sizes[0].getter)

/* The files, in kind_hash's kat_files order (hash.c). */
enum { F_2_12, F_2_23, F_2_33, F_LOOP };
enum { B_MSG, B_DST, NBUF };

#define LOOP_MSG_BITS 8192UL
#define LOOP_CALLS 1000000UL

static int resolve(void *api_out, kind_lookup_fn lookup, void *h,
                   char *missing, size_t size)
{
    struct ngcc_hash_api *api = api_out;
    struct kind_want want[4];
    size_t n = 0;

#define WANT(field, sym) \
    (want[n].name = (sym), want[n].fn = &api->field, \
     want[n].size = sizeof api->field, n++)
    memset(api, 0, sizeof *api);
    WANT(hash, CALL);
    WANT(digest_len, GETTER);
    WANT(digest_bits, NGCC_SYM_HASH_DIGEST_BITS);
    WANT(drng_seed, NGCC_SYM_DRNG_SEED);
#undef WANT
    return kind_resolve_all(want, n, lookup, h, missing, size);
}

/* What every file's records share. */
struct hash_run {
    const struct ngcc_hash_api *api;
    const struct ngcc_katgen_opts *opts;
    struct ngcc_guarded bufs[NBUF];
    int bits;                  /* the digest length in bits, Dst_Len */
    unsigned long long dlen;   /* its bytes: the getter's */
    FILE *out;
    char *msg;
    size_t msgsize;
};

/* File KEY's DRNG: its first 8 characters repeated 8 times. */
static void file_seed(const char *key, unsigned char seed[64])
{
    int k;

    for (k = 0; k < 8; k++)
        memcpy(seed + 8 * k, key, 8);
}

/* One CryptHash of the first BITS bits of the message into the digest:
 * guards, then its return code, named with record I. */
static enum ngcc_katgen_status hash_call(struct hash_run *r, unsigned long long bits,
                                         unsigned long i, int say)
{
    enum ngcc_katgen_status st;
    int rc;

    if (say)
        kat_progress(r->opts, i, CALL);
    rc = r->api->hash(r->bits, ngcc_guarded_data(&r->bufs[B_MSG]), bits,
                      ngcc_guarded_data(&r->bufs[B_DST]));
    if ((st = kat_guards(r->bufs, NBUF, CALL, i, r->msg, r->msgsize)) != NGCC_KATGEN_OK)
        return st;
    if (rc != 0) {
        kat_msg(r->msg, r->msgsize, "%s returned %d at record %lu (a message of %llu bits)",
                CALL, rc, i, bits);
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    return NGCC_KATGEN_OK;
}

/* "Dst_Len = BITS", "Dst = HEX", the empty line. */
static void put_dst(struct hash_run *r)
{
    kat_len(r->out, "Dst_Len", (unsigned long long)r->bits, r->opts->blank);
    kat_hex(r->out, "Dst", ngcc_guarded_data(&r->bufs[B_DST]), (size_t)r->dlen);
    fputc('\n', r->out);
}

/* KAT_2_12: record I hashes I bits drawn from the file's DRNG into the
 * zeroed buffer (the DRNG masks the last partial byte to its high bits). */
static enum ngcc_katgen_status file_2_12(struct hash_run *r, DRNG_ctx *drng)
{
    unsigned char *m = ngcc_guarded_data(&r->bufs[B_MSG]);
    enum ngcc_katgen_status st;
    unsigned long i;

    for (i = 0; i < r->opts->records; i++) {
        memset(m, 0, 4096 / 8);
        (void)get_random_number(drng, m, (unsigned long long)i);
        kat_len(r->out, "Msg_Len", (unsigned long long)i, r->opts->blank);
        kat_hex(r->out, "Msg", m, (size_t)((i + 7) / 8));
        if ((st = hash_call(r, (unsigned long long)i, i, 1)) != NGCC_KATGEN_OK)
            return st;
        put_dst(r);
        /* record i's work ~ i + 64 bits: the share of 0..i done */
        kat_work(r->opts, (double)(i + 1) * ((double)i / 2 + 64) /
                              ((double)r->opts->records * ((double)(r->opts->records - 1) / 2 + 64)));
    }
    return NGCC_KATGEN_OK;
}

/* The first and last 8 bytes of a long message: "Msg_Exp = A .... B". */
static void put_exp(FILE *out, const unsigned char *m, size_t n)
{
    size_t k;

    fputs("Msg_Exp = ", out);
    for (k = 0; k < 8; k++)
        fprintf(out, "%02X", m[k]);
    fputs(" .... ", out);
    for (k = n - 8; k < n; k++)
        fprintf(out, "%02X", m[k]);
    fputc('\n', out);
}

/* KAT_2_23 and KAT_2_33: messages of BITS bits, all zero, all 0xFF, then
 * the DRNG's first BITS bits (its seed printed as Msg_Seed). */
static enum ngcc_katgen_status file_long(struct hash_run *r, DRNG_ctx *drng,
                                         const unsigned char seed[64],
                                         unsigned long long bits)
{
    unsigned char *m = ngcc_guarded_data(&r->bufs[B_MSG]);
    size_t n = (size_t)(bits / 8);
    enum ngcc_katgen_status st;
    unsigned long i;
    /* The work: one unit per message hashed, one for the one drawn. */
    double units = r->opts->records < 3 ? (double)r->opts->records : 4.0;

    for (i = 0; i < r->opts->records && i < 3; i++) {
        if (i < 2) {
            memset(m, i == 0 ? 0x00 : 0xff, n);
        } else {
            kat_progress(r->opts, i, "get_random_number");
            (void)get_random_number(drng, m, bits);
            kat_work(r->opts, 3.0 / units);
        }
        kat_len(r->out, "Msg_Len", bits, r->opts->blank);
        kat_hex(r->out, "Msg_Seed", seed, i < 2 ? 0 : 64);
        put_exp(r->out, m, n);
        if ((st = hash_call(r, bits, i, 1)) != NGCC_KATGEN_OK)
            return st;
        put_dst(r);
        kat_work(r->opts, (double)(i < 2 ? i + 1 : 4) / units);
    }
    return NGCC_KATGEN_OK;
}

/* KAT_Loop: m0 of 8192 DRNG bits, h = H(m0); then 10^6 times the message
 * rotated left by the digest's bytes, h XORed into its first bytes, h =
 * H(message); the last h printed. */
static enum ngcc_katgen_status file_loop(struct hash_run *r, DRNG_ctx *drng)
{
    unsigned char *m = ngcc_guarded_data(&r->bufs[B_MSG]);
    const unsigned char *h = ngcc_guarded_data(&r->bufs[B_DST]);
    unsigned char first[LOOP_MSG_BITS / 8];
    size_t n = LOOP_MSG_BITS / 8, d = (size_t)r->dlen, k;
    enum ngcc_katgen_status st;
    unsigned long c;

    if (r->opts->records == 0)
        return NGCC_KATGEN_OK;
    if (d > n) {
        kat_msg(r->msg, r->msgsize, "%s: a digest of %zu bytes is longer than the "
                "KAT_Loop message (%zu bytes)", GETTER, d, n);
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    (void)get_random_number(drng, m, LOOP_MSG_BITS);
    kat_len(r->out, "Msg_Len", LOOP_MSG_BITS, r->opts->blank);
    kat_hex(r->out, "Msg", m, n);
    if ((st = hash_call(r, LOOP_MSG_BITS, 0, 1)) != NGCC_KATGEN_OK)
        return st;
    for (c = 1; c <= LOOP_CALLS; c++) {
        memcpy(first, m, d);
        memmove(m, m + d, n - d);
        memcpy(m + n - d, first, d);
        for (k = 0; k < d; k++)
            m[k] ^= h[k];
        /* "at" and "work" every 4096 calls: a message per call would cost
         * more than a fast hash */
        if ((st = hash_call(r, LOOP_MSG_BITS, 0, (c & 4095) == 0)) != NGCC_KATGEN_OK)
            return st;
        if ((c & 4095) == 0)
            kat_work(r->opts, (double)c / LOOP_CALLS);
    }
    put_dst(r);
    return NGCC_KATGEN_OK;
}

static enum ngcc_katgen_status run(const void *api_in,
                                   const struct ngcc_katgen_opts *opts,
                                   FILE *out, char *msg, size_t msgsize)
{
    struct hash_run r;
    unsigned char seed[64];
    ngcc_len_fn getter;
    const char *getter_name = GETTER;
    unsigned long long max, mbytes;
    DRNG_ctx drng;
    enum ngcc_katgen_status st;
    int f = opts->file;

    memset(&r, 0, sizeof r);
    r.api = api_in;
    r.opts = opts;
    r.out = out;
    r.msg = msg;
    r.msgsize = msgsize;
    if (msgsize > 0)
        msg[0] = '\0';
    if (f < 0 || f > F_LOOP || f >= kind_hash.nkat_files) {
        kat_msg(msg, msgsize, "no KAT file %d of the hash kind", f);
        return NGCC_KATGEN_ERROR;
    }
    getter = r.api->digest_len;
    if ((st = kat_getters(&getter, &getter_name, 1, opts, &max, msg, msgsize)) != NGCC_KATGEN_OK)
        return st;
    r.dlen = max;
    r.bits = r.api->digest_bits();
    if (r.bits <= 0 || (unsigned long long)(r.bits + 7) / 8 != r.dlen) {
        kat_msg(msg, msgsize, "digest length %d bits, %s says %llu bytes", r.bits, GETTER, r.dlen);
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    mbytes = kind_hash.kat_files[f].message_bytes;
    if (ngcc_guarded_alloc(&r.bufs[B_MSG], "msg", (size_t)mbytes) != 0 ||
        ngcc_guarded_alloc(&r.bufs[B_DST], "digest", (size_t)r.dlen) != 0) {
        kat_msg(msg, msgsize, "cannot allocate the message (%llu bytes) and the digest",
                mbytes);
        st = NGCC_KATGEN_NOMEM;
        goto done;
    }
    file_seed(kind_hash.kat_files[f].key, seed);
    if (init_random_number(&drng, seed, sizeof seed) != 0) {
        kat_msg(msg, msgsize, "the driver's DRNG failed");
        st = NGCC_KATGEN_ERROR;
        goto done;
    }
    switch (f) {
    case F_2_12: st = file_2_12(&r, &drng); break;
    case F_2_23: st = file_long(&r, &drng, seed, 1ULL << 23); break;
    case F_2_33: st = file_long(&r, &drng, seed, 1ULL << 33); break;
    default: st = file_loop(&r, &drng); break;
    }
    if (st == NGCC_KATGEN_OK)
        st = kat_finish(out, msg, msgsize);
done:
    ngcc_guarded_free(&r.bufs[B_MSG]);
    ngcc_guarded_free(&r.bufs[B_DST]);
    return st;
}

/* ---- the output lengths (guide: "if the algorithm supports extendable
 * output or variable-length output, functional testing should cover
 * different output lengths") ------------------------------------------ */

static const int out_lengths[] = { 128, 224, 256, 384, 512, 100 };
#define NLENGTHS ((unsigned)(sizeof out_lengths / sizeof out_lengths[0]))
#define OUT_ROOM 64         /* bytes of the longest length */
#define OUT_GUARD 32        /* bytes after it that must stay untouched */

/* One length: 1 when CryptHash returns 0 twice with the same digest and
 * writes nothing past its ceil(BITS / 8) bytes. */
static int honours(const struct ngcc_hash_api *api, int bits)
{
    static const unsigned char msg[] = "ngcc-perf output lengths";
    unsigned char a[OUT_ROOM + OUT_GUARD], b[OUT_ROOM + OUT_GUARD];
    size_t n = (size_t)(bits + 7) / 8, i;

    memset(a, 0xa5, sizeof a);
    memset(b, 0x5a, sizeof b);
    if (api->hash(bits, msg, 8 * (sizeof msg - 1), a) != 0 ||
        api->hash(bits, msg, 8 * (sizeof msg - 1), b) != 0)
        return 0;
    for (i = n; i < sizeof a; i++)
        if (a[i] != 0xa5 || b[i] != 0x5a)
            return 0;
    return memcmp(a, b, n) == 0;
}

/* "A, B and C bits" of the lengths whose honoured flag is WANT. */
static void list_lengths(char *buf, size_t size, const int *ok, int want)
{
    unsigned i, n = 0, k = 0;
    size_t len;

    for (i = 0; i < NLENGTHS; i++)
        n += ok[i] == want;
    buf[0] = '\0';
    for (i = 0; i < NLENGTHS; i++) {
        if (ok[i] != want)
            continue;
        len = strlen(buf);
        snprintf(buf + len, size - len, "%s%d", k == 0 ? "" : k + 1 == n ? " and " : ", ",
                 out_lengths[i]);
        k++;
    }
    len = strlen(buf);
    snprintf(buf + len, size - len, " bits");
}

/* TRIED lengths, REJECTED of them refused; MSG the text of the log line's
 * middle: "A and B bits honoured; C bits refused", or "only the
 * instance's own N bits honoured". */
static int lengths(const void *api_v, unsigned *tried, unsigned *rejected,
                   char *msg, size_t msgsize)
{
    const struct ngcc_hash_api *api = api_v;
    int ok[NLENGTHS], own = api->digest_bits(), only_own = 1;
    char yes[160], no[160];
    unsigned i;

    *tried = NLENGTHS;
    *rejected = 0;
    for (i = 0; i < NLENGTHS; i++) {
        ok[i] = honours(api, out_lengths[i]);
        *rejected += !ok[i];
        if (ok[i] != (out_lengths[i] == own))
            only_own = 0;
    }
    list_lengths(yes, sizeof yes, ok, 1);
    list_lengths(no, sizeof no, ok, 0);
    if (only_own)
        snprintf(msg, msgsize, "only the instance's own %d bits honoured", own);
    else if (*rejected == 0)
        snprintf(msg, msgsize, "%s honoured", yes);
    else if (*rejected == NLENGTHS)
        snprintf(msg, msgsize, "none honoured (the instance's own is %d bits)", own);
    else
        snprintf(msg, msgsize, "%s honoured; %s refused", yes, no);
    return 0;
}

static void lengths_text(char *buf, size_t size, unsigned tried, unsigned rejected,
                         double seconds, const char *detail)
{
    (void)rejected;
    snprintf(buf, size, "%u output lengths tried: %s (in %.6f s)", tried, detail, seconds);
}

const struct kind_kat hash_kat = {
    "KAT_CryptHash.c", sizeof(struct ngcc_hash_api), resolve, run, lengths,
    lengths_text
};
