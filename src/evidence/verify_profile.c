/* verify_profile.c -- the checker of one profile of ngcc-profile: the
 * functions, the shares and the totals recomputed from its calls, their
 * bounds (doc/campaign.md).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "verify.h"
#include "verify_fields.h"
#include "verify_util.h"


/* ARR is an array of strings; 0 yes. */
static int string_array(json_object *arr)
{
    size_t i;
    if (!arr || !json_object_is_type(arr, json_type_array))
        return -1;
    for (i = 0; i < json_object_array_length(arr); i++)
        if (!json_object_is_type(json_object_array_get_idx(arr, i), json_type_string))
            return -1;
    return 0;
}

static int has_name(json_object *arr, const char *name)
{
    size_t i;
    for (i = 0; i < json_object_array_length(arr); i++)
        if (strcmp(json_object_get_string(json_object_array_get_idx(arr, i)), name) == 0)
            return 1;
    return 0;
}

/* A bit length: a non-negative integer, or null (various). */
static int bits_ok(json_object *e, const char *key, int64_t *v)
{
    json_object *b;
    if (!json_object_object_get_ex(e, key, &b))
        return 0;
    if (!b) {
        *v = -1;
        return 1;
    }
    if (!json_object_is_type(b, json_type_int) || json_object_get_int64(b) < 0)
        return 0;
    *v = json_object_get_int64(b);
    return 1;
}

/* A share: a number in [0, 1]. */
static void share_bounds(struct verify_ctx *c, json_object *prof, const char *path)
{
    double v;
    if (record_get_double(prof, path, &v) == 0 && (v < 0 || v > 1 + VERIFY_TOLERANCE))
        verify_problem(c, "%s is %.17g, outside [0, 1]", path, v);
}

struct fn_sum {
    int64_t calls, ticks;
};

/* The calls table: well formed, functions among the wrapped, no key twice;
 * per wrapped function the sums in SUMS; the calls' total in *ALL_CALLS
 * and ticks in *ALL_TICKS. */
static void profile_calls(struct verify_ctx *c, json_object *calls, json_object *wrapped,
                          struct fn_sum *sums, int64_t *all_calls, int64_t *all_ticks)
{
    size_t i, j, n = json_object_array_length(calls), nw = json_object_array_length(wrapped);
    *all_calls = *all_ticks = 0;
    for (i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(calls, i);
        const char *f = record_get_string(e, "function");
        int64_t in, out, k, t;
        if (!f || !bits_ok(e, "in_bits", &in) || !bits_ok(e, "out_bits", &out) ||
            record_get_int(e, "calls", &k) != 0 || record_get_int(e, "ticks", &t) != 0 ||
            k < 0 || t < 0) {
            verify_problem(c, "calls[%zu] lacks function, in_bits, out_bits, calls or ticks", i);
            continue;
        }
        for (j = 0; j < i; j++) {
            json_object *d = json_object_array_get_idx(calls, j);
            const char *g = record_get_string(d, "function");
            int64_t din, dout;
            if (g && strcmp(f, g) == 0 && bits_ok(d, "in_bits", &din) &&
                bits_ok(d, "out_bits", &dout) && din == in && dout == out) {
                verify_problem(c, "calls[%zu] repeats calls[%zu] (%s, %lld, %lld)", i, j, f,
                        (long long)in, (long long)out);
                break;
            }
        }
        for (j = 0; j < nw; j++)
            if (strcmp(json_object_get_string(json_object_array_get_idx(wrapped, j)), f) == 0)
                break;
        if (j == nw) {
            verify_problem(c, "calls[%zu] names %s, which is not in wrapped", i, f);
            continue;
        }
        sums[j].calls += k;
        sums[j].ticks += t;
        *all_calls += k;
        *all_ticks += t;
    }
}

