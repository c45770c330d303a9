/* counter.c -- the tick counter of ngcc-bench.  Part of ngcc-perf.
 *
 * AArch64: user-mode core cycles from perf_event_open when the kernel
 * gives them (on a heterogeneous big.LITTLE system, from the PMU of the
 * core the process runs on), else the generic timer's virtual count
 * cntvct_el0 at the frequency cntfrq_el0 says (a reference clock, not core
 * cycles: typically 19.2 MHz to 1 GHz, i.e. 52 ns to 1 ns per tick), else
 * CLOCK_MONOTONIC_RAW nanoseconds. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#if defined(__linux__)
#include <linux/perf_event.h>
#include <sys/syscall.h>
#define HAVE_PERF 1
#endif
#if defined(__aarch64__) && defined(HAVE_PERF)
#include <dirent.h>
#include <sched.h>
#endif

#include "counter.h"
#include "sysfile.h"

static const char *const names[COUNTER_KINDS] = {
    "perf-cycles", "tsc", "cntvct", "clock"
};
static const char *const units[COUNTER_KINDS] = {
    "cycles", "TSC reference cycles", "cntvct ticks", "ns"
};

const char *counter_name(enum counter_kind kind) { return names[kind]; }
const char *counter_unit(enum counter_kind kind) { return units[kind]; }
int counter_is_core_cycles(enum counter_kind kind) { return kind == COUNTER_PERF; }

int counter_from_name(const char *name, enum counter_kind *kind)
{
    int i;
    for (i = 0; i < COUNTER_KINDS; i++)
        if (strcmp(name, names[i]) == 0) {
            *kind = (enum counter_kind)i;
            return 0;
        }
    return -1;
}

#if defined(__x86_64__) || defined(__i386__)
static inline uint64_t tsc_now(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}
#endif

#if defined(__aarch64__)
static inline uint64_t cntvct_now(void)
{
    uint64_t v;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
    return v;
}

static uint64_t cntfrq(void)
{
    uint64_t f;
    __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
    return f;
}
#endif

static uint64_t clock_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

#ifdef HAVE_PERF
static int perf_open_attr(__u32 type, __u64 config)
{
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.type = type;
    a.size = sizeof a;
    a.config = config;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
}

#if defined(__aarch64__)
#ifndef PERF_PMU_TYPE_SHIFT
#define PERF_PMU_TYPE_SHIFT 32
#endif
/* A heterogeneous AArch64 system (big.LITTLE, DynamIQ) has one PMU per
 * core type (armv8_cortex_a76, armv8_cortex_a55, ...), each listing its
 * CPUs in "cpus"; a generic cycles event is taken by one of them and
 * counts only while the task runs on that PMU's cores.  With several such
 * PMUs, find the one of CPU: its perf type and, from events/cpu_cycles,
 * its raw cycles event (0 if not given).  0 when found, -1 when there is
 * at most one CPU PMU (the generic event is right) or CPU is in none. */
static int arm_cpu_pmu(int cpu, __u32 *type, __u64 *raw)
{
    const char *base = "/sys/bus/event_source/devices";
    DIR *d = opendir(base);
    struct dirent *e;
    int pmus = 0, found = 0;
    if (!d)
        return -1;
    while ((e = readdir(d)) != NULL) {
        char path[512], list[256], ev[128];
        long long t;
        const char *p;
        if (e->d_name[0] == '.')
            continue;
        snprintf(path, sizeof path, "%s/%s/cpus", base, e->d_name);
        if (sys_read_text(path, list, sizeof list) != 0)
            continue; /* not a CPU PMU (uncore PMUs have "cpumask") */
        pmus++;
        if (found || !sys_cpu_in_list(list, cpu))
            continue;
        snprintf(path, sizeof path, "%s/%s/type", base, e->d_name);
        if (sys_read_ll(path, &t) != 0 || t < 0)
            continue;
        *type = (__u32)t;
        *raw = 0;
        snprintf(path, sizeof path, "%s/%s/events/cpu_cycles", base, e->d_name);
        if (sys_read_text(path, ev, sizeof ev) == 0 && strncmp(ev, "event=", 6) == 0 &&
            !strchr(ev, ',')) {
            p = ev + 6;
            *raw = (__u64)strtoull(p, NULL, 0);
        }
        found = 1;
    }
    closedir(d);
    return pmus > 1 && found ? 0 : -1;
}
#endif

/* User-mode core cycles of this process.  On AArch64 with several CPU
 * PMUs: the PMU of the CPU we run on now (trial processes are pinned
 * before they open the counter), first as a generic hardware event aimed
 * at that PMU (extended type, Linux 6.6+), then as its raw cycles event;
 * else the generic event. */
