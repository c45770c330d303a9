/* kat_fields.h -- what every kind's KAT driver procedure shares (kat.md
 * section 1): the statuses, the options, the driver's own DRNG and the
 * per-record seed, the "Name = HEX" and "X_Len = " fields, the guarded
 * buffers' check and the messages.  Part of ngcc-perf.
 *
 * Below the KAT gate (src/kat/) so that the kinds' drivers (kem_kat.c) can
 * use it; the gate and the screening reach it through kind_kat.h. */
#ifndef NGCC_KINDS_KAT_FIELDS_H
#define NGCC_KINDS_KAT_FIELDS_H

#include <stddef.h>
#include <stdio.h>

#include "drng.h"
#include "guard.h"
#include "ngcc_instance.h"

#define NGCC_KATGEN_GUARD_BYTES NGCC_GUARD_BYTES /* guard.h */
/* A getter claiming more than this is treated as broken (CRYPTOFAIL). */
#define NGCC_KATGEN_MAX_LEN (1ULL << 30)

enum ngcc_katgen_status {
    NGCC_KATGEN_OK = 0,
    NGCC_KATGEN_CRYPTOFAIL,         /* a call failed or disagreed */
    NGCC_KATGEN_OVERFLOW,           /* a guard byte changed */
    NGCC_KATGEN_NOMEM,              /* buffers of the getters' sizes could
                                       not be allocated */
    NGCC_KATGEN_ERROR               /* the generator's own failure: a write
                                       error */
};

struct ngcc_katgen_opts {
    unsigned long records;          /* records to generate */
    int file;                       /* which of the kind's KAT files
                                       (kind_kat_files): 0, the first */
    int blank;                      /* template mode: "X_Len = " bare */
    /* Called before every call into the scheme (may be NULL); CALL is the
     * function's name.  Lets a supervisor say where a crash or hang was. */
    void (*progress)(void *arg, unsigned long record, const char *call);
    void *progress_arg;
    /* Called now and then with the share of the file's work done (0..1),
     * with PROGRESS_ARG (may be NULL): what ngcc-kat --progress shows. */
    void (*work)(void *arg, double done);
};

/* vsnprintf into MSG when SIZE > 0. */
void kat_msg(char *msg, size_t size, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;

/* "KEY = HEX" (upper case) and a newline. */
void kat_hex(FILE *out, const char *key, const unsigned char *p, size_t n);

/* "KEY = LEN", or "KEY = " bare in template mode (BLANK). */
void kat_len(FILE *out, const char *key, unsigned long long len, int blank);

/* OPTS->work, when set. */
void kat_work(const struct ngcc_katgen_opts *opts, double done);

/* OPTS->progress, when set. */
void kat_progress(const struct ngcc_katgen_opts *opts, unsigned long record,
                  const char *call);

/* Every buffer of BUFS[0..N) after CALL: OVERFLOW with "... at record R"
 * in MSG if a guard moved, else OK. */
enum ngcc_katgen_status kat_guards(const struct ngcc_guarded *bufs, size_t n,
                                   const char *call, unsigned long record,
                                   char *msg, size_t msgsize);

/* Call the getters GET[0..N) (named NAMES[i] in progress and messages)
 * into MAX; CRYPTOFAIL when one claims more than NGCC_KATGEN_MAX_LEN. */
enum ngcc_katgen_status kat_getters(const ngcc_len_fn *get,
                                    const char *const *names, size_t n,
                                    const struct ngcc_katgen_opts *opts,
                                    unsigned long long *max, char *msg,
                                    size_t msgsize);

/* The driver's own DRNG, seeded with "seed" x 16. */
enum ngcc_katgen_status kat_drng_init(DRNG_ctx *drng, char *msg,
                                      size_t msgsize);

/* The head of record I: "Count = I", a 64-byte seed drawn from DRNG and
 * printed (Seed_Len, Seed), and the scheme's DRNG re-seeded with it
 * through SEED_FN. */
enum ngcc_katgen_status kat_record_start(DRNG_ctx *drng,
                                         ngcc_drng_seed_fn seed_fn,
                                         const struct ngcc_katgen_opts *opts,
                                         unsigned long i, FILE *out,
                                         char *msg, size_t msgsize);

/* The end of every generation: flushed, else ERROR. */
enum ngcc_katgen_status kat_finish(FILE *out, char *msg, size_t msgsize);

#endif
