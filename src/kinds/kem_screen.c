/* kem_screen.c -- the KEM's screening hook (kind_screen.h): keygen, enc
 * and dec in a loop, the public key and the ciphertext declassified, the
 * secret key and the shared secret left as the coins made them.  Part of
 * ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kem_kat.h"
#include "kind_screen.h"

/* Indices into kind_kem's sizes and ops (kem.c). */
enum { S_PK, S_SK, S_CT, S_SS };
enum { O_KEYGEN, O_ENC, O_DEC };

#define CALL(i) (kind_kem.ops[i].function)

struct bufs {
    unsigned char *pk, *sk, *ct, *ss, *ss2;
    unsigned long long pklen, sklen, ctlen, sslen;
};

static void *alloc(unsigned long long n)
{
    return n <= NGCC_KATGEN_MAX_LEN ? malloc(n ? (size_t)n : 1) : NULL;
}

/* What an operation makes public: its return value, the lengths, and OUT
 * (of size S) unless the table says S is secret.  Returns RC. */
static int declassify(const struct kind_marks *m, int rc, int s,
                      unsigned char *out, unsigned long long outmax,
                      unsigned long long *len1, unsigned long long *len2)
{
    m->public_(&rc, sizeof rc);
    if (!kind_kem.sizes[s].secret)
        m->public_(out, (size_t)outmax);
    m->public_(len1, sizeof *len1);
    m->public_(len2, sizeof *len2);
    return rc;
}

static int work(const void *api_arg, int op, unsigned long n,
                const unsigned char *seed, size_t seed_len,
                const struct kind_marks *m, const char *prefix)
{
    const struct ngcc_kem_api *api = api_arg;
    struct bufs b;
    unsigned long i;
    int status = KIND_WORK_OK;
    int do_keygen = op < 0 || op == O_KEYGEN, do_enc = op < 0 || op == O_ENC;
    int do_dec = op < 0 || op == O_DEC;
    unsigned long long pkmax, skmax, ctmax, ssmax;

    pkmax = api->pk_len(), skmax = api->sk_len(), ctmax = api->ct_len();
    ssmax = api->ss_len();
    b.pk = alloc(pkmax), b.sk = alloc(skmax), b.ct = alloc(ctmax);
    b.ss = alloc(ssmax), b.ss2 = alloc(ssmax);
    if (!b.pk || !b.sk || !b.ct || !b.ss || !b.ss2) {
        fprintf(stderr, "%sthe getters' sizes cannot be allocated\n", prefix);
        status = KIND_WORK_FAILED;
        goto out;
    }
    api->drng_seed(seed, seed_len);

    for (i = 0; i < n || (i == 0 && n == 0); i++) {
        int rc;
        /* The inputs of enc and dec are made once, before the counted ones. */
        if (do_keygen || i == 0) {
            b.pklen = pkmax, b.sklen = skmax;
            rc = declassify(m, api->keygen(b.pk, &b.pklen, b.sk, &b.sklen), S_PK, b.pk,
                            pkmax, &b.pklen, &b.sklen);
            if (rc != 0 || b.pklen > pkmax || b.sklen > skmax) {
                fprintf(stderr, "%s%s failed\n", prefix, CALL(O_KEYGEN));
                status = KIND_WORK_FAILED;
                break;
            }
        }
        if ((do_enc || do_dec) && (do_enc || i == 0)) {
            b.ctlen = ctmax, b.sslen = ssmax;
            rc = declassify(m, api->enc(b.pk, b.pklen, b.ss, &b.sslen, b.ct, &b.ctlen), S_CT,
                            b.ct, ctmax, &b.ctlen, &b.sslen);
            if (rc != 0 || b.ctlen > ctmax || b.sslen > ssmax) {
                fprintf(stderr, "%s%s failed\n", prefix, CALL(O_ENC));
                status = KIND_WORK_FAILED;
                break;
            }
        }
        if (do_dec) {
            unsigned long long len = ssmax;
            rc = api->dec(b.sk, b.sklen, b.ct, b.ctlen, b.ss2, &len);
            m->public_(&rc, sizeof rc);
            m->public_(&len, sizeof len);
            /* The driver's own comparison is not the candidate's. */
            m->public_(b.ss, (size_t)ssmax);
            m->public_(b.ss2, (size_t)ssmax);
            if (rc != 0 || len != b.sslen || memcmp(b.ss, b.ss2, (size_t)len) != 0) {
                fprintf(stderr, "%s%s disagrees with %s\n", prefix, CALL(O_DEC),
                        CALL(O_ENC));
                status = KIND_WORK_FAILED;
                break;
            }
        }
    }
out:
    free(b.pk), free(b.sk), free(b.ct), free(b.ss), free(b.ss2);
    return status;
}

const struct kind_screen kem_screen = { work, NULL /* a secret-dependence check */ };
