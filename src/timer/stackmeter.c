/* stackmeter.c -- the stack high-water mark of one call, on a painted
 * thread stack of known size (stackmeter.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "stackmeter.h"

/* Below the region: inaccessible, large enough that a frame which skips
 * pages (no stack-clash probes) still lands in it. */
#define GUARD_BYTES ((size_t)16 << 20)
#define ALT_STACK_BYTES ((size_t)64 << 10)
/* Painting stops this far below the painting function's own locals: its
 * frame, and the red zone of the x86-64 ABI. */
#define PAINT_GAP 512
/* Eight different bytes: a callee rarely stores this by chance. */
#define PATTERN 0x0FF069963CC35AA5ULL

#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#define NO_ASAN __attribute__((no_sanitize_address))
#else
#define NOINLINE
#define NO_ASAN
#endif

struct meter {
    int (*fn)(void *);
    void *op_arg, *base_arg;
    unsigned char *guard_lo, *lo; /* guard [guard_lo, lo), stack [lo, ...) */
    size_t page;
    struct stack_figures *f;
    stack_t alt;
    sigjmp_buf env;
    volatile sig_atomic_t in_call, hit_guard;
    int failed;
};

static struct meter *volatile current;
static struct sigaction old_segv;

/* A fault in our guard during the call ends the call; any other fault
 * goes to whoever handled SIGSEGV before (returning re-raises it). */
static void on_segv(int sig, siginfo_t *si, void *ctx)
{
    struct meter *m = current;
    unsigned char *a = si->si_addr;
    (void)sig;
    (void)ctx;
    if (m && m->in_call && a >= m->guard_lo && a < m->lo) {
        m->hit_guard = 1;
        siglongjmp(m->env, 1);
    }
    sigaction(SIGSEGV, &old_segv, NULL);
}

/* Paint [FROM, top) where top lies PAINT_GAP below this frame; FROM NULL:
 * only the top STACKMETER_FIRST_PAINT bytes, not below LO.  Returns top
 * (the same for every call from the same frame), *FROM_OUT the start. */
static NOINLINE NO_ASAN unsigned char *paint(unsigned char *lo, unsigned char *from,
                                             unsigned char **from_out)
{
    volatile unsigned char here = 0;
    uintptr_t top = ((uintptr_t)&here - PAINT_GAP) & ~(uintptr_t)7, p;
    if (!from) {
        uintptr_t want = top - STACKMETER_FIRST_PAINT;
        from = top - (uintptr_t)lo > STACKMETER_FIRST_PAINT ? (unsigned char *)want : lo;
    }
    for (p = ((uintptr_t)from + 7) & ~(uintptr_t)7; p < top; p += 8)
        *(volatile uint64_t *)p = PATTERN;
    *from_out = (unsigned char *)(((uintptr_t)from + 7) & ~(uintptr_t)7);
    return (unsigned char *)top;
}

/* The lowest byte in [FROM, TOP) that lost the pattern, or TOP. */
static NOINLINE NO_ASAN unsigned char *deepest_changed(unsigned char *from, unsigned char *top)
{
    const volatile uint64_t *w = (const volatile uint64_t *)from;
    const uint64_t pat = PATTERN;
    while ((unsigned char *)w < top && *w == pat)
        w++;
    if ((unsigned char *)w >= top)
        return top;
    {
        const volatile unsigned char *b = (const volatile unsigned char *)w;
        const unsigned char *pb = (const unsigned char *)&pat;
        int i;
        for (i = 0; i < 8; i++)
            if (b[i] != pb[i])
                return (unsigned char *)w + i;
    }
    return (unsigned char *)w;
}

/* The lowest page of [LO, FROM) that something touched, or NULL.  When
 * mincore fails: LO (as if all were touched). */
static unsigned char *lowest_touched(const struct meter *m, unsigned char *from)
{
    uintptr_t end = (uintptr_t)from & ~(uintptr_t)(m->page - 1);
    size_t pages = (end - (uintptr_t)m->lo) / m->page, i, chunk, k;
    /* Static: 64 MiB of 4 KiB pages per call, not on the measured stack. */
    static unsigned char vec[16384];
    for (i = 0; i < pages; i += chunk) {
        chunk = pages - i < sizeof vec ? pages - i : sizeof vec;
        if (mincore(m->lo + i * m->page, chunk * m->page, vec) != 0)
            return m->lo;
        for (k = 0; k < chunk; k++)
            if (vec[k] & 1)
                return m->lo + (i + k) * m->page;
    }
    return NULL;
}

/* Where to paint from when the call went below FROM: twice as deep as the
 * lowest page it touched, or the whole region when that page is not known
 * or the call reached FROM's first bytes only. */
static unsigned char *deeper_start(const struct meter *m, unsigned char *top, unsigned char *from)
{
    unsigned char *low = lowest_touched(m, from);
    size_t depth;
    if (!low)
        low = from;
    depth = (size_t)(top - low);
    return (size_t)(low - m->lo) > depth ? low - depth : m->lo;
}

