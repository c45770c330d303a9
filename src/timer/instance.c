/* instance.c -- one instance library loaded with dlopen and measured
 * through its kind's hooks (instance.h, kind_timer.h): what is common to
 * every kind (the metadata, the DRNG seed, the plausible sizes) and the
 * timer's null operation.  Part of ngcc-perf. */
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
#include "kind_timer.h"
#include "record.h"

/* No buffer of a getter's size beyond this (a broken getter). */
#define MAX_OBJECT_BYTES (64ULL << 20)

const char *timer_op_find(const char *name)
{
    int k, i;
    if (!name)
        return NULL;
    if (strcmp(name, TIMER_OP_NULL) == 0)
        return TIMER_OP_NULL;
    for (k = 0; kinds[k]; k++)
        if ((i = kind_op_index(kinds[k], name)) >= 0)
            return kinds[k]->ops[i].name;
    return NULL;
}

int timer_op_is_null(const char *op)
{
    return op && strcmp(op, TIMER_OP_NULL) == 0;
}

const char *timer_op_list(void)
{
    static char list[512];
    size_t n = 0;
    int k, i;
    if (list[0])
        return list;
    for (k = 0; kinds[k]; k++)
        for (i = 0; i < kinds[k]->nops; i++) {
            const char *name = kinds[k]->ops[i].name;
            const struct kind *first = NULL;
            /* once each (kinds share names: keygen), in the table's order */
            timer_op_entry(NULL, name, &first);
            if (first != kinds[k])
                continue;
            n += (size_t)snprintf(list + n, n < sizeof list ? sizeof list - n : 0, "%s%s",
                                  n ? ", " : "", name);
        }
    return list;
}

const struct kind_op *timer_op_entry(const char *type, const char *op, const struct kind **kind)
{
    const struct kind *k = kind_find(type);
    int i = k ? kind_op_index(k, op) : -1, j;
    for (j = 0; i < 0 && op && kinds[j]; j++)
        if ((i = kind_op_index(kinds[j], op)) >= 0)
            k = kinds[j];
    if (kind)
        *kind = i >= 0 ? k : NULL;
    return i >= 0 ? &k->ops[i] : NULL;
}

/* The null operation: nothing, called through a loop of the shape of the
 * first kind's null_like op (a KEM's enc: three buffers, two lengths reset). */
