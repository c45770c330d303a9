/* manifest.c - KAT manifests (kat.sha256): parse, look up, update.
 *
 * Part of ngcc-perf.
 */
#define _POSIX_C_SOURCE 200809L

#include "manifest.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

static int is_blank(char c)
{
    return c == ' ' || c == '\t';
}

static int is_ctrl(unsigned char c)
{
    return c < 0x20 || c == 0x7f;
}

int ngcc_manifest_valid_component(const char *s)
{
    const unsigned char *p = (const unsigned char *)s;

    if (*p == '\0')
        return 0;
    for (; *p != '\0'; p++)
        if (*p == ' ' || *p == '/' || is_ctrl(*p))
            return 0;
    return 1;
}

/* Length of the field at P (up to a blank or END). */
static size_t field_len(const char *p, const char *end)
{
    const char *q = p;
    while (q < end && !is_blank(*q))
        q++;
    return (size_t)(q - p);
}

static const char *skip_blanks(const char *p, const char *end)
{
    while (p < end && is_blank(*p))
        p++;
    return p;
}

static int parse_records(const char *s, size_t n, unsigned long *out)
{
    unsigned long v = 0;
    size_t i;

    if (n == 0)
        return -1;
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return -1;
        v = v * 10 + (unsigned long)(s[i] - '0');
        if (v > NGCC_MANIFEST_MAX_RECORDS)
            return -1;
    }
    if (v == 0)
        return -1;
    *out = v;
    return 0;
}

int ngcc_manifest_parse_line(const char *line, size_t len,
                             struct ngcc_manifest_entry *e, const char **why)
{
    const char *p = line, *end = line + len, *colon, *path;
    size_t n, i, pathlen;
    char *copy, *slash;

    while (end > p && (end[-1] == '\r' || is_blank(end[-1])))
        end--;
    p = skip_blanks(p, end);
    if (p == end || *p == '#')
        return 0;

    memset(e, 0, sizeof *e);
    /* Digest. */
    n = field_len(p, end);
    if (n != 64) {
        *why = "the digest must be 64 lowercase hex digits";
        return -1;
    }
    for (i = 0; i < 64; i++) {
        char c = p[i];
        if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
            *why = "the digest must be 64 lowercase hex digits";
            return -1;
        }
        e->hex[i] = c;
    }
    e->hex[64] = '\0';
    p = skip_blanks(p + n, end);
    if (p == end) {
        *why = "missing mode and path after the digest";
        return -1;
    }

    /* Mode and record count. */
    n = field_len(p, end);
    colon = memchr(p, ':', n);
    if (ngcc_canon_mode_parse(p, colon ? (size_t)(colon - p) : n,
                              &e->mode) != 0) {
        *why = "unknown mode (expected strict or nolen, optionally :N)";
        return -1;
    }
    e->records = NGCC_KAT_DEFAULT_RECORDS;
    if (colon != NULL) {
        if (parse_records(colon + 1, (size_t)(p + n - colon - 1),
                          &e->records) != 0) {
            *why = "the record count after ':' must be a number from 1 to "
                   "100000000";
            return -1;
        }
        e->has_records = 1;
    }
    p = skip_blanks(p + n, end);
    if (p == end) {
        *why = "missing path (<label>/<KAT file>) after the mode";
        return -1;
    }

    /* Path. */
    path = p;
    pathlen = field_len(p, end);
    p = skip_blanks(p + pathlen, end);
    if (p != end) {
        *why = "extra text after the path";
        return -1;
    }
    for (i = 0; i < pathlen; i++) {
        if (is_ctrl((unsigned char)path[i])) {
            *why = "control character in the path";
            return -1;
        }
    }
    if (path[0] == '/' || path[pathlen - 1] == '/') {
        *why = "the path must be <label>/<KAT file> or <KAT file>";
        return -1;
    }
    for (i = 1; i < pathlen; i++) {
        if (path[i] == '/' && path[i - 1] == '/') {
            *why = "the path must be <label>/<KAT file> or <KAT file>";
            return -1;
        }
    }
    copy = malloc(pathlen + 1);
    if (copy == NULL) {
        *why = "out of memory";
        return -1;
    }
    memcpy(copy, path, pathlen);
    copy[pathlen] = '\0';
    e->path = copy;
    slash = strrchr(copy, '/');
    e->file = slash ? slash + 1 : copy;
    return 1;
}

void ngcc_manifest_free(struct ngcc_manifest *m)
{
    size_t i;

    for (i = 0; i < m->count; i++)
        free(m->entries[i].path);
    free(m->entries);
    free(m->name);
    m->entries = NULL;
    m->count = 0;
    m->name = NULL;
}

