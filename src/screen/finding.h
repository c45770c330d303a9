/* finding.h -- what the screening found: one finding per kind and place,
 * de-duplicated, attributed to the candidate, the official ICCS helpers it
 * ships, the package's own helpers, or the system; its severity; and the
 * explanations of secret-dependent findings on public data, by code
 * pattern (data/screening-patterns.txt) or by the scheme's own screen_public
 * lines.  Part of ngcc-perf. */
#ifndef NGCC_SCREEN_FINDING_H
#define NGCC_SCREEN_FINDING_H

#include <stddef.h>

#include "kind.h"

#define SCREEN_MAX_FRAMES 6
#define SCREEN_TEXT 256

/* One stack frame as a tool printed it: function, source file (as given:
 * often an absolute path), line (0: unknown). */
struct screen_frame {
    char function[128];
    char file[SCREEN_TEXT];
    int line;
};

enum screen_area { AREA_MEMORY, AREA_SECRET };

struct screen_finding {
    enum screen_area area;
    char kind[48];          /* "heap-buffer-overflow", "leak", "secret-branch" */
    char tool[16];          /* "asan", "ubsan", "lsan", "memcheck" */
    char op[32];            /* an operation of the kind, "kat", several
                               space-separated ("keygen dec"), or "" */
    char function[128];     /* of the located frame */
    char location[SCREEN_TEXT]; /* "kem.c:12", "src/iccs/drng.c:79", "" */
    char attribution[16];   /* candidate, iccs-helpers, package, system */
    char message[SCREEN_TEXT];
    char note[SCREEN_TEXT]; /* known issue or explanation, else "" */
    const char *severity;   /* "serious" or "note" (screen_severity) */
    char path[SCREEN_TEXT]; /* the located frame's file as the tool gave it */
    int line;               /* and its line (0: unknown) */
    unsigned long count;
    unsigned long long bytes; /* leaks: bytes lost; else 0 */
    size_t nframes;
    char frames[SCREEN_MAX_FRAMES][SCREEN_TEXT]; /* "fn file:line" */
};

/* Who the sources of an instance are: read from its build directory. */
struct screen_sources {
    char **names;           /* LDIR/sources: the candidate's .c files */
    size_t n;
    char scheme_dir[SCREEN_TEXT]; /* the description's directory */
    const struct kind *kind;      /* the instance's kind: its ops' frames */
};

struct screen_findings {
    struct screen_finding *v;
    size_t n, cap;
};

/* An explanation of secret-dependent findings on public data: from the
 * package's pattern file (every scheme alike) or from the scheme's own
 * screen_public lines (FUNCTION, or FILE:LINE, and REASON). */
enum screen_match {
    MATCH_FUNCTION,         /* in a function so named, or in what it calls */
    MATCH_CALL,             /* the finding's line calls a function so named */
    MATCH_PLACE             /* FILE:LINE (screen_public only) */
};
struct screen_explain {
    enum screen_match match;
    char function[128];     /* the name, or FILE:LINE */
    char kinds[80];         /* " secret-branch secret-index " or "" (any) */
    char reason[SCREEN_TEXT];
    char source[48];        /* "screening-patterns.txt", "scheme.conf" */
};
struct screen_explains {
    struct screen_explain *v;
    size_t n;
};

/* Where a frame's file belongs; SHOWN gets the path to print. */
const char *screen_attribute(const struct screen_sources *src, const char *file,
                             char *shown, size_t size);

/* Add a finding seen in FRAMES (innermost first): the located frame is the
 * first one in the instance's or the package's sources; the op is that of
 * the outermost frame of an operation's call (SRC->kind's ops'
 * functions), else DEFAULT_OP.  A
 * finding of the same area, kind and location is counted, not repeated.
 * Returns the finding. */
struct screen_finding *screen_add(struct screen_findings *all, const struct screen_sources *src,
                                  enum screen_area area, const char *kind, const char *tool,
                                  const char *default_op, const char *message,
                                  const struct screen_frame *frames, size_t nframes,
                                  unsigned long count, unsigned long long bytes);

/* "serious" (sanitizer errors, invalid accesses, uninitialised values,
 * leaks, secret-dependent behaviour) or "note" (UBSan's arithmetic
 * undefined behaviour: shifts, overflows, alignment, ...). */
const char *screen_severity(enum screen_area area, const char *tool, const char *kind);

/* Notes: the known UBSan shift of the ICCS helpers; explained secret
 * findings of the candidate's, by PATTERNS first, then by the scheme's EX
 * (either may be NULL). */
void screen_annotate(struct screen_findings *all, const struct screen_explains *patterns,
                     const struct screen_explains *ex);

int screen_sources_load(struct screen_sources *src, const char *ldir, const char *conf);
void screen_sources_free(struct screen_sources *src);
/* Read screen_public lines of CONF for LABEL (scheme-wide ones too). */
int screen_explains_load(struct screen_explains *ex, const char *conf, const char *label);
void screen_explains_free(struct screen_explains *ex);
/* The package's pattern file: $NGCC_SCREEN_PATTERNS, else
 * $NGCC_TOP_SRCDIR/data/screening-patterns.txt, else the installed one. */
const char *screen_patterns_path(void);
/* Read a pattern file (doc/screen.md): 0, or -1 with ERR saying which
 * file and line is wrong. */
int screen_patterns_load(struct screen_explains *ex, const char *file, char *err, size_t size);
void screen_findings_free(struct screen_findings *all);

/* Copy at most SIZE-1 bytes of S into DST, NUL-terminated. */
void screen_copy(char *dst, size_t size, const char *s);

#endif
