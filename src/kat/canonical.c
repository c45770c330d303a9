/* canonical.c - canonical form of a KAT text (kat.md section 2).
 *
 * Part of ngcc-perf.
 */
#define _POSIX_C_SOURCE 200809L

#include "canonical.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

const char *ngcc_canon_mode_name(enum ngcc_canon_mode mode)
{
    return mode == NGCC_CANON_NOLEN ? "nolen" : "strict";
}

int ngcc_canon_mode_parse(const char *s, size_t len,
                          enum ngcc_canon_mode *mode)
{
    if (len == 6 && memcmp(s, "strict", 6) == 0) {
        *mode = NGCC_CANON_STRICT;
        return 0;
    }
    if (len == 5 && memcmp(s, "nolen", 5) == 0) {
        *mode = NGCC_CANON_NOLEN;
        return 0;
    }
    return -1;
}

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

size_t ngcc_canon_line_key(const char *line, size_t len, const char **key)
{
    const char *eq = memchr(line, '=', len);
    size_t n;

    if (eq == NULL) {
        *key = NULL;
        return 0;
    }
    n = (size_t)(eq - line);
    while (n > 0 && is_blank(line[n - 1]))
        n--;
    *key = line;
    return n;
}

static int key_is(const char *key, size_t n, const char *want)
{
    size_t w = strlen(want);
    return key != NULL && n == w && memcmp(key, want, w) == 0;
}

/* The key that opens a record: the kind's (one kind per ngcc-kat run). */
static const char *record_key = "Count";

void ngcc_canon_set_record_key(const char *key)
{
    record_key = key != NULL ? key : "Count";
}

static int key_ends_len(const char *key, size_t n)
{
    return key != NULL && n >= 4 && memcmp(key + n - 4, "_Len", 4) == 0;
}

void ngcc_canon_filter_init(struct ngcc_canon_filter *f,
                            enum ngcc_canon_mode mode,
                            unsigned long max_records)
{
    f->mode = mode;
    f->max_records = max_records;
    f->records = 0;
    f->stopped = 0;
}

size_t ngcc_canon_filter_line(struct ngcc_canon_filter *f, const char *line,
                              size_t len)
{
    const char *key;
    size_t keylen;

    if (f->stopped)
        return 0;
    while (len > 0 && (line[len - 1] == '\r' || is_blank(line[len - 1])))
        len--;
    if (len == 0)
        return 0;
    keylen = ngcc_canon_line_key(line, len, &key);
    if (key_is(key, keylen, record_key)) {
        if (f->max_records != 0 && f->records >= f->max_records) {
            f->stopped = 1;
            return 0;
        }
        f->records++;
    }
    if (f->mode == NGCC_CANON_NOLEN && key_ends_len(key, keylen))
        return 0;
    return len;
}

static void reader_init(struct ngcc_canon_reader *r, enum ngcc_canon_mode mode,
                        unsigned long max_records)
{
    memset(r, 0, sizeof *r);
    ngcc_canon_filter_init(&r->filter, mode, max_records);
    r->record = -1;
}

void ngcc_canon_reader_file(struct ngcc_canon_reader *r, FILE *fp,
                            enum ngcc_canon_mode mode,
                            unsigned long max_records)
{
    reader_init(r, mode, max_records);
    r->fp = fp;
}

void ngcc_canon_reader_buffer(struct ngcc_canon_reader *r, const void *buf,
                              size_t len, enum ngcc_canon_mode mode,
                              unsigned long max_records)
{
    reader_init(r, mode, max_records);
    r->buf = buf;
    r->buflen = len;
}

/* Next physical line without its '\n': 1, 0 at the end, -1 on error. */
static int next_physical(struct ngcc_canon_reader *r, const char **line,
                         size_t *len)
{
    if (r->eof)
        return 0;
    if (r->fp != NULL) {
        ssize_t n;

        errno = 0;
        n = getline(&r->line, &r->linecap, r->fp);
        if (n < 0) {
            r->eof = 1;
            if (ferror(r->fp)) {
                if (errno == 0)
                    errno = EIO;
                return -1;
            }
            return 0;
        }
        if (n > 0 && r->line[n - 1] == '\n')
            n--;
        *line = r->line;
        *len = (size_t)n;
    } else {
        const char *start, *nl;
        size_t rest;

        if (r->bufpos >= r->buflen) {
            r->eof = 1;
            return 0;
        }
        start = r->buf + r->bufpos;
        rest = r->buflen - r->bufpos;
        nl = memchr(start, '\n', rest);
        if (nl != NULL) {
            *len = (size_t)(nl - start);
            r->bufpos += *len + 1;
        } else {
            *len = rest;
            r->bufpos = r->buflen;
        }
        *line = start;
    }
    r->lineno++;
    return 1;
}

int ngcc_canon_reader_next(struct ngcc_canon_reader *r, const char **line,
                           size_t *len)
{
    const char *p;
    size_t n, kept;
    int rc;

    for (;;) {
        if (r->filter.stopped) {
            r->eof = 1;
            return 0;
        }
        rc = next_physical(r, &p, &n);
        if (rc <= 0)
            return rc;
        kept = ngcc_canon_filter_line(&r->filter, p, n);
        if (kept > 0) {
            r->record = (long)r->filter.records - 1;
            *line = p;
            *len = kept;
            return 1;
        }
    }
}