static int perf_open(void)
{
#if defined(__aarch64__)
    __u32 type;
    __u64 raw;
    int cpu = sched_getcpu(), fd;
    if (cpu >= 0 && arm_cpu_pmu(cpu, &type, &raw) == 0) {
        fd = perf_open_attr(PERF_TYPE_HARDWARE,
                            PERF_COUNT_HW_CPU_CYCLES | ((__u64)type << PERF_PMU_TYPE_SHIFT));
        if (fd >= 0)
            return fd;
        if (raw) {
            fd = perf_open_attr(type, raw);
            if (fd >= 0)
                return fd;
        }
    }
#endif
    return perf_open_attr(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES);
}

static uint64_t perf_value(int fd)
{
    uint64_t v = 0;
    if (read(fd, &v, sizeof v) != (ssize_t)sizeof v)
        return 0;
    return v;
}
#endif

int counter_probe(enum counter_kind kind, char *why, size_t size)
{
    why[0] = '\0';
    switch (kind) {
    case COUNTER_PERF: {
#ifdef HAVE_PERF
        long long paranoid = -99;
        volatile unsigned spin = 0;
        uint64_t v;
        int fd, i;
        sys_read_ll("/proc/sys/kernel/perf_event_paranoid", &paranoid);
        fd = perf_open();
        if (fd < 0) {
            snprintf(why, size, "perf_event_open(cycles, user) failed: %s (perf_event_paranoid %lld)",
                     strerror(errno), paranoid);
            return -1;
        }
        for (i = 0; i < 100000; i++)
            spin += (unsigned)i;
        (void)spin;     /* work for the counter to count, nothing to use */
        v = perf_value(fd);
        close(fd);
        if (v == 0) {
            snprintf(why, size, "perf_event_open(cycles, user) counts nothing");
            return -1;
        }
        return 0;
#else
        snprintf(why, size, "perf_event_open is Linux only");
        return -2;
#endif
    }
    case COUNTER_TSC: {
#if defined(__x86_64__) || defined(__i386__)
        size_t n;
        char *info = sys_read_file("/proc/cpuinfo", &n);
        char flags[4096] = "";
        int ok;
        if (info)
            sys_text_value(info, "flags", flags, sizeof flags);
        free(info);
        ok = strstr(flags, " constant_tsc") && strstr(flags, " nonstop_tsc");
        if (!ok) {
            snprintf(why, size, "the TSC is not invariant (no constant_tsc and nonstop_tsc in /proc/cpuinfo)");
            return -1;
        }
        return 0;
#else
        snprintf(why, size, "rdtsc is x86 only");
        return -2;
#endif
    }
    case COUNTER_CNTVCT:
#if defined(__aarch64__)
        if (cntfrq() == 0) {
            snprintf(why, size, "cntfrq_el0 reads 0");
            return -1;
        }
        return 0;
#else
        snprintf(why, size, "cntvct_el0 is AArch64 only");
        return -2;
#endif
    case COUNTER_CLOCK:
        return 0;
    }
    return -1;
}

enum counter_kind counter_select(char *why, size_t size)
{
    int k;
    why[0] = '\0';
    for (k = COUNTER_PERF; k < COUNTER_CLOCK; k++) {
        char reason[256];
        size_t used = strlen(why);
        int r = counter_probe((enum counter_kind)k, reason, sizeof reason);
        if (r == 0)
            break;
        if (r == -1)
            snprintf(why + used, size - used, "%s%s: %s", used ? "; " : "",
                     names[k], reason);
    }
    return (enum counter_kind)k;
}

int counter_open(struct counter *c, enum counter_kind kind, char *err, size_t size)
{
    c->kind = kind;
    c->fd = -1;
    if (counter_probe(kind, err, size) != 0)
        return -1;
#ifdef HAVE_PERF
    if (kind == COUNTER_PERF) {
        c->fd = perf_open();
        if (c->fd < 0) {
            snprintf(err, size, "perf_event_open: %s", strerror(errno));
            return -1;
        }
    }
#endif
    return 0;
}

uint64_t counter_read(const struct counter *c)
{
    switch (c->kind) {
#ifdef HAVE_PERF
    case COUNTER_PERF:
        return perf_value(c->fd);
#endif
#if defined(__x86_64__) || defined(__i386__)
    case COUNTER_TSC:
        return tsc_now();
#endif
#if defined(__aarch64__)
    case COUNTER_CNTVCT:
        return cntvct_now();
#endif
    default:
        return clock_ns();
    }
}

void counter_close(struct counter *c)
{
    if (c->fd >= 0)
        close(c->fd);
    c->fd = -1;
}

double counter_nominal_hz(enum counter_kind kind)
{
#if defined(__aarch64__)
    if (kind == COUNTER_CNTVCT)
        return (double)cntfrq();
#endif
    return kind == COUNTER_CLOCK ? 1e9 : 0.0;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

double counter_read_overhead(const struct counter *c)
{
    uint64_t d[101];
    int i;
    for (i = 0; i < 101; i++) {
        uint64_t a = counter_read(c);
        uint64_t b = counter_read(c);
        d[i] = b - a;
    }
    qsort(d, 101, sizeof d[0], cmp_u64);
    return (double)d[50];
}
