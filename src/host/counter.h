/* counter.h -- the tick counter of ngcc-bench, chosen at run time:
 * user-mode core cycles from perf_event_open, else x86 rdtsc, AArch64
 * cntvct_el0, else CLOCK_MONOTONIC_RAW nanoseconds.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_COUNTER_H
#define NGCC_BENCH_COUNTER_H

#include <stddef.h>
#include <stdint.h>

enum counter_kind {
    COUNTER_PERF,   /* "perf-cycles": user-mode core cycles */
    COUNTER_TSC,    /* "tsc": x86 time-stamp counter */
    COUNTER_CNTVCT, /* "cntvct": AArch64 virtual counter */
    COUNTER_CLOCK   /* "clock": CLOCK_MONOTONIC_RAW in ns */
};
#define COUNTER_KINDS 4

struct counter {
    enum counter_kind kind;
    int fd; /* perf event, else -1 */
};

const char *counter_name(enum counter_kind kind);
/* The unit of one tick: "cycles", "TSC reference cycles", "cntvct ticks",
 * "ns". */
const char *counter_unit(enum counter_kind kind);
/* Parse a name of counter_name(); 0 on success. */
int counter_from_name(const char *name, enum counter_kind *kind);
/* Does one tick follow the core clock (so cycles/second shows the clock)? */
int counter_is_core_cycles(enum counter_kind kind);

/* Can KIND be used in this process?  0 yes; else -1 and WHY says why
 * (-2: not on this architecture). */
int counter_probe(enum counter_kind kind, char *why, size_t size);
/* The first usable kind in the order above; WHY gets why the better ones
 * were passed over ("" when perf-cycles is used). */
enum counter_kind counter_select(char *why, size_t size);

int counter_open(struct counter *c, enum counter_kind kind, char *err, size_t size);
uint64_t counter_read(const struct counter *c);
void counter_close(struct counter *c);

/* Ticks per second when known without measuring (cntfrq_el0, 1e9 for the
 * clock), else 0. */
double counter_nominal_hz(enum counter_kind kind);
/* Median ticks between two back-to-back reads (101 pairs). */
double counter_read_overhead(const struct counter *c);

#endif
