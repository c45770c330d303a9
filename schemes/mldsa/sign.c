/*
 * sign.c - ML-DSA.KeyGen_internal, Sign_internal and Verify_internal
 * (FIPS 204 Algorithms 6-8).  Written for ngcc-perf from FIPS 204.  No
 * heap: the matrix and vectors live on the stack.  Signing branches only
 * on the rejection tests of its loop (the number of iterations is not a
 * secret in ML-DSA's analysis: each one is independent of the accepted
 * one; the rejected candidates themselves are never output), and on the
 * well-formedness of sk; verification works on public data.
 */
#include <string.h>

#include "fips202.h"
#include "mldsa_internal.h"
#include "ntt.h"
#include "packing.h"
#include "poly.h"
#include "reduce.h"

#ifdef NGCC_MLDSA_TEST_COUNTERS
unsigned long MLDSA_FN(sign_iterations);
#define COUNT_ITERATION() (MLDSA_FN(sign_iterations)++)
#else
#define COUNT_ITERATION() ((void)0)
#endif

static void vecl_ntt(mldsa_polyvecl *v)
{
    unsigned int i;
    for (i = 0; i < MLDSA_L; i++)
        MLDSA_FN(ntt)(v->p[i].c);
}

static void veck_ntt(mldsa_polyveck *v)
{
    unsigned int i;
    for (i = 0; i < MLDSA_K; i++)
        MLDSA_FN(ntt)(v->p[i].c);
}

static void veck_invntt_freeze(mldsa_polyveck *v)
{
    unsigned int i;
    for (i = 0; i < MLDSA_K; i++) {
        MLDSA_FN(invntt_tomont)(v->p[i].c);
        MLDSA_FN(poly_freeze)(&v->p[i]);
    }
}

/* c = invNTT(a_hat * b_hat), centred (the true value is small) */
static void mul_small(mldsa_poly *c, const mldsa_poly *a, const mldsa_poly *b)
{
    unsigned int j;
    MLDSA_FN(pointwise)(c->c, a->c, b->c);
    MLDSA_FN(invntt_tomont)(c->c);
    for (j = 0; j < MLDSA_N; j++)
        c->c[j] = mldsa_center(mldsa_caddq(c->c[j]));
}

/* 1 if some coefficient of v has |v_i| >= bound (no branch inside) */
static int vecl_chknorm(const mldsa_polyvecl *v, int32_t bound)
{
    unsigned int i;
    int bad = 0;
    for (i = 0; i < MLDSA_L; i++)
        bad |= MLDSA_FN(poly_exceeds)(&v->p[i], bound);
    return bad;
}

static int veck_chknorm(const mldsa_polyveck *v, int32_t bound)
{
    unsigned int i;
    int bad = 0;
    for (i = 0; i < MLDSA_K; i++)
        bad |= MLDSA_FN(poly_exceeds)(&v->p[i], bound);
    return bad;
}

/* h = MakeHint(-c t0, r + c t0) for r = w - c s2 in [0, q), c t0 centred;
 * returns the number of ones */
static unsigned int veck_make_hint(mldsa_polyveck *h, const mldsa_polyveck *r,
                                   const mldsa_polyveck *ct0)
{
    mldsa_poly rz;
    unsigned int i, j, ones = 0;
    for (i = 0; i < MLDSA_K; i++) {
        for (j = 0; j < MLDSA_N; j++)
            rz.c[j] = mldsa_freeze(r->p[i].c[j] + ct0->p[i].c[j]);
        ones += MLDSA_FN(poly_make_hint)(&h->p[i], &rz, &r->p[i]);
    }
    return ones;
}

/* mu = H(tr || pre || m, 64) */
static void message_rep(unsigned char mu[MLDSA_CRHBYTES],
                        const unsigned char tr[MLDSA_TRBYTES],
                        const unsigned char *pre, size_t prelen,
                        const unsigned char *m, size_t mlen)
{
    ngcc_sha3_ctx ctx;
    ngcc_shake256_init(&ctx);
    ngcc_sha3_absorb(&ctx, tr, MLDSA_TRBYTES);
    if (prelen)
        ngcc_sha3_absorb(&ctx, pre, prelen);
    ngcc_sha3_absorb(&ctx, m, mlen);
    ngcc_sha3_finalize(&ctx);
    ngcc_sha3_squeeze(&ctx, mu, MLDSA_CRHBYTES);
}

/* c~ = H(mu || w1Encode(w1), lambda / 4) */
static void commitment_hash(unsigned char ctilde[MLDSA_CTILDEBYTES],
                            const unsigned char mu[MLDSA_CRHBYTES],
                            const mldsa_polyveck *w1)
{
    unsigned char buf[MLDSA_CRHBYTES + MLDSA_W1_PACKEDBYTES];
    memcpy(buf, mu, MLDSA_CRHBYTES);
    MLDSA_FN(w1_encode)(buf + MLDSA_CRHBYTES, w1);
    ngcc_shake256(ctilde, MLDSA_CTILDEBYTES, buf, sizeof buf);
}

