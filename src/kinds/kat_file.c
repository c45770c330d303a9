/* kat_file.c -- the KAT file names of an instance, from its kind's
 * patterns (kind_kat.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <string.h>

#include "kind_kat.h"

int kind_kat_filename(const struct kind *k, const char *algorithm_instance,
                      char *buf, size_t size)
{
    return kind_kat_filename_at(k, 0, algorithm_instance, buf, size);
}

int kind_kat_filename_at(const struct kind *k, int file, const char *algorithm_instance,
                         char *buf, size_t size)
{
    struct kind_kat_file all[KIND_MAX_KAT_FILES];
    const unsigned char *p = (const unsigned char *)algorithm_instance;
    const char *pat, *hole;
    int n = kind_kat_files(k, all, KIND_MAX_KAT_FILES);

    if (file < 0 || file >= n)
        return -1;
    pat = all[file].pattern;
    hole = pat ? strstr(pat, "%s") : NULL;
    size_t pre, name, post;

    if (hole == NULL || *p == '\0')
        return -1;
    for (; *p != '\0'; p++)
        if (*p <= ' ' || *p == '/' || *p == 0x7f)
            return -1;
    /* Not printf: the pattern is data, and holds one %s only. */
    pre = (size_t)(hole - pat);
    name = strlen(algorithm_instance);
    post = strlen(hole + 2);
    if (strchr(pat, '%') != hole || strchr(hole + 2, '%') != NULL ||
        pre + name + post >= size)
        return -1;
    memcpy(buf, pat, pre);
    memcpy(buf + pre, algorithm_instance, name);
    memcpy(buf + pre + name, hole + 2, post + 1);
    return 0;
}
