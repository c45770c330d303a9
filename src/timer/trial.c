/* trial.c -- one trial in this process.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <sched.h>
#include <stdio.h>
#include <sys/resource.h>
#include <time.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kind_timer.h"
#include "record.h"
#include "sysfile.h"
#include "trial.h"

long long trial_rss_now(void)
{
    char buf[128];
    long long size, resident;
    if (sys_read_text("/proc/self/statm", buf, sizeof buf) != 0 ||
        sscanf(buf, "%lld %lld", &size, &resident) != 2)
        return -1;
    return resident * sysconf(_SC_PAGESIZE);
}

long long trial_rss_peak(void)
{
    char *status = sys_read_file("/proc/self/status", NULL);
    char value[64];
    long long kb = -1;
    if (status && sys_text_value(status, "VmHWM", value, sizeof value) == 0)
        kb = atoll(value);
    free(status);
    return kb < 0 ? -1 : kb * 1024;
}

static long long thread_cpu_ns(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts) != 0)
        return 0;
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

static long involuntary_switches(void)
{
    struct rusage ru;
    return getrusage(RUSAGE_SELF, &ru) == 0 ? ru.ru_nivcsw : 0;
}

/* Jiffies of the CPUs other than CPU in /proc/stat: all, and not idle. */
static int others_jiffies(int cpu, unsigned long long *total, unsigned long long *busy)
{
    char *stat = sys_read_file("/proc/stat", NULL), *line;
    int n = 0;
    *total = *busy = 0;
    if (!stat)
        return -1;
    for (line = stat; line && *line; line = strchr(line, '\n') ? strchr(line, '\n') + 1 : NULL) {
        unsigned long long v[8] = { 0 }, sum = 0;
        int id, i;
        if (strncmp(line, "cpu", 3) != 0 || line[3] < '0' || line[3] > '9' ||
            sscanf(line, "cpu%d %llu %llu %llu %llu %llu %llu %llu %llu", &id, &v[0], &v[1], &v[2],
                   &v[3], &v[4], &v[5], &v[6], &v[7]) < 5 || id == cpu)
            continue;
        for (i = 0; i < 8; i++)
            sum += v[i];
        *total += sum;
        *busy += sum - v[3] - v[4]; /* idle, iowait */
        n++;
    }
    free(stat);
    return n > 0 ? 0 : -1;
}

/* The timer's counter as a kind's stopwatch reads it. */
static unsigned long long stopwatch_read(const void *c)
{
    return counter_read(c);
}

/* ITERS calls timed in samples of BLOCK calls (the last, shorter block is
 * timed but not a sample).  With SW (a kind timing its calls itself) the
 * samples are its ticks.  Returns the calls done, as instance_loop. */
static long timed_calls(struct instance *in, long iters, int64_t block,
                        const struct counter *c, const struct kind_stopwatch *sw,
                        uint64_t *samples, int64_t *nsamples, int *rc)
{
    long done = 0;
    *nsamples = 0;
    while (done < iters) {
        long want = iters - done < block ? iters - done : (long)block, k;
        uint64_t a = sw ? sw->ticks : counter_read(c), b;
        k = instance_loop(in, want, rc);
        b = sw ? sw->ticks : counter_read(c);
        done += k;
        if (k != want)
            break;
        if (want == block)
            samples[(*nsamples)++] = b - a;
    }
    return done;
}

static void set_status(struct trial_result *res, enum outcome o, const char *why)
{
    res->status = o;
    snprintf(res->reason, sizeof res->reason, "%s", why);
}

