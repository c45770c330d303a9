/* ngcc_profile.c -- the profiling runtime: accounting table, on/off
 * switch, totals, tick information and the cost of the accounting.
 * Compiled into each profiling variant by ngcc-build-scheme with the
 * instance's flags (see ngcc_profile.h).  Part of ngcc-perf. */
#if !defined(__x86_64__) && !defined(__i386__) && !defined(__aarch64__)
/* the clock fallback needs clock_gettime */
#if !defined(_POSIX_C_SOURCE) && !defined(_GNU_SOURCE)
#define _POSIX_C_SOURCE 199309L
#endif
#include <time.h>
#endif
#include <string.h>

#include "ngcc_profile.h"

/* profile_meta.h (generated per instance) names the wrapped functions. */
#ifdef NGCC_PROFILE_META
#include "profile_meta.h"
#endif
#ifndef NGCC_PROFILE_WRAPPED
#define NGCC_PROFILE_WRAPPED ""
#endif
#ifndef NGCC_PROFILE_HASH
#define NGCC_PROFILE_HASH ""
#endif
#ifndef NGCC_PROFILE_DRNG
#define NGCC_PROFILE_DRNG ""
#endif

/* Open addressing over (function, input bits, output bits); the table is
 * kept at most 3/4 full. */
#define SLOTS 4096

struct slot {
    int used;
    int fid;
    unsigned long long in_bits, out_bits, calls, ticks;
    unsigned long long pcalls, pticks; /* of the pending operation */
};

struct ngcc_profile_state ngcc_profile_g;

static const char *names[NGCC_PROFILE_MAX_FUNCTIONS];
static int nnames;
static struct slot table[SLOTS];
static size_t nused;
/* the slots the pending operation accounted in, each once */
static size_t touched[NGCC_PROFILE_MAX_ENTRIES];
static size_t ntouched;
/* per function: calls beyond the table's entries, committed and pending */
static unsigned long long mixed_calls[NGCC_PROFILE_MAX_FUNCTIONS];
static unsigned long long mixed_ticks[NGCC_PROFILE_MAX_FUNCTIONS];
static unsigned long long mixed_pcalls[NGCC_PROFILE_MAX_FUNCTIONS];
static unsigned long long mixed_pticks[NGCC_PROFILE_MAX_FUNCTIONS];
static unsigned long long ops, op_ticks, op_start, dropped;
static unsigned long long pending_ticks, pending_dropped;
static int pending;

#if !defined(__x86_64__) && !defined(__i386__) && !defined(__aarch64__)
unsigned long long ngcc_profile_clock_ticks(void)
{
    struct timespec ts;
#ifdef CLOCK_MONOTONIC_RAW
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
#else
    clock_gettime(CLOCK_MONOTONIC, &ts);
#endif
    return (unsigned long long)ts.tv_sec * 1000000000ULL + (unsigned long long)ts.tv_nsec;
}
#endif

const struct ngcc_profile_info *ngcc_profile_info(void)
{
    static const struct ngcc_profile_info info = {
        NGCC_PROFILE_ABI, NGCC_PROFILE_WRAPPED, NGCC_PROFILE_HASH, NGCC_PROFILE_DRNG,
        NGCC_PROFILE_TICK
    };
    return &info;
}

void ngcc_profile_reset(void)
{
    memset(table, 0, sizeof table);
    memset(mixed_calls, 0, sizeof mixed_calls);
    memset(mixed_ticks, 0, sizeof mixed_ticks);
    memset(mixed_pcalls, 0, sizeof mixed_pcalls);
    memset(mixed_pticks, 0, sizeof mixed_pticks);
    nused = ntouched = 0;
    ops = op_ticks = dropped = 0;
    pending_ticks = pending_dropped = 0;
    pending = 0;
    ngcc_profile_g.active = ngcc_profile_g.depth = 0;
}

