/* rows.c -- ngcc-evidence's plumbing: problems, reading JSON, writing
 * typed values as tab-separated columns.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <float.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evidence.h"

/* ---- errors --------------------------------------------------------------- */

unsigned long nerrors;

void bad(const char *file, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
void bad(const char *file, const char *fmt, ...)
{
    va_list ap;
    fprintf(stderr, PROG ": %s: ", file);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    nerrors++;
}

void die(int status, const char *fmt, ...)
    __attribute__((noreturn, format(printf, 2, 3)));
void die(int status, const char *fmt, ...)
{
    va_list ap;
    fputs(PROG ": ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(status);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p)
        die(EXIT_SYSTEM, "out of memory");
    return p;
}

/* "%s/%s" (or "%s/%s/%s__%s.json" and friends): a fresh string. */
char *cat_path(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *cat_path(const char *fmt, ...)
{
    va_list ap;
    int n;
    char *s;
    va_start(ap, fmt);
    n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        die(EXIT_SYSTEM, "cannot format a path");
    s = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)n + 1, fmt, ap);
    va_end(ap);
    return s;
}

/* ---- reading JSON ------------------------------------------------------- */

/* The JSON document in PATH, or NULL after an error naming PATH.  A missing
 * file is an error only when REQUIRED; *ABSENT says it was missing. */
json_object *load_json(const char *path, int required, int *absent)
{
    FILE *f;
    char *buf;
    size_t len = 0, cap = 65536, n;
    json_tokener *tok;
    json_object *root;
    enum json_tokener_error jerr;

    if (absent)
        *absent = 0;
    f = fopen(path, "rb");
    if (!f) {
        if (errno == ENOENT && absent)
            *absent = 1;
        if (required || errno != ENOENT)
            bad(path, "cannot read: %s", strerror(errno));
        return NULL;
    }
    buf = xmalloc(cap);
    while ((n = fread(buf + len, 1, cap - len, f)) > 0) {
        len += n;
        if (len == cap) {
            char *p;
            if (cap > (size_t)INT_MAX / 2) {
                fclose(f);
                free(buf);
                bad(path, "too large to be evidence");
                return NULL;
            }
            p = realloc(buf, cap * 2);
            if (!p)
                die(EXIT_SYSTEM, "out of memory");
            buf = p;
            cap *= 2;
        }
    }
    if (ferror(f)) {
        bad(path, "cannot read: %s", strerror(errno));
        fclose(f);
        free(buf);
        return NULL;
    }
    fclose(f);

    tok = json_tokener_new();
    if (!tok)
        die(EXIT_SYSTEM, "out of memory");
    root = json_tokener_parse_ex(tok, buf, (int)len);
    jerr = json_tokener_get_error(tok);
    if (!root || jerr != json_tokener_success) {
        size_t off = json_tokener_get_parse_end(tok), i;
        unsigned long line = 1;
        if (jerr == json_tokener_continue || jerr == json_tokener_success)
            jerr = json_tokener_error_parse_eof;
        for (i = 0; i < off && i < len; i++)
            line += buf[i] == '\n';
        bad(path, "not valid JSON (line %lu: %s)", line, json_tokener_error_desc(jerr));
        json_object_put(root);
        root = NULL;
    } else {
        size_t end = json_tokener_get_parse_end(tok);
        while (end < len && strchr(" \t\r\n", buf[end]))
            end++;
        if (end < len) {
            bad(path, "not valid JSON (text after the document)");
            json_object_put(root);
            root = NULL;
        } else if (!json_object_is_type(root, json_type_object)) {
            bad(path, "not a JSON object");
            json_object_put(root);
            root = NULL;
        }
    }
    json_tokener_free(tok);
    free(buf);
    return root;
}

/* The value at the dotted PATH under OBJ (object keys, array indexes).
 * Returns 1 and sets *OUT (NULL for JSON null) when the path exists. */
int lookup(json_object *obj, const char *path, json_object **out)
{
    char key[128];
    const char *p = path;

    while (obj) {
        size_t n = strcspn(p, ".");
        if (n >= sizeof key)
            return 0;
        memcpy(key, p, n);
        key[n] = '\0';
        if (json_object_is_type(obj, json_type_object)) {
            if (!json_object_object_get_ex(obj, key, &obj))
                return 0;
        } else if (json_object_is_type(obj, json_type_array)) {
            char *end;
            long i = strtol(key, &end, 10);
            if (!*key || *end || i < 0 || (size_t)i >= json_object_array_length(obj))
                return 0;
            obj = json_object_array_get_idx(obj, (size_t)i);
        } else {
            return 0;
        }
        if (!p[n]) {
            *out = obj;
            return 1;
        }
        p += n + 1;
    }
    return 0; /* a null on the way */
}

const char *get_str(json_object *root, const char *path)
{
    json_object *v;
    if (!lookup(root, path, &v) || !json_object_is_type(v, json_type_string))
        return NULL;
    return json_object_get_string(v);
}

/* A number at PATH: 1 and *X, or 0 when absent, null or not a number. */
int get_num(json_object *root, const char *path, double *x)
{
    json_object *v;
    if (!lookup(root, path, &v) ||
        !(json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double)))
        return 0;
    *x = json_object_get_double(v);
    return 1;
}

