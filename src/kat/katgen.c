/* katgen.c - the KAT gate's names: statuses, instances, KAT files by kind.
 *
 * Part of ngcc-perf.  The records themselves are the kind's driver
 * procedure's (src/kinds/kind_kat.h).
 */
#include "katgen.h"

#include <stdio.h>
#include <string.h>

const char *ngcc_katgen_status_name(enum ngcc_katgen_status st)
{
    switch (st) {
    case NGCC_KATGEN_OK: return "OK";
    case NGCC_KATGEN_CRYPTOFAIL: return "CRYPTOFAIL";
    case NGCC_KATGEN_OVERFLOW: return "OVERFLOW";
    case NGCC_KATGEN_NOMEM: return "NOMEM";
    case NGCC_KATGEN_ERROR: return "ERROR";
    }
    return "ERROR";
}

int ngcc_katgen_valid_instance(const char *name)
{
    size_t n = 0;

    for (; name[n] != '\0'; n++) {
        char c = name[n];
        if (!((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') ||
              (c >= '0' && c <= '9') || c == '_' || c == '-'))
            return 0;
    }
    return n >= 1 && n <= 64;
}

int ngcc_katgen_filename(const struct kind *k, const char *algorithm_instance,
                         char *buf, size_t size)
{
    if (k == NULL || k->kat == NULL)
        return -1;
    return kind_kat_filename(k, algorithm_instance, buf, size);
}

int ngcc_katgen_filename_at(const struct kind *k, int file, const char *algorithm_instance,
                            char *buf, size_t size)
{
    if (k == NULL || k->kat == NULL)
        return -1;
    return kind_kat_filename_at(k, file, algorithm_instance, buf, size);
}
