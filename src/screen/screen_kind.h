/* screen_kind.h -- the kind of the instance a screening run screens, and
 * the checks its table gives (asan-kat, asan-OP for each operation,
 * memcheck, secret).  Part of ngcc-perf. */
#ifndef NGCC_SCREEN_SCREEN_KIND_H
#define NGCC_SCREEN_SCREEN_KIND_H

#include <stddef.h>

#include "kind.h"

/* A check's name: "asan-" and an operation's name fit. */
#define SCREEN_CHECK_NAME 24
/* The checks of any kind: asan-kat, one per operation, memcheck, secret. */
#define SCREEN_MAX_CHECKS (KIND_MAX_OPS + 3)

/* The kind of an instance: the first of TYPES[0..N) that is set (the
 * build.info's type, the description's, the KAT log's), else the first
 * kind of the table (scheme.conf's default type, as ngcc-build-scheme).
 * NULL when the type named is no kind the package knows. */
const struct kind *screen_kind(const char *const *types, size_t n);

/* The `type` of instance LABEL in the description CONF (its own, else the
 * description's) into OUT ("" when none or unreadable). */
void screen_conf_type(const char *conf, const char *label, char *out, size_t size);

/* The checks of kind K in the order they run, into NAMES; their number.
 * The asan ones first, "asan-" and the worker's mode; memcheck and secret
 * last. */
size_t screen_check_names(const struct kind *k, char names[][SCREEN_CHECK_NAME], size_t max);

#endif