/* ---- writing rows -------------------------------------------------------- */

void put_sep(void) { putchar('\t'); }
void put_null(void) { fputs("\\N", stdout); }

void put_escaped(const char *s)
{
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '\\')
            fputs("\\\\", stdout);
        else if (c == '\t')
            fputs("\\t", stdout);
        else if (c == '\n')
            fputs("\\n", stdout);
        else if (c == '\r')
            fputs("\\r", stdout);
        else if (c < 0x20 || c == 0x7f)
            fputs("\\?", stdout);
        else
            putchar(c);
    }
}

/* X in the shortest %.Ng form that reads back as the same double. */
void put_double(double x)
{
    char buf[40];
    int prec;
    for (prec = 1; prec <= 17; prec++) {
        snprintf(buf, sizeof buf, "%.*g", prec, x);
        if (strtod(buf, NULL) == x)
            break;
    }
    fputs(buf, stdout);
}


const char *type_name(enum ftype t)
{
    switch (t) {
    case T_STR: return "a string";
    case T_INT: return "an integer";
    case T_NUM: return "a number";
    case T_BOOL: return "true or false";
    case T_NAMES: return "an array of names";
    case T_INTS: return "an array of integers";
    case T_COUNT: return "an integer or an array";
    }
    return "?";
}

/* A name in an array of names: no spaces, no control characters. */
int is_name(const char *s)
{
    if (!*s)
        return 0;
    for (; *s; s++)
        if ((unsigned char)*s <= ' ' || *s == 0x7f)
            return 0;
    return 1;
}

/* Write the value of C under ROOT (after a tab), checking it; FILE names
 * the source in errors. */
void put_col(const char *file, json_object *root, const struct col *c, int status_ok)
{
    json_object *v = NULL;
    int found = lookup(root, c->path, &v);
    int required = c->req == REQ || (c->req == REQ_OK && status_ok);
    size_t i, n;

    put_sep();
    if (!found || !v) {
        if (required)
            bad(file, found ? "field %s is null" : "missing field %s", c->path);
        put_null();
        return;
    }
    switch (c->type) {
    case T_STR:
        if (!json_object_is_type(v, json_type_string))
            break;
        put_escaped(json_object_get_string(v));
        return;
    case T_INT:
        if (json_object_is_type(v, json_type_int)) {
            printf("%lld", (long long)json_object_get_int64(v));
            return;
        }
        if (json_object_is_type(v, json_type_double)) {
            double x = json_object_get_double(v);
            if (x > -9007199254740992.0 && x < 9007199254740992.0 && x == (double)(long long)x) {
                printf("%.0f", x);
                return;
            }
        }
        break;
    case T_NUM:
        if (json_object_is_type(v, json_type_int)) {
            printf("%lld", (long long)json_object_get_int64(v));
            return;
        }
        if (json_object_is_type(v, json_type_double)) {
            double x = json_object_get_double(v);
            if (!(x >= -DBL_MAX && x <= DBL_MAX)) /* NaN or infinite */
                break;
            put_double(x);
            return;
        }
        break;
    case T_BOOL:
        if (!json_object_is_type(v, json_type_boolean))
            break;
        fputs(json_object_get_boolean(v) ? "true" : "false", stdout);
        return;
    case T_COUNT:
        if (json_object_is_type(v, json_type_array)) {
            printf("%zu", json_object_array_length(v));
            return;
        }
        if (json_object_is_type(v, json_type_int)) {
            printf("%lld", (long long)json_object_get_int64(v));
            return;
        }
        break;
    case T_INTS:
        if (!json_object_is_type(v, json_type_array))
            break;
        n = json_object_array_length(v);
        for (i = 0; i < n; i++) {
            json_object *e = json_object_array_get_idx(v, i);
            if (!e || !json_object_is_type(e, json_type_int)) {
                bad(file, "field %s: item %zu is not an integer", c->path, i);
                return;
            }
            printf("%s%lld", i ? " " : "", (long long)json_object_get_int64(e));
        }
        return;
    case T_NAMES:
        if (!json_object_is_type(v, json_type_array))
            break;
        n = json_object_array_length(v);
        for (i = 0; i < n; i++) {
            json_object *e = json_object_array_get_idx(v, i);
            if (!e || !json_object_is_type(e, json_type_string) ||
                !is_name(json_object_get_string(e))) {
                bad(file, "field %s: item %zu is not a name (a string without spaces)",
                    c->path, i);
                return;
            }
            if (i)
                putchar(' ');
            fputs(json_object_get_string(e), stdout);
        }
        return;
    }
    bad(file, "field %s: expected %s", c->path, type_name(c->type));
}

