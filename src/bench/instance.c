/* instance.c -- one instance library loaded with dlopen, the inputs of
 * measurement.md section 2 and the loops of timed calls.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "confine.h"
#include "instance.h"

/* No buffer of a getter's size beyond this (a broken getter). */
#define MAX_OBJECT_BYTES (64ULL << 20)

static const char *const op_names[] = { "keygen", "enc", "dec", "null" };

const char *op_name(enum op_kind op) { return op_names[op]; }

int op_from_name(const char *name, enum op_kind *op)
{
    int i;
    for (i = 0; i < 4; i++)
        if (strcmp(name, op_names[i]) == 0) {
            *op = (enum op_kind)i;
            return 0;
        }
    return -1;
}

/* The null operation: nothing, called through the same loop as kem_enc. */
static int null_op(unsigned char *pk, unsigned long long pk_len, unsigned char *ss,
                   unsigned long long *ss_len, unsigned char *ct, unsigned long long *ct_len)
{
    (void)pk; (void)pk_len; (void)ss; (void)ss_len; (void)ct; (void)ct_len;
    __asm__ __volatile__("" : : : "memory");
    return 0;
}

static void *sym(struct instance *in, const char *name, char *why, size_t size)
{
    void *p;
    dlerror();
    p = dlsym(in->dl, name);
    if (!p && !why[0])
        snprintf(why, size, "symbol %s not found", name);
    return p;
}

enum outcome instance_load(struct instance *in, enum op_kind op, const char *path,
                           char *why, size_t size)
{
    char abs[PATH_MAX];
    memset(in, 0, sizeof *in);
    why[0] = '\0';
    if (op == OP_NULL) {
        in->enc = null_op;
        return OUTCOME_OK;
    }
    path = ngcc_confine_enter(path, abs, sizeof abs);
    in->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!in->dl) {
        snprintf(why, size, "dlopen: %s", dlerror());
        return OUTCOME_LOAD_FAILED;
    }
    /* POSIX: a void * from dlsym converts to a function pointer. */
    *(void **)&in->get_pk_len = sym(in, "kem_get_pk_len_bytes", why, size);
    *(void **)&in->get_sk_len = sym(in, "kem_get_sk_len_bytes", why, size);
    *(void **)&in->get_ct_len = sym(in, "kem_get_ct_len_bytes", why, size);
    *(void **)&in->get_ss_len = sym(in, "kem_get_ss_len_bytes", why, size);
    *(void **)&in->keygen = sym(in, "kem_keygen", why, size);
    *(void **)&in->enc = sym(in, "kem_enc", why, size);
    *(void **)&in->dec = sym(in, "kem_dec", why, size);
    *(void **)&in->get_info = sym(in, NGCC_SYM_INSTANCE_INFO, why, size);
    *(void **)&in->seed = sym(in, NGCC_SYM_DRNG_SEED, why, size);
    if (why[0])
        return OUTCOME_LOAD_FAILED;
    in->info = in->get_info();
    if (!in->info || in->info->abi != NGCC_INSTANCE_ABI) {
        snprintf(why, size, "ngcc_instance_info: ABI %d, expected %d",
                 in->info ? in->info->abi : -1, NGCC_INSTANCE_ABI);
        return OUTCOME_LOAD_FAILED;
    }
    return OUTCOME_OK;
}

/* Buffer I of IN, NAME, of N bytes between guard bytes. */
static unsigned char *buffer(struct instance *in, int i, const char *name, unsigned long long n)
{
    if (ngcc_guarded_alloc(&in->guarded[i], name, (size_t)n) != 0)
        return NULL;
    return ngcc_guarded_data(&in->guarded[i]);
}

enum outcome instance_check_guards(const struct instance *in, const char *call, char *why,
                                   size_t size)
{
    return ngcc_guarded_check_all(in->guarded, 5, call, why, size) ? OUTCOME_OVERFLOW
                                                                   : OUTCOME_OK;
}

enum outcome instance_setup(struct instance *in, enum op_kind op, char *why, size_t size)
{
    unsigned char seed[INSTANCE_SEED_BYTES];
    int i, rc;

    why[0] = '\0';
    if (op == OP_NULL) {
        in->pk_len = in->ss_len = in->ct_len = 1;
    } else {
        in->pk_len = in->get_pk_len();
        in->sk_len = in->get_sk_len();
        in->ct_len = in->get_ct_len();
        in->ss_len = in->get_ss_len();
        if (!in->pk_len || !in->sk_len || !in->ct_len || !in->ss_len ||
            in->pk_len > MAX_OBJECT_BYTES || in->sk_len > MAX_OBJECT_BYTES ||
            in->ct_len > MAX_OBJECT_BYTES || in->ss_len > MAX_OBJECT_BYTES) {
            snprintf(why, size, "implausible sizes from the getters: pk %llu sk %llu ct %llu ss %llu",
                     in->pk_len, in->sk_len, in->ct_len, in->ss_len);
            return OUTCOME_SETUP_FAILED;
        }
    }
    in->pk = buffer(in, 0, "pk", in->pk_len);
    in->sk = buffer(in, 1, "sk", in->sk_len);
    in->ct = buffer(in, 2, "ct", in->ct_len);
    in->ss = buffer(in, 3, "ss", in->ss_len);
    in->ss_ref = buffer(in, 4, "ss_ref", in->ss_len);
    if (!in->pk || !in->sk || !in->ct || !in->ss || !in->ss_ref) {
        snprintf(why, size, "out of memory for the inputs");
        return OUTCOME_SETUP_FAILED;
    }
    in->pk_out = in->pk_len;
    if (op == OP_NULL)
        return OUTCOME_OK;

