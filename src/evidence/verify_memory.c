/* verify_memory.c -- check the memory figures of a record against its
 * trials (verify_memory.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdlib.h>
#include <string.h>

#include "memory_pass.h"
#include "record.h"
#include "verify_memory.h"
#include "verify_util.h"

static void check_pass(struct verify_ctx *c, size_t i, json_object *mp, const struct memory_figures *m)
{
    const struct stack_figures *s = &m->stack;
    const struct heap_figures *h = &m->heap;
    const char *sr = record_get_string(mp, "stack_reason"), *hr = record_get_string(mp, "heap_reason");
    if (m->stack_measured) {
        if (s->bytes < 0 || s->region_bytes <= 0 || s->bytes > s->region_bytes)
            verify_problem(c, "trials[%zu].memory_pass: stack_bytes %lld outside 0..stack_region_bytes %lld",
                    i, s->bytes, s->region_bytes);
        else if (s->exceeded && s->bytes != s->region_bytes)
            verify_problem(c, "trials[%zu].memory_pass: stack_exceeded but stack_bytes %lld is not the region %lld",
                    i, s->bytes, s->region_bytes);
    } else if (!sr || !sr[0]) {
        verify_problem(c, "trials[%zu].memory_pass: no stack_bytes and no stack_reason", i);
    }
    if (m->heap_measured) {
        if (h->allocated_bytes < 0 || h->allocations < 0 || h->peak_bytes < 0 || h->leaked_bytes < 0 ||
            h->peak_bytes > h->allocated_bytes || h->leaked_bytes > h->peak_bytes ||
            (h->allocated_bytes > 0 && h->allocations == 0))
            verify_problem(c, "trials[%zu].memory_pass: heap figures inconsistent (allocated %lld in %lld calls, "
                    "peak %lld, leaked %lld)", i, h->allocated_bytes, h->allocations, h->peak_bytes,
                    h->leaked_bytes);
    } else if (!hr || !hr[0]) {
        verify_problem(c, "trials[%zu].memory_pass: no heap figures and no heap_reason", i);
    }
}

static const char *const max_keys[] = {
    "stack_bytes", "stack_exceeded", "stack_region_bytes", "heap_allocated_bytes",
    "heap_allocations", "heap_peak_bytes", "heap_leaked_bytes"
};

int verify_memory(json_object *rec, const char *name, FILE *out)
{
    struct verify_ctx c = { name, out, 0 };
    json_object *arr, *mem, *want, *got, *exp;
    struct memory_figures *figs;
    const struct memory_figures **ptrs;
    size_t i, n, k;
    int nf = 0;

    if (record_get(rec, "trials", &arr) != 0 || !json_object_is_type(arr, json_type_array))
        return 0; /* the record checker says so */
    if (record_get(rec, "memory", &mem) != 0 || !json_object_is_type(mem, json_type_object)) {
        const char *status = record_get_string(rec, "status");
        if (json_object_array_length(arr) == 0 && !(status && strcmp(status, "ok") == 0))
            return 0; /* failed before any trial: nothing was measured */
        verify_problem(&c, "no memory section");
        return c.problems;
    }
    n = json_object_array_length(arr);
    figs = calloc(n ? n : 1, sizeof *figs);
    ptrs = calloc(n ? n : 1, sizeof *ptrs);
    if (!figs || !ptrs)
        abort();
    for (i = 0; i < n; i++) {
        json_object *t = json_object_array_get_idx(arr, i), *mp;
        const char *state = record_get_string(t, "state");
        if (!state || strcmp(state, "failed") == 0)
            continue;
        if (!json_object_object_get_ex(t, "memory_pass", &mp) || !json_object_is_type(mp, json_type_object)) {
            verify_problem(&c, "trials[%zu] has no memory_pass", i);
            continue;
        }
        memory_pass_from_json(mp, &figs[nf]);
        check_pass(&c, i, mp, &figs[nf]);
        ptrs[nf] = &figs[nf];
        nf++;
    }
    want = json_object_new_object();
    memory_pass_record(want, ptrs, nf);
    for (k = 0; k < sizeof max_keys / sizeof max_keys[0]; k++) {
        json_object_object_get_ex(want, max_keys[k], &exp);
        if (!json_object_object_get_ex(mem, max_keys[k], &got))
            verify_problem(&c, "memory.%s missing", max_keys[k]);
        else if (!json_object_equal(got, exp))
            verify_problem(&c, "memory.%s is %s but the trials give %s", max_keys[k],
                    got ? json_object_to_json_string(got) : "null",
                    exp ? json_object_to_json_string(exp) : "null");
    }
    for (k = 0; k < 2; k++) {
        const char *what = k ? "heap" : "stack";
        char key[32];
        const char *s;
        snprintf(key, sizeof key, "memory.%s_method", what);
        s = record_get_string(rec, key);
        if (!s || !s[0])
            verify_problem(&c, "%s missing", key);
        snprintf(key, sizeof key, "%s_bytes", k ? "heap_peak" : "stack");
        json_object_object_get_ex(want, key, &exp);
        snprintf(key, sizeof key, "memory.%s_reason", what);
        s = record_get_string(rec, key);
        if (!exp && (!s || !s[0]))
            verify_problem(&c, "%s missing: the %s figures are null", key, what);
        else if (exp && s)
            verify_problem(&c, "%s given but the %s figures are measured", key, what);
    }
    json_object_put(want);
    free(figs);
    free(ptrs);
    return c.problems;
}
