/* verify_evidence.h -- the checker of a system's build.json and
 * campaign.json (doc/campaign.md, formats 1 and 2): every field typed and
 * in range, and from build.json the plan of records and profiles that
 * verify_system.c holds the files against.  Internal to
 * src/evidence/verify_*.c.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_VERIFY_EVIDENCE_H
#define NGCC_BENCH_VERIFY_EVIDENCE_H

#include <stddef.h>
#include <stdio.h>

#include <json.h>

#include "kind.h"

struct kind;

#define BUILD_FORMAT "ngcc-perf/build"
#define CAMPAIGN_FORMAT "ngcc-perf/campaign"

/* What campaign.json says.  RUNS: the number of runs (0 unknown). */
struct campaign_state {
    int present;    /* campaign.json exists */
    int incomplete; /* missing, or status "incomplete" */
    int complete;   /* read, well formed enough, status "complete" */
    long runs;
    int format;     /* 1 or 2; 0 unknown */
    const char *system;
    long instances, buildfail; /* records.instances, .buildfail; -1 unknown */
};

/* One instance of build.json, as far as the plan needs it. */
struct planned_instance {
    const char *id, *label;
    int buildfail;               /* 1 BUILDFAIL, 0 built, -1 unknown */
    int profiled;                /* 1 planned, 0 not, -1 optional (format 1) */
    const char *library_sha256;  /* NULL unknown */
    const char *profile_sha256;  /* NULL none */
    const struct kind *kind;     /* its type's; NULL unknown (a problem said) */
    unsigned char has_op[KIND_MAX_OPS]; /* 1: the instance has the kind's op
                                         * (instance_op_exists) */
};

struct build_plan {
    struct planned_instance *v;
    size_t n;
    int format;
    const char *system;
};

/* Check the campaign.json document DOC (NAME: how lines name it) into
 * *ST; the number of problems. */
int verify_campaign_doc(json_object *doc, const char *name, FILE *out, struct campaign_state *st);

/* Check the build.json document DOC against campaign ST; the instances
 * into *PLAN (strings owned by DOC; free PLAN->v).  ROOT resolves the
 * files named.  The number of problems. */
int verify_build_doc(json_object *doc, const char *name, const char *root, FILE *out,
                     const struct campaign_state *st, struct build_plan *plan);

#endif
