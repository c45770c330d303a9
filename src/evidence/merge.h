/* merge.h -- fold one campaign run into a system's accumulated evidence:
 * build.json merged per instance, campaign.json with its list of runs
 * (doc/campaign.md, "Evidence accumulates").  Part of ngcc-perf. */
#ifndef NGCC_EVIDENCE_MERGE_H
#define NGCC_EVIDENCE_MERGE_H

#include <stddef.h>

#define BUILD_FORMAT "ngcc-perf/build"
#define CAMPAIGN_FORMAT "ngcc-perf/campaign"
#define EVIDENCE_FORMAT_VERSION 2

/* Replace (or add) the instances of the build entries file ENTRIES in
 * SYSDIR/build.json, keep every other instance, sort by id and label and
 * write the result atomically.  0 on success, -1 with ERR set. */
int merge_build(const char *sysdir, const char *entries, char *err, size_t errlen);

/* Put the run of the file RUN ({"campaign": {...}, "run": {...}}) into
 * SYSDIR/campaign.json (replacing the run of the same number), recompute
 * the summary fields from the runs and SYSDIR/build.json, and write it
 * atomically.  0 on success, -1 with ERR set. */
int merge_campaign(const char *sysdir, const char *run, char *err, size_t errlen);

/* The number the next run of SYSDIR takes (1 when it has no campaign.json),
 * or -1 with ERR set when campaign.json cannot be read. */
int merge_next_run(const char *sysdir, char *err, size_t errlen);

#endif
