/* verify_system.h -- the checker of one system's evidence
 * (data/<system>/, doc/campaign.md): campaign.json, build.json, every
 * record and profile recomputed, and every file build.json plans present
 * and of the library it lists.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_VERIFY_SYSTEM_H
#define NGCC_BENCH_VERIFY_SYSTEM_H

#include <stdio.h>

struct verify_summary {
    int records, profiles, instances; /* files and build.json entries checked */
    int problems;                     /* problem lines printed */
    int bad_files;                    /* files those lines name */
    int not_measured;                 /* planned, not there, campaign incomplete */
    int incomplete;                   /* campaign.json missing or "incomplete" */
    int evidence;                     /* any of build.json, campaign.json, a record, a profile */
};

/* Check the system directory DIR; the paths that build.json and the
 * records name are relative to ROOT.  One line "DIR/FILE: problem" per
 * problem on OUT (also "DIR/FILE: note: ..." and "DIR/FILE: not measured
 * yet (campaign incomplete)" lines, which are none), in the order of the
 * files' names; the counts in *SUM.  0, or -1 with errno when DIR cannot
 * be read. */
int verify_system(const char *dir, const char *root, FILE *out, struct verify_summary *sum);

/* The summary line: "DIR: R records, P profiles, I instances checked: N
 * problems[ in F files][ (campaign incomplete: M planned files not
 * measured yet)]". */
void verify_print_summary(const char *dir, const struct verify_summary *sum, FILE *out);

#endif