/* End the pending operation: add it (KEEP) or drop it. */
static void settle(int keep)
{
    size_t i;
    int f;
    for (i = 0; i < ntouched; i++) {
        struct slot *s = &table[touched[i]];
        if (keep) {
            s->calls += s->pcalls;
            s->ticks += s->pticks;
        }
        s->pcalls = s->pticks = 0;
    }
    ntouched = 0;
    for (f = 0; f < nnames; f++) {
        if (keep) {
            mixed_calls[f] += mixed_pcalls[f];
            mixed_ticks[f] += mixed_pticks[f];
        }
        mixed_pcalls[f] = mixed_pticks[f] = 0;
    }
    if (keep) {
        ops++;
        op_ticks += pending_ticks;
        dropped += pending_dropped;
    }
    pending_ticks = pending_dropped = 0;
    pending = 0;
}

void ngcc_profile_commit(void)
{
    if (pending)
        settle(1);
}

void ngcc_profile_discard(void)
{
    if (pending)
        settle(0);
}

void ngcc_profile_start(void)
{
    if (pending)
        settle(1);
    pending = 1;
    ngcc_profile_g.depth = 0;
    ngcc_profile_g.active = 1;
    op_start = ngcc_profile_ticks();
}

void ngcc_profile_stop(void)
{
    unsigned long long t = ngcc_profile_ticks();
    ngcc_profile_g.active = 0;
    pending_ticks = t - op_start;
}

unsigned long long ngcc_profile_now(void)
{
    return ngcc_profile_ticks();
}

/* The index of FUNCTION, registered on first use; -1 when full. */
static int function_id(const char *function)
{
    int i;
    for (i = 0; i < nnames; i++)
        if (names[i] == function || strcmp(names[i], function) == 0)
            return i;
    if (nnames == NGCC_PROFILE_MAX_FUNCTIONS)
        return -1;
    names[nnames] = function;
    return nnames++;
}

static size_t slot_of(int fid, unsigned long long in_bits, unsigned long long out_bits)
{
    unsigned long long h = (unsigned long long)(fid + 1) * 0x9e3779b97f4a7c15ULL;
    h ^= in_bits * 0xc2b2ae3d27d4eb4fULL;
    h ^= (out_bits + 1) * 0x165667b19e3779f9ULL;
    h ^= h >> 29;
    return (size_t)(h & (SLOTS - 1));
}

void ngcc_profile_account(int *fid, const char *function, unsigned long long in_bits,
                          unsigned long long out_bits, unsigned long long ticks)
{
    struct slot *s;
    size_t i;
    if (*fid < 0) {
        *fid = function_id(function);
        if (*fid < 0) {
            pending_dropped++;
            return;
        }
    }
    for (i = slot_of(*fid, in_bits, out_bits);; i = (i + 1) & (SLOTS - 1)) {
        s = &table[i];
        if (!s->used || (s->fid == *fid && s->in_bits == in_bits && s->out_bits == out_bits))
            break;
    }
    if (!s->used) {
        if (nused == NGCC_PROFILE_MAX_ENTRIES) {
            mixed_pcalls[*fid]++;
            mixed_pticks[*fid] += ticks;
            return;
        }
        s->used = 1;
        s->fid = *fid;
        s->in_bits = in_bits;
        s->out_bits = out_bits;
        nused++;
    }
    if (!s->pcalls)
        touched[ntouched++] = i;
    s->pcalls++;
    s->pticks += ticks;
}

size_t ngcc_profile_table(struct ngcc_profile_entry *out, size_t max)
{
    size_t i, n = 0;
    int f;
    for (i = 0; i < SLOTS; i++) {
        if (!table[i].calls)
            continue;
        if (n < max) {
            out[n].function = names[table[i].fid];
            out[n].in_bits = table[i].in_bits;
            out[n].out_bits = table[i].out_bits;
            out[n].calls = table[i].calls;
            out[n].ticks = table[i].ticks;
        }
        n++;
    }
    for (f = 0; f < nnames; f++) {
        if (!mixed_calls[f])
            continue;
        if (n < max) {
            out[n].function = names[f];
            out[n].in_bits = out[n].out_bits = NGCC_PROFILE_MIXED;
            out[n].calls = mixed_calls[f];
            out[n].ticks = mixed_ticks[f];
        }
        n++;
    }
    return n;
}

