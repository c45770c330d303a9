/* jobs.c -- the jobs file of `ngcc-bench run-many` and the scheduler of
 * its trials.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "jobs.h"
#include "sysfile.h"

static void say(char *err, size_t errlen, int line, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void say(char *err, size_t errlen, int line, const char *fmt, ...)
{
    va_list ap;
    int n;
    if (!err || !errlen)
        return;
    n = snprintf(err, errlen, "%d: ", line);
    if (n < 0 || (size_t)n >= errlen)
        return;
    va_start(ap, fmt);
    vsnprintf(err + n, errlen - (size_t)n, fmt, ap);
    va_end(ap);
}

static char *dup_n(const char *s, size_t n)
{
    char *d = malloc(n + 1);
    if (d) {
        memcpy(d, s, n);
        d[n] = '\0';
    }
    return d;
}

/* T1: a positive finite number, or "-". */
static int parse_t1(const char *s, double *t1)
{
    char *end;
    double v;
    if (strcmp(s, "-") == 0) {
        *t1 = 0.0;
        return 0;
    }
    errno = 0;
    v = strtod(s, &end);
    if (errno || end == s || *end || !(v >= 1e-12) || v > 1e9)
        return -1;
    *t1 = v;
    return 0;
}

/* One non-comment line LINE (NUL-terminated, no newline) into J.
 * 0, -1 malformed (ERR set), -2 out of memory. */
static int parse_line(char *line, int lineno, struct job *j, char *err, size_t errlen)
{
    char *f[5];
    int n = 0;
    char *p = line;
    f[n++] = p;
    while ((p = strchr(p, '\t')) != NULL) {
        *p++ = '\0';
        if (n == 5)
            break;
        f[n++] = p;
    }
    if (n < 3 || n > 4) {
        say(err, errlen, lineno, "%s fields; a job is OP<TAB>OUT<TAB>LIBRARY[<TAB>T1]",
            n < 3 ? "too few" : "too many");
        return -1;
    }
    if (!(j->op = timer_op_find(f[0])) || timer_op_is_null(j->op)) {
        say(err, errlen, lineno, "unknown operation '%.40s' (%s)", f[0], timer_op_list());
        return -1;
    }
    if (!f[1][0] || !f[2][0]) {
        say(err, errlen, lineno, "empty %s", !f[1][0] ? "OUT" : "LIBRARY");
        return -1;
    }
    if (n == 4 && parse_t1(f[3], &j->t1_s) != 0) {
        say(err, errlen, lineno, "bad T1 '%.40s' (seconds > 0, or -)", f[3]);
        return -1;
    }
    j->line = lineno;
    j->out = strdup(f[1]);
    j->library = strdup(f[2]);
    return j->out && j->library ? 0 : -2;
}

int jobs_parse(const char *text, size_t len, struct job_list *list, char *err, size_t errlen)
{
    size_t pos = 0;
    int lineno = 0, i, rc = 0;
    list->jobs = NULL;
    list->n = 0;
    if (err && errlen)
        err[0] = '\0';
    while (pos < len && rc == 0) {
        const char *nl = memchr(text + pos, '\n', len - pos);
        size_t end = nl ? (size_t)(nl - text) : len, n = end - pos, k;
        char *line, *raw;
        struct job *grown;
        lineno++;
        if (n > 0 && text[pos + n - 1] == '\r')
            n--;
        if (memchr(text + pos, '\0', n)) {
            say(err, errlen, lineno, "a NUL byte");
            rc = -1;
            break;
        }
        for (k = 0; k < n && (text[pos + k] == ' ' || text[pos + k] == '\t'); k++)
            ;
        if (k == n || text[pos + k] == '#') {
            pos = end + 1;
            continue;
        }
        line = dup_n(text + pos, n);
        raw = dup_n(text + pos, n);
        grown = realloc(list->jobs, (size_t)(list->n + 1) * sizeof *list->jobs);
        if (!line || !raw || !grown) {
            free(line);
            free(raw);
            if (grown)
                list->jobs = grown;
            rc = -2;
            break;
        }
        list->jobs = grown;
        memset(&list->jobs[list->n], 0, sizeof *list->jobs);
        list->jobs[list->n].text = raw;
        list->n++;
        rc = parse_line(line, lineno, &list->jobs[list->n - 1], err, errlen);
        free(line);
        for (i = 0; rc == 0 && i < list->n - 1; i++)
            if (strcmp(list->jobs[i].out, list->jobs[list->n - 1].out) == 0) {
                say(err, errlen, lineno, "OUT %.200s is also the OUT of line %d", list->jobs[i].out,
                    list->jobs[i].line);
                rc = -1;
            }
        pos = end + 1;
    }
    if (rc != 0)
        jobs_free(list);
    if (rc == -2 && err && errlen)
        snprintf(err, errlen, "out of memory");
    return rc;
}

int jobs_load(const char *path, struct job_list *list, char *err, size_t errlen)
{
    size_t len;
    char *text;
    int rc;
    list->jobs = NULL;
    list->n = 0;
    errno = 0;
    text = sys_read_file(path, &len);
    if (!text) {
        snprintf(err, errlen, "cannot read: %s", strerror(errno ? errno : EIO));
        return -3;
    }
    rc = jobs_parse(text, len, list, err, errlen);
    free(text);
    return rc;
}

void jobs_free(struct job_list *list)
{
    int i;
    for (i = 0; i < list->n; i++) {
        free(list->jobs[i].out);
        free(list->jobs[i].library);
        free(list->jobs[i].text);
    }
    free(list->jobs);
    list->jobs = NULL;
    list->n = 0;
}

enum sched_step sched_next(const struct sched_item *items, int n, int last, int *job, int *slot)
{
    int i, best = -1;
    *job = -1;
    *slot = -1;
    for (i = 0; i < n; i++)
        if (items[i].active && items[i].slots_done < items[i].slots &&
            (best < 0 || items[i].slots_done < items[best].slots_done))
            best = i;
    if (best >= 0) {
        *job = best;
        *slot = items[best].slots_done;
        return SCHED_SLOT;
    }
    if (n <= 0)
        return SCHED_DONE;
    if (last < -1 || last >= n)
        last = -1;
    for (i = 1; i <= n; i++) {
        int k = (last + i) % n;
        if (items[k].active && items[k].wants_rerun) {
            *job = k;
            return SCHED_RERUN;
        }
    }
    return SCHED_DONE;
}
