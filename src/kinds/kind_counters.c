/* kind_counters.c -- the merge rule of a kind's counters (kind_timer.h):
 * one trial's counters folded into a sum over trials.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <string.h>

#include "kind_timer.h"

static int ends_with(const char *s, const char *tail)
{
    size_t n = strlen(s), t = strlen(tail);
    return n >= t && strcmp(s + n - t, tail) == 0;
}

enum kind_merge kind_counter_merge(const char *name)
{
    if (ends_with(name, "_min"))
        return KIND_MERGE_MIN;
    if (ends_with(name, "_max"))
        return KIND_MERGE_MAX;
    return KIND_MERGE_SUM;
}

void kind_counters_add(struct kind_counters *acc, const struct kind_counters *one)
{
    int i, j;
    for (i = 0; i < one->n; i++) {
        unsigned long long v = one->value[i];
        for (j = 0; j < acc->n && strcmp(acc->name[j], one->name[i]) != 0; j++)
            ;
        if (j == acc->n) {
            if (acc->n == KIND_MAX_COUNTERS)
                continue;
            snprintf(acc->name[j], sizeof acc->name[j], "%s", one->name[i]);
            acc->value[acc->n++] = v;
            continue;
        }
        switch (kind_counter_merge(acc->name[j])) {
        case KIND_MERGE_MIN:
            if (v < acc->value[j])
                acc->value[j] = v;
            break;
        case KIND_MERGE_MAX:
            if (v > acc->value[j])
                acc->value[j] = v;
            break;
        default:
            acc->value[j] += v;
        }
    }
}
