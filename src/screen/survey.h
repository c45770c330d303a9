/* survey.h -- the symmetric survey: which symmetric primitives an instance
 * library contains and reaches, and the verdict line of the page.  Part of
 * ngcc-perf. */
#ifndef NGCC_SCREEN_SURVEY_H
#define NGCC_SCREEN_SURVEY_H

#include <json.h>

#include "finding.h"

/* Survey LIBRARY (the normal build) built from SRC (its sources lie in
 * SRCDIR); PROFILES[0..NPROFILES): the profile files of the kind's
 * operations, or NULL entries.  Returns a new JSON object (constants, imports, needed,
 * source_hits, profiled_functions, verdict), or NULL with ERR set when the
 * library cannot be read. */
json_object *screen_survey(const char *library, const struct screen_sources *src,
                           const char *srcdir, const char *const *profiles, size_t nprofiles,
                           char *err, size_t errlen);

#endif