void trial_run(const struct trial_request *rq, struct trial_result *res)
{
    struct instance in;
    struct counter c;
    char why[256], call[96], note[96];
    long long t0, t1, cpu0, cpu1;
    long sw0, sw1;
    unsigned long long tot0 = 0, busy0 = 0, tot1 = 0, busy1 = 0;
    int have_stat;
    uint64_t c0, c1, w0, w1, *samples = NULL;
    long long wt0, wt1;
    double ref_s;
    int64_t block = 1, nsamples = 0;
    const char *timing_env = getenv(TRIAL_TIMING_ENV);
    long done;
    int rc = 0, own;
    enum outcome o;
    struct kind_stopwatch sw;

    memset(res, 0, sizeof *res);
    memset(&sw, 0, sizeof sw);
    res->cpu_seen = -1;
    res->others_busy = -1.0;
    res->baseline_rss_bytes = res->peak_rss_bytes = -1;
    if (rq->cpu >= 0) {
        cpu_set_t set;
        CPU_ZERO(&set);
        CPU_SET(rq->cpu, &set);
        if (sched_setaffinity(0, sizeof set, &set) != 0) {
            snprintf(why, sizeof why, "cannot pin to CPU %d", rq->cpu);
            set_status(res, OUTCOME_SETUP_FAILED, why);
            return;
        }
    }
    if (counter_open(&c, rq->counter, why, sizeof why) != 0) {
        set_status(res, OUTCOME_COUNTER_FAILED, why);
        return;
    }

    t0 = sys_now_ns();
    o = instance_load(&in, rq->op, rq->library, why, sizeof why);
    if (o == OUTCOME_OK && in.info)
        res->instance = instance_info_json(&in);
    if (o == OUTCOME_OK)
        o = instance_setup(&in, why, sizeof why);
    res->setup_seconds = (double)(sys_now_ns() - t0) / 1e9;
    res->baseline_rss_bytes = trial_rss_now();
    if (o != OUTCOME_OK) {
        set_status(res, o, why);
        goto out;
    }

    /* A kind that times a part of each call (a key exchange's step inside
     * a whole exchange) on the stopwatch: its sums are the calls' time. */
    sw.read = stopwatch_read;
    sw.arg = &c;
    sw.now_ns = sys_now_ns;
    own = instance_stopwatch(&in, &sw);
    wt0 = sys_now_ns();
    w0 = counter_read(&c);
    done = instance_loop(&in, rq->warmups, &rc);
    w1 = counter_read(&c);
    wt1 = sys_now_ns();
    if (own) {
        w0 = 0, w1 = sw.ticks;
        wt0 = 0, wt1 = sw.ns;
    }
    snprintf(call, sizeof call, "%s in a warm-up call", instance_function(&in));
    if (instance_check_guards(&in, call, why, sizeof why) != OUTCOME_OK) {
        set_status(res, OUTCOME_OVERFLOW, why);
        goto out;
    }
    if (done != rq->warmups) {
        instance_failure_note(&in, note, sizeof note);
        snprintf(why, sizeof why, "%s returned %d in a warm-up call%s", instance_function(&in), rc,
                 note);
        set_status(res, OUTCOME_OP_FAILED, why);
        goto out;
    }
    res->read_pair_ticks = counter_read_overhead(&c);
    if (!(timing_env && strcmp(timing_env, "loop") == 0)) {
        block = callstats_block(res->read_pair_ticks, rq->warmups > 0 ? (double)(w1 - w0) / rq->warmups : 0.0,
                                rq->iters);
        samples = malloc((size_t)(rq->iters / block + 1) * sizeof *samples);
    }
    snprintf(res->timing, sizeof res->timing, "%s", !samples ? "loop" : block > 1 ? "blocks" : "calls");
    /* The reference's interval from the trial's time, as the warm-ups
     * forecast it. */
    ref_s = reference_seconds(rq->warmups > 0 ? (double)(wt1 - wt0) / 1e9 * (double)rq->iters / rq->warmups : 0.0);
    reference_time(&res->ref, &c, 0, ref_s);
    have_stat = others_jiffies(rq->cpu, &tot0, &busy0) == 0;
    sw0 = involuntary_switches();
    cpu0 = thread_cpu_ns();
    instance_counters_reset(&in); /* the warm-ups are not counted */
    sw.ticks = 0, sw.ns = 0;
    t0 = sys_now_ns();
    c0 = counter_read(&c);
    if (samples)
        done = timed_calls(&in, rq->iters, block, &c, own ? &sw : NULL, samples, &nsamples, &rc);
    else
        done = instance_loop(&in, rq->iters, &rc);
    c1 = counter_read(&c);
    t1 = sys_now_ns();
    cpu1 = thread_cpu_ns();
    if (own) {
        /* The timed parts only; the CPU time in the same share of the
         * wall time as over the whole loop. */
        double share = t1 > t0 ? (double)sw.ns / (double)(t1 - t0) : 1.0;
        cpu1 = (long long)((double)(cpu1 - cpu0) * share);
        cpu0 = 0;
        c0 = 0, c1 = sw.ticks;
        t0 = 0, t1 = sw.ns;
    }
    sw1 = involuntary_switches();
    instance_counters(&in, &res->counters); /* before the memory pass */
    have_stat = have_stat && others_jiffies(rq->cpu, &tot1, &busy1) == 0 && tot1 > tot0;
    res->calls = done;
    res->ticks = (int64_t)(c1 - c0);
    res->seconds = (double)(t1 - t0) / 1e9;
    res->cpu_seconds = (double)(cpu1 - cpu0) / 1e9;
    res->switches = sw1 - sw0;
    res->others_busy = have_stat ? (double)(busy1 - busy0) / (double)(tot1 - tot0) : -1.0;
    res->cpu_seen = sched_getcpu();
    reference_time(&res->ref, &c, 1, ref_s);
    reference_finish(&res->ref);
    callstats_summarise(samples, nsamples, block, &res->dist);

    snprintf(call, sizeof call, "%s in a timed call", instance_function(&in));
    if (instance_check_guards(&in, call, why, sizeof why) != OUTCOME_OK) {
        set_status(res, OUTCOME_OVERFLOW, why);
    } else if (done != rq->iters) {
        instance_failure_note(&in, note, sizeof note);
        snprintf(why, sizeof why, "%s returned %d at timed call %ld%s",
                 instance_function(&in), rc, done + 1, note);
        set_status(res, OUTCOME_OP_FAILED, why);
    } else if (instance_result_check(&in, "during the trial", why, sizeof why) != 0) {
        set_status(res, OUTCOME_WRONG_SECRET, why);
    } else if (res->ticks <= 0 && rq->iters > 1) {
        snprintf(why, sizeof why, "the counter %s did not advance over %ld calls",
                 counter_name(rq->counter), done);
        set_status(res, OUTCOME_COUNTER_FAILED, why);
    } else {
        set_status(res, OUTCOME_OK, "");
    }
out:
    free(samples);
    reference_finish(&res->ref);
    res->peak_rss_bytes = trial_rss_peak();
    /* After VmHWM is read: the pass's painted stack is not the trial's. */
    if (res->status == OUTCOME_OK && !rq->no_memory_pass)
        memory_pass_run(&in, MEMORY_PASS_LIMIT_S + MEMORY_PASS_LIMIT_CALLS * res->seconds / (double)(res->calls > 0 ? res->calls : 1),
                        &res->memory);
    instance_close(&in);
    counter_close(&c);
}

