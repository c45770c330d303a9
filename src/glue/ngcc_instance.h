/* ngcc_instance.h -- what every instance library built by ngcc-perf exports
 * besides the API of its kind: the DRNG object, a seed entry point and a
 * metadata query with the sizes its getters give.  Tools load instances
 * with dlopen and look these up. */
#ifndef NGCC_INSTANCE_H
#define NGCC_INSTANCE_H

#ifdef __cplusplus
extern "C" {
#endif

/* Bumped whenever struct ngcc_instance_info changes layout. */
#define NGCC_INSTANCE_ABI 2

/* At most this many size getters per kind (kind.h: KIND_MAX_SIZES). */
#define NGCC_INSTANCE_MAX_SIZES 8

struct ngcc_instance_info {
    int abi;                        /* NGCC_INSTANCE_ABI */
    const char *id;                 /* scheme id: "mlkem", "kem-30" */
    const char *type;               /* the kind: "kem" (src/kinds/kind.h) */
    const char *algorithm;          /* "ML-KEM", "PolarLAC" */
    const char *instance;           /* label in the description */
    const char *algorithm_instance; /* ALGORITHM_INSTANCE of the API header */
    const char *variant;            /* "reference" */
    const char *source_dir;         /* as written in the description */
    const char *compiler;           /* first line of $CC --version */
    const char *flags;              /* the full compiler flags used */
    const char *flags_class;        /* "guide" or "harness-default" */
    const char *flags_reason;       /* why harness-default, else "" */
    int blank_test_vectors;         /* OUTPUT_BLANK_TEST_VECTORS */
    int nsizes;                     /* the kind's size getters */
    unsigned long long sizes[NGCC_INSTANCE_MAX_SIZES]; /* what they gave,
                                       in the kind's order (kind->sizes[i]) */
};

/* Exported by every instance library. */
const struct ngcc_instance_info *ngcc_instance_info(void);
int ngcc_drng_seed(const unsigned char *seed, unsigned long long seed_len_bytes);

/* Symbol names, for dlsym. */
#define NGCC_SYM_INSTANCE_INFO "ngcc_instance_info"
#define NGCC_SYM_DRNG_SEED "ngcc_drng_seed"

typedef const struct ngcc_instance_info *(*ngcc_instance_info_fn)(void);
typedef int (*ngcc_drng_seed_fn)(const unsigned char *, unsigned long long);

/* The ICCS KEM API, as function pointer types for dlsym (used in src/kinds/, kat/, screen/). */
typedef unsigned long long (*ngcc_len_fn)(void);
typedef int (*ngcc_keygen_fn)(unsigned char *, unsigned long long *,
                              unsigned char *, unsigned long long *);
typedef int (*ngcc_enc_fn)(unsigned char *, unsigned long long,
                           unsigned char *, unsigned long long *,
                           unsigned char *, unsigned long long *);
typedef int (*ngcc_dec_fn)(unsigned char *, unsigned long long,
                           unsigned char *, unsigned long long,
                           unsigned char *, unsigned long long *);

#ifdef __cplusplus
}
#endif
#endif
