/* counter.c -- the tick counter of ngcc-bench.  Part of ngcc-perf. */
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
static int perf_open(void)
{
    struct perf_event_attr a;
    memset(&a, 0, sizeof a);
    a.type = PERF_TYPE_HARDWARE;
    a.size = sizeof a;
    a.config = PERF_COUNT_HW_CPU_CYCLES;
    a.exclude_kernel = 1;
    a.exclude_hv = 1;
    return (int)syscall(SYS_perf_event_open, &a, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
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
