/* verify_util.c -- what the parts of the checker share (verify_util.h).
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "digest.h"
#include "kind.h"
#include "outcome.h"
#include "record.h"
#include "sysfile.h"
#include "verify.h"
#include "verify_util.h"

static void line(struct verify_ctx *c, const char *prefix, const char *fmt, va_list ap)
{
    fprintf(c->out, "%s: %s", c->name, prefix);
    vfprintf(c->out, fmt, ap);
    fputc('\n', c->out);
}

void verify_problem(struct verify_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    line(c, "", fmt, ap);
    va_end(ap);
    c->problems++;
}

void verify_note(struct verify_ctx *c, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    line(c, "note: ", fmt, ap);
    va_end(ap);
}

static double absd(double x) { return x < 0 ? -x : x; }

int verify_close_enough(double a, double b)
{
    double scale = absd(a) > absd(b) ? absd(a) : absd(b);
    return absd(a - b) <= VERIFY_TOLERANCE * (scale > 1e-300 ? scale : 1e-300) || a == b;
}

void verify_same_double(struct verify_ctx *c, json_object *obj, const char *path, double want)
{
    double got;
    if (record_get_double(obj, path, &got) != 0)
        verify_problem(c, "%s missing or not a number", path);
    else if (!verify_close_enough(got, want))
        verify_problem(c, "%s is %.17g but the trials give %.17g", path, got, want);
}

void verify_same_int(struct verify_ctx *c, json_object *obj, const char *path, int64_t want)
{
    int64_t got;
    if (record_get_int(obj, path, &got) != 0)
        verify_problem(c, "%s missing or not an integer", path);
    else if (got != want)
        verify_problem(c, "%s is %lld but the trials give %lld", path, (long long)got, (long long)want);
}

void verify_listed_files(struct verify_ctx *c, json_object *obj, const char *root)
{
    json_object *files;
    size_t i;
    if (record_get(obj, "files", &files) != 0 || !json_object_is_type(files, json_type_array))
        return;
    for (i = 0; i < json_object_array_length(files); i++) {
        json_object *f = json_object_array_get_idx(files, i);
        const char *path = record_get_string(f, "path"), *want = record_get_string(f, "sha256");
        char hex[65], *full;
        if (!path || !want) {
            verify_problem(c, "files[%zu] lacks path or sha256", i);
            continue;
        }
        if (!root)
            continue;
        full = sys_join(root, path);
        if (!full || digest_file_hex(full, hex) != 0)
            verify_note(c, "%s not found, its SHA-256 not verified", path);
        else if (strcmp(hex, want) != 0)
            verify_problem(c, "%s has SHA-256 %s, the record lists %s", path, hex, want);
        free(full);
    }
}

int verify_format(struct verify_ctx *c, json_object *doc, const char *format, const char *what,
                  int min, int max, int *version)
{
    const char *fmt = record_get_string(doc, "format");
    int64_t v;
    *version = 0;
    if (!fmt || strcmp(fmt, format) != 0) {
        verify_problem(c, "not %s (format is not \"%s\")", what, format);
        return -1;
    }
    if (record_get_int(doc, "format_version", &v) == 0 && v >= min && v <= max)
        *version = (int)v;
    else if (min == max)
        verify_problem(c, "format_version is not %d", min);
    else
        verify_problem(c, "format_version is not one of %d .. %d", min, max);
    return 0;
}

int verify_head(struct verify_ctx *c, json_object *doc, const char *format, const char *what,
                int version, int *is_ok)
{
    int got;
    if (verify_format(c, doc, format, what, version, version, &got) != 0)
        return -1;
    if (verify_status_known(record_get_string(doc, "status"), is_ok) != 0) {
        verify_problem(c, "unknown status");
        return -1;
    }
    return 0;
}

int verify_status_known(const char *status, int *is_ok)
{
    enum outcome o;
    if (!status)
        return -1;
    if (outcome_from_name(status, &o) == 0) {
        *is_ok = o == OUTCOME_OK;
        return 0;
    }
    if (strcmp(status, "overflow") == 0) {
        *is_ok = 0;
        return 0;
    }
    return -1;
}

const struct kind *verify_kind(const char *type)
{
    return type ? kind_find(type) : kinds[0];
}
