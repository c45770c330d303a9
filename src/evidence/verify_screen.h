/* verify_screen.h -- the checker of a system's screening files
 * (doc/screen.md).  Internal to src/evidence/verify_*.c.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_VERIFY_SCREEN_H
#define NGCC_BENCH_VERIFY_SCREEN_H

#include <stdio.h>

#include "verify_evidence.h"
#include "verify_system.h"

/* Check every DIR/screen/<id>/<label>.json against PLAN (NULL: no
 * build.json); problem lines "FILE: ..." to OUT, counted into *SUM. */
void verify_screens(const char *dir, const struct build_plan *plan, FILE *out,
                    struct verify_summary *sum);

#endif
