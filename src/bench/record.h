/* record.h -- JSON helpers for the evidence ngcc-bench writes: numbers
 * written in their shortest exact form, the statistics object, atomic
 * writes, loading, typed lookups.  The formats are in doc/evidence.md.
 * Part of ngcc-perf. */
#ifndef NGCC_BENCH_RECORD_H
#define NGCC_BENCH_RECORD_H

#include <stdint.h>

#include <json.h>

#include "stats.h"

struct ngcc_instance_info;

#define RECORD_FORMAT "ngcc-perf/bench-record"
#define HOST_FORMAT "ngcc-perf/bench-host"
#define RECORD_FORMAT_VERSION 1

/* A double in the shortest form that reads back exactly; null for NaN and
 * infinities. */
json_object *record_double(double d);

/* The "instance" object of a record or profile: the fields of INFO,
 * null for the strings it leaves NULL. */
json_object *rec_instance_info_json(const struct ngcc_instance_info *info);

/* The "stats" object of a record. */
json_object *record_stats_json(const struct stats *s);

/* Serialise OBJ (pretty, with a final newline) and write it atomically to
 * PATH, creating its directory.  0 on success, -1 with errno. */
int record_write(const char *path, json_object *obj);

/* Parse the JSON file PATH; NULL with ERR set on failure. */
json_object *record_load(const char *path, char *err, size_t errlen);

/* Typed lookups of a dotted path ("stats.trial_ticks.median").  0 when
 * present with the right type (ints are accepted as doubles). */
int record_get(json_object *obj, const char *path, json_object **out);
int record_get_int(json_object *obj, const char *path, int64_t *out);
int record_get_double(json_object *obj, const char *path, double *out);
const char *record_get_string(json_object *obj, const char *path);

#ifndef NGCC_BENCH_VERSION
#ifdef PACKAGE_VERSION
#define NGCC_BENCH_VERSION PACKAGE_VERSION
#else
#define NGCC_BENCH_VERSION "unknown"
#endif
#endif
#define NGCC_BENCH_TOOL "ngcc-bench (ngcc-perf) " NGCC_BENCH_VERSION

#endif
