/* kind_screen.h -- the screening hook of a kind (struct kind's screen):
 * run a kind's operations on an instance for the sanitizers and memcheck,
 * what is public made so (doc/screen.md).  Part of ngcc-perf.
 *
 * The screening (src/screen/worker.c) resolves the API (kind_kat.h),
 * seeds and marks the coins, and calls WORK; which buffers are secret is
 * the table's (struct kind_size's secret). */
#ifndef NGCC_KINDS_KIND_SCREEN_H
#define NGCC_KINDS_KIND_SCREEN_H

#include <stddef.h>

#include "kind.h"

/* What the screening's caller does to memory the kind's loop hands it:
 * PUBLIC(P, N) declassifies (valgrind's MAKE_MEM_DEFINED, else nothing). */
struct kind_marks {
    void (*public_)(const void *p, size_t n);
};

enum { KIND_WORK_OK = 0, KIND_WORK_FAILED = 1 };

struct kind_screen {
    /* Seed the scheme's DRNG with SEED (the caller marked it as it wants),
     * then N calls of operation OP (an index of the kind's ops; its inputs
     * made once first), or N rounds of every operation (OP -1).  What
     * each call makes public (its status, lengths and its outputs whose
     * size is not secret) goes through MARKS.  A failure is said on
     * stderr behind PREFIX; returns KIND_WORK_*. */
    int (*work)(const void *api, int op, unsigned long n,
                const unsigned char *seed, size_t seed_len,
                const struct kind_marks *marks, const char *prefix);
    /* Why the kind has no secret-dependence check (the `secret` check is
     * skipped with this reason), or NULL: it has one. */
    const char *no_secret;
};

#endif
