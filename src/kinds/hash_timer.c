/* hash_timer.c -- the hash kind's behaviour for the timer (kind_timer.h).
 * A stub until helper hashbench's: every operation refused at open.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stddef.h>
#include <stdio.h>

#include "kind_timer.h"

static void *open_(void *dl, char *why, size_t size)
{
    (void)dl;
    snprintf(why, size, "the hash kind's timer is not built yet");
    return NULL;
}

static void sizes(void *st, unsigned long long *out) { (void)st; out[0] = 0; }

static enum outcome alloc(void *st, const unsigned long long *s, char *why, size_t size)
{
    (void)st; (void)s;
    snprintf(why, size, "the hash kind's timer is not built yet");
    return OUTCOME_SETUP_FAILED;
}

static enum outcome inputs(void *st, int op, char *why, size_t size)
{
    (void)op;
    return alloc(st, NULL, why, size);
}

static long loop(void *st, int op, int baseline, long iters, int *rc)
{
    (void)st; (void)op; (void)baseline; (void)iters;
    *rc = -1;
    return 0;
}

static enum outcome check_guards(const void *st, const char *call, char *why, size_t size)
{
    (void)st; (void)call; (void)why; (void)size;
    return OUTCOME_OK;
}

static int result_check(const void *st, int op, const char *when, char *why, size_t size)
{
    (void)st; (void)op; (void)when; (void)why; (void)size;
    return 0;
}

static unsigned char *buffer(void *st, const char *key, unsigned long long *len)
{
    (void)st; (void)key;
    *len = 0;
    return NULL;
}

static void close_(void *st) { (void)st; }

const struct kind_timer hash_timer = {
    open_, sizes, alloc, inputs, loop, check_guards, result_check, buffer, close_,
    0, NULL, NULL, NULL
};