    for (i = 0; i < INSTANCE_SEED_BYTES; i++)
        seed[i] = (unsigned char)i;
    rc = in->seed(seed, sizeof seed);
    if (rc != 0) {
        snprintf(why, size, "ngcc_drng_seed returned %d", rc);
        return OUTCOME_SETUP_FAILED;
    }
    if (op == OP_KEYGEN)
        return OUTCOME_OK;

    in->pk_out = in->pk_len;
    in->sk_out = in->sk_len;
    rc = in->keygen(in->pk, &in->pk_out, in->sk, &in->sk_out);
    if (instance_check_guards(in, "kem_keygen in the setup", why, size) != OUTCOME_OK)
        return OUTCOME_OVERFLOW;
    if (rc != 0) {
        snprintf(why, size, "kem_keygen returned %d in the setup", rc);
        return OUTCOME_SETUP_FAILED;
    }
    if (in->pk_out > in->pk_len || in->sk_out > in->sk_len) {
        snprintf(why, size, "kem_keygen wrote lengths pk %llu sk %llu beyond the getters'",
                 in->pk_out, in->sk_out);
        return OUTCOME_SETUP_FAILED;
    }
    if (op == OP_ENC)
        return OUTCOME_OK;

    in->ss_ref_out = in->ss_len;
    in->ct_out = in->ct_len;
    rc = in->enc(in->pk, in->pk_out, in->ss_ref, &in->ss_ref_out, in->ct, &in->ct_out);
    if (instance_check_guards(in, "kem_enc in the setup", why, size) != OUTCOME_OK)
        return OUTCOME_OVERFLOW;
    if (rc != 0) {
        snprintf(why, size, "kem_enc returned %d in the setup", rc);
        return OUTCOME_SETUP_FAILED;
    }
    if (in->ct_out > in->ct_len || in->ss_ref_out > in->ss_len) {
        snprintf(why, size, "kem_enc wrote lengths ct %llu ss %llu beyond the getters'",
                 in->ct_out, in->ss_ref_out);
        return OUTCOME_SETUP_FAILED;
    }
    in->ss_out = in->ss_len;
    rc = in->dec(in->sk, in->sk_out, in->ct, in->ct_out, in->ss, &in->ss_out);
    if (instance_check_guards(in, "kem_dec in the setup", why, size) != OUTCOME_OK)
        return OUTCOME_OVERFLOW;
    if (rc != 0) {
        snprintf(why, size, "kem_dec returned %d on the honest ciphertext", rc);
        return OUTCOME_OP_FAILED;
    }
    if (!instance_secret_ok(in)) {
        snprintf(why, size, "kem_dec did not reproduce the shared secret of kem_enc");
        return OUTCOME_WRONG_SECRET;
    }
    return OUTCOME_OK;
}

long instance_loop(struct instance *in, enum op_kind op, long iters, int *rc)
{
    long i;
    int r = 0;
    switch (op) {
    case OP_KEYGEN:
        for (i = 0; i < iters; i++) {
            in->pk_out = in->pk_len;
            in->sk_out = in->sk_len;
            if ((r = in->keygen(in->pk, &in->pk_out, in->sk, &in->sk_out)) != 0)
                break;
        }
        break;
    case OP_ENC:
    case OP_NULL:
        for (i = 0; i < iters; i++) {
            in->ss_out = in->ss_len;
            in->ct_out = in->ct_len;
            if ((r = in->enc(in->pk, in->pk_out, in->ss, &in->ss_out, in->ct, &in->ct_out)) != 0)
                break;
        }
        break;
    case OP_DEC:
        for (i = 0; i < iters; i++) {
            in->ss_out = in->ss_len;
            if ((r = in->dec(in->sk, in->sk_out, in->ct, in->ct_out, in->ss, &in->ss_out)) != 0)
                break;
        }
        break;
    default:
        i = 0;
    }
    *rc = r;
    return i;
}

int instance_secret_ok(const struct instance *in)
{
    return in->ss_out == in->ss_ref_out && in->ss_out <= in->ss_len &&
           memcmp(in->ss, in->ss_ref, (size_t)in->ss_out) == 0;
}

void instance_close(struct instance *in)
{
    int i;
    for (i = 0; i < 5; i++)
        ngcc_guarded_free(&in->guarded[i]);
    /* The library stays mapped: unloading candidate code buys nothing in a
     * process that is about to exit, and some libraries do not unload
     * cleanly. */
    in->pk = in->sk = in->ct = in->ss = in->ss_ref = NULL;
}
