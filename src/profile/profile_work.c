/* profile_work.c -- the profiling process.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <dlfcn.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "ngcc_profile.h"
#include "outcome.h"
#include "profile_work.h"
#include "record.h"
#include "sysfile.h"

/* The runtime's API in the loaded library. */
struct api {
    ngcc_profile_info_fn info;
    ngcc_profile_void_fn reset, start, stop, commit, discard;
    ngcc_profile_now_fn now;
    ngcc_profile_table_fn table;
    ngcc_profile_totals_fn totals;
    ngcc_profile_tick_info_fn tick_info;
    ngcc_profile_overhead_fn overhead;
};

long profile_ops_for(double target_s, double t1_s)
{
    double n = t1_s > 0 ? target_s / t1_s : PROFILE_MAX_OPS;
    long k;
    if (!(n < PROFILE_MAX_OPS))
        return PROFILE_MAX_OPS;
    k = (long)n; /* ceil without libm */
    if ((double)k < n)
        k++;
    return k < PROFILE_MIN_OPS ? PROFILE_MIN_OPS : k;
}

static void *lookup(void *dl, const char *name, char *why, size_t size)
{
    void *p = dlsym(dl, name);
    if (!p && !why[0])
        snprintf(why, size, "not a profiling variant: symbol %s not found", name);
    return p;
}

static int load_api(void *dl, struct api *a, char *why, size_t size)
{
    why[0] = '\0';
    /* POSIX: a void * from dlsym converts to a function pointer. */
    *(void **)&a->info = lookup(dl, "ngcc_profile_info", why, size);
    *(void **)&a->reset = lookup(dl, "ngcc_profile_reset", why, size);
    *(void **)&a->start = lookup(dl, "ngcc_profile_start", why, size);
    *(void **)&a->stop = lookup(dl, "ngcc_profile_stop", why, size);
    *(void **)&a->commit = lookup(dl, "ngcc_profile_commit", why, size);
    *(void **)&a->discard = lookup(dl, "ngcc_profile_discard", why, size);
    *(void **)&a->now = lookup(dl, "ngcc_profile_now", why, size);
    *(void **)&a->table = lookup(dl, "ngcc_profile_table", why, size);
    *(void **)&a->totals = lookup(dl, "ngcc_profile_totals", why, size);
    *(void **)&a->tick_info = lookup(dl, "ngcc_profile_tick_info", why, size);
    *(void **)&a->overhead = lookup(dl, "ngcc_profile_overhead", why, size);
    if (why[0])
        return -1;
    if (!a->info() || a->info()->abi != NGCC_PROFILE_ABI) {
        snprintf(why, size, "ngcc_profile_info: ABI %d, expected %d",
                 a->info() ? a->info()->abi : -1, NGCC_PROFILE_ABI);
        return -1;
    }
    return 0;
}

/* A bit length as JSON: null for the runtime's "various" entries. */
static json_object *bits_json(unsigned long long b)
{
    return b == NGCC_PROFILE_MIXED || b > (unsigned long long)INT64_MAX ? NULL :
           json_object_new_int64((int64_t)b);
}

static json_object *table_json(const struct api *a, unsigned long long *calls_total)
{
    size_t n = a->table(NULL, 0), i;
    struct ngcc_profile_entry *e = calloc(n ? n : 1, sizeof *e);
    json_object *arr = json_object_new_array();
    *calls_total = 0;
    if (!e)
        return arr;
    n = a->table(e, n);
    for (i = 0; i < n; i++) {
        json_object *o = json_object_new_object();
        json_object_object_add(o, "function", json_object_new_string(e[i].function));
        json_object_object_add(o, "in_bits", bits_json(e[i].in_bits));
        json_object_object_add(o, "out_bits", bits_json(e[i].out_bits));
        json_object_object_add(o, "calls", json_object_new_int64((int64_t)e[i].calls));
        json_object_object_add(o, "ticks", json_object_new_int64((int64_t)e[i].ticks));
        json_object_array_add(arr, o);
        *calls_total += e[i].calls;
    }
    free(e);
    return arr;
}