json_object *trial_to_json(const struct trial_request *rq, struct trial_result *res)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "status", json_object_new_string(outcome_name(res->status)));
    json_object_object_add(o, "reason", json_object_new_string(res->reason));
    json_object_object_add(o, "op", json_object_new_string(rq->op));
    json_object_object_add(o, "counter", json_object_new_string(counter_name(rq->counter)));
    json_object_object_add(o, "cpu", json_object_new_int(rq->cpu));
    json_object_object_add(o, "cpu_seen", json_object_new_int(res->cpu_seen));
    json_object_object_add(o, "warmups", json_object_new_int(rq->warmups));
    json_object_object_add(o, "setup_seconds", record_double(res->setup_seconds));
    json_object_object_add(o, "calls", json_object_new_int64(res->calls));
    json_object_object_add(o, "ticks", json_object_new_int64(res->ticks));
    json_object_object_add(o, "seconds", record_double(res->seconds));
    json_object_object_add(o, "cpu_seconds", record_double(res->cpu_seconds));
    json_object_object_add(o, "switches", json_object_new_int64(res->switches));
    json_object_object_add(o, "others_busy", res->others_busy >= 0 ? record_double(res->others_busy) : NULL);
    json_object_object_add(o, "baseline_rss_bytes", json_object_new_int64(res->baseline_rss_bytes));
    json_object_object_add(o, "peak_rss_bytes", json_object_new_int64(res->peak_rss_bytes));
    json_object_object_add(o, "memory_pass", memory_pass_to_json(&res->memory));
    json_object_object_add(o, "per_call", res->timing[0] ? callstats_to_json(&res->dist, res->timing, res->read_pair_ticks) : NULL);
    json_object_object_add(o, "reference", reference_to_json(&res->ref));
    if (res->counters.n > 0)
        json_object_object_add(o, "op_counters", trial_counters_json(&res->counters));
    json_object_object_add(o, "instance", res->instance);
    res->instance = NULL;
    return o;
}

