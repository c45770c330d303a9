/* kex_screen.c -- the key exchange's screening hook (kind_screen.h): whole
 * exchanges in a loop (every operation, the steps too, runs inside one);
 * the long-term public keys, the messages, the return values and lengths
 * declassified after each call, the secret keys, states and shared
 * secrets left as the coins made them.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>

#include "kex_proto.h"
#include "kind_screen.h"

static const struct kind_marks *marks_now; /* the worker runs one loop at a time */

static void publish(const void *p, size_t n)
{
    marks_now->public_(p, n);
}

static int work(const void *api, int op, unsigned long n, const unsigned char *seed,
                size_t seed_len, const struct kind_marks *m, const char *prefix)
{
    struct kex_run r;
    char why[256];
    unsigned long i;
    int status = KIND_WORK_OK;
    enum kex_status st;

    (void)op;
    if (kex_run_open(&r, api, 0, why, sizeof why) != KEX_OK) {
        fprintf(stderr, "%s%s\n", prefix, why);
        return KIND_WORK_FAILED;
    }
    marks_now = m;
    r.publish = publish;
    r.api->drng_seed(seed, seed_len);
    for (i = 0; i < n || (i == 0 && n == 0); i++) {
        st = ngcc_kex_exchange(&r, why, sizeof why);
        if (st == KEX_DISAGREE || st == KEX_OK) {
            /* The driver's own comparison is not the candidate's: the
             * secrets are declassified before it (as the KEM's). */
            m->public_(r.b[KEX_B_SSA], (size_t)r.max[KEX_S_SS]);
            m->public_(r.b[KEX_B_SSB], (size_t)r.max[KEX_S_SS]);
            st = kex_secrets_agree(&r) ? KEX_OK : KEX_DISAGREE;
        }
        if (st != KEX_OK) {
            fprintf(stderr, "%s%s\n", prefix,
                    st == KEX_DISAGREE ? "kex_derive_ss_a and kex_derive_ss_b disagree" : why);
            status = KIND_WORK_FAILED;
            break;
        }
    }
    kex_run_close(&r);
    return status;
}

const struct kind_screen kex_screen = { work, NULL /* a secret-dependence check */ };