static long long thread_cpu_ns(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return 0;
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

/* Context switches of this process so far, voluntary or not. */
static long switches(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_nivcsw + ru.ru_nvcsw : 0;
}

static void set(json_object *r, enum outcome o, const char *why)
{
    json_object_object_add(r, "status", json_object_new_string(outcome_name(o)));
    json_object_object_add(r, "reason", json_object_new_string(why));
}

json_object *profile_work(const struct profile_request *rq)
{
    json_object *r = json_object_new_object(), *tick, *cost;
    struct instance in;
    struct api a;
    struct ngcc_profile_tick ti;
    struct ngcc_profile_cost c;
    const struct ngcc_profile_info *pi;
    char why[320], call[96];
    enum outcome o;
    long long ns0, ns1, cpu0, cpu1;
    long sw0, sw1;
    unsigned long long k0, k1, nops, ticks, dropped, calls;
    double t1;
    long ops, i, discarded = 0, disturbed = 0;
    int rc = 0, warmups;

    json_object_object_add(r, "op", json_object_new_string(rq->op));
    o = instance_load(&in, rq->op, rq->library, why, sizeof why);
    if (o == OUTCOME_OK && load_api(in.dl, &a, why, sizeof why) != 0)
        o = OUTCOME_LOAD_FAILED;
    if (o != OUTCOME_OK) {
        set(r, o, why);
        return r;
    }
    json_object_object_add(r, "instance", instance_info_json(&in));
    pi = a.info();
    json_object_object_add(r, "wrapped", json_object_new_string(pi->wrapped));
    json_object_object_add(r, "hash", json_object_new_string(pi->hash));
    json_object_object_add(r, "drng", json_object_new_string(pi->drng));

    o = instance_setup(&in, why, sizeof why);
    if (o != OUTCOME_OK) {
        set(r, o, why);
        goto out;
    }

    /* The tick counter and the accounting's cost, before any operation. */
    a.tick_info(&ti);
    a.overhead(&c);
    tick = json_object_new_object();
    json_object_object_add(tick, "name", json_object_new_string(ti.name));
    json_object_object_add(tick, "unit", json_object_new_string(ti.unit));
    json_object_object_add(tick, "frequency_hz", ti.frequency_hz > 0 ? record_double(ti.frequency_hz) : NULL);
    json_object_object_add(tick, "resolution_s", ti.resolution_s > 0 ? record_double(ti.resolution_s) : NULL);
    json_object_object_add(r, "tick", tick);
    cost = json_object_new_object();
    json_object_object_add(cost, "read_ticks", record_double(c.read_ticks));
    json_object_object_add(cost, "direct_ticks", record_double(c.direct_ticks));
    json_object_object_add(cost, "wrapped_ticks", record_double(c.wrapped_ticks));
    json_object_object_add(cost, "overhead_ticks", record_double(c.overhead_ticks));
    json_object_object_add(cost, "empty_call_ticks", record_double(c.empty_call_ticks));
    json_object_object_add(r, "cost", cost);

    /* Calibration: one call, accounting off; it is also a warm-up. */
    ns0 = sys_now_ns();
    i = instance_loop(&in, 1, &rc);
    t1 = (double)(sys_now_ns() - ns0) / 1e9;
    snprintf(call, sizeof call, "%s in the calibration call", instance_function(&in));
    if (instance_check_guards(&in, call, why, sizeof why) != OUTCOME_OK) {
        set(r, OUTCOME_OVERFLOW, why);
        goto out;
    }
    if (i != 1) {
        snprintf(why, sizeof why, "%s returned %d in the calibration call", instance_function(&in), rc);
        set(r, OUTCOME_OP_FAILED, why);
        goto out;
    }
    ops = rq->ops > 0 ? rq->ops : profile_ops_for(rq->target_s, t1);
    warmups = t1 < 0.05 ? 3 : t1 < 5 ? 1 : 0;
    if (rq->calibrated)
        rq->calibrated(t1, ops, warmups, rq->arg);
    json_object_object_add(r, "t1_s", record_double(t1));
    json_object_object_add(r, "warmups", json_object_new_int(warmups));
    if (instance_loop(&in, warmups, &rc) != warmups) {
        snprintf(why, sizeof why, "%s returned %d in a warm-up call", instance_function(&in), rc);
        set(r, OUTCOME_OP_FAILED, why);
        goto out;
    }

    /* The profiled operations: accounting on around each call only.  An
     * operation during which the process was switched out is discarded
     * (its ticks include time off the CPU), at most PROFILE_DISCARDS x ops
     * of them; after that they are kept and counted as disturbed. */
    a.reset();
    sw0 = switches();
    cpu0 = thread_cpu_ns();
    ns0 = sys_now_ns();
    k0 = a.now();
    for (i = 0; i < ops;) {
        long done, s0, s1;
        s0 = switches();
        a.start();
        done = instance_loop(&in, 1, &rc);
        a.stop();
        s1 = switches();
        if (done != 1)
            break;
        if (s1 != s0 && discarded < PROFILE_DISCARDS * ops) {
            a.discard();
            discarded++;
        } else {
            a.commit();
            disturbed += s1 != s0;
            i++;
        }
    }
    k1 = a.now();
    ns1 = sys_now_ns();
    cpu1 = thread_cpu_ns();
    sw1 = switches();
    a.totals(&nops, &ticks, &dropped);
    json_object_object_add(r, "cpu_seen", json_object_new_int(sched_getcpu()));
    json_object_object_add(r, "ops", json_object_new_int64((int64_t)nops));
    json_object_object_add(r, "discarded_ops", json_object_new_int64(discarded));
    json_object_object_add(r, "disturbed_ops", json_object_new_int64(disturbed));
    json_object_object_add(r, "total_ticks", json_object_new_int64((int64_t)ticks));
    json_object_object_add(r, "span_ticks", json_object_new_int64((int64_t)(k1 - k0)));
    json_object_object_add(r, "seconds", record_double((double)(ns1 - ns0) / 1e9));
    json_object_object_add(r, "cpu_seconds", record_double((double)(cpu1 - cpu0) / 1e9));
    json_object_object_add(r, "switches", json_object_new_int64(sw1 - sw0));
    json_object_object_add(r, "dropped_calls", json_object_new_int64((int64_t)dropped));
    json_object_object_add(r, "calls", table_json(&a, &calls));

    snprintf(call, sizeof call, "%s in a profiled call", instance_function(&in));
    if (instance_check_guards(&in, call, why, sizeof why) != OUTCOME_OK) {
        set(r, OUTCOME_OVERFLOW, why);
    } else if (i < ops) {
        snprintf(why, sizeof why, "%s returned %d at profiled call %ld", instance_function(&in), rc, i + 1);
        set(r, OUTCOME_OP_FAILED, why);
    } else if (instance_result_check(&in, "while profiled", why, sizeof why) != 0) {
        set(r, OUTCOME_WRONG_SECRET, why);
    } else if (ticks == 0) {
        set(r, OUTCOME_COUNTER_FAILED, "the tick counter did not advance over the profiled calls");
    } else if (dropped) {
        snprintf(why, sizeof why, "%llu calls could not be accounted (more than %d functions)",
                 dropped, NGCC_PROFILE_MAX_FUNCTIONS);
        set(r, OUTCOME_BAD_OUTPUT, why);
    } else {
        set(r, OUTCOME_OK, "");
    }
out:
    instance_close(&in);
    return r;
}