int verify_profile(json_object *prof, const char *name, const char *root, FILE *out)
{
    struct verify_ctx c = { name, out, 0 };
    const char *status = record_get_string(prof, "status");
    json_object *wrapped, *hash, *drng, *calls, *fns, *v;
    struct fn_sum *sums;
    int64_t ops, total, all_calls, all_ticks;
    double hash_share = 0, drng_share = 0, all = 0, d;
    int is_ok;
    size_t i, nw;
    char path[160];

    if (verify_head(&c, prof, PROFILE_FORMAT, "an ngcc-profile profile", PROFILE_FORMAT_VERSION, &is_ok) != 0)
        return c.problems;
    verify_listed_files(&c, prof, root);
    vf_confinement(&c, prof);
    if (!is_ok) {
        if (!(record_get_string(prof, "reason") && record_get_string(prof, "reason")[0]))
            verify_problem(&c, "status %s without a reason", status);
        if (record_get(prof, "hash_share", &v) == 0 && v)
            verify_problem(&c, "status %s but shares are given", status);
        return c.problems;
    }

    if (record_get(prof, "wrapped", &wrapped) != 0 || string_array(wrapped) != 0 ||
        record_get(prof, "hash_functions", &hash) != 0 || string_array(hash) != 0 ||
        record_get(prof, "drng_functions", &drng) != 0 || string_array(drng) != 0) {
        verify_problem(&c, "wrapped, hash_functions or drng_functions missing or not arrays of names");
        return c.problems;
    }
    for (i = 0; i < json_object_array_length(hash); i++) {
        const char *h = json_object_get_string(json_object_array_get_idx(hash, i));
        if (!has_name(wrapped, h))
            verify_problem(&c, "hash function %s is not in wrapped", h);
        if (has_name(drng, h))
            verify_problem(&c, "%s counts as hash and as DRNG", h);
    }
    for (i = 0; i < json_object_array_length(drng); i++) {
        const char *h = json_object_get_string(json_object_array_get_idx(drng, i));
        if (!has_name(wrapped, h))
            verify_problem(&c, "DRNG function %s is not in wrapped", h);
    }
    if (record_get_int(prof, "ops", &ops) != 0 || ops < PROFILE_MIN_OPS || ops > PROFILE_MAX_OPS) {
        verify_problem(&c, "ops missing or outside %d..%d", PROFILE_MIN_OPS, PROFILE_MAX_OPS);
        return c.problems;
    }
    if (record_get_int(prof, "total_ticks", &total) != 0 || total <= 0) {
        verify_problem(&c, "total_ticks missing or not positive: the counter never reads zero silently");
        return c.problems;
    }
    if (record_get(prof, "ticks_per_op", &v) == 0 && v)
        verify_same_double(&c, prof, "ticks_per_op", (double)total / (double)ops);
    if (record_get(prof, "calls", &calls) != 0 || !json_object_is_type(calls, json_type_array) ||
        record_get(prof, "functions", &fns) != 0 || !json_object_is_type(fns, json_type_object)) {
        verify_problem(&c, "calls or functions missing");
        return c.problems;
    }

    nw = json_object_array_length(wrapped);
    sums = calloc(nw ? nw : 1, sizeof *sums);
    if (!sums)
        abort();
    profile_calls(&c, calls, wrapped, sums, &all_calls, &all_ticks);
    if (all_ticks > total)
        verify_problem(&c, "the calls take %lld ticks, more than the operations' total_ticks %lld",
                (long long)all_ticks, (long long)total);

    /* functions: exactly the wrapped ones, each recomputed */
    {
        struct json_object_iterator it = json_object_iter_begin(fns), end = json_object_iter_end(fns);
        for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it))
            if (!has_name(wrapped, json_object_iter_peek_name(&it)))
                verify_problem(&c, "functions.%s is not a wrapped function", json_object_iter_peek_name(&it));
    }
    for (i = 0; i < nw; i++) {
        const char *f = json_object_get_string(json_object_array_get_idx(wrapped, i));
        double share = (double)sums[i].ticks / (double)total;
        if (strlen(f) > 100) {
            verify_problem(&c, "wrapped[%zu] is not a function name", i);
            continue;
        }
        snprintf(path, sizeof path, "functions.%s", f);
        if (record_get(prof, path, &v) != 0 || !json_object_is_type(v, json_type_object)) {
            verify_problem(&c, "%s missing", path);
            continue;
        }
        snprintf(path, sizeof path, "functions.%s.calls", f);
        verify_same_int(&c, prof, path, sums[i].calls);
        snprintf(path, sizeof path, "functions.%s.ticks", f);
        verify_same_int(&c, prof, path, sums[i].ticks);
        snprintf(path, sizeof path, "functions.%s.calls_per_op", f);
        verify_same_double(&c, prof, path, (double)sums[i].calls / (double)ops);
        snprintf(path, sizeof path, "functions.%s.share", f);
        verify_same_double(&c, prof, path, share);
        share_bounds(&c, prof, path);
        if (has_name(hash, f))
            hash_share += share;
        if (has_name(drng, f))
            drng_share += share;
        all += share;
    }
    verify_same_double(&c, prof, "hash_share", hash_share);
    verify_same_double(&c, prof, "drng_share", drng_share);
    share_bounds(&c, prof, "hash_share");
    share_bounds(&c, prof, "drng_share");
    if (record_get(prof, "wrapped_share", &v) == 0) {
        verify_same_double(&c, prof, "wrapped_share", all);
        share_bounds(&c, prof, "wrapped_share");
    }
    if (hash_share + drng_share > 1 + VERIFY_TOLERANCE)
        verify_problem(&c, "hash_share + drng_share is %.17g, more than 1", hash_share + drng_share);
    if (all > 1 + VERIFY_TOLERANCE)
        verify_problem(&c, "the shares add up to %.17g, more than 1", all);

    /* the accounting's cost */
    if (record_get_double(prof, "tick.wrapper_overhead_ticks", &d) == 0 &&
        record_get(prof, "overhead_share", &v) == 0 && v)
        verify_same_double(&c, prof, "overhead_share", d * (double)all_calls / (double)total);
    {
        double hz;
        if (record_get_double(prof, "tick.wrapper_overhead_ticks", &d) == 0 &&
            record_get_double(prof, "tick.frequency_hz", &hz) == 0 && hz > 0 &&
            record_get(prof, "tick.wrapper_overhead_ns", &v) == 0 && v)
            verify_same_double(&c, prof, "tick.wrapper_overhead_ns", d / hz * 1e9);
    }
    free(sums);
    return c.problems;
}
