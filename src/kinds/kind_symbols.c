/* kind_symbols.c -- looking up a kind's API in an instance library
 * (kind_symbols.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

#include "kind_symbols.h"

int kind_resolve_all(const struct kind_want *want, size_t n, kind_lookup_fn lookup,
                     void *h, char *missing, size_t size)
{
    size_t i, used;
    int bad = 0;

    for (i = 0; i < n; i++) {
        if (lookup(h, want[i].name, want[i].fn, want[i].size) == 0)
            continue;
        bad = 1;
        used = strlen(missing);
        if (used + 1 < size)
            snprintf(missing + used, size - used, "%s%s",
                     missing[0] ? ", " : "", want[i].name);
    }
    return bad ? -1 : 0;
}

void *kind_dlsym(void *dl, const char *name, char *why, size_t size)
{
    void *p;
    dlerror();
    p = dlsym(dl, name);
    if (!p && !why[0])
        snprintf(why, size, "symbol %s not found", name);
    return p;
}

int kind_lookup_dlsym(void *h, const char *name, void *fnptr, size_t size)
{
    void *p;
    dlerror();
    p = dlsym(h, name);
    if (p == NULL || size != sizeof p)
        return -1;
    memcpy(fnptr, &p, size); /* a void * into a function pointer, without a cast */
    return 0;
}
