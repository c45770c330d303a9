/* finding.c -- collecting, locating, attributing and de-duplicating the
 * screening's findings, their severity, and the explanations (one rule for
 * every scheme: the package's pattern file, then the scheme's own
 * screen_public lines).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <ctype.h>
#include <errno.h>
#include <fnmatch.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "finding.h"

#ifndef NGCC_PKGDATADIR
#define NGCC_PKGDATADIR "/usr/local/share/ngcc-perf"
#endif

void screen_copy(char *dst, size_t size, const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (size == 0)
        return;
    if (n >= size)
        n = size - 1;
    if (n)
        memcpy(dst, s, n);
    dst[n] = '\0';
}

/* The files ICCS ships with every submission (the official helpers). */
static int is_official_helper(const char *base)
{
    return strcmp(base, "auxfunc.c") == 0 || strcmp(base, "drng.c") == 0 ||
           strcmp(base, "sm3.c") == 0 || strcmp(base, "auxfunc.h") == 0 ||
           strcmp(base, "drng.h") == 0 || strcmp(base, "sm3.h") == 0;
}

/* Does PATH end with "/" NAME (or equal NAME)? */
static int ends_with_path(const char *path, const char *name)
{
    size_t a = strlen(path), b = strlen(name);
    if (b == 0 || a < b || strcmp(path + a - b, name) != 0)
        return 0;
    return a == b || path[a - b - 1] == '/';
}

const char *screen_attribute(const struct screen_sources *src, const char *file,
                             char *shown, size_t size)
{
    const char *p, *base;
    size_t i, n;
    screen_copy(shown, size, file);
    if (!file || !*file)
        return "system";
    base = strrchr(file, '/');
    base = base ? base + 1 : file;
    /* The package's helpers and glue, compiled into every instance. */
    static const char *const package_dirs[] = { "src/iccs/", "src/glue/", "src/profile/" };
    for (i = 0; i < sizeof package_dirs / sizeof package_dirs[0]; i++) {
        const char *d = package_dirs[i];
        for (p = strstr(file, d); p; p = strstr(p + 1, d))
            if (p == file || p[-1] == '/') {
                screen_copy(shown, size, p);
                return "package";
            }
    }
    for (i = 0; i < src->n; i++)
        if (ends_with_path(file, src->names[i])) {
            screen_copy(shown, size, src->names[i]);
            return is_official_helper(base) ? "iccs-helpers" : "candidate";
        }
    n = strlen(src->scheme_dir);
    if (n && strncmp(file, src->scheme_dir, n) == 0 && file[n] == '/') {
        screen_copy(shown, size, file + n + 1);
        return is_official_helper(base) ? "iccs-helpers" : "candidate";
    }
    return "system";
}

static int in_sources(const char *attribution)
{
    return strcmp(attribution, "system") != 0;
}

/* The operation of kind K whose call FN is, or NULL. */
static const char *op_of(const struct kind *k, const char *fn)
{
    int i;
    for (i = 0; k && i < k->nops; i++)
        if (strcmp(fn, k->ops[i].function) == 0)
            return k->ops[i].name;
    return NULL;
}

