/* checks.h -- one screening check: a child process (the worker under a
 * sanitizer runtime or under valgrind) in the sandbox, its report read into
 * findings.  Part of ngcc-perf. */
#ifndef NGCC_SCREEN_CHECKS_H
#define NGCC_SCREEN_CHECKS_H

#include "finding.h"

struct screen_config {
    const char *self;           /* this program, for "work" */
    const char *valgrind;       /* the valgrind program, NULL: none */
    const char *tmpdir;         /* for valgrind's XML files */
    double timeout_s;           /* per check, when the check has no limit_s */
    unsigned long memory_mib;   /* valgrind's address space */
    unsigned long asan_rss_mib; /* AddressSanitizer's hard RSS limit */
};

struct screen_check {
    char name[24];              /* "asan-kat", "memcheck", "secret", ... */
    char tool[24];              /* "asan+ubsan", "valgrind" */
    char status[16];            /* ok findings failed crashed timeout skipped error */
    char reason[SCREEN_TEXT];
    unsigned long ops;          /* operations (or KAT records) run */
    double seconds;
    long reports;               /* reports read */
    double limit_s;             /* its wall clock limit (limits.h); 0: none set */
    char limit_basis[SCREEN_TEXT];  /* how limit_s was derived */
};

/* Under LD_PRELOAD of RUNTIME (the soname AddressSanitizer's runtime has),
 * run the worker's MODE with N on LIBRARY. */
void screen_check_asan(const struct screen_config *cfg, const char *runtime, const char *library,
                       const char *mode, unsigned long n, const struct screen_sources *src,
                       struct screen_findings *all, struct screen_check *chk);

/* Under valgrind memcheck: AREA_MEMORY (mode "all", leaks counted into
 * *LEAKED) or AREA_SECRET (mode "secret"), N rounds of the NOPS
 * operations of the instance's kind. */
void screen_check_valgrind(const struct screen_config *cfg, const char *library,
                           enum screen_area area, unsigned long n, int nops,
                           const struct screen_sources *src, struct screen_findings *all,
                           struct screen_check *chk, unsigned long long *leaked);

#endif
