/* kat_run.h - the parts of one ngcc-kat run, shared by its files.
 *
 * Part of ngcc-perf.  ngcc-kat (src/tools/ngcc-kat.c) is a thin main over:
 *   kat_options.c  the command line, --help, messages
 *   kat_child.c    the sandboxed child: load the library, generate the KAT
 *   kat_report.c   the parent's view of the child: its messages, its output
 *   kat_verify.c   digest, compare with the manifest / reference, record
 *   kat_log.c      the KAT log and its RESULT line
 */
#ifndef NGCC_KAT_RUN_H
#define NGCC_KAT_RUN_H

#include <stdio.h>

#include "canonical.h"
#include "katgen.h"
#include "kind.h"
#include "manifest.h"
#include "sandbox.h"

#ifdef HAVE_CONFIG_H
#define NGCC_KAT_VERSION PACKAGE_VERSION
#else
#define NGCC_KAT_VERSION "unknown"
#endif

#define PROG "ngcc-kat"

/* Results and exit status (kat.md section 3), plus the driver's own. */
enum kat_status {
    ST_PASS = 0,
    ST_MISMATCH = 1,
    ST_NOKAT = 2,
    ST_CRYPTOFAIL = 3,
    ST_OVERFLOW = 4,
    ST_LOADFAIL = 5,
    ST_TIMEOUT = 6,
    ST_CRASH = 7,
    ST_USAGE = 8
};

/* "PASS", "MISMATCH", ... by status (kat_options.c). */
extern const char *const kat_status_names[];

/* The child's wall-clock limit: a whole KAT run of N records.  --quick is
 * for tests and CI, where a KAT takes milliseconds: a hang costs 20 s. */
#define DEFAULT_TIMEOUT_S 300.0
#define QUICK_TIMEOUT_S 20.0
#define DEFAULT_MEMORY_MIB 4096UL
/* A KAT file's limit beyond the default (kat_file_timeout): its work at
 * 1 MiB/s and 1 ms a call, at most 6 h. */
#define KAT_FLOOR_BYTES_PER_S 1048576.0
#define KAT_FLOOR_CALL_S 0.001
#define KAT_FILE_TIMEOUT_CAP_S 21600.0
#define MAX_MEMORY_MIB (1UL << 30)

struct options {
    const char *manifest;
    const char *reference;
    const char *output;
    const char *log;
    const char *write_manifest;
    const char *id;
    const char *label;
    const char *file;           /* --file=KEY ("KAT_2_33"); NULL: the kind's first */
    int progress;               /* --progress: a line on stderr now and then */
    unsigned long records;      /* 0: not given */
    double timeout_s;
    int timeout_given;          /* --timeout (else --quick may set it) */
    int quick;
    unsigned long memory_mib;
    int quiet;
    const char *library;        /* as given */
    char *dlpath;               /* as passed to dlopen */
};

/* ---- the parent's view of the child's report ---------------------------- */

struct report {
    int have_meta;
    char id[256], type[64], algorithm[256], instance[256];
    char algorithm_instance[256], variant[128], source_dir[1024];
    char compiler[512], flags[2048], flags_class[64], flags_reason[512];
    int blank;
    unsigned long long len[KIND_MAX_SIZES]; /* "meta lengths", the kind's order */
    int nlen;
    int have_at;
    char at_record[32], at_call[64];
    int have_records;
    unsigned long records;
    int have_time;
    double gen_time;
    int have_result;
    char result[32], reason[1536];
    /* The kind's functional check ("forgery" message): ran (1), could not
     * run (-1, FORGERY_DETAIL says why) or none (0). */
    int have_forgery;
    unsigned forgery_tried, forgery_rejected;
    double forgery_time;
    char forgery_detail[1024];
    /* --progress (kat_progress.c): the file's key, the share of its work
     * done, the child's start and the last line printed (monotonic s). */
    int progress;
    char file_key[64];
    double work_done, t0, last_print;
    /* What the candidate printed (stdout and stderr of the child), line by
     * line, for the log; at most KAT_OUTPUT_MAX bytes kept. */
    char *output;
    size_t output_len, output_lines, output_dropped;
};

#define KAT_OUTPUT_MAX (64u * 1024u)
/* The prefix of the candidate's lines in the KAT log. */
#define KAT_OUTPUT_PREFIX "candidate| "

