/* kinds.c -- the list of kinds and lookups in it (kind.h).  A new kind is
 * one file defining its struct kind and one line here.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <string.h>

#include "kind.h"

extern const struct kind kind_kem;
extern const struct kind kind_sig;

const struct kind *const kinds[] = { &kind_kem, &kind_sig, NULL };

const struct kind *kind_find(const char *name)
{
    int i;
    for (i = 0; name && kinds[i]; i++)
        if (strcmp(kinds[i]->name, name) == 0)
            return kinds[i];
    return NULL;
}

int kind_op_index(const struct kind *k, const char *name)
{
    int i;
    for (i = 0; name && i < k->nops; i++)
        if (strcmp(k->ops[i].name, name) == 0)
            return i;
    return -1;
}

int kind_size_index(const struct kind *k, const char *key)
{
    int i;
    for (i = 0; key && i < k->nsizes; i++)
        if (strcmp(k->sizes[i].key, key) == 0)
            return i;
    return -1;
}