struct screen_finding *screen_add(struct screen_findings *all, const struct screen_sources *src,
                                  enum screen_area area, const char *kind, const char *tool,
                                  const char *default_op, const char *message,
                                  const struct screen_frame *frames, size_t nframes,
                                  unsigned long count, unsigned long long bytes)
{
    struct screen_finding f, *g;
    char shown[SCREEN_TEXT];
    size_t i, at = nframes;
    const char *op = NULL, *who = "system";

    memset(&f, 0, sizeof f);
    f.area = area;
    screen_copy(f.kind, sizeof f.kind, kind);
    screen_copy(f.tool, sizeof f.tool, tool);
    screen_copy(f.message, sizeof f.message, message);
    for (i = 0; i < nframes; i++) {
        const char *a = screen_attribute(src, frames[i].file, shown, sizeof shown);
        const char *o = op_of(src->kind, frames[i].function);
        if (o)
            op = o;
        if (at == nframes && in_sources(a)) {
            at = i;
            who = a;
            screen_copy(f.function, sizeof f.function, frames[i].function);
            screen_copy(f.path, sizeof f.path, frames[i].file);
            f.line = frames[i].line;
            if (frames[i].line > 0)
                snprintf(f.location, sizeof f.location, "%.200s:%d", shown, frames[i].line);
            else
                screen_copy(f.location, sizeof f.location, shown);
        }
        if (f.nframes < SCREEN_MAX_FRAMES) {
            if (frames[i].line > 0)
                snprintf(f.frames[f.nframes], SCREEN_TEXT, "%.100s %.120s:%d", frames[i].function,
                         shown, frames[i].line);
            else
                snprintf(f.frames[f.nframes], SCREEN_TEXT, "%.100s%s%.120s", frames[i].function,
                         *shown ? " " : "", shown);
            f.nframes++;
        }
    }
    if (at == nframes && nframes > 0)
        screen_copy(f.function, sizeof f.function, frames[0].function);
    screen_copy(f.attribution, sizeof f.attribution, who);
    screen_copy(f.op, sizeof f.op, op ? op : default_op);
    f.count = count;
    f.bytes = bytes;
    f.severity = screen_severity(area, f.tool, f.kind);

    for (i = 0; i < all->n; i++) {
        g = &all->v[i];
        if (g->area == area && strcmp(g->kind, f.kind) == 0 &&
            strcmp(g->location, f.location) == 0 && strcmp(g->function, f.function) == 0) {
            g->count += count;
            g->bytes += bytes;
            if (strcmp(f.severity, "serious") == 0)
                g->severity = f.severity;
            /* Seen in another operation too: both are named. */
            if (f.op[0] && !strstr(g->op, f.op) && strlen(g->op) + strlen(f.op) + 2 < sizeof g->op) {
                if (g->op[0])
                    strcat(g->op, " ");
                strcat(g->op, f.op);
            }
            if (strstr(g->tool, f.tool) == NULL && strlen(g->tool) + strlen(f.tool) + 2 < sizeof g->tool) {
                strcat(g->tool, " ");
                strcat(g->tool, f.tool);
            }
            return g;
        }
    }
    if (all->n == all->cap) {
        size_t cap = all->cap ? 2 * all->cap : 16;
        struct screen_finding *v = realloc(all->v, cap * sizeof *v);
        if (!v)
            return NULL;
        all->v = v;
        all->cap = cap;
    }
    all->v[all->n] = f;
    return &all->v[all->n++];
}

/* UBSan checks that report an invalid access or a crash-to-be, not
 * arithmetic: serious like AddressSanitizer's errors. */
static const char *const ubsan_serious[] = {
    "bounds", "object-size", "null", "nonnull-attribute", "returns-nonnull-attribute",
    "integer-divide-by-zero", "vla-bound", "unreachable", NULL
};

const char *screen_severity(enum screen_area area, const char *tool, const char *kind)
{
    size_t i;
    if (area != AREA_MEMORY || !tool || strcmp(tool, "ubsan") != 0)
        return "serious";
    for (i = 0; ubsan_serious[i]; i++)
        if (kind && strcmp(kind, ubsan_serious[i]) == 0)
            return "serious";
    return "note";
}

/* Does FN (gcc's clone suffixes ".constprop.0" ... aside) match the glob
 * PAT, directly or after a namespace prefix ("PQCLEAN_X_rej_uniform")? */
static int name_matches(const char *pat, const char *fn, size_t fn_len)
{
    char base[128], prefixed[136];
    size_t n = strcspn(fn, ".");
    if (n > fn_len)
        n = fn_len;
    if (n == 0 || n >= sizeof base)
        return 0;
    memcpy(base, fn, n);
    base[n] = '\0';
    if (fnmatch(pat, base, 0) == 0)
        return 1;
    snprintf(prefixed, sizeof prefixed, "*_%s", pat);
    return fnmatch(prefixed, base, 0) == 0;
}

/* Does line LINE of FILE call a function matching PAT: an identifier so
 * named followed by "(" (the branch tests what it returned)? */
static int line_calls(const char *file, int line, const char *pat)
{
    char text[1024];
    const char *p;
    FILE *fp;
    int n = 0, hit = 0;
    if (!file || !*file || line <= 0 || !(fp = fopen(file, "r")))
        return 0;
    while (n < line && fgets(text, sizeof text, fp))
        if (strchr(text, '\n') || feof(fp))
            n++;
    fclose(fp);
    if (n != line)
        return 0;
    for (p = text; *p && !hit;) {
        const char *id = p, *q;
        if (!(isalpha((unsigned char)*p) || *p == '_')) {
            p++;
            continue;
        }
        while (isalnum((unsigned char)*p) || *p == '_')
            p++;
        for (q = p; *q == ' ' || *q == '\t'; q++)
            ;
        hit = *q == '(' && name_matches(pat, id, (size_t)(p - id));
    }
    return hit;
}

