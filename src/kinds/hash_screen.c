/* hash_screen.c -- the hash kind's screening loop (kind_screen.h).  A stub
 * until helper hashbench's: it says so and fails.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stddef.h>
#include <stdio.h>

#include "kind_screen.h"

static int work(const void *api, int op, unsigned long n, const unsigned char *seed,
                size_t seed_len, const struct kind_marks *marks, const char *prefix)
{
    (void)api; (void)op; (void)n; (void)seed; (void)seed_len; (void)marks;
    fprintf(stderr, "%sthe hash kind's screening is not built yet\n", prefix);
    return KIND_WORK_FAILED;
}

const struct kind_screen hash_screen = { work };
