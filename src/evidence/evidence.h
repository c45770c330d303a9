/* evidence.h -- the parts of ngcc-evidence: reporting problems, reading
 * JSON, writing typed columns as rows (rows.c), the row types (columns.c)
 * and the kind table (columns.c) and the evidence files (files.c,
 * kind_files.c).  Part of ngcc-perf. */
#ifndef NGCC_EVIDENCE_H
#define NGCC_EVIDENCE_H

#include <stddef.h>

#include <json.h>

#ifndef PROG /* the tools that share these parts name themselves (-DPROG=...) */
#define PROG "ngcc-evidence"
#endif
#ifndef PACKAGE_VERSION
#define PACKAGE_VERSION "unknown"
#endif
#ifndef PACKAGE_BUGREPORT
#define PACKAGE_BUGREPORT "the ngcc-perf maintainers"
#endif

enum { EXIT_OK = 0, EXIT_EVIDENCE = 1, EXIT_USAGE = 2, EXIT_SYSTEM = 3 };

struct kind;

enum ftype {
    T_STR, T_INT, T_NUM, T_BOOL, T_NAMES,
    T_INTS,  /* an array of integers, joined by spaces */
    T_COUNT  /* an integer, or an array given as its length */
};
enum freq {
    OPT,     /* may be absent or null */
    REQ,     /* must be there, not null */
    REQ_OK   /* REQ when the file's status is "ok", else OPT */
};

struct col {
    const char *path;
    enum ftype type;
    enum freq req;
};

#define NCOLS(a) (sizeof (a) / sizeof (a)[0])

/* ---- rows.c ---- */
extern unsigned long nerrors;  /* problems reported by bad() */
void bad(const char *file, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void die(int status, const char *fmt, ...) __attribute__((noreturn, format(printf, 2, 3)));
void *xmalloc(size_t n);
char *cat_path(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
json_object *load_json(const char *path, int required, int *absent);
int lookup(json_object *obj, const char *path, json_object **out);
const char *get_str(json_object *root, const char *path);
int get_num(json_object *root, const char *path, double *x);
void put_sep(void);
void put_null(void);
void put_escaped(const char *s);
void put_double(double x);
const char *type_name(enum ftype t);
int is_name(const char *s);
void put_col(const char *file, json_object *root, const struct col *c, int status_ok);
void put_cols(const char *file, json_object *root, const struct col *cols, size_t n, int status_ok);
double absval(double x);
int close_to(double a, double b, double rel);
/* FILE's format is FORMAT with a format_version from 1 to MAX_VERSION;
 * returns the version (0 after an error). */
int check_format(const char *file, json_object *root, const char *format, int max_version);
void check_stats(const char *file, json_object *r);
int in_names(json_object *root, const char *path, const char *name);

/* ---- columns.c ---- */
extern const struct col run_cols[];
extern const size_t N_run_cols;
extern const struct col system_cols[];
extern const size_t N_system_cols;
extern const struct col host_cols[];
extern const size_t N_host_cols;
extern const struct col check_cols[];
extern const size_t N_check_cols;
/* instance: the fields of build.json, the sizes of every kind among them. */
const struct col *instance_columns(size_t *n);
extern const struct col record_cols[];
extern const size_t N_record_cols;
extern const struct col profile_cols[];
extern const size_t N_profile_cols;
extern const struct col calls_cols[];
extern const size_t N_calls_cols;
void put_all_columns(void);

/* ---- kind_rows.c: the kind table as rows kind, kindop, kindsize
 * (doc/report.md); the columns rows first. ---- */
void put_kind_columns(void);
void put_kinds(void);
void put_columns(const char *type, const char *keys, const char *pre, const struct col *cols,
                 size_t n, const char *post);

/* ---- files.c ---- */
struct evidence {
    const char *dir;       /* the system directory, as given */
    const char *root;      /* the package root (paths in build.json) */
    char *dir_real;        /* realpath of dir */
    json_object *campaign; /* campaign.json */
    json_object *first_record; /* the first record read, for the host */
    char *first_record_file;
};
void put_host(const char *file, json_object *host, const char *source);
void read_campaign(struct evidence *ev);
void read_build(struct evidence *ev);

/* ---- kind_files.c: a kind's own evidence ---- */
/* counter rows: the record REC's op_counters (FILE for the problems). */
void put_counters(const char *file, json_object *rec, const char *id, const char *label,
                  const char *op);
/* a functional row: the line of KIND's functional check in the KAT log
 * LOG (relative to ROOT), when the kind has one and the log says it. */
void put_functional(const char *root, const struct kind *kind, const char *id,
                    const char *label, const char *log);

/* ---- screen.c ---- */
extern const struct col screen_cols[];
extern const size_t N_screen_cols;
extern const struct col finding_cols[];
extern const size_t N_finding_cols;
extern const struct col screencheck_cols[];
extern const size_t N_screencheck_cols;
void read_screen(const struct evidence *ev, const char *id, const char *label);

#endif