int MLDSA_FN(keygen_internal)(unsigned char *pk, unsigned char *sk,
                              const unsigned char xi[32])
{
    unsigned char in[MLDSA_SEEDBYTES + 2];
    unsigned char seeds[2 * MLDSA_SEEDBYTES + MLDSA_CRHBYTES]; /* rho, rho', K */
    unsigned char tr[MLDSA_TRBYTES];
    const unsigned char *rho = seeds, *rhoprime = seeds + MLDSA_SEEDBYTES,
                        *key = seeds + MLDSA_SEEDBYTES + MLDSA_CRHBYTES;
    mldsa_matrix a;
    mldsa_polyvecl s1, s1hat;
    mldsa_polyveck s2, t, t1, t0;
    unsigned int i, j;

    memcpy(in, xi, MLDSA_SEEDBYTES);
    in[MLDSA_SEEDBYTES] = MLDSA_K;
    in[MLDSA_SEEDBYTES + 1] = MLDSA_L;
    ngcc_shake256(seeds, sizeof seeds, in, sizeof in);
    MLDSA_FN(expand_a)(&a, rho);
    MLDSA_FN(expand_s)(&s1, &s2, rhoprime);
    s1hat = s1;
    vecl_ntt(&s1hat);
    MLDSA_FN(matrix_mul)(&t, &a, &s1hat);
    for (i = 0; i < MLDSA_K; i++) {
        MLDSA_FN(invntt_tomont)(t.p[i].c);
        for (j = 0; j < MLDSA_N; j++)
            t.p[i].c[j] = mldsa_caddq(t.p[i].c[j]) + s2.p[i].c[j];
        MLDSA_FN(poly_freeze)(&t.p[i]);
        MLDSA_FN(poly_power2round)(&t1.p[i], &t0.p[i], &t.p[i]);
    }
    MLDSA_FN(pk_encode)(pk, rho, &t1);
    ngcc_shake256(tr, sizeof tr, pk, MLDSA_PKBYTES);
    MLDSA_FN(sk_encode)(sk, rho, key, tr, &s1, &s2, &t0);

    memset(in, 0, sizeof in);
    memset(seeds, 0, sizeof seeds);
    memset(&s1, 0, sizeof s1);
    memset(&s1hat, 0, sizeof s1hat);
    memset(&s2, 0, sizeof s2);
    memset(&t0, 0, sizeof t0);
    return 0;
}

