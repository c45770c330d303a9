/* throughput.h -- the per-byte figures of an operation that hashes a
 * message (the hash kind's hash_32 .. hash_65536): the message's size from
 * the kind table (struct kind_op's input_bytes) and the record's
 * "throughput" section, ticks per byte and MB/s from its statistics
 * (doc/evidence.md).  Shared by the timer, which writes it, and the
 * checker, which recomputes it.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_THROUGHPUT_H
#define NGCC_BENCH_THROUGHPUT_H

#include <json.h>

/* How the section's figures are made (its "basis"). */
#define THROUGHPUT_BASIS \
    "per byte of the message of every call (message_bytes): ticks_per_byte = stats.mean_ticks / message_bytes, " \
    "robust_ticks_per_byte = per_call.robust_ticks / message_bytes, " \
    "mb_per_s = message_bytes / stats.mean_seconds / 10^6 (1 MB = 10^6 bytes)"

/* The message bytes of operation OP of an instance of kind TYPE (NULL:
 * the first kind that has OP): 0 for an operation without a message. */
unsigned long throughput_message_bytes(const char *type, const char *op);

/* The throughput section of record REC, whose op hashes BYTES bytes a
 * call, from its stats and per_call: NULL when REC has no stats. */
json_object *throughput_json(json_object *rec, unsigned long bytes);

#endif
