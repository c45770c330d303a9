/* check_limits.c -- the screening checks' limits from the KAT's time: a check
 * that hangs costs its own limit, a few seconds, not the user's --timeout.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_limits.h"
#include "sysfile.h"

void screen_kat_time_read(const char *path, struct screen_kat_time *t)
{
    char *text, *p, result[64] = "";
    int seen_time = 0;

    memset(t, 0, sizeof *t);
    if (!path || !(text = sys_read_file(path, NULL))) {
        snprintf(t->why, sizeof t->why, "no KAT log%s%.150s%s", path ? " (" : "",
                 path ? path : "", path ? ")" : "");
        return;
    }
    t->found = 1;
    /* The candidate's own output is behind a prefix: only the driver's
     * lines start with "time: " or "RESULT ".  A rebuilt instance's log
     * is its last run; the last line of each kind counts. */
    for (p = text; p && *p;) {
        char *nl = strchr(p, '\n');
        unsigned long n;
        double gen, ms, wall;
        if (nl)
            *nl = '\0';
        if (strncmp(p, "time: ", 6) == 0) {
            seen_time = 1;
            if (sscanf(p, "time: %lu records in %lf s (%lf ms/record); child %lf s wall", &n,
                       &gen, &ms, &wall) == 4 && n > 0 && wall > 0 && wall < 1e9) {
                t->usable = 1;
                t->records = n;
                t->wall_s = wall;
                t->per_record_s = wall / (double)n;
            } else {
                t->usable = 0;
            }
        } else if (strncmp(p, "type: ", 6) == 0) {
            snprintf(t->type, sizeof t->type, "%s", p + 6);
        } else if (strncmp(p, "RESULT ", 7) == 0) {
            /* RESULT ID LABEL STATUS[ REASON] */
            char id[256], label[256];
            if (sscanf(p, "RESULT %255s %255s %63s", id, label, result) != 3)
                result[0] = '\0';
        }
        p = nl ? nl + 1 : NULL;
    }
    free(text);
    if (!t->usable)
        snprintf(t->why, sizeof t->why, "%s%s%s", !seen_time ? "a KAT log without a time line"
                 : "the KAT gave no time", result[0] ? ", KAT " : "", result);
}

double screen_limit(const struct screen_kat_time *t, double factor, double work, int quick,
                    double cap_s, char *basis, size_t size)
{
    double floor_s = quick ? SCREEN_QUICK_FLOOR_S : SCREEN_FLOOR_S, limit;
    int n;
    if (t->usable) {
        limit = floor_s + factor * t->per_record_s * work;
        n = snprintf(basis, size, "kat %.6g s/record x %g x %g + %g s floor", t->per_record_s,
                     work, factor, floor_s);
    } else if (!t->found && cap_s > 0) {
        snprintf(basis, size, "%s: the --timeout of %g s", t->why, cap_s);
        return cap_s;
    } else {
        limit = SCREEN_FALLBACK_FLOORS * floor_s;
        n = snprintf(basis, size, "%s: %g x %g s floor", t->why, SCREEN_FALLBACK_FLOORS, floor_s);
    }
    /* Tenths of a second: the limit a person reads is the one applied. */
    {
        long long tenths = (long long)(limit * 10.0);
        if ((double)tenths < limit * 10.0 - 1e-6)  /* not for rounding errors */
            tenths++;
        limit = (double)tenths / 10.0;
    }
    if (cap_s > 0 && limit > cap_s) {
        if (n >= 0 && (size_t)n < size)
            snprintf(basis + n, size - (size_t)n, " = %g s, capped by --timeout %g s", limit, cap_s);
        limit = cap_s;
    }
    return limit;
}

double screen_check_limit(const struct kind *k, const char *name,
                          const struct screen_kat_time *t,
                          unsigned long kat_records, unsigned long ops, int quick, double cap_s,
                          char *basis, size_t size)
{
    /* A KAT record is one call of each operation; asan-OP makes its inputs
     * first, one record's worth at most; memcheck and secret run OPS
     * rounds of them all. */
    if (strcmp(name, "asan-kat") == 0)
        return screen_limit(t, SCREEN_ASAN_FACTOR, (double)kat_records, quick, cap_s, basis, size);
    if (strncmp(name, "asan-", 5) == 0 && kind_op_index(k, name + 5) >= 0)
        return screen_limit(t, SCREEN_ASAN_FACTOR, (double)ops + 1.0, quick, cap_s, basis, size);
    if (strcmp(name, "memcheck") == 0 || strcmp(name, "secret") == 0)
        return screen_limit(t, SCREEN_VALGRIND_FACTOR, ops ? (double)ops : 1.0, quick, cap_s, basis,
                            size);
    return -1;
}