json_object *trial_counters_json(const struct kind_counters *k)
{
    json_object *o = json_object_new_object();
    int i;
    for (i = 0; i < k->n; i++)
        json_object_object_add(o, k->name[i], json_object_new_int64((int64_t)k->value[i]));
    return o;
}

/* The op_counters object V into K (nothing when V is not an object). */
static void counters_from_json(json_object *v, struct kind_counters *k)
{
    struct json_object_iterator it, end;
    k->n = 0;
    if (!v || !json_object_is_type(v, json_type_object))
        return;
    it = json_object_iter_begin(v);
    end = json_object_iter_end(v);
    for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
        json_object *val = json_object_iter_peek_value(&it);
        if (k->n == KIND_MAX_COUNTERS || !json_object_is_type(val, json_type_int) ||
            json_object_get_int64(val) < 0)
            continue;
        snprintf(k->name[k->n], sizeof k->name[k->n], "%s", json_object_iter_peek_name(&it));
        k->value[k->n++] = (unsigned long long)json_object_get_int64(val);
    }
}

static int get_num(json_object *obj, const char *key, json_type want, json_object **out)
{
    if (!json_object_object_get_ex(obj, key, out))
        return -1;
    if (want == json_type_double)
        return json_object_is_type(*out, json_type_double) ||
               json_object_is_type(*out, json_type_int) ? 0 : -1;
    return json_object_is_type(*out, want) ? 0 : -1;
}

int trial_from_json(json_object *obj, struct trial_result *res)
{
    json_object *v;
    memset(res, 0, sizeof *res);
    if (!json_object_is_type(obj, json_type_object))
        return -1;
    if (get_num(obj, "status", json_type_string, &v) != 0 ||
        outcome_from_name(json_object_get_string(v), &res->status) != 0)
        return -1;
    if (get_num(obj, "reason", json_type_string, &v) == 0)
        snprintf(res->reason, sizeof res->reason, "%s", json_object_get_string(v));
    if (get_num(obj, "calls", json_type_int, &v) != 0)
        return -1;
    res->calls = json_object_get_int64(v);
    if (get_num(obj, "ticks", json_type_int, &v) != 0)
        return -1;
    res->ticks = json_object_get_int64(v);
    if (get_num(obj, "seconds", json_type_double, &v) != 0)
        return -1;
    res->seconds = json_object_get_double(v);
    if (get_num(obj, "cpu_seconds", json_type_double, &v) == 0)
        res->cpu_seconds = json_object_get_double(v);
    if (get_num(obj, "switches", json_type_int, &v) == 0)
        res->switches = (long)json_object_get_int64(v);
    res->others_busy = -1.0;
    if (get_num(obj, "others_busy", json_type_double, &v) == 0)
        res->others_busy = json_object_get_double(v);
    if (get_num(obj, "setup_seconds", json_type_double, &v) == 0)
        res->setup_seconds = json_object_get_double(v);
    res->cpu_seen = -1;
    if (get_num(obj, "cpu_seen", json_type_int, &v) == 0)
        res->cpu_seen = json_object_get_int(v);
    res->baseline_rss_bytes = res->peak_rss_bytes = -1;
    if (get_num(obj, "baseline_rss_bytes", json_type_int, &v) == 0)
        res->baseline_rss_bytes = json_object_get_int64(v);
    if (get_num(obj, "peak_rss_bytes", json_type_int, &v) == 0)
        res->peak_rss_bytes = json_object_get_int64(v);
    memory_pass_from_json(json_object_object_get_ex(obj, "memory_pass", &v) ? v : NULL, &res->memory);
    if (json_object_object_get_ex(obj, "per_call", &v) && callstats_from_json(v, &res->dist) == 0) {
        const char *timing = record_get_string(v, "timing");
        snprintf(res->timing, sizeof res->timing, "%s", timing ? timing : "");
        if (record_get_double(v, "read_pair_ticks", &res->read_pair_ticks) != 0)
            res->read_pair_ticks = 0;
    }
    reference_from_json(json_object_object_get_ex(obj, "reference", &v) ? v : NULL, &res->ref);
    counters_from_json(json_object_object_get_ex(obj, "op_counters", &v) ? v : NULL, &res->counters);
    if (json_object_object_get_ex(obj, "instance", &v) && json_object_is_type(v, json_type_object))
        res->instance = json_object_get(v);
    return 0;
}

void trial_result_free(struct trial_result *res)
{
    json_object_put(res->instance);
    res->instance = NULL;
}
