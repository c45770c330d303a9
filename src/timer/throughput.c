/* throughput.c -- the per-byte figures of an operation that hashes a
 * message (throughput.h): the record's "throughput" section.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include "instance.h"
#include "kind.h"
#include "record.h"
#include "throughput.h"

unsigned long throughput_message_bytes(const char *type, const char *op)
{
    const struct kind_op *e = timer_op_entry(type, op, NULL);
    return e ? e->input_bytes : 0;
}

json_object *throughput_json(json_object *rec, unsigned long bytes)
{
    json_object *t;
    double mean_ticks, mean_s, robust;
    if (bytes == 0 || record_get_double(rec, "stats.mean_ticks", &mean_ticks) != 0 ||
        record_get_double(rec, "stats.mean_seconds", &mean_s) != 0)
        return NULL;
    t = json_object_new_object();
    json_object_object_add(t, "message_bytes", json_object_new_int64((int64_t)bytes));
    json_object_object_add(t, "ticks_per_byte", record_double(mean_ticks / (double)bytes));
    json_object_object_add(t, "robust_ticks_per_byte",
                           record_get_double(rec, "per_call.robust_ticks", &robust) == 0
                               ? record_double(robust / (double)bytes) : NULL);
    json_object_object_add(t, "mb_per_s",
                           mean_s > 0 ? record_double((double)bytes / mean_s / 1e6) : NULL);
    json_object_object_add(t, "basis", json_object_new_string(THROUGHPUT_BASIS));
    return t;
}
