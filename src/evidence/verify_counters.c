/* verify_counters.c -- the checker of a record's op_counters: the kept
 * trials' counters folded by the kind's merge rule (kind_timer.h) must be
 * the record's, key for key; a record whose trials count nothing has no
 * op_counters.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <string.h>

#include "kind_timer.h"
#include "record.h"
#include "verify_counters.h"
#include "verify_util.h"

/* OBJ's op_counters into K: 1 when present and well formed, 0 when absent,
 * -1 (a problem said, as WHERE) when malformed. */
static int read_counters(struct verify_ctx *c, json_object *obj, const char *where,
                         struct kind_counters *k)
{
    struct json_object_iterator it, end;
    json_object *v;
    k->n = 0;
    if (!json_object_object_get_ex(obj, "op_counters", &v) || !v)
        return 0;
    if (!json_object_is_type(v, json_type_object)) {
        verify_problem(c, "%s op_counters is not an object", where);
        return -1;
    }
    it = json_object_iter_begin(v);
    end = json_object_iter_end(v);
    for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
        json_object *val = json_object_iter_peek_value(&it);
        const char *key = json_object_iter_peek_name(&it);
        if (!json_object_is_type(val, json_type_int) || json_object_get_int64(val) < 0) {
            verify_problem(c, "%s op_counters.%s is not a count", where, key);
            return -1;
        }
        if (k->n == KIND_MAX_COUNTERS || strlen(key) >= KIND_COUNTER_NAME) {
            verify_problem(c, "%s op_counters: too many counters or too long a name", where);
            return -1;
        }
        snprintf(k->name[k->n], sizeof k->name[k->n], "%s", key);
        k->value[k->n++] = (unsigned long long)json_object_get_int64(val);
    }
    return 1;
}

/* Do A and B name the same counters?  The name of one that differs, or NULL. */
static const char *same_names(const struct kind_counters *a, const struct kind_counters *b)
{
    int i, j;
    for (i = 0; i < a->n; i++) {
        for (j = 0; j < b->n && strcmp(a->name[i], b->name[j]) != 0; j++)
            ;
        if (j == b->n)
            return a->name[i];
    }
    return a->n == b->n ? NULL : b->n > 0 ? b->name[b->n - 1] : "?";
}

int verify_counters(json_object *rec, const char *name, FILE *out)
{
    struct verify_ctx c = { name, out, 0 };
    struct kind_counters want = { 0 }, got, first = { 0 };
    json_object *arr;
    const char *status = record_get_string(rec, "status"), *odd;
    size_t i, n;
    int have, kept = 0, counting = 0, r, j, k;
    char where[48];

    have = read_counters(&c, rec, "the record's", &got);
    if (have < 0)
        return c.problems;
    if (record_get(rec, "trials", &arr) != 0 || !json_object_is_type(arr, json_type_array))
        return c.problems; /* verify_record says so */
    n = json_object_array_length(arr);
    for (i = 0; i < n; i++) {
        json_object *t = json_object_array_get_idx(arr, i);
        const char *state = record_get_string(t, "state");
        struct kind_counters one;
        if (!state || strcmp(state, "kept") != 0)
            continue;
        snprintf(where, sizeof where, "trials[%zu]", i);
        if ((r = read_counters(&c, t, where, &one)) < 0)
            return c.problems;
        if (kept == 0) {
            counting = r;
            first = one;
        } else if (r != counting || (odd = same_names(&one, &first)) != NULL ||
                   (odd = same_names(&first, &one)) != NULL) {
            verify_problem(&c, "%s does not count what the first kept trial counts", where);
            return c.problems;
        }
        kept++;
        kind_counters_add(&want, &one);
    }
    if (!(status && strcmp(status, "ok") == 0)) {
        if (have)
            verify_problem(&c, "status %s but op_counters are given", status ? status : "?");
        return c.problems;
    }
    if (counting && !have) {
        verify_problem(&c, "the kept trials count, the record has no op_counters");
        return c.problems;
    }
    if (have && !counting) {
        verify_problem(&c, "op_counters but no kept trial counts");
        return c.problems;
    }
    if (!have)
        return c.problems;
    if ((odd = same_names(&got, &want)) != NULL || (odd = same_names(&want, &got)) != NULL) {
        verify_problem(&c, "op_counters.%s is not what the kept trials count", odd);
        return c.problems;
    }
    for (j = 0; j < got.n; j++) {
        for (k = 0; strcmp(want.name[k], got.name[j]) != 0; k++)
            ;
        if (got.value[j] != want.value[k])
            verify_problem(&c, "op_counters.%s is %llu, the kept trials' %s is %llu", got.name[j],
                           got.value[j], kind_counter_merge(got.name[j]) == KIND_MERGE_MIN ? "minimum"
                           : kind_counter_merge(got.name[j]) == KIND_MERGE_MAX ? "maximum" : "sum",
                           want.value[k]);
    }
    return c.problems;
}
