/* manifest.h - KAT manifests (kat.sha256), kat.md section 2.
 *
 * Part of ngcc-perf.  One line per KAT file:
 *
 *     <sha256, 64 lowercase hex> <mode>[:<records>] <label>/<KAT file name>
 *
 * mode is "strict" or "nolen"; ":N" (N >= 1) says the digest covers the
 * first N records, 10 when absent.  Fields are separated by blanks; '#'
 * starts a comment line; blank lines are allowed; trailing blanks and a
 * trailing '\r' are ignored.  A path may also be a bare file name.
 */
#ifndef NGCC_KAT_MANIFEST_H
#define NGCC_KAT_MANIFEST_H

#include <stddef.h>

#include "canonical.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NGCC_KAT_DEFAULT_RECORDS 10UL
#define NGCC_MANIFEST_MAX_RECORDS 100000000UL

struct ngcc_manifest_entry {
    char hex[NGCC_SHA256_HEX_BYTES];    /* lowercase */
    enum ngcc_canon_mode mode;
    unsigned long records;              /* NGCC_KAT_DEFAULT_RECORDS if no :N */
    int has_records;                    /* the line carried :N */
    char *path;                         /* "<label>/<file>" or "<file>" */
    const char *file;                   /* file name part of PATH */
    unsigned long lineno;               /* line in the manifest, 1-based */
};

struct ngcc_manifest {
    char *name;                         /* file name, for messages */
    struct ngcc_manifest_entry *entries;
    size_t count;
};

/* Parse one line (without '\n').  Returns 1 and fills E (E->path is
 * malloc'ed) for an entry, 0 for a blank or comment line, -1 for a malformed
 * line with *WHY set to a static explanation.  E->lineno is left alone. */
int ngcc_manifest_parse_line(const char *line, size_t len,
                             struct ngcc_manifest_entry *e, const char **why);

/* Parse a whole manifest.  NAME is used in messages.  Returns 0, or -1 with
 * ERR holding "NAME:LINE: malformed manifest line: WHY" (or a system error
 * naming the file).  A repeated path is an error too.  On error M is left
 * empty. */
int ngcc_manifest_parse_buffer(struct ngcc_manifest *m, const char *name,
                               const char *buf, size_t len,
                               char *err, size_t errsize);
int ngcc_manifest_load(struct ngcc_manifest *m, const char *path,
                       char *err, size_t errsize);
void ngcc_manifest_free(struct ngcc_manifest *m);

/* Look up "<LABEL>/<FILE>" first, then entries whose file name is FILE.
 * Returns NULL when nothing matches or when the bare name is ambiguous;
 * *AMBIGUOUS (if not NULL) is then the number of bare-name matches (> 1). */
const struct ngcc_manifest_entry *
ngcc_manifest_lookup(const struct ngcc_manifest *m, const char *label,
                     const char *file, size_t *ambiguous);

/* Format E as a manifest line with its '\n'; ":N" only when N != 10.
 * Returns the length, or -1 if SIZE is too small. */
int ngcc_manifest_format_line(const struct ngcc_manifest_entry *e, char *buf,
                              size_t size);

/* Add E's line to the manifest at PATH, or replace the line with the same
 * path; every other line is kept byte for byte.  A missing file is created.
 * The new text goes to a temporary file in the same directory, then is
 * renamed over PATH.  A malformed existing line is an error (the file is
 * left alone).  Returns 0, or -1 with ERR set. */
int ngcc_manifest_update(const char *path, const struct ngcc_manifest_entry *e,
                         char *err, size_t errsize);

/* 1 if S is usable as a path component in a manifest line (non-empty, no
 * blanks, no control characters, no '/'), else 0. */
int ngcc_manifest_valid_component(const char *s);

#ifdef __cplusplus
}
#endif

#endif /* NGCC_KAT_MANIFEST_H */
