/* guard.c - buffers with guard bytes on both sides.
 *
 * Part of ngcc-perf.
 */
#include "guard.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GUARD NGCC_GUARD_BYTES

static unsigned char guard_byte(size_t i)
{
    return (unsigned char)(0xA5u ^ (unsigned)(i * 29u));
}

int ngcc_guarded_alloc(struct ngcc_guarded *b, const char *name, size_t len)
{
    size_t i;

    b->name = name;
    b->len = len;
    b->base = calloc(1, len + 2 * GUARD);
    if (b->base == NULL)
        return -1;
    for (i = 0; i < GUARD; i++) {
        b->base[i] = guard_byte(i);
        b->base[GUARD + len + i] = guard_byte(i);
    }
    return 0;
}

unsigned char *ngcc_guarded_data(const struct ngcc_guarded *b)
{
    return b->base != NULL ? b->base + GUARD : NULL;
}

int ngcc_guarded_check(const struct ngcc_guarded *b, size_t *off)
{
    size_t i;

    if (b->base == NULL)
        return 0;
    for (i = 0; i < GUARD; i++) {
        if (b->base[GUARD - 1 - i] != guard_byte(GUARD - 1 - i)) {
            *off = i + 1;
            return -1;
        }
    }
    for (i = 0; i < GUARD; i++) {
        if (b->base[GUARD + b->len + i] != guard_byte(i)) {
            *off = i + 1;
            return 1;
        }
    }
    return 0;
}

int ngcc_guarded_damage(const struct ngcc_guarded *b, const char *call,
                        char *msg, size_t size)
{
    size_t off = 0;
    int side = ngcc_guarded_check(b, &off);

    if (side == 0)
        return 0;
    if (size == 0)
        return 1;
    if (side > 0)
        snprintf(msg, size,
                 "%s wrote past the end of %s (%s[%zu] of a %zu-byte buffer "
                 "changed)",
                 call, b->name, b->name, b->len + off - 1, b->len);
    else
        snprintf(msg, size, "%s wrote before the start of %s (%s[-%zu] changed)",
                 call, b->name, b->name, off);
    return 1;
}

int ngcc_guarded_check_all(const struct ngcc_guarded *b, size_t n,
                           const char *call, char *msg, size_t size)
{
    size_t i;

    for (i = 0; i < n; i++)
        if (ngcc_guarded_damage(&b[i], call, msg, size))
            return 1;
    return 0;
}

void ngcc_guarded_free(struct ngcc_guarded *b)
{
    free(b->base);
    b->base = NULL;
}