static int explains(const struct screen_explain *e, const struct screen_finding *f)
{
    char k[52];
    size_t j;
    snprintf(k, sizeof k, " %s ", f->kind);
    if (e->kinds[0] && !strstr(e->kinds, k))
        return 0;
    if (e->match == MATCH_PLACE)
        return strcmp(e->function, f->location) == 0;
    if (e->match == MATCH_CALL)
        return line_calls(f->path, f->line, e->function);
    if (name_matches(e->function, f->function, strlen(f->function)))
        return 1;
    /* Anything it calls, or an inlined helper: any frame may name it. */
    for (j = 0; j < f->nframes; j++)
        if (name_matches(e->function, f->frames[j], strcspn(f->frames[j], " ")))
            return 1;
    return 0;
}

static int explain_by(struct screen_finding *f, const struct screen_explains *ex)
{
    size_t k;
    for (k = 0; ex && k < ex->n; k++)
        if (explains(&ex->v[k], f)) {
            snprintf(f->note, sizeof f->note, "explained: %.160s (%.40s%s, %.30s)", ex->v[k].reason,
                     ex->v[k].function, ex->v[k].match == MATCH_CALL ? "()" : "", ex->v[k].source);
            return 1;
        }
    return 0;
}

void screen_annotate(struct screen_findings *all, const struct screen_explains *patterns,
                     const struct screen_explains *ex)
{
    size_t i;
    for (i = 0; i < all->n; i++) {
        struct screen_finding *f = &all->v[i];
        if (f->area == AREA_MEMORY && strcmp(f->tool, "ubsan") == 0 &&
            strncmp(f->kind, "shift", 5) == 0 &&
            (strcmp(f->attribution, "iccs-helpers") == 0 || strcmp(f->attribution, "package") == 0))
            screen_copy(f->note, sizeof f->note,
                        "known: the official ICCS helpers shift a 32-bit word by 32; "
                        "undefined behaviour without effect on their output");
        /* Only secret-dependent findings are explained: a memory error is
         * never excused by the name of the function it is in. */
        if (f->area != AREA_SECRET || strcmp(f->attribution, "candidate") != 0)
            continue;
        if (!explain_by(f, patterns))
            explain_by(f, ex);
    }
}

static char *dup_line(const char *s)
{
    size_t n = strlen(s);
    char *d = malloc(n + 1);
    if (d)
        memcpy(d, s, n + 1);
    return d;
}