int MLDSA_FN(sign_internal)(unsigned char *sig, const unsigned char *sk,
                            const unsigned char *pre, size_t prelen,
                            const unsigned char *m, size_t mlen,
                            const unsigned char rnd[32])
{
    unsigned char rho[MLDSA_SEEDBYTES], key[MLDSA_SEEDBYTES], tr[MLDSA_TRBYTES];
    unsigned char mu[MLDSA_CRHBYTES];
    unsigned char in[MLDSA_SEEDBYTES + MLDSA_RNDBYTES + MLDSA_CRHBYTES];
    unsigned char rhopp[MLDSA_CRHBYTES];
    unsigned char ctilde[MLDSA_CTILDEBYTES];
    mldsa_matrix a;
    mldsa_polyvecl s1, y, z;
    mldsa_polyveck s2, t0, w, w1, w0, r, h, ct0;
    mldsa_poly c, tmp;
    unsigned int i, j, kappa = 0;

    /* a malformed sk (which may never sign) is refused: this branch says
     * only whether the key is well formed */
    if (mldsa_check_sk(sk) != 0)
        return -1;
    MLDSA_FN(sk_decode)(rho, key, tr, &s1, &s2, &t0, sk);
    vecl_ntt(&s1);
    veck_ntt(&s2);
    veck_ntt(&t0);
    MLDSA_FN(expand_a)(&a, rho);
    message_rep(mu, tr, pre, prelen, m, mlen);
    memcpy(in, key, MLDSA_SEEDBYTES);
    memcpy(in + MLDSA_SEEDBYTES, rnd, MLDSA_RNDBYTES);
    memcpy(in + MLDSA_SEEDBYTES + MLDSA_RNDBYTES, mu, MLDSA_CRHBYTES);
    ngcc_shake256(rhopp, sizeof rhopp, in, sizeof in);

    for (;; kappa += MLDSA_L) {
        COUNT_ITERATION();
        MLDSA_FN(expand_mask)(&y, rhopp, kappa);
        z = y;
        vecl_ntt(&z);
        MLDSA_FN(matrix_mul)(&w, &a, &z);
        veck_invntt_freeze(&w);
        for (i = 0; i < MLDSA_K; i++)
            MLDSA_FN(poly_decompose)(&w1.p[i], &w0.p[i], &w.p[i]);
        commitment_hash(ctilde, mu, &w1);
        MLDSA_FN(sample_in_ball)(&c, ctilde);
        MLDSA_FN(ntt)(c.c);

        /* The tests in FIPS 204's order, each rejection as soon as it is
         * known (the reference implementation's order too: which test
         * failed may leak, as the count does).  Each branch is on a line
         * calling the test (chknorm(), make_hint(): the screening's
         * patterns name them). */
        for (i = 0; i < MLDSA_L; i++) {             /* z = y + c s1 */
            mul_small(&tmp, &c, &s1.p[i]);
            for (j = 0; j < MLDSA_N; j++)
                z.p[i].c[j] = y.p[i].c[j] + tmp.c[j];
        }
        if (vecl_chknorm(&z, MLDSA_GAMMA1 - MLDSA_BETA))
            continue;
        for (i = 0; i < MLDSA_K; i++) {             /* r = w - c s2, r0 = LowBits(r) */
            mul_small(&tmp, &c, &s2.p[i]);
            for (j = 0; j < MLDSA_N; j++)
                r.p[i].c[j] = mldsa_freeze(w.p[i].c[j] - tmp.c[j]);
            MLDSA_FN(poly_decompose)(&w1.p[i], &w0.p[i], &r.p[i]);
        }
        if (veck_chknorm(&w0, MLDSA_GAMMA2 - MLDSA_BETA))
            continue;
        for (i = 0; i < MLDSA_K; i++)               /* c t0 */
            mul_small(&ct0.p[i], &c, &t0.p[i]);
        if (veck_chknorm(&ct0, MLDSA_GAMMA2))
            continue;
        /* h = MakeHint(-c t0, w - c s2 + c t0), at most omega ones */
        if (veck_make_hint(&h, &r, &ct0) > MLDSA_OMEGA)
            continue;
        break;
    }
    MLDSA_FN(sig_encode)(sig, ctilde, &z, &h);

    memset(key, 0, sizeof key);
    memset(in, 0, sizeof in);
    memset(rhopp, 0, sizeof rhopp);
    memset(&s1, 0, sizeof s1);
    memset(&s2, 0, sizeof s2);
    memset(&t0, 0, sizeof t0);
    memset(&y, 0, sizeof y);
    memset(&w0, 0, sizeof w0);
    memset(&ct0, 0, sizeof ct0);
    return 0;
}

int MLDSA_FN(verify_internal)(const unsigned char *pk,
                              const unsigned char *pre, size_t prelen,
                              const unsigned char *m, size_t mlen,
                              const unsigned char *sig, size_t siglen)
{
    unsigned char rho[MLDSA_SEEDBYTES], tr[MLDSA_TRBYTES], mu[MLDSA_CRHBYTES];
    unsigned char ctilde[MLDSA_CTILDEBYTES], ctilde2[MLDSA_CTILDEBYTES];
    mldsa_matrix a;
    mldsa_polyvecl z;
    mldsa_polyveck t1, h, w;
    mldsa_poly c, tmp;
    unsigned int i, j;

    if (siglen != MLDSA_SIGBYTES)
        return -1;
    if (MLDSA_FN(sig_decode)(ctilde, &z, &h, sig) != 0)
        return -1;
    for (i = 0; i < MLDSA_L; i++)
        if (MLDSA_FN(poly_exceeds)(&z.p[i], MLDSA_GAMMA1 - MLDSA_BETA))
            return -1;
    MLDSA_FN(pk_decode)(rho, &t1, pk);
    MLDSA_FN(expand_a)(&a, rho);
    ngcc_shake256(tr, sizeof tr, pk, MLDSA_PKBYTES);
    message_rep(mu, tr, pre, prelen, m, mlen);
    MLDSA_FN(sample_in_ball)(&c, ctilde);
    MLDSA_FN(ntt)(c.c);

    /* w'_approx = invNTT(A_hat NTT(z) - c_hat NTT(t1 2^d)) */
    vecl_ntt(&z);
    MLDSA_FN(matrix_mul)(&w, &a, &z);
    for (i = 0; i < MLDSA_K; i++) {
        for (j = 0; j < MLDSA_N; j++)
            tmp.c[j] = t1.p[i].c[j] << MLDSA_D;
        MLDSA_FN(ntt)(tmp.c);
        MLDSA_FN(pointwise)(tmp.c, tmp.c, c.c);
        for (j = 0; j < MLDSA_N; j++)
            w.p[i].c[j] -= tmp.c[j];
        MLDSA_FN(poly_reduce)(&w.p[i]);
    }
    veck_invntt_freeze(&w);
    for (i = 0; i < MLDSA_K; i++)
        MLDSA_FN(poly_use_hint)(&w.p[i], &h.p[i]);
    commitment_hash(ctilde2, mu, &w);
    return memcmp(ctilde, ctilde2, sizeof ctilde) == 0 ? 0 : -1;
}
