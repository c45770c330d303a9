/* verify_fields.h -- typed, range-checked fields of build.json and
 * campaign.json for the checker.  Each problem is one line
 * "NAME: WHERE: FIELD ..." (WHERE names the entry, e.g.
 * "instances[2] (mlkem/ML-KEM-512)"; "" for the top level).  Internal to
 * src/evidence/verify_*.c.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_VERIFY_FIELDS_H
#define NGCC_BENCH_VERIFY_FIELDS_H

#include <stdint.h>

#include <json.h>

#include "verify_util.h"

/* Sizes of build.json (doc/campaign.md). */
#define VF_SIZE_MAX INT64_C(2147483647)         /* 2^31 - 1 */
#define VF_STATIC_BYTES_MAX (INT64_C(1) << 40) /* 2^40 */
#define VF_COUNT_MAX INT64_C(2147483647)

/* FIELD allows null. */
#define VF_NULL_OK 1
#define VF_REQUIRED 0

/* The value at the dotted PATH of OBJ: 0 and *V (NULL for a JSON null)
 * when present, -1 when missing. */
int vf_lookup(json_object *obj, const char *path, json_object **v);

/* Each returns 1 with the value, 0 for an allowed null, -1 after a problem
 * line (missing, wrong type, out of range, null not allowed). */
int vf_int(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
           int64_t min, int64_t max, int null_ok, int64_t *out);
int vf_number(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
              double min, int null_ok, double *out);
int vf_bool(struct verify_ctx *c, const char *where, json_object *obj, const char *path, int *out);
int vf_string(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
              int null_ok, const char **out);
/* A string among NAMES (NULL-terminated). */
int vf_enum(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
            const char *const *names, const char **out);
/* A UTC time stamp YYYY-MM-DDTHH:MM:SSZ. */
int vf_utc(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
           int null_ok, const char **out);
/* An object (1; *OUT), or an allowed null (0). */
int vf_object(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
              int null_ok, json_object **out);
/* A file named as {path, sha256}: the path relative to ROOT (or absolute),
 * without "..", the file there and its SHA-256 the one given. */
int vf_file(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
            const char *root, int null_ok);

/* The "confinement" section of a record or profile, when there (a record
 * written before it has none): its mechanism, ABI and restrictions agree
 * (doc/evidence.md). */
void vf_confinement(struct verify_ctx *c, json_object *rec);

/* An id or label: [A-Za-z0-9._-]+, neither "." nor "..".  1 yes. */
int vf_name_ok(const char *s);
/* YYYY-MM-DDTHH:MM:SSZ with fields in range.  1 yes. */
int vf_utc_ok(const char *s);
/* 64 lowercase hex digits.  1 yes. */
int vf_sha256_ok(const char *s);

#endif