int ngcc_manifest_parse_buffer(struct ngcc_manifest *m, const char *name,
                               const char *buf, size_t len,
                               char *err, size_t errsize)
{
    size_t pos = 0, cap = 0, i;
    unsigned long lineno = 0;
    struct ngcc_manifest_entry e;
    const char *why;

    m->entries = NULL;
    m->count = 0;
    m->name = strdup(name);
    if (m->name == NULL) {
        snprintf(err, errsize, "%s: out of memory", name);
        return -1;
    }
    while (pos < len) {
        const char *line = buf + pos, *nl;
        size_t n;
        int rc;

        nl = memchr(line, '\n', len - pos);
        n = nl ? (size_t)(nl - line) : len - pos;
        pos += n + (nl ? 1 : 0);
        lineno++;
        rc = ngcc_manifest_parse_line(line, n, &e, &why);
        if (rc == 0)
            continue;
        if (rc < 0) {
            snprintf(err, errsize, "%s:%lu: malformed manifest line: %s",
                     name, lineno, why);
            goto fail;
        }
        e.lineno = lineno;
        for (i = 0; i < m->count; i++) {
            if (strcmp(m->entries[i].path, e.path) == 0) {
                snprintf(err, errsize,
                         "%s:%lu: duplicate entry for %s (first at line %lu)",
                         name, lineno, e.path, m->entries[i].lineno);
                free(e.path);
                goto fail;
            }
        }
        if (m->count == cap) {
            size_t ncap = cap ? 2 * cap : 16;
            struct ngcc_manifest_entry *v =
                realloc(m->entries, ncap * sizeof *v);
            if (v == NULL) {
                snprintf(err, errsize, "%s: out of memory", name);
                free(e.path);
                goto fail;
            }
            m->entries = v;
            cap = ncap;
        }
        m->entries[m->count++] = e;
    }
    /* FILE pointers into PATH survive the reallocs: PATH is separate. */
    return 0;

fail:
    ngcc_manifest_free(m);
    return -1;
}

/* Read a whole file.  Returns 0, or -1 with errno set. */
static int read_file(const char *path, char **buf, size_t *len)
{
    FILE *fp = fopen(path, "rb");
    char *b = NULL;
    size_t n = 0, cap = 0;

    if (fp == NULL)
        return -1;
    for (;;) {
        size_t got;
        if (cap - n < 4096) {
            char *nb;
            cap = cap ? 2 * cap : 8192;
            nb = realloc(b, cap);
            if (nb == NULL) {
                free(b);
                fclose(fp);
                errno = ENOMEM;
                return -1;
            }
            b = nb;
        }
        got = fread(b + n, 1, cap - n, fp);
        n += got;
        if (got == 0)
            break;
    }
    if (ferror(fp)) {
        int saved = errno ? errno : EIO;
        free(b);
        fclose(fp);
        errno = saved;
        return -1;
    }
    fclose(fp);
    *buf = b;
    *len = n;
    return 0;
}

int ngcc_manifest_load(struct ngcc_manifest *m, const char *path,
                       char *err, size_t errsize)
{
    char *buf;
    size_t len;
    int rc;

    m->entries = NULL;
    m->count = 0;
    m->name = NULL;
    if (read_file(path, &buf, &len) != 0) {
        snprintf(err, errsize, "%s: %s", path, strerror(errno));
        return -1;
    }
    rc = ngcc_manifest_parse_buffer(m, path, buf, len, err, errsize);
    free(buf);
    return rc;
}

const struct ngcc_manifest_entry *
ngcc_manifest_lookup(const struct ngcc_manifest *m, const char *label,
                     const char *file, size_t *ambiguous)
{
    const struct ngcc_manifest_entry *found = NULL;
    size_t i, nfound = 0, llen = strlen(label);

    if (ambiguous != NULL)
        *ambiguous = 0;
    for (i = 0; i < m->count; i++) {
        const char *p = m->entries[i].path;
        if (strncmp(p, label, llen) == 0 && p[llen] == '/' &&
            strcmp(p + llen + 1, file) == 0)
            return &m->entries[i];
    }
    for (i = 0; i < m->count; i++) {
        if (strcmp(m->entries[i].file, file) == 0) {
            if (found == NULL)
                found = &m->entries[i];
            nfound++;
        }
    }
    if (nfound > 1) {
        if (ambiguous != NULL)
            *ambiguous = nfound;
        return NULL;
    }
    return found;
}

