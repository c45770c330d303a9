/* heapmeter.h -- the heap of one operation: malloc, calloc, realloc,
 * reallocarray, posix_memalign, aligned_alloc, memalign, valloc, pvalloc
 * and free are defined in ngcc-bench itself, so that they take precedence
 * over libc's for every library it loads (the executable comes first in
 * the global scope of dlopen).  They forward to glibc's allocator
 * (__libc_malloc, ...) and, only while armed, keep the requested size of
 * each block in a side table: the bytes and calls allocated, the peak of
 * the live bytes, and what is still allocated at the end.  Blocks
 * allocated before arming are not counted, not even when freed or
 * reallocated while armed.
 *
 * Not built in AddressSanitizer builds, whose own allocator cannot be
 * interposed: heapmeter_available says so.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_HEAPMETER_H
#define NGCC_BENCH_HEAPMETER_H

#include <stddef.h>

struct heap_figures {
    long long allocated_bytes; /* sum of the sizes requested */
    long long allocations;     /* successful allocation calls (realloc included) */
    long long peak_bytes;      /* most bytes live at once */
    long long leaked_bytes;    /* still allocated at disarm */
    long long leaked_blocks;
    int overflow;              /* too many live blocks to track: unreliable */
};

/* Can the heap be measured in this build?  1, or 0 with WHY. */
int heapmeter_available(char *why, size_t size);

/* Start counting (zeroed figures).  0, or -1 (no memory for the table). */
int heapmeter_arm(void);

/* Stop counting and give the figures. */
void heapmeter_disarm(struct heap_figures *f);

#endif
