/* worker.c -- the child side of the screening: the instance's kind, its API
 * resolved, the coins marked, the kind's loop run.  Part of ngcc-perf.
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
#include "kind.h"
#include "kind_kat.h"
#include "kind_screen.h"
#include "kind_symbols.h"
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
#define PREFIX "ngcc-screen work: "

/* The kind the instance says it is (ngcc_instance_info's type). */
static const struct kind *kind_of(void *h)
{
    ngcc_instance_info_fn info_fn;
    const struct ngcc_instance_info *info;
    const struct kind *k;

    if (kind_lookup_dlsym(h, NGCC_SYM_INSTANCE_INFO, &info_fn, sizeof info_fn) != 0 ||
        (info = info_fn()) == NULL || info->abi != NGCC_INSTANCE_ABI)
        return NULL;
    k = kind_find(info->type);
    return k && k->kat && k->screen && k->kat->api_size <= sizeof(kind_kat_api) ? k : NULL;
}

static int load(const char *library, const struct kind **k, kind_kat_api *api)
{
    char abs[4096];
    void *h = dlopen(ngcc_confine_enter(library, abs, sizeof abs), RTLD_NOW | RTLD_LOCAL);
    char missing[512] = "";
    if (!h) {
        fprintf(stderr, PREFIX "%s\n", dlerror());
        return -1;
    }
    if (!(*k = kind_of(h))) {
        fprintf(stderr, PREFIX "%s: not an instance library of a kind ngcc-screen knows\n",
                library);
        return -1;
    }
    memset(api, 0, sizeof *api);
    if ((*k)->kat->resolve(api, kind_lookup_dlsym, h, missing, sizeof missing) != 0) {
        fprintf(stderr, PREFIX "%s: a %s API symbol is missing\n", library, (*k)->title);
        return -1;
    }
    return 0;
}

static int run_kat(const struct kind *k, const kind_kat_api *api, unsigned long n)
{
    struct ngcc_katgen_opts o;
    char msg[512];
    FILE *out = fopen("/dev/null", "w");
    enum ngcc_katgen_status st;
    if (!out)
        return WORK_USAGE;
    memset(&o, 0, sizeof o);
    o.records = n;
    st = k->kat->run(api, &o, out, msg, sizeof msg);
    fclose(out);
    if (st != NGCC_KATGEN_OK) {
        fprintf(stderr, PREFIX "KAT: %s: %s\n", ngcc_katgen_status_name(st), msg);
        return WORK_CRYPTOFAIL;
    }
    return WORK_OK;
}

/* Public: what memcheck is told is defined. */
static void make_public(const void *p, size_t n)
{
    VALGRIND_MAKE_MEM_DEFINED(p, n);
}

int screen_work(const char *mode, unsigned long n, const char *library)
{
    static const struct kind_marks marks = { make_public };
    const struct kind *k;
    kind_kat_api api;
    unsigned char seed[SEED_BYTES];
    unsigned long i;
    int secret = strcmp(mode, "secret") == 0, op = -1;

    if (secret && !HAVE_CLIENT_REQUESTS) {
        fprintf(stderr, PREFIX "built without <valgrind/memcheck.h>: no secret mode\n");
        return WORK_NOSECRET;
    }
    if (load(library, &k, &api) != 0)
        return WORK_LOADFAIL;
    if (strcmp(mode, "kat") == 0)
        return run_kat(k, &api, n);
    if (!secret && strcmp(mode, "all") != 0 && (op = kind_op_index(k, mode)) < 0) {
        fprintf(stderr, PREFIX "unknown mode '%s'\n", mode);
        return WORK_USAGE;
    }
    for (i = 0; i < SEED_BYTES; i++)
        seed[i] = (unsigned char)i;
    /* The coins are secret: everything the DRNG gives derives from it. */
    if (secret)
        VALGRIND_MAKE_MEM_UNDEFINED(seed, sizeof seed);
    return k->screen->work(&api, op, n, seed, sizeof seed, &marks, PREFIX) == KIND_WORK_OK
        ? WORK_OK : WORK_CRYPTOFAIL;
}
