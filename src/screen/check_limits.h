/* check_limits.h -- each screening check's wall clock limit, derived from the
 * instance's KAT time (doc/screen.md, "Limits").  Part of ngcc-perf. */
#ifndef NGCC_SCREEN_LIMITS_H
#define NGCC_SCREEN_LIMITS_H

#include <stddef.h>

#include "kind.h"

/* The rule's numbers (doc/screen.md gives the measurements behind them). */
#define SCREEN_FLOOR_S 10.0         /* startup of the tool and the process */
#define SCREEN_QUICK_FLOOR_S 5.0
#define SCREEN_FALLBACK_FLOORS 2.0  /* no KAT time: this many floors */
#define SCREEN_ASAN_FACTOR 20.0     /* ML-KEM measured 2.5-5x */
#define SCREEN_VALGRIND_FACTOR 200.0 /* ML-KEM measured 7-16x */

/* What a KAT log says about the time of one record. */
struct screen_kat_time {
    int found;                  /* the log was read */
    int usable;                 /* a "time: N records ... child W s wall" line */
    double per_record_s;        /* W / N */
    unsigned long records;
    double wall_s;
    char why[200];              /* when not usable: why not */
    char type[64];              /* the instance's kind ("type: "), or "" */
};

/* Read the KAT log PATH (src/kat/kat_log.c writes it) into T.  A missing
 * log, a KAT that timed out or crashed before reporting its time: not
 * usable, T->why says so.  Without any log (screening before any KAT) a
 * check's limit is the cap: nothing says the instance is fast. */
void screen_kat_time_read(const char *path, struct screen_kat_time *t);

/* The limit of a check that runs WORK records' worth of operations under
 * a tool FACTOR times slower (SCREEN_ASAN_FACTOR, SCREEN_VALGRIND_FACTOR),
 * at most CAP_S (--timeout); its derivation into BASIS. */
double screen_limit(const struct screen_kat_time *t, double factor, double work, int quick,
                    double cap_s, char *basis, size_t size);

/* The limit of the check NAME of an instance of kind K (asan-kat, asan-OP
 * for an operation OP of K, memcheck, secret) with KAT_RECORDS and OPS as
 * ngcc-screen runs them; -1 for an unknown NAME. */
double screen_check_limit(const struct kind *k, const char *name,
                          const struct screen_kat_time *t,
                          unsigned long kat_records, unsigned long ops, int quick, double cap_s,
                          char *basis, size_t size);

#endif
