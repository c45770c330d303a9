/* kind_symbols.h -- looking up a kind's API in an instance library, the
 * first step of every kind's hooks (timer, KAT), written once.
 * Part of ngcc-perf. */
#ifndef NGCC_KINDS_KIND_SYMBOLS_H
#define NGCC_KINDS_KIND_SYMBOLS_H

#include <stddef.h>

#include "kind_kat.h"

/* One function to look up: its name and where its pointer goes. */
struct kind_want {
    const char *name;
    void *fn;       /* the address of a function pointer */
    size_t size;    /* sizeof that pointer */
};

/* Look up WANT[0..N) with LOOKUP in H.  0 when all were found; -1 with the
 * missing names appended to MISSING (SIZE bytes, "a, b"), in WANT's order. */
int kind_resolve_all(const struct kind_want *want, size_t n, kind_lookup_fn lookup,
                     void *h, char *missing, size_t size);

/* A kind_lookup_fn over dlsym: NAME in the library H into the function
 * pointer at FNPTR (SIZE bytes, that of a pointer); 0, or -1 when missing. */
int kind_lookup_dlsym(void *h, const char *name, void *fnptr, size_t size);

/* dlsym NAME in DL; NULL, and the first name missing in WHY when WHY is
 * still empty ("symbol NAME not found"). */
void *kind_dlsym(void *dl, const char *name, char *why, size_t size);

#endif
