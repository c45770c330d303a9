/* sig_screen.c -- the signature kind's screening hook (kind_screen.h):
 * keygen, sign and verify in a loop; the public key, the message and the
 * signature declassified, the secret key left as the coins made it.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kind_screen.h"
#include "sig_kat.h"
#include "sig_timer.h"

/* Indices into kind_sig's sizes and ops (sig.c). */
enum { S_PK, S_SK, S_SN };
enum { O_KEYGEN, O_SIGN, O_VERIFY };

#define CALL(i) (kind_sig.ops[i].function)

static void *alloc(unsigned long long n)
{
    return n <= NGCC_KATGEN_MAX_LEN ? malloc(n ? (size_t)n : 1) : NULL;
}

/* Marks N bytes at P public unless size S is secret in the table. */
static void publish(const struct kind_marks *m, int s, const void *p, size_t n)
{
    if (!kind_sig.sizes[s].secret)
        m->public_(p, n);
}

static int work(const void *api_arg, int op, unsigned long n,
                const unsigned char *seed, size_t seed_len,
                const struct kind_marks *m, const char *prefix)
{
    const struct ngcc_sig_api *api = api_arg;
    unsigned char *pk, *sk, *sn, msg[SIG_TIMER_MSG_BYTES];
    unsigned long long pkmax, skmax, snmax, pklen = 0, sklen = 0, snlen = 0;
    unsigned long i;
    int status = KIND_WORK_OK, k;
    int do_keygen = op < 0 || op == O_KEYGEN, do_sign = op < 0 || op == O_SIGN;
    int do_verify = op < 0 || op == O_VERIFY;

    for (k = 0; k < SIG_TIMER_MSG_BYTES; k++)
        msg[k] = (unsigned char)((k * 131 + 64) & 0xff);
    m->public_(msg, sizeof msg);
    pkmax = api->pk_len(), skmax = api->sk_len(), snmax = api->sn_len();
    pk = alloc(pkmax), sk = alloc(skmax), sn = alloc(snmax);
    if (!pk || !sk || !sn) {
        fprintf(stderr, "%sthe getters' sizes cannot be allocated\n", prefix);
        status = KIND_WORK_FAILED;
        goto out;
    }
    api->drng_seed(seed, seed_len);

    for (i = 0; i < n || (i == 0 && n == 0); i++) {
        int rc, tries;
        /* The inputs of sign and verify are made once, before the counted ones. */
        if (do_keygen || i == 0) {
            pklen = pkmax, sklen = skmax;
            rc = api->keygen(pk, &pklen, sk, &sklen);
            m->public_(&rc, sizeof rc);
            m->public_(&pklen, sizeof pklen);
            m->public_(&sklen, sizeof sklen);
            publish(m, S_PK, pk, (size_t)pkmax);
            if (rc != 0 || pklen > pkmax || sklen > skmax) {
                fprintf(stderr, "%s%s failed\n", prefix, CALL(O_KEYGEN));
                status = KIND_WORK_FAILED;
                break;
            }
        }
        if ((do_sign || do_verify) && (do_sign || i == 0)) {
            /* A failed sign is retried as the timer does (sig_timer.c). */
            for (tries = 0;; tries++) {
                snlen = snmax;
                rc = api->sign(sk, sklen, msg, sizeof msg, sn, &snlen);
                m->public_(&rc, sizeof rc);
                if (rc == 0 || tries == SIG_TIMER_MAX_RETRIES)
                    break;
            }
            m->public_(&snlen, sizeof snlen);
            publish(m, S_SN, sn, (size_t)snmax);
            if (rc != 0 || snlen > snmax) {
                fprintf(stderr, "%s%s failed\n", prefix, CALL(O_SIGN));
                status = KIND_WORK_FAILED;
                break;
            }
        }
        if (do_verify) {
            rc = api->verify(pk, pklen, sn, snlen, msg, sizeof msg);
            m->public_(&rc, sizeof rc);
            if (rc != 0) {
                fprintf(stderr, "%s%s rejects the signature of %s\n", prefix,
                        CALL(O_VERIFY), CALL(O_SIGN));
                status = KIND_WORK_FAILED;
                break;
            }
        }
    }
out:
    free(pk), free(sk), free(sn);
    return status;
}

const struct kind_screen sig_screen = { work, NULL /* a secret-dependence check */ };
