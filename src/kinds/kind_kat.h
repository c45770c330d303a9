/* kind_kat.h -- the KAT hook of a kind (struct kind's kat): resolve the
 * kind's API in a loaded instance library and run its official KAT driver
 * procedure.  Part of ngcc-perf.
 *
 * The KAT gate (src/kat/) and the screening (src/screen/) call only these;
 * what a record holds and which calls make it is the kind's (kem_kat.c). */
#ifndef NGCC_KINDS_KIND_KAT_H
#define NGCC_KINDS_KIND_KAT_H

#include <stddef.h>
#include <stdio.h>

#include "kat_fields.h"
#include "kind.h"

/* Looks NAME up in the library H into the function pointer at FNPTR (of
 * SIZE bytes): 0, or -1 when missing.  The caller's (it owns dlopen). */
typedef int (*kind_lookup_fn)(void *h, const char *name, void *fnptr,
                              size_t size);

/* Room for any kind's API struct (function pointers only): every
 * kind_kat's api_size fits. */
typedef union {
    void (*fn[32])(void);
    void *ptr[32];
} kind_kat_api;

struct kind_kat {
    const char *official_driver;    /* the spec's driver: "KAT_KEM.c" */
    size_t api_size;                /* bytes of the kind's API struct */
    /* Fill API (api_size bytes, zeroed first) through LOOKUP on H: the
     * kind's symbols and ngcc_drng_seed.  The names not found are
     * appended to MISSING (", "-separated).  0, or -1 when any is. */
    int (*resolve)(void *api, kind_lookup_fn lookup, void *h, char *missing,
                   size_t missing_size);
    /* Generate OPTS->records records of the official driver on OUT.  MSG
     * (if MSGSIZE > 0) explains anything but OK, naming call and record. */
    enum ngcc_katgen_status (*run)(const void *api,
                                   const struct ngcc_katgen_opts *opts,
                                   FILE *out, char *msg, size_t msgsize);
    /* The functional check after the records, or NULL (the KEM has none):
     * *TRIED cases that API must reject, *REJECTED of them rejected; MSG
     * names the ones accepted.  0, or -1 when it could not run (MSG says
     * why).  A finding, never a KAT status. */
    int (*functional)(const void *api, unsigned *tried, unsigned *rejected,
                      char *msg, size_t msgsize);
    /* The functional check's KAT log text after "<page.functional>: ",
     * from what it gave (DETAIL: its MSG), into BUF; NULL: the forgery
     * check's "R of T rejected in S s[; ACCEPTED DETAIL]". */
    void (*functional_text)(char *buf, size_t size, unsigned tried,
                            unsigned rejected, double seconds,
                            const char *detail);
};

/* The KAT file of instance ALGORITHM_INSTANCE of kind K (K->kat_file with
 * the name for its %s) into BUF.  0, or -1 when the name is empty, holds
 * '/', a blank or a control character, or does not fit. */
int kind_kat_filename(const struct kind *k, const char *algorithm_instance,
                      char *buf, size_t size);

/* The same for K's KAT file number FILE (kind_kat_files' order; 0 is
 * kat_file); -1 also when K has no such file. */
int kind_kat_filename_at(const struct kind *k, int file, const char *algorithm_instance,
                         char *buf, size_t size);

#endif
