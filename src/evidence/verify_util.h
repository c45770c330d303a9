/* verify_util.h -- what the parts of the checker share: the problem and
 * note lines, recomputed numbers compared to recorded ones, the SHA-256 of
 * listed files, the known statuses.  Internal to src/evidence/verify_*.c.
 * Part of ngcc-perf. */
#ifndef NGCC_BENCH_VERIFY_UTIL_H
#define NGCC_BENCH_VERIFY_UTIL_H

#include <stdint.h>
#include <stdio.h>

#include <json.h>

/* One file being checked: lines "NAME: ..." go to OUT, PROBLEMS counts
 * the problem lines. */
struct verify_ctx {
    const char *name;
    FILE *out;
    int problems;
};

void verify_problem(struct verify_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* A "NAME: note: ..." line, not a problem. */
void verify_note(struct verify_ctx *c, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A and B agree to VERIFY_TOLERANCE (relative). */
int verify_close_enough(double a, double b);

/* OBJ's number (integer) at PATH is WANT, else a problem naming PATH. */
void verify_same_double(struct verify_ctx *c, json_object *obj, const char *path, double want);
void verify_same_int(struct verify_ctx *c, json_object *obj, const char *path, int64_t want);

/* The SHA-256 of every entry of OBJ's "files" (paths under ROOT; NULL:
 * not verified): a mismatch is a problem, a missing file a note. */
void verify_listed_files(struct verify_ctx *c, json_object *obj, const char *root);

/* Is DOC's "format" FORMAT?  Else a problem "not WHAT (format is not
 * ...)" and -1.  Its "format_version" in MIN..MAX goes to *VERSION, else a
 * problem and *VERSION is 0. */
int verify_format(struct verify_ctx *c, json_object *doc, const char *format, const char *what,
                  int min, int max, int *version);

/* The head of a record or profile: format FORMAT, format_version
 * VERSION, a known status (*IS_OK: whether "ok").  -1 when the rest
 * cannot be checked. */
int verify_head(struct verify_ctx *c, json_object *doc, const char *format, const char *what,
                int version, int *is_ok);

/* Is STATUS a status of a record or profile (doc/evidence.md)?  0 and in
 * *IS_OK whether it is "ok", else -1.  Accepts "overflow" (an
 * out-of-bounds write) whether or not outcome.h knows it yet. */
int verify_status_known(const char *status, int *is_ok);

struct kind;
/* The kind of a build.json entry or record whose type is TYPE (its
 * "type", or a record's "instance.type"): kind_find(TYPE); without a type
 * (evidence written before kinds), the first kind of kinds.c.  NULL for
 * a type no kind has. */
const struct kind *verify_kind(const char *type);

#endif
