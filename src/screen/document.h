/* document.h -- the screening's evidence file, data/<system>/screen/<id>/
 * <label>.json (doc/screen.md).  Part of ngcc-perf. */
#ifndef NGCC_SCREEN_DOCUMENT_H
#define NGCC_SCREEN_DOCUMENT_H

#include <json.h>

#include "checks.h"
#include "finding.h"

#define SCREEN_FORMAT "ngcc-perf/screen"
#define SCREEN_FORMAT_VERSION 1

/* The findings of AREA as a JSON array. */
json_object *screen_findings_json(const struct screen_findings *all, enum screen_area area);

/* The summary of an area: status (clean, findings, not screened) and the
 * counts by attribution (candidate, explained, iccs_helpers, package,
 * system) and of the candidate's by severity (serious, notes). */
json_object *screen_area_json(const struct screen_findings *all, enum screen_area area,
                              int screened);

json_object *screen_check_json(const struct screen_check *chk);

#endif
