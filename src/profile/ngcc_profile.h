/* ngcc_profile.h -- the profiling runtime compiled into the profiling
 * variant of every instance library (measurement.md section 5).
 *
 * ngcc-build-scheme relinks an instance's objects with -Wl,--wrap=F for each
 * profiled function F the objects define; the wrapper __wrap_F times the
 * real call (__real_F) with the tick counter and accounts (function, input
 * bits, output bits, calls, ticks).  Accounting happens only between
 * ngcc_profile_start() and ngcc_profile_stop(), i.e. while the measured
 * operation runs, and a wrapped call made inside another wrapped call is
 * not accounted again (its time is inside the outer call).  --wrap
 * redirects only references between object files: a call to F from the
 * object file that defines F is not seen.
 *
 * Plain C99 (inline assembly guarded by architecture macros), compiled per
 * instance with the instance's own flags.  Single-threaded: one global
 * state.  Tools find the API with dlsym; wrapper files use
 * NGCC_PROFILE_CALL.  Part of ngcc-perf. */
#ifndef NGCC_PROFILE_H
#define NGCC_PROFILE_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever the structures below change layout. */
#define NGCC_PROFILE_ABI 1

/* At most this many distinct functions, and this many (function, input
 * bits, output bits) entries; calls beyond the entries are accounted in
 * one entry per function whose bit lengths are NGCC_PROFILE_MIXED. */
#define NGCC_PROFILE_MAX_FUNCTIONS 64
#define NGCC_PROFILE_MAX_ENTRIES 3072
#define NGCC_PROFILE_MIXED (~0ULL)

/* One line of the accounting table. */
struct ngcc_profile_entry {
    const char *function;
    unsigned long long in_bits, out_bits; /* NGCC_PROFILE_MIXED: various */
    unsigned long long calls, ticks;
};

/* What the profiling variant was built with (from ngcc-build-scheme):
 * space-separated function names. */
struct ngcc_profile_info {
    int abi;             /* NGCC_PROFILE_ABI */
    const char *wrapped; /* the functions wrapped in this library */
    const char *hash;    /* which of them count as hash functions */
    const char *drng;    /* which of them count as the DRNG */
    const char *tick;    /* "tsc", "cntvct" or "clock" */
};

/* The tick counter: name, unit, ticks per second and seconds per tick
 * when known without measuring (0 otherwise: the TSC's rate is measured
 * by the caller). */
struct ngcc_profile_tick {
    const char *name;
    const char *unit;
    double frequency_hz;
    double resolution_s;
};

/* The cost of the accounting, medians in ticks per call. */
struct ngcc_profile_cost {
    double read_ticks;       /* two back-to-back tick reads */
    double direct_ticks;     /* an empty function called directly */
    double wrapped_ticks;    /* the same function through a wrapper */
    double overhead_ticks;   /* wrapped - direct: what one accounted call
                                adds to the operation's time */
    double empty_call_ticks; /* ticks an empty function is charged: the
                                bias in every accounted call's ticks */
};

const struct ngcc_profile_info *ngcc_profile_info(void);
/* Clear the table and the totals (keeps the function names). */
void ngcc_profile_reset(void);
/* One operation: start accounting; stop accounting (the operation is then
 * pending); commit it to the table and the totals, or discard it (e.g. it
 * was preempted).  start() commits a pending operation first. */
void ngcc_profile_start(void);
void ngcc_profile_stop(void);
void ngcc_profile_commit(void);
void ngcc_profile_discard(void);
/* The tick counter now. */
unsigned long long ngcc_profile_now(void);
/* Copy up to MAX entries with calls (in no particular order) to OUT;
 * returns how many there are.  Committed operations only. */
size_t ngcc_profile_table(struct ngcc_profile_entry *out, size_t max);
/* Committed operations and their ticks (from start to stop, summed);
 * calls that could not be accounted (more than NGCC_PROFILE_MAX_FUNCTIONS
 * functions). */
void ngcc_profile_totals(unsigned long long *ops, unsigned long long *ticks,
                         unsigned long long *dropped);
void ngcc_profile_tick_info(struct ngcc_profile_tick *t);
/* Measure the accounting's cost.  Call it while stopped; it resets the
 * table and the totals. */
void ngcc_profile_overhead(struct ngcc_profile_cost *c);

/* Symbol names and types, for dlsym. */
typedef const struct ngcc_profile_info *(*ngcc_profile_info_fn)(void);
typedef void (*ngcc_profile_void_fn)(void);
typedef unsigned long long (*ngcc_profile_now_fn)(void);
typedef size_t (*ngcc_profile_table_fn)(struct ngcc_profile_entry *, size_t);
typedef void (*ngcc_profile_totals_fn)(unsigned long long *, unsigned long long *,
                                       unsigned long long *);
typedef void (*ngcc_profile_tick_info_fn)(struct ngcc_profile_tick *);
typedef void (*ngcc_profile_overhead_fn)(struct ngcc_profile_cost *);

/* ---- for wrapper files ---- */

struct ngcc_profile_state {
    int active; /* between start and stop */
    int depth;  /* inside an accounted wrapped call */
};
extern struct ngcc_profile_state ngcc_profile_g;

/* Account one call of FUNCTION (a string constant).  *FID caches the
 * function's index: a static int initialised to -1 per call site. */
void ngcc_profile_account(int *fid, const char *function, unsigned long long in_bits,
                          unsigned long long out_bits, unsigned long long ticks);

#if defined(__x86_64__) || defined(__i386__)
#define NGCC_PROFILE_TICK "tsc"
static inline unsigned long long ngcc_profile_ticks(void)
{
    unsigned int lo, hi;
    __asm__ __volatile__("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
    return ((unsigned long long)hi << 32) | lo;
}
#elif defined(__aarch64__)
#define NGCC_PROFILE_TICK "cntvct"
static inline unsigned long long ngcc_profile_ticks(void)
{
    unsigned long long v;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
    return v;
}
#else
#define NGCC_PROFILE_TICK "clock"
/* CLOCK_MONOTONIC_RAW in ns (in ngcc_profile.c: it needs POSIX). */
unsigned long long ngcc_profile_clock_ticks(void);
#define ngcc_profile_ticks ngcc_profile_clock_ticks
#endif

/* NGCC_PROFILE_CALL(NAME, IN_BITS, OUT_BITS, CALL): run the statement CALL
 * (the call of __real_F, e.g. "r = __real_pseudohash(...)"), timed and
 * accounted as NAME when profiling is on and no wrapped call is running. */
#define NGCC_PROFILE_CALL(name, in_bits, out_bits, call)                        \
    do {                                                                       \
        static int ngcc_profile_fid_ = -1;                                     \
        if (ngcc_profile_g.active && !ngcc_profile_g.depth) {                  \
            unsigned long long ngcc_profile_in_ = (in_bits);                   \
            unsigned long long ngcc_profile_out_ = (out_bits);                 \
            unsigned long long ngcc_profile_t0_, ngcc_profile_t1_;             \
            ngcc_profile_g.depth = 1;                                          \
            ngcc_profile_t0_ = ngcc_profile_ticks();                           \
            call;                                                              \
            ngcc_profile_t1_ = ngcc_profile_ticks();                           \
            ngcc_profile_g.depth = 0;                                          \
            ngcc_profile_account(&ngcc_profile_fid_, (name), ngcc_profile_in_, \
                                 ngcc_profile_out_,                            \
                                 ngcc_profile_t1_ - ngcc_profile_t0_);         \
        } else {                                                               \
            call;                                                              \
        }                                                                      \
    } while (0)

#ifdef __cplusplus
}
#endif
#endif