void ngcc_canon_reader_free(struct ngcc_canon_reader *r)
{
    free(r->line);
    r->line = NULL;
    r->linecap = 0;
}

int ngcc_canon_digest_reader(struct ngcc_canon_reader *r,
                             struct ngcc_canon_result *res)
{
    ngcc_sha256_ctx ctx;
    const char *line;
    size_t len;
    int rc;

    memset(res, 0, sizeof *res);
    ngcc_sha256_init(&ctx);
    while ((rc = ngcc_canon_reader_next(r, &line, &len)) == 1) {
        ngcc_sha256_update(&ctx, line, len);
        ngcc_sha256_update(&ctx, "\n", 1);
        res->lines++;
    }
    ngcc_sha256_final(&ctx, res->digest);
    ngcc_sha256_hex(res->digest, res->hex);
    res->records = r->filter.records;
    return rc < 0 ? -1 : 0;
}

int ngcc_canon_digest_file(FILE *fp, enum ngcc_canon_mode mode,
                           unsigned long max_records,
                           struct ngcc_canon_result *res)
{
    struct ngcc_canon_reader r;
    int rc;

    ngcc_canon_reader_file(&r, fp, mode, max_records);
    rc = ngcc_canon_digest_reader(&r, res);
    ngcc_canon_reader_free(&r);
    return rc;
}

int ngcc_canon_digest_buffer(const void *buf, size_t len,
                             enum ngcc_canon_mode mode,
                             unsigned long max_records,
                             struct ngcc_canon_result *res)
{
    struct ngcc_canon_reader r;
    int rc;

    ngcc_canon_reader_buffer(&r, buf, len, mode, max_records);
    rc = ngcc_canon_digest_reader(&r, res);
    ngcc_canon_reader_free(&r);
    return rc;
}

static void copy_key(char *dst, size_t size, const char *line, size_t len)
{
    const char *key;
    size_t n = ngcc_canon_line_key(line, len, &key);

    if (key == NULL) {
        /* No '=': use the start of the line itself. */
        key = line;
        n = len;
    }
    if (n >= size)
        n = size - 1;
    memcpy(dst, key, n);
    dst[n] = '\0';
}

/* A line's value (what follows '=' and the blanks): its length, and its
 * first characters into DST. */
static size_t copy_value(char *dst, size_t size, const char *line, size_t len)
{
    const char *eq = memchr(line, '=', len);
    size_t i, n;

    dst[0] = '\0';
    if (eq == NULL)
        return 0;
    i = (size_t)(eq - line) + 1;
    while (i < len && is_blank(line[i]))
        i++;
    n = len - i < size - 1 ? len - i : size - 1;
    memcpy(dst, line + i, n);
    dst[n] = '\0';
    return len - i;
}

int ngcc_canon_compare(struct ngcc_canon_reader *a,
                       struct ngcc_canon_reader *b, struct ngcc_canon_diff *d)
{
    const char *la = NULL, *lb = NULL;
    size_t na = 0, nb = 0;
    int ra, rb;

    memset(d, 0, sizeof *d);
    for (;;) {
        ra = ngcc_canon_reader_next(a, &la, &na);
        if (ra < 0)
            return -1;
        rb = ngcc_canon_reader_next(b, &lb, &nb);
        if (rb < 0)
            return -1;
        if (ra == 0 && rb == 0) {
            d->kind = NGCC_CANON_SAME;
            d->record_a = a->record;
            d->record_b = b->record;
            return 0;
        }
        if (ra == 1 && rb == 1 && na == nb && memcmp(la, lb, na) == 0)
            continue;
        break;
    }
    d->line_a = ra == 1 ? a->lineno : 0;
    d->line_b = rb == 1 ? b->lineno : 0;
    d->record_a = a->record;
    d->record_b = b->record;
    if (ra == 1 && rb == 1) {
        d->kind = NGCC_CANON_LINE_DIFFERS;
        copy_key(d->key, sizeof d->key, la, na);
        copy_key(d->key_b, sizeof d->key_b, lb, nb);
        if (strcmp(d->key, d->key_b) == 0) {
            d->value_len_a = copy_value(d->value_a, sizeof d->value_a, la, na);
            d->value_len_b = copy_value(d->value_b, sizeof d->value_b, lb, nb);
        }
    } else if (ra == 0) {
        d->kind = NGCC_CANON_A_SHORTER;
        copy_key(d->key, sizeof d->key, lb, nb);
    } else {
        d->kind = NGCC_CANON_B_SHORTER;
        copy_key(d->key, sizeof d->key, la, na);
    }
    return 1;
}

int ngcc_canon_is_template(struct ngcc_canon_reader *r)
{
    const char *line, *key;
    size_t len, keylen;
    int rc;

    while ((rc = ngcc_canon_reader_next(r, &line, &len)) == 1) {
        keylen = ngcc_canon_line_key(line, len, &key);
        /* Canonical lines have no trailing blanks: "PK_Len =" ends at '='. */
        if (key_ends_len(key, keylen) && line[len - 1] == '=')
            return 1;
    }
    return rc < 0 ? -1 : 0;
}
