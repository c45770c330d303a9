/* worker.c -- the child side of the screening.  Part of ngcc-perf.
 *
 * Runs in a process of its own (exec'd under LD_PRELOAD of the sanitizer
 * runtime, or under valgrind): whatever the candidate does here ends only
 * this process. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "confine.h"
#include "katgen.h"
#include "ngcc_instance.h"
#include "worker.h"

#ifdef HAVE_VALGRIND_MEMCHECK_H
#include <valgrind/memcheck.h>
#define HAVE_CLIENT_REQUESTS 1
#else
#define HAVE_CLIENT_REQUESTS 0
#define VALGRIND_MAKE_MEM_UNDEFINED(p, n) ((void)(p), (void)(n))
#define VALGRIND_MAKE_MEM_DEFINED(p, n) ((void)(p), (void)(n))
#endif

/* The DRNG seed of ngcc-bench: the bytes 00 01 .. 2f. */
#define SEED_BYTES 48

static int lookup(void *h, const char *name, void *fnptr, size_t size)
{
    void *p = dlsym(h, name);
    if (p == NULL || size != sizeof p)
        return -1;
    memcpy(fnptr, &p, size);
    return 0;
}

static int load(const char *library, struct ngcc_kem_api *api)
{
    char abs[4096];
    void *h = dlopen(ngcc_confine_enter(library, abs, sizeof abs), RTLD_NOW | RTLD_LOCAL);
    int bad = 0;
    if (!h) {
        fprintf(stderr, "ngcc-screen work: %s\n", dlerror());
        return -1;
    }
    memset(api, 0, sizeof *api);
    bad |= lookup(h, "kem_get_pk_len_bytes", &api->pk_len, sizeof api->pk_len);
    bad |= lookup(h, "kem_get_sk_len_bytes", &api->sk_len, sizeof api->sk_len);
    bad |= lookup(h, "kem_get_ct_len_bytes", &api->ct_len, sizeof api->ct_len);
    bad |= lookup(h, "kem_get_ss_len_bytes", &api->ss_len, sizeof api->ss_len);
    bad |= lookup(h, "kem_keygen", &api->keygen, sizeof api->keygen);
    bad |= lookup(h, "kem_enc", &api->enc, sizeof api->enc);
    bad |= lookup(h, "kem_dec", &api->dec, sizeof api->dec);
    bad |= lookup(h, NGCC_SYM_DRNG_SEED, &api->drng_seed, sizeof api->drng_seed);
    if (bad)
        fprintf(stderr, "ngcc-screen work: %s: a KEM API symbol is missing\n", library);
    return bad ? -1 : 0;
}

static int run_kat(const struct ngcc_kem_api *api, unsigned long n)
{
    struct ngcc_katgen_opts o;
    char msg[512];
    FILE *out = fopen("/dev/null", "w");
    enum ngcc_katgen_status st;
    if (!out)
        return WORK_USAGE;
    memset(&o, 0, sizeof o);
    o.records = n;
    st = ngcc_katgen_run(api, &o, out, msg, sizeof msg);
    fclose(out);
    if (st != NGCC_KATGEN_OK) {
        fprintf(stderr, "ngcc-screen work: KAT: %s: %s\n", ngcc_katgen_status_name(st), msg);
        return WORK_CRYPTOFAIL;
    }
    return WORK_OK;
}

struct bufs {
    unsigned char *pk, *sk, *ct, *ss, *ss2;
    unsigned long long pklen, sklen, ctlen, sslen;
};

static void *alloc(unsigned long long n)
{
    return n <= NGCC_KATGEN_MAX_LEN ? malloc(n ? (size_t)n : 1) : NULL;
}

/* What an operation makes public: its return value, the public OUT (the
 * public key, the ciphertext) and the lengths.  Returns RC. */
static int declassify(int rc, unsigned char *out, unsigned long long outmax,
                      unsigned long long *len1, unsigned long long *len2)
{
    VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
    VALGRIND_MAKE_MEM_DEFINED(out, outmax);
    VALGRIND_MAKE_MEM_DEFINED(len1, sizeof *len1);
    VALGRIND_MAKE_MEM_DEFINED(len2, sizeof *len2);
    return rc;
}