static void trim(char *s)
{
    size_t n = strlen(s);
    while (n && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
}

int screen_sources_load(struct screen_sources *src, const char *ldir, const char *conf)
{
    char path[SCREEN_TEXT + 16], line[1024];
    FILE *fp;
    const char *slash;
    memset(src, 0, sizeof *src);
    if (conf && (slash = strrchr(conf, '/')) != NULL && (size_t)(slash - conf) < sizeof src->scheme_dir)
        snprintf(src->scheme_dir, sizeof src->scheme_dir, "%.*s", (int)(slash - conf), conf);
    snprintf(path, sizeof path, "%.*s/sources", SCREEN_TEXT - 1, ldir);
    fp = fopen(path, "r");
    if (!fp)
        return -1;
    while (fgets(line, sizeof line, fp)) {
        char **v;
        trim(line);
        if (!*line)
            continue;
        v = realloc(src->names, (src->n + 1) * sizeof *v);
        if (!v)
            break;
        src->names = v;
        if ((v[src->n] = dup_line(line)) != NULL)
            src->n++;
    }
    fclose(fp);
    return 0;
}

void screen_sources_free(struct screen_sources *src)
{
    size_t i;
    for (i = 0; i < src->n; i++)
        free(src->names[i]);
    free(src->names);
    memset(src, 0, sizeof *src);
}

int screen_explains_load(struct screen_explains *ex, const char *conf, const char *label)
{
    char line[1024], current[128] = "";
    FILE *fp;
    memset(ex, 0, sizeof *ex);
    if (!conf || !(fp = fopen(conf, "r")))
        return -1;
    while (fgets(line, sizeof line, fp)) {
        char *p = line, *fn, *reason;
        struct screen_explain *v;
        trim(line);
        while (isspace((unsigned char)*p))
            p++;
        if (strncmp(p, "instance", 8) == 0 && isspace((unsigned char)p[8])) {
            p += 8;
            while (isspace((unsigned char)*p))
                p++;
            screen_copy(current, sizeof current, p);
            continue;
        }
        if (strncmp(p, "screen_public", 13) != 0 || !isspace((unsigned char)p[13]))
            continue;
        if (*current && strcmp(current, label) != 0)
            continue;
        fn = p + 13;
        while (isspace((unsigned char)*fn))
            fn++;
        reason = fn + strcspn(fn, " \t");
        if (*reason)
            *reason++ = '\0';
        while (isspace((unsigned char)*reason))
            reason++;
        if (!*fn)
            continue;
        v = realloc(ex->v, (ex->n + 1) * sizeof *v);
        if (!v)
            break;
        ex->v = v;
        memset(&v[ex->n], 0, sizeof v[ex->n]);
        v[ex->n].match = strchr(fn, ':') ? MATCH_PLACE : MATCH_FUNCTION;
        screen_copy(v[ex->n].function, sizeof v[ex->n].function, fn);
        screen_copy(v[ex->n].reason, sizeof v[ex->n].reason, *reason ? reason : "public data");
        screen_copy(v[ex->n].source, sizeof v[ex->n].source, "scheme.conf");
        ex->n++;
    }
    fclose(fp);
    return 0;
}

const char *screen_patterns_path(void)
{
    static char buf[4096];
    const char *v = getenv("NGCC_SCREEN_PATTERNS"), *top = getenv("NGCC_TOP_SRCDIR");
    if (v && *v)
        return v;
    snprintf(buf, sizeof buf, "%s/data/screening-patterns.txt", top && *top ? top : NGCC_PKGDATADIR);
    return buf;
}

static const char *const secret_kinds[] = { "secret-branch", "secret-index", "secret-syscall", NULL };

/* One line "FUNCTION KINDS REASON..." into E; NULL, or what is wrong. */
static const char *pattern_line(char *p, struct screen_explain *e)
{
    char *fn, *kinds, *reason, *k;
    size_t n;
    memset(e, 0, sizeof *e);
    fn = p;
    p += strcspn(p, " \t");
    if (*p)
        *p++ = '\0';
    p += strspn(p, " \t");
    kinds = p;
    p += strcspn(p, " \t");
    if (*p)
        *p++ = '\0';
    reason = p + strspn(p, " \t");
    if (!*kinds || !*reason)
        return "expected FUNCTION KINDS REASON";
    n = strlen(fn);
    if (n > 2 && strcmp(fn + n - 2, "()") == 0) {
        e->match = MATCH_CALL;
        fn[n - 2] = '\0';
    } else {
        e->match = MATCH_FUNCTION;
    }
    if (strpbrk(fn, "():/") || strlen(fn) >= sizeof e->function)
        return "FUNCTION is a name (a glob), or NAME() for a call of it";
    screen_copy(e->function, sizeof e->function, fn);
    screen_copy(e->kinds, sizeof e->kinds, " ");
    for (k = strtok(kinds, ","); k; k = strtok(NULL, ",")) {
        size_t i;
        for (i = 0; secret_kinds[i] && strcmp(k, secret_kinds[i]) != 0; i++)
            ;
        if (!secret_kinds[i])
            return "a kind is not secret-branch, secret-index or secret-syscall "
                   "(only secret-dependent findings are explained)";
        if (strlen(e->kinds) + strlen(k) + 2 > sizeof e->kinds)
            return "too many kinds";
        strcat(e->kinds, k);
        strcat(e->kinds, " ");
    }
    screen_copy(e->reason, sizeof e->reason, reason);
    screen_copy(e->source, sizeof e->source, "screening-patterns.txt");
    return NULL;
}

int screen_patterns_load(struct screen_explains *ex, const char *file, char *err, size_t size)
{
    char line[1024];
    FILE *fp;
    int no = 0;
    memset(ex, 0, sizeof *ex);
    if (!(fp = fopen(file, "r"))) {
        snprintf(err, size, "%s: cannot read the screening patterns: %s", file, strerror(errno));
        return -1;
    }
    while (fgets(line, sizeof line, fp)) {
        char *p = line;
        const char *why;
        struct screen_explain e, *v;
        no++;
        trim(line);
        p += strspn(p, " \t");
        if (!*p || *p == '#')
            continue;
        if ((why = pattern_line(p, &e)) != NULL) {
            snprintf(err, size, "%s:%d: %s", file, no, why);
            fclose(fp);
            screen_explains_free(ex);
            return -1;
        }
        v = realloc(ex->v, (ex->n + 1) * sizeof *v);
        if (!v) {
            snprintf(err, size, "%s: out of memory", file);
            fclose(fp);
            screen_explains_free(ex);
            return -1;
        }
        ex->v = v;
        ex->v[ex->n++] = e;
    }
    fclose(fp);
    return 0;
}

void screen_explains_free(struct screen_explains *ex)
{
    free(ex->v);
    memset(ex, 0, sizeof *ex);
}

void screen_findings_free(struct screen_findings *all)
{
    free(all->v);
    memset(all, 0, sizeof *all);
}
