/* verify_throughput.c -- the checker of a record's message size and
 * throughput section (verify_throughput.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <string.h>

#include "record.h"
#include "throughput.h"
#include "verify_throughput.h"
#include "verify_util.h"

/* The figure KEY of the recomputed section WANT against REC's. */
static void same_figure(struct verify_ctx *c, json_object *rec, json_object *want, const char *key)
{
    char path[64];
    double w;
    json_object *v;
    snprintf(path, sizeof path, "throughput.%s", key);
    if (record_get_double(want, key, &w) == 0)
        verify_same_double(c, rec, path, w);
    else if (record_get(rec, path, &v) == 0 && v)
        verify_problem(c, "%s is given, its statistics give none", path);
}

int verify_throughput(json_object *rec, const char *name, FILE *out)
{
    struct verify_ctx c = { name, out, 0 };
    const char *op = record_get_string(rec, "op"), *status = record_get_string(rec, "status");
    unsigned long bytes = op ? throughput_message_bytes(record_get_string(rec, "instance.type"), op) : 0;
    json_object *section = NULL, *mb = NULL, *want;
    int has_section = record_get(rec, "throughput", &section) == 0;
    int64_t got;

    record_get(rec, "inputs.message_bytes", &mb);
    if (bytes == 0) {
        if (mb)
            verify_problem(&c, "inputs.message_bytes for %s, an operation without a message",
                           op ? op : "?");
        if (has_section)
            verify_problem(&c, "a throughput section for %s, an operation without a message",
                           op ? op : "?");
        return c.problems;
    }
    if (record_get_int(rec, "inputs.message_bytes", &got) != 0 || got != (int64_t)bytes)
        verify_problem(&c, "inputs.message_bytes is not %lu, the message of %s", bytes, op);
    if (!has_section) {
        verify_problem(&c, "no throughput section (%s hashes %lu bytes a call)", op, bytes);
        return c.problems;
    }
    if (!(status && strcmp(status, "ok") == 0)) {
        if (section)
            verify_problem(&c, "status %s but a throughput is given", status ? status : "?");
        return c.problems;
    }
    if (!(want = throughput_json(rec, bytes))) {
        if (section)
            verify_problem(&c, "a throughput without statistics");
        return c.problems;
    }
    if (!section) {
        verify_problem(&c, "status ok but throughput is null");
    } else {
        verify_same_int(&c, rec, "throughput.message_bytes", (int64_t)bytes);
        same_figure(&c, rec, want, "ticks_per_byte");
        same_figure(&c, rec, want, "robust_ticks_per_byte");
        same_figure(&c, rec, want, "mb_per_s");
        if (!record_get_string(rec, "throughput.basis"))
            verify_problem(&c, "throughput without its basis");
    }
    json_object_put(want);
    return c.problems;
}