int ngcc_manifest_format_line(const struct ngcc_manifest_entry *e, char *buf,
                              size_t size)
{
    char recs[32] = "";
    int n;

    if (e->records != NGCC_KAT_DEFAULT_RECORDS)
        snprintf(recs, sizeof recs, ":%lu", e->records);
    n = snprintf(buf, size, "%s %s%s %s\n", e->hex,
                 ngcc_canon_mode_name(e->mode), recs, e->path);
    if (n < 0 || (size_t)n >= size)
        return -1;
    return n;
}

static int write_all(int fd, const char *p, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, p, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        p += w;
        n -= (size_t)w;
    }
    return 0;
}

int ngcc_manifest_update(const char *path, const struct ngcc_manifest_entry *e,
                         char *err, size_t errsize)
{
    char *old = NULL, *tmp = NULL, *out = NULL, *newline = NULL;
    size_t oldlen = 0, pos = 0, outlen = 0, nllen;
    unsigned long lineno = 0;
    int replaced = 0, fd = -1, linelen, rc = -1;
    struct stat st;
    mode_t mode;

    if (!ngcc_manifest_valid_component(e->file) || e->path[0] == '/') {
        snprintf(err, errsize, "%s: cannot record an entry for '%s'", path,
                 e->path);
        return -1;
    }
    nllen = strlen(e->path) + 128;
    newline = malloc(nllen);
    if (newline == NULL)
        goto nomem;
    linelen = ngcc_manifest_format_line(e, newline, nllen);
    if (linelen < 0)
        goto nomem;

    if (read_file(path, &old, &oldlen) != 0) {
        if (errno != ENOENT) {
            snprintf(err, errsize, "%s: %s", path, strerror(errno));
            goto out;
        }
        old = NULL;
        oldlen = 0;
    }
    out = malloc(oldlen + (size_t)linelen + 3);
    if (out == NULL)
        goto nomem;

    while (pos < oldlen) {
        const char *line = old + pos, *nl;
        struct ngcc_manifest_entry cur;
        const char *why;
        size_t n, whole;
        int prc;

        nl = memchr(line, '\n', oldlen - pos);
        n = nl ? (size_t)(nl - line) : oldlen - pos;
        whole = n + (nl ? 1 : 0);
        pos += whole;
        lineno++;
        prc = ngcc_manifest_parse_line(line, n, &cur, &why);
        if (prc < 0) {
            snprintf(err, errsize, "%s:%lu: malformed manifest line: %s",
                     path, lineno, why);
            goto out;
        }
        if (prc > 0 && !replaced && strcmp(cur.path, e->path) == 0) {
            /* Keep the line's own ending (LF or CRLF). */
            int crlf = n > 0 && line[n - 1] == '\r';
            memcpy(out + outlen, newline, (size_t)linelen - 1);
            outlen += (size_t)linelen - 1;
            if (crlf)
                out[outlen++] = '\r';
            if (nl != NULL)
                out[outlen++] = '\n';
            replaced = 1;
        } else {
            memcpy(out + outlen, line, whole);
            outlen += whole;
        }
        if (prc > 0)
            free(cur.path);
    }
    if (!replaced) {
        if (outlen > 0 && out[outlen - 1] != '\n')
            out[outlen++] = '\n';
        memcpy(out + outlen, newline, (size_t)linelen);
        outlen += (size_t)linelen;
    }

    if (stat(path, &st) == 0) {
        mode = st.st_mode & 07777;
    } else {
        mode_t mask = umask(0);
        umask(mask);
        mode = 0666 & ~mask;
    }
    tmp = malloc(strlen(path) + 16);
    if (tmp == NULL)
        goto nomem;
    sprintf(tmp, "%s.tmpXXXXXX", path);
    fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errsize, "%s: cannot create a temporary file: %s", path,
                 strerror(errno));
        free(tmp);
        tmp = NULL;
        goto out;
    }
    if (fchmod(fd, mode) != 0 || write_all(fd, out, outlen) != 0 ||
        fsync(fd) != 0) {
        snprintf(err, errsize, "%s: %s", tmp, strerror(errno));
        goto out;
    }
    if (close(fd) != 0) {
        fd = -1;
        snprintf(err, errsize, "%s: %s", tmp, strerror(errno));
        goto out;
    }
    fd = -1;
    if (rename(tmp, path) != 0) {
        snprintf(err, errsize, "%s: cannot rename %s: %s", path, tmp,
                 strerror(errno));
        goto out;
    }
    free(tmp);
    tmp = NULL;
    rc = 0;
    goto out;

nomem:
    snprintf(err, errsize, "%s: out of memory", path);
out:
    if (fd >= 0)
        close(fd);
    if (tmp != NULL) {
        unlink(tmp);
        free(tmp);
    }
    free(old);
    free(out);
    free(newline);
    return rc;
}
