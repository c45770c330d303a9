/* kind.h -- one table per kind of candidate (KEM today; signatures, key
 * exchange and hash in ../shared/spec/kinds.md): what every layer asks
 * instead of naming kem_enc.  Part of ngcc-perf.
 *
 * A kind is one struct kind, defined in its own file (kem.c), listed in
 * kinds.c.  The data part says what the kind is: its API header, the
 * symbols an instance library must export, its size getters with their
 * evidence keys and page labels, its operations (what is made before the
 * timed calls and what each call does), its KAT file name, which buffers
 * the screening marks secret, and the words of its pages.  The behaviour
 * parts are one struct per layer: the timer's (struct kind_timer,
 * kind_timer.h) looks up the API in a loaded instance, makes the inputs of
 * an operation and runs its timed loop. */
#ifndef NGCC_KINDS_KIND_H
#define NGCC_KINDS_KIND_H

#include <stddef.h>

#include "kind_page.h"

#define KIND_MAX_OPS 16
#define KIND_MAX_SIZES 8

/* A size the instance's getters give, e.g. the public key. */
struct kind_size {
    const char *key;     /* evidence key: sizes.KEY, KEY_len in the instance */
    const char *getter;  /* "kem_get_pk_len_bytes" */
    const char *label;   /* page label: "public key" */
    int secret;          /* 1: the screening marks its buffer secret */
    int zero_ok;         /* 1: 0 is a plausible size (a key exchange
                          * without long-term keys) */
    int count;           /* 1: a count, not bytes (a key exchange's passes) */
};

/* When an operation exists: size SIZE of the instance at least MIN (a key
 * exchange's pass3 for passes >= 3); SIZE NULL: always. */
struct kind_op_needs {
    const char *size;
    unsigned long long min;
};

/* An operation the timer knows. */
struct kind_op {
    const char *name;      /* "keygen": the record's op, the page's column */
    const char *function;  /* "kem_keygen": the call named in messages */
    const char *setup;     /* the record's inputs.setup sentence */
    const char *method;    /* what a timed call does, for the method page */
    unsigned long input_bytes; /* a hash op's message bytes (32 ... 65536);
                                * 0 for the others: cycles per byte, MB/s */
    struct kind_op_needs needs;
};

/* One KAT file of the kind's official driver (a hash driver writes four). */
struct kind_kat_file {
    const char *key;       /* the file name less "_<instance>.txt": "KAT_2_12" */
    const char *pattern;   /* printf pattern: "KAT_2_12_%s.txt" */
    unsigned long records; /* records of the official driver */
    int full_only;         /* 1: only on request (make check-full), never every build */
    /* What sizes the KAT child's limits (doc/kat.md): the bytes the driver
     * hashes or draws, its calls, and its largest message buffer. */
    unsigned long long work_bytes;
    unsigned long calls;
    unsigned long long message_bytes;
};

#define KIND_MAX_KAT_FILES 8

struct kind_timer;
struct kind_kat;
struct kind_screen;

struct kind {
    const char *name;        /* "kem": scheme.conf `type`, ngcc_instance_info type */
    const char *title;       /* "KEM" */
    const char *header;      /* the API header: "KEM_AlgorithmInstance.h" */
    const char *const *symbols; /* the API an instance library exports; NULL-ended */
    const struct kind_size *sizes;
    int nsizes;
    const struct kind_op *ops;
    int nops;
    const char *kat_file;    /* printf pattern of the KAT file: "KAT_KEM_%s.txt" */
    unsigned long kat_records; /* records of the official driver */
    const char *yardstick_id;   /* the package's own instance of the kind: "mlkem" */
    const char *yardstick_name; /* "ML-KEM" */
    const struct kind_timer *timer;   /* the timer's behaviour (kind_timer.h) */
    const struct kind_kat *kat;       /* the KAT driver procedure (kind_kat.h) */
    const struct kind_screen *screen; /* the screening's loop (kind_screen.h) */

    /* ---- the report's words (kind_page.h): ngcc-evidence's kind rows ---- */
    struct kind_page page;

    /* Every KAT file of the official driver, kat_file (the one every build
     * checks) first; NULL / 0 when kat_file is the only one. */
    const struct kind_kat_file *kat_files;
    int nkat_files;
    /* The key of the line that opens a KAT record ("Msg_Len"); NULL: "Count". */
    const char *kat_record_key;
    /* The operations the campaign profiles, space-separated; NULL: all (a
     * key exchange's steps are timed inside whole exchanges: only
     * "exchange"). */
    const char *profile_ops;
};

/* The kinds the package knows, in a fixed order; NULL-ended. */
extern const struct kind *const kinds[];

/* The kind named NAME ("kem"), or NULL. */
const struct kind *kind_find(const char *name);

/* Operation NAME of kind K: its index, or -1. */
int kind_op_index(const struct kind *k, const char *name);

/* Whether operation OP of kind K exists for an instance whose sizes are
 * SIZES (kind K's order; NULL: unknown, and only ops without needs exist). */
int kind_op_exists(const struct kind *k, int op, const unsigned long long *sizes);

/* Whether the campaign profiles operation OP of kind K (profile_ops). */
int kind_op_profiled(const struct kind *k, int op);

/* Size KEY of kind K: its index, or -1. */
int kind_size_index(const struct kind *k, const char *key);

/* The KAT files of kind K into OUT[0..MAX): its kat_files, else the one
 * of kat_file and kat_records (its key the pattern less "_%s..."); their
 * number. */
int kind_kat_files(const struct kind *k, struct kind_kat_file *out, int max);

/* KAT file KEY ("KAT_2_12") of kind K into *OUT: its index, or -1 when K
 * has no such file. */
int kind_kat_file_find(const struct kind *k, const char *key, struct kind_kat_file *out);

#endif