/* FN(ARG) below a frame that reaches past the unpainted gap under the
 * measuring frame: so the do-nothing call too changes painted bytes, and
 * the difference of the two calls is exact. */
static NOINLINE NO_ASAN int padded_call(int (*fn)(void *), void *arg)
{
    volatile unsigned char pad[2 * PAINT_GAP];
    size_t i;
    for (i = 0; i < sizeof pad; i++)
        pad[i] = 0;
    return fn(arg) + pad[0];
}

/* One call of FN(ARG), ended early if it reaches the guard. */
#define GUARDED_CALL(m, arg)                        \
    do {                                            \
        if (sigsetjmp((m)->env, 1) == 0) {          \
            (m)->in_call = 1;                       \
            padded_call((m)->fn, arg);              \
        }                                           \
        (m)->in_call = 0;                           \
    } while (0)

static void *meter_thread(void *arg)
{
    struct meter *m = arg;
    unsigned char *top, *from, *base_deep, *op_deep;

    if (sigaltstack(&m->alt, NULL) != 0) {
        m->failed = 1;
        return NULL;
    }
    /* Once unmeasured: the first calls bind lazy symbols, whose resolver
     * takes kilobytes of stack the measured calls do not. */
    GUARDED_CALL(m, m->base_arg);
    top = paint(m->lo, NULL, &from);
    GUARDED_CALL(m, m->base_arg);
    base_deep = deepest_changed(from, top);
    paint(m->lo, from, &from);
    m->f->calls = 1;
    GUARDED_CALL(m, m->op_arg);
    op_deep = deepest_changed(from, top);
    /* Deeper than the paint: again, painted twice as deep as it went,
     * then with all of the region painted. */
    while (!m->hit_guard && from > m->lo && (op_deep == from || lowest_touched(m, from))) {
        paint(m->lo, deeper_start(m, top, from), &from);
        m->f->calls++;
        GUARDED_CALL(m, m->op_arg);
        op_deep = deepest_changed(from, top);
    }
    m->f->region_bytes = top - m->lo;
    m->f->baseline_bytes = top - base_deep;
    if (m->hit_guard || op_deep <= m->lo) {
        m->f->exceeded = 1;
        m->f->bytes = m->f->region_bytes;
    } else {
        m->f->bytes = op_deep < base_deep ? base_deep - op_deep : 0;
    }
    return NULL;
}

int stackmeter_measure(int (*fn)(void *), void *op_arg, void *baseline_arg, size_t region,
                       struct stack_figures *f, char *why, size_t size)
{
    struct meter m;
    struct sigaction sa;
    pthread_attr_t attr;
    pthread_t th;
    unsigned char *map;
    size_t total;
    int rc;

    memset(f, 0, sizeof *f);
    memset(&m, 0, sizeof m);
    m.page = (size_t)sysconf(_SC_PAGESIZE);
    region = (region + m.page - 1) & ~(m.page - 1);
    total = GUARD_BYTES + region + ALT_STACK_BYTES;
    map = mmap(NULL, total, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (map == MAP_FAILED) {
        snprintf(why, size, "cannot map a stack of %zu bytes: %s", region, strerror(errno));
        return -1;
    }
    /* Untouched pages must stay non-resident for touched_below. */
#ifdef MADV_NOHUGEPAGE
    madvise(map, total, MADV_NOHUGEPAGE);
#endif
    if (mprotect(map, GUARD_BYTES, PROT_NONE) != 0) {
        snprintf(why, size, "cannot protect the stack guard: %s", strerror(errno));
        munmap(map, total);
        return -1;
    }
    m.fn = fn;
    m.op_arg = op_arg;
    m.base_arg = baseline_arg;
    m.guard_lo = map;
    m.lo = map + GUARD_BYTES;
    m.f = f;
    m.alt.ss_sp = map + GUARD_BYTES + region;
    m.alt.ss_size = ALT_STACK_BYTES;

    memset(&sa, 0, sizeof sa);
    sa.sa_sigaction = on_segv;
    sa.sa_flags = SA_SIGINFO | SA_ONSTACK;
    sigemptyset(&sa.sa_mask);
    current = &m;
    if (sigaction(SIGSEGV, &sa, &old_segv) != 0) {
        snprintf(why, size, "sigaction: %s", strerror(errno));
        current = NULL;
        munmap(map, total);
        return -1;
    }
    rc = pthread_attr_init(&attr);
    if (rc == 0) {
        rc = pthread_attr_setstack(&attr, m.lo, region);
        if (rc == 0)
            rc = pthread_create(&th, &attr, meter_thread, &m);
        pthread_attr_destroy(&attr);
    }
    if (rc == 0)
        pthread_join(th, NULL);
    sigaction(SIGSEGV, &old_segv, NULL);
    current = NULL;
    munmap(map, total);
    if (rc != 0) {
        snprintf(why, size, "cannot start the measuring thread: %s", strerror(rc));
        return -1;
    }
    if (m.failed) {
        snprintf(why, size, "sigaltstack failed in the measuring thread");
        return -1;
    }
    return 0;
}
