/* katgen.c - generate a KAT text exactly as the official driver.
 *
 * Part of ngcc-perf.
 */
#include "katgen.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "drng.h"
#include "guard.h"

static void set_msg(char *msg, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

static void set_msg(char *msg, size_t size, const char *fmt, ...)
{
    va_list ap;

    if (size == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(msg, size, fmt, ap);
    va_end(ap);
}

const char *ngcc_katgen_status_name(enum ngcc_katgen_status st)
{
    switch (st) {
    case NGCC_KATGEN_OK: return "OK";
    case NGCC_KATGEN_CRYPTOFAIL: return "CRYPTOFAIL";
    case NGCC_KATGEN_OVERFLOW: return "OVERFLOW";
    case NGCC_KATGEN_NOMEM: return "NOMEM";
    case NGCC_KATGEN_ERROR: return "ERROR";
    }
    return "ERROR";
}

int ngcc_katgen_valid_instance(const char *name)
{
    size_t n = 0;

    for (; name[n] != '\0'; n++) {
        char c = name[n];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
              (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return 0;
    }
    return n >= 1 && n <= 64;
}

int ngcc_katgen_filename(const char *algorithm_instance, char *buf,
                         size_t size)
{
    const unsigned char *p = (const unsigned char *)algorithm_instance;
    int n;

    if (*p == '\0')
        return -1;
    for (; *p != '\0'; p++)
        if (*p <= ' ' || *p == '/' || *p == 0x7f)
            return -1;
    n = snprintf(buf, size, "KAT_KEM_%s.txt", algorithm_instance);
    return n < 0 || (size_t)n >= size ? -1 : 0;
}

static void print_hex(FILE *out, const char *key, const unsigned char *p,
                      size_t n)
{
    static const char digits[] = "0123456789ABCDEF";
    char chunk[1024];
    size_t i, k = 0;

    fprintf(out, "%s = ", key);
    for (i = 0; i < n; i++) {
        chunk[k++] = digits[p[i] >> 4];
        chunk[k++] = digits[p[i] & 15];
        if (k == sizeof chunk) {
            fwrite(chunk, 1, k, out);
            k = 0;
        }
    }
    fwrite(chunk, 1, k, out);
    fputc('\n', out);
}

static void print_len(FILE *out, const char *key, unsigned long long len,
                      int blank)
{
    if (blank)
        fprintf(out, "%s = \n", key);
    else
        fprintf(out, "%s = %llu\n", key, len);
}

enum { B_PK, B_SK, B_CT, B_SS, B_SS1, NBUF };

/* Check every buffer after CALL; OVERFLOW with a message if a guard moved. */
static enum ngcc_katgen_status check_guards(const struct ngcc_guarded *bufs,
                                           const char *call,
                                           unsigned long record, char *msg,
                                           size_t msgsize)
{
    size_t used;

    if (!ngcc_guarded_check_all(bufs, NBUF, call, msg, msgsize))
        return NGCC_KATGEN_OK;
    used = strlen(msg);
    if (used < msgsize)
        snprintf(msg + used, msgsize - used, " at record %lu", record);
    return NGCC_KATGEN_OVERFLOW;
}

static void progress(const struct ngcc_katgen_opts *opts, unsigned long record,
                     const char *call)
{
    if (opts->progress != NULL)
        opts->progress(opts->progress_arg, record, call);
}

enum ngcc_katgen_status ngcc_katgen_run(const struct ngcc_kem_api *api,
                                        const struct ngcc_katgen_opts *opts,
                                        FILE *out, char *msg, size_t msgsize)
{
    static const char *const getter_names[4] = {
        "kem_get_pk_len_bytes", "kem_get_sk_len_bytes",
        "kem_get_ct_len_bytes", "kem_get_ss_len_bytes",
    };
    static const char *const buf_names[NBUF] = {"pk", "sk", "ct", "ss", "ss1"};
    ngcc_len_fn getters[4];
    unsigned long long max[4];
    struct ngcc_guarded bufs[NBUF];
    unsigned char nonce[64], seed[64];
    DRNG_ctx drng_seed;
    enum ngcc_katgen_status st = NGCC_KATGEN_OK;
    unsigned long i;
    size_t k;
    int rc;

    getters[0] = api->pk_len;
    getters[1] = api->sk_len;
    getters[2] = api->ct_len;
    getters[3] = api->ss_len;
    memset(bufs, 0, sizeof bufs);
    if (msgsize > 0)
        msg[0] = '\0';

    for (k = 0; k < 4; k++) {
        progress(opts, 0, getter_names[k]);
        max[k] = getters[k]();
        if (max[k] > NGCC_KATGEN_MAX_LEN) {
            set_msg(msg, msgsize, "%s() returned %llu, more than %llu",
                    getter_names[k], max[k], NGCC_KATGEN_MAX_LEN);
            return NGCC_KATGEN_CRYPTOFAIL;
        }
    }
    for (k = 0; k < NBUF; k++) {
        size_t len = (size_t)max[k < 4 ? k : 3];
        if (ngcc_guarded_alloc(&bufs[k], buf_names[k], len) != 0) {
            set_msg(msg, msgsize, "cannot allocate %s (%zu bytes)",
                    buf_names[k], len);
            st = NGCC_KATGEN_NOMEM;
            goto done;
        }
    }

    for (k = 0; k < 16; k++)
        memcpy(nonce + 4 * k, "seed", 4);
    if (init_random_number(&drng_seed, nonce, 64) != 0) {
        set_msg(msg, msgsize, "init_random_number failed");
        st = NGCC_KATGEN_ERROR;
        goto done;
    }

    for (i = 0; i < opts->records; i++) {
        unsigned char *pk = ngcc_guarded_data(&bufs[B_PK]);
        unsigned char *sk = ngcc_guarded_data(&bufs[B_SK]);
        unsigned char *ct = ngcc_guarded_data(&bufs[B_CT]);
        unsigned char *ss = ngcc_guarded_data(&bufs[B_SS]);
        unsigned char *ss1 = ngcc_guarded_data(&bufs[B_SS1]);
        unsigned long long pk_len = max[0], sk_len = max[1];
        unsigned long long ct_len = max[2], ss_len = max[3], ss1_len = max[3];

        fprintf(out, "Count = %lu\n", i);
        if (get_random_number(&drng_seed, seed, 512) != 0) {
            set_msg(msg, msgsize, "get_random_number failed");
            st = NGCC_KATGEN_ERROR;
            goto done;
        }
        fprintf(out, "Seed_Len = 64\n");
        print_hex(out, "Seed", seed, sizeof seed);

        progress(opts, i, "ngcc_drng_seed");
        rc = api->drng_seed(seed, sizeof seed);
        if (rc != 0) {
            set_msg(msg, msgsize,
                    "seeding the scheme's DRNG (ngcc_drng_seed) returned %d "
                    "at record %lu", rc, i);
            st = NGCC_KATGEN_CRYPTOFAIL;
            goto done;
        }

        progress(opts, i, "kem_keygen");
        rc = api->keygen(pk, &pk_len, sk, &sk_len);
        if ((st = check_guards(bufs, "kem_keygen", i, msg, msgsize)) !=
            NGCC_KATGEN_OK)
            goto done;
        if (rc != 0) {
            set_msg(msg, msgsize, "kem_keygen returned %d at record %lu", rc,
                    i);
            st = NGCC_KATGEN_CRYPTOFAIL;
            goto done;
        }
        if (pk_len > max[0] || sk_len > max[1]) {
            set_msg(msg, msgsize,
                    "kem_keygen returned pk_len %llu, sk_len %llu, more than "
                    "the getters' %llu, %llu at record %lu",
                    pk_len, sk_len, max[0], max[1], i);
            st = NGCC_KATGEN_CRYPTOFAIL;
            goto done;
        }
        print_len(out, "PK_Len", pk_len, opts->blank);
        print_hex(out, "PK", pk, (size_t)pk_len);
        print_len(out, "SK_Len", sk_len, opts->blank);
        print_hex(out, "SK", sk, (size_t)sk_len);

        progress(opts, i, "kem_enc");
        rc = api->enc(pk, pk_len, ss, &ss_len, ct, &ct_len);
        if ((st = check_guards(bufs, "kem_enc", i, msg, msgsize)) !=
            NGCC_KATGEN_OK)
            goto done;
        if (rc != 0) {
            set_msg(msg, msgsize, "kem_enc returned %d at record %lu", rc, i);
            st = NGCC_KATGEN_CRYPTOFAIL;
            goto done;
        }
        if (ct_len > max[2] || ss_len > max[3]) {
            set_msg(msg, msgsize,
                    "kem_enc returned ct_len %llu, ss_len %llu, more than "
                    "the getters' %llu, %llu at record %lu",
                    ct_len, ss_len, max[2], max[3], i);
            st = NGCC_KATGEN_CRYPTOFAIL;
            goto done;
        }
        print_len(out, "CT_Len", ct_len, opts->blank);
        print_hex(out, "CT", ct, (size_t)ct_len);
        print_len(out, "SS_Len", ss_len, opts->blank);
        print_hex(out, "SS", ss, (size_t)ss_len);

        progress(opts, i, "kem_dec");
        rc = api->dec(sk, sk_len, ct, ct_len, ss1, &ss1_len);
        if ((st = check_guards(bufs, "kem_dec", i, msg, msgsize)) !=
            NGCC_KATGEN_OK)
            goto done;
        if (rc != 0) {
            set_msg(msg, msgsize, "kem_dec returned %d at record %lu", rc, i);
            st = NGCC_KATGEN_CRYPTOFAIL;
            goto done;
        }
        if (ss1_len != ss_len) {
            set_msg(msg, msgsize,
                    "kem_dec disagrees with kem_enc at record %lu: shared "
                    "secret of %llu bytes, enc gave %llu",
                    i, ss1_len, ss_len);
            st = NGCC_KATGEN_CRYPTOFAIL;
            goto done;
        }
        if (memcmp(ss1, ss, (size_t)ss_len) != 0) {
            set_msg(msg, msgsize,
                    "kem_dec disagrees with kem_enc at record %lu: the shared "
                    "secrets differ", i);
            st = NGCC_KATGEN_CRYPTOFAIL;
            goto done;
        }
        fputc('\n', out);
    }
    if (fflush(out) != 0 || ferror(out)) {
        set_msg(msg, msgsize, "write error on the KAT file");
        st = NGCC_KATGEN_ERROR;
    }

done:
    for (k = 0; k < NBUF; k++)
        ngcc_guarded_free(&bufs[k]);
    return st;
}