void ngcc_profile_totals(unsigned long long *ops_out, unsigned long long *ticks_out,
                         unsigned long long *dropped_out)
{
    *ops_out = ops;
    *ticks_out = op_ticks;
    *dropped_out = dropped;
}

void ngcc_profile_tick_info(struct ngcc_profile_tick *t)
{
    t->name = NGCC_PROFILE_TICK;
#if defined(__x86_64__) || defined(__i386__)
    t->unit = "TSC reference cycles";
    t->frequency_hz = 0.0;
    t->resolution_s = 0.0;
#elif defined(__aarch64__)
    {
        unsigned long long f;
        __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
        t->unit = "cntvct ticks";
        t->frequency_hz = (double)f;
        t->resolution_s = f ? 1.0 / (double)f : 0.0;
    }
#else
    {
        struct timespec res;
        t->unit = "ns";
        t->frequency_hz = 1e9;
#ifdef CLOCK_MONOTONIC_RAW
        t->resolution_s = clock_getres(CLOCK_MONOTONIC_RAW, &res) == 0 ?
                          (double)res.tv_sec + (double)res.tv_nsec / 1e9 : 0.0;
#else
        t->resolution_s = clock_getres(CLOCK_MONOTONIC, &res) == 0 ?
                          (double)res.tv_sec + (double)res.tv_nsec / 1e9 : 0.0;
#endif
    }
#endif
}

/* ---- the cost of the accounting ---- */

#define COST_BATCH 32
#define COST_ROUNDS 63

static volatile unsigned long long nop_count;
static void nop_real(void) { nop_count++; }
/* Called through volatile pointers, so neither call is inlined: a real
 * wrapper makes an ordinary call to __real_F as well. */
static void (*volatile nop_direct)(void) = nop_real;
static void nop_wrapped(void) { NGCC_PROFILE_CALL("(overhead)", 0, 0, nop_direct()); }
static void (*volatile nop_via_wrapper)(void) = nop_wrapped;

static double median(unsigned long long *v, int n)
{
    int i, j;
    for (i = 1; i < n; i++) {
        unsigned long long x = v[i];
        for (j = i; j > 0 && v[j - 1] > x; j--)
            v[j] = v[j - 1];
        v[j] = x;
    }
    return n % 2 ? (double)v[n / 2] : ((double)v[n / 2 - 1] + (double)v[n / 2]) / 2.0;
}

void ngcc_profile_overhead(struct ngcc_profile_cost *c)
{
    unsigned long long reads[COST_ROUNDS], direct[COST_ROUNDS], wrapped[COST_ROUNDS];
    unsigned long long t0, t1;
    struct ngcc_profile_entry e;
    int r, i;

    ngcc_profile_reset();
    for (r = 0; r < COST_ROUNDS; r++) {
        t0 = ngcc_profile_ticks();
        t1 = ngcc_profile_ticks();
        reads[r] = t1 - t0;

        t0 = ngcc_profile_ticks();
        for (i = 0; i < COST_BATCH; i++)
            nop_direct();
        t1 = ngcc_profile_ticks();
        direct[r] = t1 - t0;

        ngcc_profile_start();
        t0 = ngcc_profile_ticks();
        for (i = 0; i < COST_BATCH; i++)
            nop_via_wrapper();
        t1 = ngcc_profile_ticks();
        ngcc_profile_stop();
        ngcc_profile_commit();
        wrapped[r] = t1 - t0;
    }
    c->read_ticks = median(reads, COST_ROUNDS);
    c->direct_ticks = median(direct, COST_ROUNDS) / COST_BATCH;
    c->wrapped_ticks = median(wrapped, COST_ROUNDS) / COST_BATCH;
    c->overhead_ticks = c->wrapped_ticks - c->direct_ticks;
    c->empty_call_ticks = 0.0;
    if (ngcc_profile_table(&e, 1) == 1 && e.calls)
        c->empty_call_ticks = (double)e.ticks / (double)e.calls;
    ngcc_profile_reset();
}
