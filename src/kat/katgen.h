/* katgen.h - generate a KAT text exactly as the official KAT_KEM.c driver.
 *
 * Part of ngcc-perf.  kat.md section 1: the driver's own DRNG (the package's
 * drng.c) is seeded with "seed" x 16; per record it draws a 64-byte seed,
 * re-seeds the scheme's DRNG with it (the instance library's
 * ngcc_drng_seed), then runs keygen, enc, dec and prints the record.
 *
 * Every buffer has NGCC_KATGEN_GUARD_BYTES of a known pattern on both
 * sides; they are checked after each call, so a write outside a buffer is
 * reported as OVERFLOW naming the call and the buffer.  A call that fails,
 * returns a length larger than its buffer, or a dec that disagrees with enc
 * is CRYPTOFAIL naming the record.
 */
#ifndef NGCC_KAT_KATGEN_H
#define NGCC_KAT_KATGEN_H

#include <stddef.h>
#include <stdio.h>

#include "guard.h"

#include "ngcc_instance.h"

#ifdef __cplusplus
extern "C" {
#endif

#define NGCC_KATGEN_GUARD_BYTES NGCC_GUARD_BYTES /* guard.h */
/* A getter claiming more than this is treated as broken (CRYPTOFAIL). */
#define NGCC_KATGEN_MAX_LEN (1ULL << 30)
/* Longest KAT file name, "KAT_KEM_" + instance + ".txt" and a NUL. */
#define NGCC_KATGEN_NAME_MAX 256

struct ngcc_kem_api {
    ngcc_len_fn pk_len, sk_len, ct_len, ss_len;
    ngcc_keygen_fn keygen;
    ngcc_enc_fn enc;
    ngcc_dec_fn dec;
    ngcc_drng_seed_fn drng_seed;    /* seeds the scheme's drng_algorithm */
};

enum ngcc_katgen_status {
    NGCC_KATGEN_OK = 0,
    NGCC_KATGEN_CRYPTOFAIL,         /* a call failed or dec != enc */
    NGCC_KATGEN_OVERFLOW,           /* a guard byte changed */
    NGCC_KATGEN_NOMEM,              /* buffers of the getters' sizes could
                                       not be allocated */
    NGCC_KATGEN_ERROR               /* the generator's own failure: a write
                                       error */
};

struct ngcc_katgen_opts {
    unsigned long records;          /* records to generate */
    int blank;                      /* template mode: "X_Len = " bare */
    /* Called before every call into the scheme (may be NULL); CALL is the
     * function's name.  Lets a supervisor say where a crash or hang was. */
    void (*progress)(void *arg, unsigned long record, const char *call);
    void *progress_arg;
};

/* Generate OPTS->records records on OUT.  Returns a status; MSG (if
 * MSGSIZE > 0) explains anything but OK, e.g. "kem_dec disagrees with
 * kem_enc at record 3". */
enum ngcc_katgen_status ngcc_katgen_run(const struct ngcc_kem_api *api,
                                        const struct ngcc_katgen_opts *opts,
                                        FILE *out, char *msg, size_t msgsize);

/* "OK", "CRYPTOFAIL", "OVERFLOW", "NOMEM", "ERROR". */
const char *ngcc_katgen_status_name(enum ngcc_katgen_status st);

/* 1 if NAME is a valid ALGORITHM_INSTANCE per iccs.md: 1 to 64 characters
 * of [A-Za-z0-9_-]. */
int ngcc_katgen_valid_instance(const char *name);

/* "KAT_KEM_<ALGORITHM_INSTANCE>.txt" into BUF.  Returns 0, or -1 when NAME
 * is empty, holds '/', a blank or a control character, or does not fit. */
int ngcc_katgen_filename(const char *algorithm_instance, char *buf,
                         size_t size);

#ifdef __cplusplus
}
#endif

#endif /* NGCC_KAT_KATGEN_H */