static int null_op(unsigned char *a, unsigned long long a_len, unsigned char *b,
                   unsigned long long *b_len, unsigned char *c, unsigned long long *c_len)
{
    (void)a; (void)a_len; (void)b; (void)b_len; (void)c; (void)c_len;
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

enum outcome instance_load(struct instance *in, const char *op, const char *path,
                           char *why, size_t size)
{
    char abs[PATH_MAX];
    memset(in, 0, sizeof *in);
    in->op = -1;
    why[0] = '\0';
    if (timer_op_is_null(op))
        return OUTCOME_OK;
    path = ngcc_confine_enter(path, abs, sizeof abs);
    in->dl = dlopen(path, RTLD_NOW | RTLD_LOCAL);
    if (!in->dl) {
        snprintf(why, size, "dlopen: %s", dlerror());
        return OUTCOME_LOAD_FAILED;
    }
    /* POSIX: a void * from dlsym converts to a function pointer. */
    *(void **)&in->get_info = sym(in, NGCC_SYM_INSTANCE_INFO, why, size);
    *(void **)&in->seed = sym(in, NGCC_SYM_DRNG_SEED, why, size);
    if (why[0])
        return OUTCOME_LOAD_FAILED;
    in->info = in->get_info();
    if (!in->info || in->info->abi != NGCC_INSTANCE_ABI) {
        snprintf(why, size, "ngcc_instance_info: ABI %d, expected %d",
                 in->info ? in->info->abi : -1, NGCC_INSTANCE_ABI);
        in->info = NULL;
        return OUTCOME_LOAD_FAILED;
    }
    in->kind = kind_find(in->info->type);
    if (!in->kind || !in->kind->timer) {
        snprintf(why, size, "ngcc_instance_info: type '%.40s' is no kind the timer knows",
                 in->info->type ? in->info->type : "(null)");
        return OUTCOME_LOAD_FAILED;
    }
    in->state = in->kind->timer->open(in->dl, why, size);
    if (!in->state)
        return OUTCOME_LOAD_FAILED;
    if (!op) /* the kind only */
        return OUTCOME_OK;
    in->op = kind_op_index(in->kind, op);
    if (in->op < 0) {
        snprintf(why, size, "operation '%.40s' is not one of a %s", op ? op : "(null)",
                 in->kind->title);
        return OUTCOME_LOAD_FAILED;
    }
    return OUTCOME_OK;
}

enum outcome instance_check_guards(const struct instance *in, const char *call, char *why,
                                   size_t size)
{
    if (!in->kind)
        return ngcc_guarded_check_all(in->null_buf, 3, call, why, size) ? OUTCOME_OVERFLOW
                                                                        : OUTCOME_OK;
    return in->kind->timer->check_guards(in->state, call, why, size);
}

/* "implausible sizes from the getters: pk 0 sk 32 ct 32 ss 32" */
static int plausible(const struct instance *in, char *why, size_t size)
{
    size_t n;
    int i, ok = 1;
    for (i = 0; i < in->kind->nsizes; i++)
        ok &= (in->sizes[i] > 0 || in->kind->sizes[i].zero_ok) && in->sizes[i] <= MAX_OBJECT_BYTES;
    if (ok)
        return 1;
    n = (size_t)snprintf(why, size, "implausible sizes from the getters:");
    for (i = 0; i < in->kind->nsizes && n < size; i++)
        n += (size_t)snprintf(why + n, size - n, " %s %llu", in->kind->sizes[i].key, in->sizes[i]);
    return 0;
}

enum outcome instance_setup(struct instance *in, char *why, size_t size)
{
    const struct kind_timer *t;
    unsigned char seed[INSTANCE_SEED_BYTES];
    enum outcome o;
    int i, rc;

    why[0] = '\0';
    if (!in->kind) {
        for (i = 0; i < 3; i++)
            if (ngcc_guarded_alloc(&in->null_buf[i], "null", 1) != 0) {
                snprintf(why, size, "out of memory for the inputs");
                return OUTCOME_SETUP_FAILED;
            }
        in->null_out[0] = 1;
        return OUTCOME_OK;
    }
    t = in->kind->timer;
    t->sizes(in->state, in->sizes);
    if (!plausible(in, why, size))
        return OUTCOME_SETUP_FAILED;
    if (in->op >= 0 && !kind_op_exists(in->kind, in->op, in->sizes)) {
        const struct kind_op_needs *nd = &in->kind->ops[in->op].needs;
        snprintf(why, size, "the instance has no %s (%s %llu, it needs %llu)",
                 in->kind->ops[in->op].name, nd->size,
                 in->sizes[kind_size_index(in->kind, nd->size)], nd->min);
        return OUTCOME_SETUP_FAILED;
    }
    if ((o = t->alloc(in->state, in->sizes, why, size)) != OUTCOME_OK)
        return o;
    for (i = 0; i < INSTANCE_SEED_BYTES; i++)
        seed[i] = (unsigned char)i;
    rc = in->seed(seed, sizeof seed);
    if (rc != 0) {
        snprintf(why, size, "ngcc_drng_seed returned %d", rc);
        return OUTCOME_SETUP_FAILED;
    }
    return t->inputs(in->state, in->op, why, size);
}

static long null_loop(struct instance *in, long iters, int *rc)
{
    unsigned char *a = ngcc_guarded_data(&in->null_buf[0]);
    unsigned char *b = ngcc_guarded_data(&in->null_buf[1]);
    unsigned char *c = ngcc_guarded_data(&in->null_buf[2]);
    long i;
    int r = 0;
    for (i = 0; i < iters; i++) {
        in->null_out[1] = 1;
        in->null_out[2] = 1;
        if ((r = null_op(a, in->null_out[0], b, &in->null_out[1], c, &in->null_out[2])) != 0)
            break;
    }
    *rc = r;
    return i;
}

int instance_stopwatch(struct instance *in, struct kind_stopwatch *sw)
{
    if (!in->kind || !in->kind->timer->stopwatch)
        return 0;
    in->kind->timer->stopwatch(in->state, sw);
    return 1;
}

long instance_loop(struct instance *in, long iters, int *rc)
{
    if (!in->kind)
        return null_loop(in, iters, rc);
    return in->kind->timer->loop(in->state, in->op, 0, iters, rc);
}

long instance_baseline_loop(struct instance *in, long iters, int *rc)
{
    if (!in->kind)
        return null_loop(in, iters, rc);
    return in->kind->timer->loop(in->state, in->op, 1, iters, rc);
}

const char *instance_function(const struct instance *in)
{
    return in->kind ? in->kind->ops[in->op].function : TIMER_OP_NULL;
}

int instance_result_check(const struct instance *in, const char *when, char *why, size_t size)
{
    if (!in->kind)
        return 0;
    return in->kind->timer->result_check(in->state, in->op, when, why, size);
}

void instance_counters_reset(struct instance *in)
{
    if (in->kind && in->state && in->kind->timer->counters_reset)
        in->kind->timer->counters_reset(in->state);
}

void instance_counters(const struct instance *in, struct kind_counters *out)
{
    out->n = 0;
    if (in->kind && in->state && in->kind->timer->counters)
        in->kind->timer->counters(in->state, in->op, out);
}

void instance_failure_note(const struct instance *in, char *note, size_t size)
{
    if (size > 0)
        note[0] = '\0';
    if (in->kind && in->state && in->kind->timer->failure_note)
        in->kind->timer->failure_note(in->state, in->op, note, size);
}

unsigned char *instance_buffer(const struct instance *in, const char *key, unsigned long long *len)
{
    return in->kind ? in->kind->timer->buffer(in->state, key, len) : NULL;
}

json_object *instance_info_json(const struct instance *in)
{
    const char *keys[KIND_MAX_SIZES];
    int i, n = 0;
    if (!in->info)
        return NULL;
    for (i = 0; in->kind && i < in->kind->nsizes && i < KIND_MAX_SIZES; i++)
        keys[n++] = in->kind->sizes[i].key;
    return rec_instance_info_json(in->info, keys, n);
}

void instance_close(struct instance *in)
{
    int i;
    if (in->kind && in->state)
        in->kind->timer->close(in->state);
    in->state = NULL;
    for (i = 0; i < 3; i++)
        ngcc_guarded_free(&in->null_buf[i]);
    /* The library stays mapped: unloading candidate code buys nothing in a
     * process that is about to exit, and some libraries do not unload
     * cleanly. */
}
