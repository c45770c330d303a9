/* vgparse.c -- valgrind memcheck's XML output (protocol 4).  Part of
 * ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

#define MAX_STACK 32

/* The text of the first <TAG>...</TAG> in [P, END), entities decoded, into
 * OUT.  Returns 1 if found. */
static int tag_text(const char *p, const char *end, const char *tag, char *out, size_t size)
{
    char open[40], close[40];
    const char *a, *b;
    size_t o = 0;
    snprintf(open, sizeof open, "<%s>", tag);
    snprintf(close, sizeof close, "</%s>", tag);
    out[0] = '\0';
    a = strstr(p, open);
    if (!a || a >= end)
        return 0;
    a += strlen(open);
    b = strstr(a, close);
    if (!b || b > end)
        return 0;
    while (a < b && o + 1 < size) {
        static const struct { const char *e; char c; } ents[] = {
            { "&amp;", '&' }, { "&lt;", '<' }, { "&gt;", '>' }, { "&apos;", '\'' }, { "&quot;", '"' },
        };
        size_t k;
        int done = 0;
        for (k = 0; k < sizeof ents / sizeof ents[0] && *a == '&'; k++)
            if (strncmp(a, ents[k].e, strlen(ents[k].e)) == 0) {
                out[o++] = ents[k].c;
                a += strlen(ents[k].e);
                done = 1;
                break;
            }
        if (!done)
            out[o++] = *a++;
    }
    out[o] = '\0';
    return 1;
}

/* The frames of the first <stack> in [P, END). */
static size_t read_stack(const char *p, const char *end, struct screen_frame *fr, size_t max)
{
    const char *s = strstr(p, "<stack>"), *e;
    size_t n = 0;
    if (!s || s >= end)
        return 0;
    e = strstr(s, "</stack>");
    if (!e || e > end)
        e = end;
    while (n < max && (s = strstr(s, "<frame>")) != NULL && s < e) {
        const char *fe = strstr(s, "</frame>");
        char dir[SCREEN_TEXT], file[SCREEN_TEXT], line[32];
        if (!fe || fe > e)
            break;
        memset(&fr[n], 0, sizeof fr[n]);
        if (!tag_text(s, fe, "fn", fr[n].function, sizeof fr[n].function))
            screen_copy(fr[n].function, sizeof fr[n].function, "??");
        if (tag_text(s, fe, "file", file, sizeof file)) {
            if (tag_text(s, fe, "dir", dir, sizeof dir) && file[0] != '/')
                snprintf(fr[n].file, sizeof fr[n].file, "%.120s/%.120s", dir, file);
            else
                screen_copy(fr[n].file, sizeof fr[n].file, file);
        }
        if (tag_text(s, fe, "line", line, sizeof line))
            fr[n].line = atoi(line);
        n++;
        s = fe;
    }
    return n;
}

static const char *memory_kind(const char *vg)
{
    if (strcmp(vg, "InvalidRead") == 0)
        return "invalid-read";
    if (strcmp(vg, "InvalidWrite") == 0)
        return "invalid-write";
    if (strcmp(vg, "InvalidFree") == 0 || strcmp(vg, "MismatchedFree") == 0)
        return "invalid-free";
    if (strcmp(vg, "UninitCondition") == 0 || strcmp(vg, "UninitValue") == 0)
        return "uninitialised-value";
    if (strcmp(vg, "SyscallParam") == 0)
        return "uninitialised-syscall-param";
    if (strncmp(vg, "Leak_", 5) == 0)
        return "leak";
    if (strcmp(vg, "Overlap") == 0)
        return "overlapping-copy";
    return NULL;
}

static const char *secret_kind(const char *vg)
{
    if (strcmp(vg, "UninitCondition") == 0)
        return "secret-branch";
    if (strcmp(vg, "UninitValue") == 0)
        return "secret-index";
    if (strcmp(vg, "SyscallParam") == 0)
        return "secret-syscall";
    return NULL;
}

/* The occurrences of error UNIQUE in <errorcounts>, 1 if not listed. */
static unsigned long occurrences(const char *xml, const char *unique)
{
    const char *c = strstr(xml, "<errorcounts>"), *e, *p;
    if (!c || !(e = strstr(c, "</errorcounts>")))
        return 1;
    for (p = c; (p = strstr(p, "<pair>")) != NULL && p < e; p++) {
        const char *pe = strstr(p, "</pair>");
        char u[40], n[32];
        if (!pe || pe > e)
            break;
        if (tag_text(p, pe, "unique", u, sizeof u) && strcmp(u, unique) == 0 &&
            tag_text(p, pe, "count", n, sizeof n))
            return strtoul(n, NULL, 10);
    }
    return 1;
}

long screen_parse_valgrind(struct screen_findings *all, const struct screen_sources *src,
                           enum screen_area area, const char *op, const char *xml,
                           unsigned long long *leaked)
{
    const char *p = xml;
    long count = 0;
    *leaked = 0;
    if (!strstr(xml, "<valgrindoutput>"))
        return -1;
    while ((p = strstr(p, "<error>")) != NULL) {
        const char *e = strstr(p, "</error>");
        char kind[64], what[SCREEN_TEXT], unique[40], num[32];
        struct screen_frame fr[MAX_STACK];
        size_t nf;
        const char *k;
        unsigned long long bytes = 0;
        unsigned long n = 1;
        if (!e)
            break;
        tag_text(p, e, "kind", kind, sizeof kind);
        if (!tag_text(p, e, "what", what, sizeof what))
            tag_text(p, e, "text", what, sizeof what);
        tag_text(p, e, "unique", unique, sizeof unique);
        k = area == AREA_SECRET ? secret_kind(kind) : memory_kind(kind);
        if (strncmp(kind, "Leak_", 5) == 0) {
            if (tag_text(p, e, "leakedbytes", num, sizeof num))
                bytes = strtoull(num, NULL, 10);
            if (strcmp(kind, "Leak_DefinitelyLost") == 0 || strcmp(kind, "Leak_IndirectlyLost") == 0)
                *leaked += bytes;
            else
                k = NULL; /* still reachable or possibly lost: not a leak */
        } else {
            n = occurrences(xml, unique);
        }
        if (k) {
            nf = read_stack(p, e, fr, MAX_STACK);
            screen_add(all, src, area, k, "memcheck", op, what, fr, nf, n, bytes);
            count++;
        }
        p = e;
    }
    return count;
}
