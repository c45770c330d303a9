/* kat_fields.c -- the pieces every kind's KAT driver procedure shares
 * (kat_fields.h): driver DRNG, record head, fields, guards.  Part of
 * ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "kat_fields.h"

void kat_msg(char *msg, size_t size, const char *fmt, ...)
{
    va_list ap;

    if (size == 0)
        return;
    va_start(ap, fmt);
    vsnprintf(msg, size, fmt, ap);
    va_end(ap);
}

void kat_hex(FILE *out, const char *key, const unsigned char *p, size_t n)
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

void kat_len(FILE *out, const char *key, unsigned long long len, int blank)
{
    if (blank)
        fprintf(out, "%s = \n", key);
    else
        fprintf(out, "%s = %llu\n", key, len);
}

void kat_work(const struct ngcc_katgen_opts *opts, double done)
{
    if (opts->work != NULL)
        opts->work(opts->progress_arg, done);
}

void kat_progress(const struct ngcc_katgen_opts *opts, unsigned long record,
                  const char *call)
{
    if (opts->progress != NULL)
        opts->progress(opts->progress_arg, record, call);
}

enum ngcc_katgen_status kat_guards(const struct ngcc_guarded *bufs, size_t n,
                                   const char *call, unsigned long record,
                                   char *msg, size_t msgsize)
{
    size_t used;

    if (!ngcc_guarded_check_all(bufs, n, call, msg, msgsize))
        return NGCC_KATGEN_OK;
    used = strlen(msg);
    if (used < msgsize)
        snprintf(msg + used, msgsize - used, " at record %lu", record);
    return NGCC_KATGEN_OVERFLOW;
}

enum ngcc_katgen_status kat_getters(const ngcc_len_fn *get,
                                    const char *const *names, size_t n,
                                    const struct ngcc_katgen_opts *opts,
                                    unsigned long long *max, char *msg,
                                    size_t msgsize)
{
    size_t k;

    for (k = 0; k < n; k++) {
        kat_progress(opts, 0, names[k]);
        max[k] = get[k]();
        if (max[k] > NGCC_KATGEN_MAX_LEN) {
            kat_msg(msg, msgsize, "%s() returned %llu, more than %llu",
                    names[k], max[k], NGCC_KATGEN_MAX_LEN);
            return NGCC_KATGEN_CRYPTOFAIL;
        }
    }
    return NGCC_KATGEN_OK;
}

enum ngcc_katgen_status kat_drng_init(DRNG_ctx *drng, char *msg,
                                      size_t msgsize)
{
    unsigned char nonce[64];
    size_t k;

    for (k = 0; k < 16; k++)
        memcpy(nonce + 4 * k, "seed", 4);
    if (init_random_number(drng, nonce, 64) != 0) {
        kat_msg(msg, msgsize, "init_random_number failed");
        return NGCC_KATGEN_ERROR;
    }
    return NGCC_KATGEN_OK;
}

enum ngcc_katgen_status kat_record_start(DRNG_ctx *drng,
                                         ngcc_drng_seed_fn seed_fn,
                                         const struct ngcc_katgen_opts *opts,
                                         unsigned long i, FILE *out,
                                         char *msg, size_t msgsize)
{
    unsigned char seed[64];
    int rc;

    fprintf(out, "Count = %lu\n", i);
    if (get_random_number(drng, seed, 512) != 0) {
        kat_msg(msg, msgsize, "get_random_number failed");
        return NGCC_KATGEN_ERROR;
    }
    fprintf(out, "Seed_Len = 64\n");
    kat_hex(out, "Seed", seed, sizeof seed);

    kat_progress(opts, i, NGCC_SYM_DRNG_SEED);
    rc = seed_fn(seed, sizeof seed);
    if (rc != 0) {
        kat_msg(msg, msgsize,
                "seeding the scheme's DRNG (ngcc_drng_seed) returned %d "
                "at record %lu", rc, i);
        return NGCC_KATGEN_CRYPTOFAIL;
    }
    return NGCC_KATGEN_OK;
}

enum ngcc_katgen_status kat_finish(FILE *out, char *msg, size_t msgsize)
{
    if (fflush(out) != 0 || ferror(out)) {
        kat_msg(msg, msgsize, "write error on the KAT file");
        return NGCC_KATGEN_ERROR;
    }
    return NGCC_KATGEN_OK;
}
