/* instance_ops.c -- which operations of its kind an instance of build.json
 * has (instance_ops.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdint.h>
#include <stdio.h>

#include "instance_ops.h"
#include "record.h"

int instance_op_exists(json_object *inst, const struct kind *k, int op)
{
    unsigned long long sizes[KIND_MAX_SIZES];
    char path[64];
    int64_t v;
    int i;

    for (i = 0; i < k->nsizes && i < KIND_MAX_SIZES; i++) {
        snprintf(path, sizeof path, "sizes.%s", k->sizes[i].key);
        if (!inst || record_get_int(inst, path, &v) != 0 || v < 0)
            return kind_op_exists(k, op, NULL);
        sizes[i] = (unsigned long long)v;
    }
    return kind_op_exists(k, op, sizes);
}