void put_cols(const char *file, json_object *root, const struct col *cols,
                     size_t n, int status_ok)
{
    size_t i;
    for (i = 0; i < n; i++)
        put_col(file, root, &cols[i], status_ok);
}


/* ---- checks -------------------------------------------------------------- */

double absval(double x) { return x < 0 ? -x : x; }

/* A and B agree to a relative REL (and an absolute 1e-12). */
int close_to(double a, double b, double rel)
{
    double m = absval(a) > absval(b) ? absval(a) : absval(b);
    return absval(a - b) <= rel * m + 1e-12;
}

int check_format(const char *file, json_object *root, const char *format, int max_version)
{
    const char *f = get_str(root, "format");
    double v;
    if (!f)
        bad(file, "missing field format (not %s evidence)", format);
    else if (strcmp(f, format) != 0)
        bad(file, "format is \"%s\", not \"%s\"", f, format);
    else if (!get_num(root, "format_version", &v) || v < 1 || v > max_version || v != (int)v)
        bad(file, "format_version is not 1%s (this ngcc-evidence reads %s)",
            max_version > 1 ? " or 2" : "", max_version > 1 ? "versions 1 and 2" : "version 1");
    else
        return (int)v;
    return 0;
}

/* The statistics of an ok record against their sums and the plan. */
void check_stats(const char *file, json_object *r)
{
    double n, trials, iters, st, ss, mt, ms, ops;
    if (!get_num(r, "stats.n", &n) || !get_num(r, "stats.trials", &trials) ||
        !get_num(r, "plan.iters", &iters) || !get_num(r, "stats.sum_ticks", &st) ||
        !get_num(r, "stats.sum_seconds", &ss) || !get_num(r, "stats.mean_ticks", &mt) ||
        !get_num(r, "stats.mean_seconds", &ms) || !get_num(r, "stats.ops_per_second", &ops))
        return; /* already reported as missing */
    if (n <= 0 || ss <= 0) {
        bad(file, "stats.n and stats.sum_seconds must be positive");
        return;
    }
    if (n != trials * iters)
        bad(file, "stats.n (%.0f) is not stats.trials × plan.iters (%.0f × %.0f)",
            n, trials, iters);
    if (!close_to(mt, st / n, 1e-9))
        bad(file, "stats.mean_ticks disagrees with stats.sum_ticks / stats.n");
    if (!close_to(ms, ss / n, 1e-9))
        bad(file, "stats.mean_seconds disagrees with stats.sum_seconds / stats.n");
    if (!close_to(ops, n / ss, 1e-9))
        bad(file, "stats.ops_per_second disagrees with stats.n / stats.sum_seconds");
}

/* NAME is among the names of the array at PATH. */
int in_names(json_object *root, const char *path, const char *name)
{
    json_object *a;
    size_t i, n;
    if (!lookup(root, path, &a) || !a || !json_object_is_type(a, json_type_array))
        return 0;
    n = json_object_array_length(a);
    for (i = 0; i < n; i++) {
        json_object *e = json_object_array_get_idx(a, i);
        if (e && json_object_is_type(e, json_type_string) &&
            strcmp(json_object_get_string(e), name) == 0)
            return 1;
    }
    return 0;
}

