/* kinds.c -- the list of kinds and lookups in it (kind.h).  A new kind is
 * one file defining its struct kind and one line here.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <string.h>

#include "kind.h"

extern const struct kind kind_kem;
extern const struct kind kind_sig;
extern const struct kind kind_hash;
extern const struct kind kind_kex;

const struct kind *const kinds[] = { &kind_kem, &kind_sig, &kind_hash, &kind_kex, NULL };

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

int kind_op_exists(const struct kind *k, int op, const unsigned long long *sizes)
{
    int s;
    if (op < 0 || op >= k->nops)
        return 0;
    if (!k->ops[op].needs.size)
        return 1;
    s = kind_size_index(k, k->ops[op].needs.size);
    return sizes && s >= 0 && sizes[s] >= k->ops[op].needs.min;
}

int kind_op_profiled(const struct kind *k, int op)
{
    const char *p = k->profile_ops;
    size_t n;
    if (op < 0 || op >= k->nops)
        return 0;
    if (!p)
        return 1;
    n = strlen(k->ops[op].name);
    while ((p = strstr(p, k->ops[op].name)) != NULL) {
        if ((p == k->profile_ops || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
            return 1;
        p += n;
    }
    return 0;
}

int kind_size_index(const struct kind *k, const char *key)
{
    int i;
    for (i = 0; key && i < k->nsizes; i++)
        if (strcmp(k->sizes[i].key, key) == 0)
            return i;
    return -1;
}

int kind_kat_files(const struct kind *k, struct kind_kat_file *out, int max)
{
    /* The key of the single file: the pattern less "_%s..." (static:
     * every kind's pattern is a constant, the key outlives the call). */
    static char keys[KIND_MAX_KAT_FILES][64];
    int i, slot;
    const char *hole;
    size_t n;

    if (k->nkat_files > 0) {
        for (i = 0; i < k->nkat_files && i < max; i++)
            out[i] = k->kat_files[i];
        return i;
    }
    if (max < 1 || k->kat_file == NULL)
        return 0;
    for (slot = 0; kinds[slot] && kinds[slot] != k && slot < KIND_MAX_KAT_FILES - 1; slot++)
        ;
    hole = strstr(k->kat_file, "%s");
    n = hole ? (size_t)(hole - k->kat_file) : strlen(k->kat_file);
    if (n > 0 && k->kat_file[n - 1] == '_')
        n--;
    if (n >= sizeof keys[0])
        n = sizeof keys[0] - 1;
    memcpy(keys[slot], k->kat_file, n);
    keys[slot][n] = '\0';
    out[0].key = keys[slot];
    out[0].pattern = k->kat_file;
    out[0].records = k->kat_records;
    out[0].full_only = 0;
    out[0].work_bytes = 0;
    out[0].calls = 0;
    out[0].message_bytes = 0;
    return 1;
}

int kind_kat_file_find(const struct kind *k, const char *key, struct kind_kat_file *out)
{
    struct kind_kat_file all[KIND_MAX_KAT_FILES];
    int i, n = kind_kat_files(k, all, KIND_MAX_KAT_FILES);

    for (i = 0; key && i < n; i++)
        if (strcmp(all[i].key, key) == 0) {
            *out = all[i];
            return i;
        }
    return -1;
}
