/* canonical.h - canonical form of a KAT text and its SHA-256 digest.
 *
 * Part of ngcc-perf.  kat.md section 2: split the text on '\n'; strip
 * trailing '\r', spaces and tabs from every line; drop the lines that are then
 * empty; hash every kept line followed by '\n'.  Mode "nolen" also drops each
 * line whose key (the text before '=', trailing blanks trimmed) ends in
 * "_Len".  A record starts at a line whose key is "Count" (a kind may name
 * another: ngcc_canon_set_record_key); with a record limit N the (N+1)-th
 * such line and everything after it are dropped.
 *
 * The same line filter drives the digest and a line-by-line comparison that
 * can say where two KAT texts first differ.  Input is a FILE * (streamed, a
 * line at a time) or a memory buffer.
 */
#ifndef NGCC_KAT_CANONICAL_H
#define NGCC_KAT_CANONICAL_H

#include <stddef.h>
#include <stdio.h>

#include "sha256.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The key opening a record from now on, for every reader of the process
 * (kind.h's kat_record_key: "Msg_Len" for a hash); NULL: "Count". */
void ngcc_canon_set_record_key(const char *key);

enum ngcc_canon_mode {
    NGCC_CANON_STRICT = 0,
    NGCC_CANON_NOLEN = 1
};

/* "strict" / "nolen". */
const char *ngcc_canon_mode_name(enum ngcc_canon_mode mode);
/* Parse the first LEN bytes of S as a mode name: 0, or -1 if unknown. */
int ngcc_canon_mode_parse(const char *s, size_t len,
                          enum ngcc_canon_mode *mode);

/* The key of a line: the text before the first '=', trailing blanks
 * trimmed.  Returns its length and sets *KEY, or returns 0 (and *KEY = NULL)
 * when the line has no '='. */
size_t ngcc_canon_line_key(const char *line, size_t len, const char **key);

/* ---- line filter ------------------------------------------------------ */

struct ngcc_canon_filter {
    enum ngcc_canon_mode mode;
    unsigned long max_records;  /* 0: no limit */
    unsigned long records;      /* "Count" lines kept so far */
    int stopped;                /* the record limit was reached */
};

void ngcc_canon_filter_init(struct ngcc_canon_filter *f,
                            enum ngcc_canon_mode mode,
                            unsigned long max_records);

/* Canonicalise one physical line (without its '\n').  Returns the length of
 * the kept text, which is a prefix of LINE, or 0 when the line is dropped. */
size_t ngcc_canon_filter_line(struct ngcc_canon_filter *f, const char *line,
                              size_t len);

/* ---- reader: the canonical lines of a file or buffer ------------------- */

struct ngcc_canon_reader {
    struct ngcc_canon_filter filter;
    FILE *fp;                   /* file input, or NULL */
    const char *buf;            /* buffer input */
    size_t buflen, bufpos;
    char *line;                 /* getline storage (file input) */
    size_t linecap;
    unsigned long lineno;       /* physical line number (1-based) of the
                                   line last returned */
    long record;                /* record index of the line last returned,
                                   -1 before the first "Count" line */
    int eof;
};

/* The reader reads FP from its current position; it does not close it. */
void ngcc_canon_reader_file(struct ngcc_canon_reader *r, FILE *fp,
                            enum ngcc_canon_mode mode,
                            unsigned long max_records);
void ngcc_canon_reader_buffer(struct ngcc_canon_reader *r, const void *buf,
                              size_t len, enum ngcc_canon_mode mode,
                              unsigned long max_records);
/* Next kept line: returns 1 and sets *LINE, *LEN (not NUL-terminated, valid
 * until the next call), 0 at the end, -1 on a read error (errno set). */
int ngcc_canon_reader_next(struct ngcc_canon_reader *r, const char **line,
                           size_t *len);
void ngcc_canon_reader_free(struct ngcc_canon_reader *r);

/* ---- digest ------------------------------------------------------------ */

struct ngcc_canon_result {
    unsigned char digest[NGCC_SHA256_DIGEST_BYTES];
    char hex[NGCC_SHA256_HEX_BYTES];
    unsigned long records;      /* records covered */
    unsigned long lines;        /* canonical lines hashed */
};

/* Consume R and digest its canonical lines.  0, or -1 on a read error. */
int ngcc_canon_digest_reader(struct ngcc_canon_reader *r,
                             struct ngcc_canon_result *res);
int ngcc_canon_digest_file(FILE *fp, enum ngcc_canon_mode mode,
                           unsigned long max_records,
                           struct ngcc_canon_result *res);
int ngcc_canon_digest_buffer(const void *buf, size_t len,
                             enum ngcc_canon_mode mode,
                             unsigned long max_records,
                             struct ngcc_canon_result *res);

/* ---- comparison -------------------------------------------------------- */

enum ngcc_canon_diff_kind {
    NGCC_CANON_SAME = 0,        /* identical canonical forms */
    NGCC_CANON_LINE_DIFFERS,    /* a line differs */
    NGCC_CANON_A_SHORTER,       /* A ended while B had more lines */
    NGCC_CANON_B_SHORTER        /* B ended while A had more lines */
};

struct ngcc_canon_diff {
    enum ngcc_canon_diff_kind kind;
    unsigned long line_a, line_b;   /* physical line numbers, 0 at the end */
    long record_a, record_b;        /* record indices (-1: before Count) */
    char key[64];                   /* key of the first differing line (A's,
                                       else B's), "" if none */
    /* LINE_DIFFERS: B's key; when it is A's, the lengths of the two
     * lines' values (after '=' and the blanks; 0 for a line without '=')
     * and their first characters, so that a value of the wrong length, or
     * a *_Len line, can be told from a wrong value (else 0 and ""). */
    char key_b[64];
    size_t value_len_a, value_len_b;
    char value_a[24], value_b[24];
};

/* Compare the canonical lines of A and B, consuming both readers.  Returns
 * 0 when they are the same, 1 when they differ (D says where), -1 on a read
 * error. */
int ngcc_canon_compare(struct ngcc_canon_reader *a,
                       struct ngcc_canon_reader *b, struct ngcc_canon_diff *d);

/* 1 if the text looks like a template-mode KAT (some "*_Len =" line has no
 * value), 0 if not, -1 on a read error.  Consumes R; create it in strict
 * mode. */
int ngcc_canon_is_template(struct ngcc_canon_reader *r);

#ifdef __cplusplus
}
#endif

#endif /* NGCC_KAT_CANONICAL_H */
