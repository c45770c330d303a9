/* outcome.c -- names of the outcomes.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <string.h>

#include "outcome.h"

static const char *const names[OUTCOMES] = {
    "ok", "load-failed", "setup-failed", "op-failed", "wrong-secret", "overflow",
    "crashed", "timeout", "counter-failed", "bad-output"
};

const char *outcome_name(enum outcome o)
{
    return (unsigned)o < OUTCOMES ? names[o] : "unknown";
}

int outcome_from_name(const char *name, enum outcome *o)
{
    int i;
    for (i = 0; i < OUTCOMES; i++)
        if (strcmp(name, names[i]) == 0) {
            *o = (enum outcome)i;
            return 0;
        }
    return -1;
}
