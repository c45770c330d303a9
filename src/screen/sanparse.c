/* sanparse.c -- AddressSanitizer, LeakSanitizer and UBSan text reports.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parse.h"

#define MAX_STACK 32

struct pending {
    int active;
    const char *tool;
    char kind[48];
    char message[SCREEN_TEXT];
    unsigned long long bytes;
    struct screen_frame frames[MAX_STACK];
    size_t nframes;
    int frames_done;    /* a blank line ended the stack */
};

/* "    #3 0x7f00 in fn /path/file.c:12:5" (or "(module+0x12)"). */
static int parse_frame(const char *line, struct screen_frame *fr)
{
    const char *p = line, *fn, *loc;
    size_t n;
    while (*p == ' ' || *p == '\t')
        p++;
    if (*p != '#' || !isdigit((unsigned char)p[1]))
        return 0;
    p = strstr(p, " in ");
    memset(fr, 0, sizeof *fr);
    if (!p) {
        screen_copy(fr->function, sizeof fr->function, "??");
        return 1;
    }
    fn = p + 4;
    n = strcspn(fn, " ");
    snprintf(fr->function, sizeof fr->function, "%.*s", (int)(n < 127 ? n : 127), fn);
    loc = fn + n;
    while (*loc == ' ')
        loc++;
    if (*loc && *loc != '(') {
        char buf[SCREEN_TEXT], *c;
        screen_copy(buf, sizeof buf, loc);
        /* file:line[:col] */
        c = strrchr(buf, ':');
        if (c && isdigit((unsigned char)c[1])) {
            char *c2;
            *c = '\0';
            c2 = strrchr(buf, ':');
            if (c2 && isdigit((unsigned char)c2[1])) {
                fr->line = atoi(c2 + 1);
                *c2 = '\0';
            } else {
                fr->line = atoi(c + 1);
            }
        }
        screen_copy(fr->file, sizeof fr->file, buf);
    }
    return 1;
}

static void finish(struct pending *pd, struct screen_findings *all,
                   const struct screen_sources *src, const char *op, size_t *count)
{
    if (!pd->active)
        return;
    screen_add(all, src, AREA_MEMORY, pd->kind, pd->tool, op, pd->message, pd->frames,
               pd->nframes, 1, pd->bytes);
    (*count)++;
    memset(pd, 0, sizeof *pd);
}

static void start(struct pending *pd, const char *tool, const char *kind, const char *message)
{
    memset(pd, 0, sizeof *pd);
    pd->active = 1;
    pd->tool = tool;
    screen_copy(pd->kind, sizeof pd->kind, kind);
    screen_copy(pd->message, sizeof pd->message, message);
}

/* UBSan's "runtime error" message into a kind, when no SUMMARY names it. */
static const char *ubsan_kind(const char *msg)
{
    if (strstr(msg, "shift exponent"))
        return "shift-exponent";
    if (strstr(msg, "left shift"))
        return "shift-base";
    if (strstr(msg, "signed integer overflow"))
        return "signed-integer-overflow";
    if (strstr(msg, "misaligned"))
        return "alignment";
    if (strstr(msg, "null pointer"))
        return "null";
    if (strstr(msg, "insufficient space"))
        return "object-size";
    if (strstr(msg, "out of bounds"))
        return "bounds";
    return "undefined-behavior";
}

size_t screen_parse_sanitizers(struct screen_findings *all, const struct screen_sources *src,
                               const char *op, const char *text)
{
    struct pending pd;
    size_t count = 0;
    const char *line = text, *p;
    memset(&pd, 0, sizeof pd);
    while (line && *line) {
        const char *eol = strchr(line, '\n');
        size_t len = eol ? (size_t)(eol - line) : strlen(line);
        char buf[1024];
        struct screen_frame fr;
        snprintf(buf, sizeof buf, "%.*s", (int)(len < sizeof buf - 1 ? len : sizeof buf - 1), line);
        line = eol ? eol + 1 : NULL;

        if ((p = strstr(buf, "ERROR: AddressSanitizer: ")) != NULL) {
            char kind[48];
            finish(&pd, all, src, op, &count);
            p += strlen("ERROR: AddressSanitizer: ");
            snprintf(kind, sizeof kind, "%.*s", (int)strcspn(p, " "), p);
            start(&pd, "asan", kind, p);
        } else if (strstr(buf, "ERROR: LeakSanitizer:")) {
            finish(&pd, all, src, op, &count);
        } else if ((strncmp(buf, "Direct leak of ", 15) == 0 ||
                    strncmp(buf, "Indirect leak of ", 17) == 0)) {
            finish(&pd, all, src, op, &count);
            start(&pd, "lsan", "leak", buf);
            pd.bytes = strtoull(buf + (buf[0] == 'D' ? 15 : 17), NULL, 10);
        } else if ((p = strstr(buf, ": runtime error: ")) != NULL) {
            char where[SCREEN_TEXT];
            finish(&pd, all, src, op, &count);
            start(&pd, "ubsan", ubsan_kind(p), p + 17);
            /* The error line's file:line:col is the innermost frame until a
             * stack (print_stacktrace=1) replaces it. */
            snprintf(where, sizeof where, "    #0 0x0 in ? %.*s", (int)(p - buf), buf);
            if (parse_frame(where, &fr)) {
                pd.frames[0] = fr;
                pd.nframes = 1;
            }
        } else if (pd.active && !pd.frames_done && parse_frame(buf, &fr)) {
            if (buf[strspn(buf, " ")] == '#' && buf[strspn(buf, " ") + 1] == '0' &&
                !isdigit((unsigned char)buf[strspn(buf, " ") + 2]) && strcmp(pd.tool, "ubsan") == 0)
                pd.nframes = 0;
            if (pd.nframes < MAX_STACK)
                pd.frames[pd.nframes++] = fr;
        } else if (pd.active && pd.nframes > 0 && buf[strspn(buf, " \t")] == '\0') {
            pd.frames_done = 1;
        } else if ((p = strstr(buf, "SUMMARY: UndefinedBehaviorSanitizer: ")) != NULL) {
            if (pd.active && strcmp(pd.tool, "ubsan") == 0) {
                p += strlen("SUMMARY: UndefinedBehaviorSanitizer: ");
                if (strncmp(p, "undefined-behavior", 18) != 0)
                    snprintf(pd.kind, sizeof pd.kind, "%.*s", (int)strcspn(p, " "), p);
                finish(&pd, all, src, op, &count);
            }
        } else if (strstr(buf, "SUMMARY: AddressSanitizer") || strstr(buf, "SUMMARY: LeakSanitizer")) {
            finish(&pd, all, src, op, &count);
        } else if (pd.active && strcmp(pd.tool, "asan") == 0 && pd.nframes == 0 &&
                   (strncmp(buf, "READ of size", 12) == 0 || strncmp(buf, "WRITE of size", 13) == 0)) {
            char m[SCREEN_TEXT];
            snprintf(m, sizeof m, "%.120s: %.120s", pd.kind, buf);
            screen_copy(pd.message, sizeof pd.message, m);
        }
    }
    finish(&pd, all, src, op, &count);
    return count;
}
