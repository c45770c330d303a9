/* katgen.h - the KAT gate's view of a kind's official driver procedure.
 *
 * Part of ngcc-perf.  kat.md section 1: the procedure itself is the
 * kind's (struct kind's kat, src/kinds/kind_kat.h: the driver's DRNG
 * seeded with "seed" x 16, per record a 64-byte seed re-seeding the
 * scheme's DRNG, then the kind's calls and fields, every buffer between
 * guard bytes: OVERFLOW, CRYPTOFAIL).  Here: the statuses' names, the
 * instance names and the KAT file names of the gate.
 */
#ifndef NGCC_KAT_KATGEN_H
#define NGCC_KAT_KATGEN_H

#include <stddef.h>
#include <stdio.h>

#include "kind.h"
#include "kind_kat.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Longest KAT file name: the kind's pattern with the instance, and a NUL. */
#define NGCC_KATGEN_NAME_MAX 256

/* "OK", "CRYPTOFAIL", "OVERFLOW", "NOMEM", "ERROR". */
const char *ngcc_katgen_status_name(enum ngcc_katgen_status st);

/* 1 if NAME is a valid ALGORITHM_INSTANCE per iccs.md: 1 to 64 characters
 * of [A-Za-z0-9_-]. */
int ngcc_katgen_valid_instance(const char *name);

/* The KAT file of ALGORITHM_INSTANCE of kind K (its kat_file pattern, e.g.
 * "KAT_<KIND>_<ALGORITHM_INSTANCE>.txt") into BUF.  Returns 0, or -1 when
 * K has no KAT driver, NAME is empty, holds '/', a blank or a control
 * character, or does not fit. */
int ngcc_katgen_filename(const struct kind *k, const char *algorithm_instance,
                         char *buf, size_t size);

/* The same for K's KAT file number FILE (kind_kat_files). */
int ngcc_katgen_filename_at(const struct kind *k, int file, const char *algorithm_instance,
                            char *buf, size_t size);

#ifdef __cplusplus
}
#endif

#endif /* NGCC_KAT_KATGEN_H */
