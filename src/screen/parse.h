/* parse.h -- reading what the sanitizers and valgrind report into
 * findings.  Part of ngcc-perf. */
#ifndef NGCC_SCREEN_PARSE_H
#define NGCC_SCREEN_PARSE_H

#include "finding.h"

/* The stderr TEXT of a child run under AddressSanitizer, UBSan and
 * LeakSanitizer (their default text reports); OP is the operation the
 * child ran.  Returns the number of reports read. */
size_t screen_parse_sanitizers(struct screen_findings *all, const struct screen_sources *src,
                               const char *op, const char *text);

/* A valgrind memcheck XML file's text (--xml=yes).  AREA_MEMORY: invalid
 * accesses, uninitialised values and leaks; AREA_SECRET: the conditional
 * jumps and addresses that depend on what the worker marked secret.
 * *LEAKED gets the bytes definitely or indirectly lost.  Returns the number
 * of errors read, or -1 when TEXT is not valgrind's XML. */
long screen_parse_valgrind(struct screen_findings *all, const struct screen_sources *src,
                           enum screen_area area, const char *op, const char *xml,
                           unsigned long long *leaked);

#endif
