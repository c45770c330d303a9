/* profile_doc.h -- one profile: run the profiling process in a child with
 * limits, and make its document, profile/<id>/<label>__<op>.json
 * (doc/campaign.md): the calls table, the totals, each function's share,
 * the hash share and the DRNG share.  The parent never runs candidate
 * code.  Part of ngcc-perf. */
#ifndef NGCC_PROFILE_DOC_H
#define NGCC_PROFILE_DOC_H

#include <json.h>

#include "instance.h"
#include "verify.h" /* PROFILE_FORMAT */

/* Time limits of the child: PROFILE_DEFAULT_TIMEOUT (--quick:
 * PROFILE_QUICK_TIMEOUT, --timeout) until it has calibrated, then 3 x its
 * planned time + a margin (profile_doc.c), at most PROFILE_MAX_TIMEOUT. */
#define PROFILE_DEFAULT_TIMEOUT 120.0   /* seconds */
#define PROFILE_QUICK_TIMEOUT 15.0
#define PROFILE_LIMIT_FACTOR 3.0
#define PROFILE_LIMIT_MARGIN 10.0
#define PROFILE_MAX_TIMEOUT 1800.0
#define PROFILE_DEFAULT_MEM_MIB 4096ULL

#ifndef NGCC_PROFILE_VERSION
#ifdef PACKAGE_VERSION
#define NGCC_PROFILE_VERSION PACKAGE_VERSION
#else
#define NGCC_PROFILE_VERSION "unknown"
#endif
#endif
#define NGCC_PROFILE_TOOL "ngcc-profile (ngcc-perf) " NGCC_PROFILE_VERSION

struct profile_options {
    const char *op;          /* an operation of the table (instance.h) */
    const char *library;     /* as given */
    const char *root;        /* paths in the document are relative to it */
    long ops;                /* 0: by the rule */
    double target_s;
    int quick;
    int cpu;                 /* -1: hostcheck_default_cpu() */
    double timeout_s;        /* of the child until it has calibrated */
    unsigned long long mem_bytes; /* RLIMIT_AS of the child; 0 none */
    const char *self_exe;    /* what the child executes */
    const char *id, *label;  /* NULL: from the instance's metadata */
    int argc;
    char **argv;             /* this command, for the document */
};

/* Profile.  *DOC gets the document (NULL on a system error, the message
 * then on stderr).  Returns EXIT_BENCH_OK when its status is "ok",
 * EXIT_BENCH_FAILED for another status, EXIT_BENCH_SYSTEM. */
int profile_run(const struct profile_options *o, json_object **doc);

#endif
