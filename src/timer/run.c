/* run.c -- progress and failure of one measurement (run.h): the two
 * helpers both measure.c and sections.c call, so that neither calls the
 * other's.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdarg.h>
#include <stdio.h>

#include "run.h"

void run_progress(const struct run *R, const char *fmt, ...)
{
    va_list ap;
    if (R->o->quiet)
        return;
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

void run_fail(struct run *R, enum outcome o, const char *why)
{
    R->status = o;
    snprintf(R->reason, sizeof R->reason, "%s", why);
}