int screen_work(const char *mode, unsigned long n, const char *library)
{
    struct ngcc_kem_api api;
    struct bufs b;
    unsigned char seed[SEED_BYTES];
    unsigned long i;
    int secret = strcmp(mode, "secret") == 0, status = WORK_OK;
    int do_keygen, do_enc, do_dec, all;
    unsigned long long pkmax, skmax, ctmax, ssmax;

    if (secret && !HAVE_CLIENT_REQUESTS) {
        fprintf(stderr, "ngcc-screen work: built without <valgrind/memcheck.h>: no secret mode\n");
        return WORK_NOSECRET;
    }
    if (load(library, &api) != 0)
        return WORK_LOADFAIL;
    if (strcmp(mode, "kat") == 0)
        return run_kat(&api, n);
    all = secret || strcmp(mode, "all") == 0;
    do_keygen = all || strcmp(mode, "keygen") == 0;
    do_enc = all || strcmp(mode, "enc") == 0;
    do_dec = all || strcmp(mode, "dec") == 0;
    if (!do_keygen && !do_enc && !do_dec) {
        fprintf(stderr, "ngcc-screen work: unknown mode '%s'\n", mode);
        return WORK_USAGE;
    }

    pkmax = api.pk_len(), skmax = api.sk_len(), ctmax = api.ct_len(), ssmax = api.ss_len();
    b.pk = alloc(pkmax), b.sk = alloc(skmax), b.ct = alloc(ctmax);
    b.ss = alloc(ssmax), b.ss2 = alloc(ssmax);
    if (!b.pk || !b.sk || !b.ct || !b.ss || !b.ss2) {
        fprintf(stderr, "ngcc-screen work: the getters' sizes cannot be allocated\n");
        status = WORK_CRYPTOFAIL;
        goto out;
    }
    for (i = 0; i < SEED_BYTES; i++)
        seed[i] = (unsigned char)i;
    /* The coins are secret: everything the DRNG gives derives from it. */
    if (secret)
        VALGRIND_MAKE_MEM_UNDEFINED(seed, sizeof seed);
    api.drng_seed(seed, sizeof seed);

    for (i = 0; i < n || (i == 0 && n == 0); i++) {
        int rc;
        /* The inputs of enc and dec are made once, before the counted ones. */
        if (do_keygen || i == 0) {
            b.pklen = pkmax, b.sklen = skmax;
            /* The public key is public; the secret key stays marked. */
            rc = declassify(api.keygen(b.pk, &b.pklen, b.sk, &b.sklen), b.pk, pkmax,
                            &b.pklen, &b.sklen);
            if (rc != 0 || b.pklen > pkmax || b.sklen > skmax) {
                fprintf(stderr, "ngcc-screen work: kem_keygen failed\n");
                status = WORK_CRYPTOFAIL;
                break;
            }
        }
        if (do_enc || do_dec) {
            if (do_enc || i == 0) {
                b.ctlen = ctmax, b.sslen = ssmax;
                rc = declassify(api.enc(b.pk, b.pklen, b.ss, &b.sslen, b.ct, &b.ctlen), b.ct,
                                ctmax, &b.ctlen, &b.sslen);
                if (rc != 0 || b.ctlen > ctmax || b.sslen > ssmax) {
                    fprintf(stderr, "ngcc-screen work: kem_enc failed\n");
                    status = WORK_CRYPTOFAIL;
                    break;
                }
            }
        }
        if (do_dec) {
            unsigned long long len = ssmax;
            rc = api.dec(b.sk, b.sklen, b.ct, b.ctlen, b.ss2, &len);
            VALGRIND_MAKE_MEM_DEFINED(&rc, sizeof rc);
            VALGRIND_MAKE_MEM_DEFINED(&len, sizeof len);
            /* The driver's own comparison is not the candidate's. */
            VALGRIND_MAKE_MEM_DEFINED(b.ss, ssmax);
            VALGRIND_MAKE_MEM_DEFINED(b.ss2, ssmax);
            if (rc != 0 || len != b.sslen || memcmp(b.ss, b.ss2, (size_t)len) != 0) {
                fprintf(stderr, "ngcc-screen work: kem_dec disagrees with kem_enc\n");
                status = WORK_CRYPTOFAIL;
                break;
            }
        }
    }
out:
    free(b.pk), free(b.sk), free(b.ct), free(b.ss), free(b.ss2);
    return status;
}