/* ---- comparisons (parent) ----------------------------------------------- */

struct check {
    int asked;          /* this reference was given */
    int compared;       /* and a comparison took place */
    int matched;
    char line[2048];    /* log line */
    char reason[1536];  /* MISMATCH/NOKAT reason */
};

/* ---- one run ------------------------------------------------------------ */

struct run {
    struct options o;
    struct ngcc_manifest manifest;
    const struct ngcc_manifest *mp;     /* &manifest when --manifest */
    int kat_fd;                         /* the temporary KAT file */
    char *kat_tmp;                      /* its path, NULL once renamed */
    struct ngcc_sandbox_result sb;
    struct report rep;
    char id[256], label[256], katfile[NGCC_KATGEN_NAME_MAX];
    enum kat_status status;
    char reason[2048];
    int generated;                      /* the child wrote a whole KAT file */
    unsigned long records;
    const struct ngcc_manifest_entry *entry;
    size_t ambiguous;
    struct ngcc_canon_result digest;    /* strict, all records */
    struct check mcheck, rcheck;
    char written[1024];                 /* the manifest line written */
};


/* ---- kat_options.c ---- */

/* Parse the command line into O; exits on --help, --version and usage
 * errors (status ST_USAGE). */
void parse_options(int argc, char **argv, struct options *o);
/* "ngcc-kat: " and the message on stderr. */
void errmsg(const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 1, 2)))
#endif
    ;
/* Copy SRC into DST (SIZE > 0) as one printable line: control characters
 * become '?'. */
void copy_clean(char *dst, size_t size, const char *src);
/* Append to a fixed buffer. */
void appendf(char *buf, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
/* The KAT file O->file names in kind K (its first without --file) into
 * *F: its index in kind_kat_files, or -1 when K has no such file. */
int kat_file_of(const struct options *o, const struct kind *k, struct kind_kat_file *f);
/* K's KAT file keys, ", "-separated, into BUF; BUF. */
const char *kat_file_keys(const struct kind *k, char *buf, size_t size);
/* The child's wall-clock limit for KAT file F under O (doc/kat.md): the
 * base (--quick's or the default) plus F's work at a floor rate, capped. */
double kat_file_timeout(const struct options *o, const struct kind_kat_file *f);

/* The label a library file suggests: its base name without ".so". */
void label_from_path(const char *path, char *buf, size_t size);

/* ---- kat_child.c ---- */

struct child_ctx {
    const struct options *opt;
    const struct ngcc_manifest *manifest;
    int kat_fd;
    int msg_fd;
};

/* The number of records to generate and this instance's manifest entry, if
 * any (the child before generating, the parent after).  0, or -1 with ERR
 * set (an input error).  FILE_RECORDS: the KAT file's records, what a
 * manifest line without :N covers. */
int plan_records(const struct options *o, const struct ngcc_manifest *m,
                 const char *label, const char *katfile,
                 unsigned long file_records, unsigned long *n,
                 const struct ngcc_manifest_entry **entry, size_t *ambiguous,
                 char *err, size_t errsize);
/* The child (ngcc_sandbox_fn): ARG is a struct child_ctx. */
int kat_child(int msg_fd, void *arg);

/* ---- kat_report.c ---- */

/* A message line of the child into the struct report ARG. */
void on_line(const char *line, size_t len, void *arg);
/* A line the candidate printed, kept in the struct report ARG. */
void on_output(const char *line, size_t len, void *arg);
/* Where the child was: " in CALL at record 3", " while loading ...". */
void where(const struct report *r, char *buf, size_t size);
void report_free(struct report *r);

/* ---- kat_progress.c ---- */

/* Monotonic seconds. */
double kat_now(void);
/* With --progress, at most every KAT_PROGRESS_EVERY_S: "ngcc-kat: INSTANCE:
 * KEY record I of N, P%, about T left" on stderr, from R's last messages. */
void kat_progress_line(struct report *r);
#define KAT_PROGRESS_EVERY_S 5.0

/* ---- kat_verify.c ---- */

/* After a complete generation: digest, compare, record.  0, or -1 after a
 * message. */
int verify(struct run *r);

/* ---- kat_log.c ---- */

/* Print the log (all of it, or the RESULT line with --quiet) and write
 * --log.  0, or -1 after a message. */
int emit_log(const struct run *r);

#endif /* NGCC_KAT_RUN_H */
