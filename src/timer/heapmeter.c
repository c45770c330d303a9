/* heapmeter.c -- count the heap of one operation by interposing the
 * allocator (heapmeter.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "heapmeter.h"

/* Sanitizers with their own allocator: interposing it would break them. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define HEAPMETER_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(memory_sanitizer) || \
    __has_feature(thread_sanitizer) || __has_feature(hwaddress_sanitizer)
#define HEAPMETER_SANITIZED 1
#endif
#endif

#if defined(__GLIBC__) && !defined(HEAPMETER_SANITIZED)
#define HEAPMETER_INTERPOSE 1
#endif

#ifdef HEAPMETER_INTERPOSE

/* glibc's allocator under its own names. */
extern void *__libc_malloc(size_t n);
extern void *__libc_calloc(size_t n, size_t m);
extern void *__libc_realloc(void *p, size_t n);
extern void *__libc_memalign(size_t align, size_t n);
extern void *__libc_valloc(size_t n);
extern void *__libc_pvalloc(size_t n);
extern void __libc_free(void *p);

/* The side table: open addressing, linear probing, at most 3/4 full. */
#define TABLE_BITS 18
#define TABLE_SLOTS ((size_t)1 << TABLE_BITS)
#define TABLE_MAX (TABLE_SLOTS / 4 * 3)

struct block {
    uintptr_t addr; /* 0: empty */
    size_t size;
};

static int armed;
static char lock_flag;
static struct block *table;
static size_t live_blocks;
static struct heap_figures fig;
static long long live_bytes;

static void lock(void)
{
    while (__atomic_test_and_set(&lock_flag, __ATOMIC_ACQUIRE))
        ;
}

static void unlock(void) { __atomic_clear(&lock_flag, __ATOMIC_RELEASE); }

static int is_armed(void) { return __atomic_load_n(&armed, __ATOMIC_ACQUIRE); }

static size_t slot_of(uintptr_t a)
{
    uint64_t h = (uint64_t)a * 0x9E3779B97F4A7C15ULL;
    return (size_t)(h >> (64 - TABLE_BITS));
}

/* Under the lock. */
static void remember(void *p, size_t n)
{
    size_t i;
    fig.allocated_bytes += (long long)n;
    fig.allocations++;
    if (live_blocks >= TABLE_MAX) {
        fig.overflow = 1;
        return;
    }
    for (i = slot_of((uintptr_t)p); table[i].addr; i = (i + 1) & (TABLE_SLOTS - 1))
        ;
    table[i].addr = (uintptr_t)p;
    table[i].size = n;
    live_blocks++;
    live_bytes += (long long)n;
    if (live_bytes > fig.peak_bytes)
        fig.peak_bytes = live_bytes;
}

/* Under the lock: drop P if it is tracked (backward-shift deletion). */
static void forget(void *p)
{
    size_t i = slot_of((uintptr_t)p), j, home;
    while (table[i].addr && table[i].addr != (uintptr_t)p)
        i = (i + 1) & (TABLE_SLOTS - 1);
    if (!table[i].addr)
        return;
    live_bytes -= (long long)table[i].size;
    live_blocks--;
    for (j = (i + 1) & (TABLE_SLOTS - 1); table[j].addr; j = (j + 1) & (TABLE_SLOTS - 1)) {
        home = slot_of(table[j].addr);
        /* Move J into the hole at I unless its home lies in (I, J]. */
        if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
            table[i] = table[j];
            i = j;
        }
    }
    table[i].addr = 0;
}

int heapmeter_available(char *why, size_t size)
{
    (void)why;
    (void)size;
    return 1;
}

int heapmeter_arm(void)
{
    void *t = mmap(NULL, TABLE_SLOTS * sizeof *table, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (t == MAP_FAILED)
        return -1;
    lock();
    table = t;
    live_blocks = 0;
    live_bytes = 0;
    memset(&fig, 0, sizeof fig);
    __atomic_store_n(&armed, 1, __ATOMIC_RELEASE);
    unlock();
    return 0;
}

void heapmeter_disarm(struct heap_figures *f)
{
    struct block *t;
    lock();
    __atomic_store_n(&armed, 0, __ATOMIC_RELEASE);
    fig.leaked_bytes = live_bytes;
    fig.leaked_blocks = (long long)live_blocks;
    *f = fig;
    t = table;
    table = NULL;
    unlock();
    if (t)
        munmap(t, TABLE_SLOTS * sizeof *t);
}

/* ---- the allocator ---- */

/* Track P (N bytes) when armed; the lock is held across the real call so
 * that a freed address cannot be handed out and tracked in between. */
#define TRACKED(call, n, p)                                           \
    do {                                                              \
        if (!is_armed())                                              \
            return (call);                                            \
        lock();                                                       \
        p = (call);                                                   \
        if (p && table)                                               \
            remember(p, n);                                           \
        unlock();                                                     \
        return p;                                                     \
    } while (0)

void *malloc(size_t n)
{
    void *p;
    TRACKED(__libc_malloc(n), n, p);
}

void *calloc(size_t n, size_t m)
{
    void *p;
    TRACKED(__libc_calloc(n, m), n * m, p);
}

void *memalign(size_t align, size_t n)
{
    void *p;
    TRACKED(__libc_memalign(align, n), n, p);
}

void *aligned_alloc(size_t align, size_t n)
{
    void *p;
    TRACKED(__libc_memalign(align, n), n, p);
}

void *valloc(size_t n)
{
    void *p;
    TRACKED(__libc_valloc(n), n, p);
}

void *pvalloc(size_t n)
{
    void *p;
    TRACKED(__libc_pvalloc(n), n, p);
}

int posix_memalign(void **out, size_t align, size_t n)
{
    void *p;
    if (align < sizeof(void *) || (align & (align - 1)) != 0)
        return EINVAL;
    p = memalign(align, n);
    if (!p)
        return ENOMEM;
    *out = p;
    return 0;
}

void free(void *p)
{
    if (!p)
        return;
    if (!is_armed()) {
        __libc_free(p);
        return;
    }
    lock();
    if (table)
        forget(p);
    __libc_free(p);
    unlock();
}

void *realloc(void *p, size_t n)
{
    void *q;
    if (!is_armed())
        return __libc_realloc(p, n);
    lock();
    q = __libc_realloc(p, n);
    /* Failure (q NULL, n > 0) leaves P; realloc(P, 0) frees it. */
    if (table && p && (q || n == 0))
        forget(p);
    if (table && q)
        remember(q, n);
    unlock();
    return q;
}

void *reallocarray(void *p, size_t n, size_t m)
{
    if (m && n > SIZE_MAX / m) {
        errno = ENOMEM;
        return NULL;
    }
    return realloc(p, n * m);
}

#else /* !HEAPMETER_INTERPOSE */

int heapmeter_available(char *why, size_t size)
{
#ifdef HEAPMETER_SANITIZED
    snprintf(why, size, "not measured: this ngcc-bench is built with a sanitizer, whose allocator cannot be interposed");
#else
    snprintf(why, size, "not measured: the allocator can be interposed only with glibc");
#endif
    return 0;
}

int heapmeter_arm(void) { return -1; }

void heapmeter_disarm(struct heap_figures *f) { memset(f, 0, sizeof *f); }

#endif
