/* screen.c -- the screening files of an instance (doc/screen.md) as rows:
 * 'screen' (one per instance, present or not), 'finding' (one per finding)
 * and 'screencheck' (one per check).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evidence.h"

/* screen: keys id, label; file and present first. */
const struct col screen_cols[] = {
    { "build_status", T_STR, REQ },
    { "quick", T_BOOL, OPT },
    { "generated_utc", T_STR, OPT },
    { "library.sha256", T_STR, OPT },
    { "memory.status", T_STR, REQ },
    { "memory.counts.candidate", T_INT, REQ },
    { "memory.counts.explained", T_INT, OPT },
    { "memory.counts.iccs_helpers", T_INT, OPT },
    { "memory.counts.package", T_INT, OPT },
    { "memory.counts.system", T_INT, OPT },
    { "memory.counts.serious", T_INT, OPT },
    { "memory.counts.notes", T_INT, OPT },
    { "memory.leaked_bytes", T_INT, OPT },
    { "memory.leaked_bytes_per_op", T_NUM, OPT },
    { "secret.status", T_STR, REQ },
    { "secret.counts.candidate", T_INT, REQ },
    { "secret.counts.explained", T_INT, OPT },
    { "secret.counts.iccs_helpers", T_INT, OPT },
    { "secret.counts.package", T_INT, OPT },
    { "secret.counts.system", T_INT, OPT },
    { "secret.counts.serious", T_INT, OPT },
    { "secret.counts.notes", T_INT, OPT },
    { "survey.verdict", T_STR, OPT },
    { "patterns.sha256", T_STR, OPT },
};
const size_t N_screen_cols = NCOLS(screen_cols);

/* finding: keys id, label, area, index. */
const struct col finding_cols[] = {
    { "kind", T_STR, REQ },
    { "tool", T_STR, OPT },
    { "op", T_STR, OPT },
    { "function", T_STR, OPT },
    { "location", T_STR, OPT },
    { "attribution", T_STR, REQ },
    { "count", T_INT, OPT },
    { "bytes", T_INT, OPT },
    { "note", T_STR, OPT },
    { "severity", T_STR, OPT },
};
const size_t N_finding_cols = NCOLS(finding_cols);

/* screencheck: keys id, label, index. */
const struct col screencheck_cols[] = {
    { "name", T_STR, REQ },
    { "status", T_STR, REQ },
    { "reason", T_STR, OPT },
    { "seconds", T_NUM, OPT },
};
const size_t N_screencheck_cols = NCOLS(screencheck_cols);

/* The elements of the array at PATH, one row each, their fields by full
 * path (errors name them so). */
static void put_elements(const char *file, json_object *root, const char *path, const char *type,
                         const char *keys, const struct col *cols, size_t n)
{
    json_object *arr;
    size_t i, k, len;
    if (!lookup(root, path, &arr) || !arr)
        return;
    if (!json_object_is_type(arr, json_type_array)) {
        bad(file, "field %s: expected an array", path);
        return;
    }
    len = json_object_array_length(arr);
    for (i = 0; i < len; i++) {
        char paths[16][128];
        struct col cc[16];
        for (k = 0; k < n && k < 16; k++) {
            snprintf(paths[k], sizeof paths[k], "%s.%zu.%s", path, i, cols[k].path);
            cc[k] = cols[k];
            cc[k].path = paths[k];
        }
        printf("%s\t%s\t%zu", type, keys, i);
        put_cols(file, root, cc, k, 1);
        putchar('\n');
    }
}

void read_screen(const struct evidence *ev, const char *id, const char *label)
{
    char *rel = cat_path("screen/%s/%s.json", id, label);
    char *file = cat_path("%s/%s", ev->dir, rel);
    int absent = 0;
    json_object *s = load_json(file, 0, &absent);
    const char *v;
    char *keys;
    size_t i;

    if (!s) {
        if (absent) {
            printf("screen\t%s\t%s\t%s\t0", id, label, rel);
            for (i = 0; i < N_screen_cols; i++)
                fputs("\t\\N", stdout);
            putchar('\n');
        }
        free(file);
        free(rel);
        return;
    }
    check_format(file, s, "ngcc-perf/screen", 1);
    if ((v = get_str(s, "id")) && strcmp(v, id) != 0)
        bad(file, "id is \"%s\", not %s", v, id);
    if ((v = get_str(s, "label")) && strcmp(v, label) != 0)
        bad(file, "label is \"%s\", not %s", v, label);
    printf("screen\t%s\t%s\t%s\t1", id, label, rel);
    put_cols(file, s, screen_cols, N_screen_cols, 1);
    putchar('\n');
    keys = cat_path("%s\t%s\tmemory", id, label);
    put_elements(file, s, "memory.findings", "finding", keys, finding_cols, N_finding_cols);
    free(keys);
    keys = cat_path("%s\t%s\tsecret", id, label);
    put_elements(file, s, "secret.findings", "finding", keys, finding_cols, N_finding_cols);
    free(keys);
    keys = cat_path("%s\t%s", id, label);
    put_elements(file, s, "checks", "screencheck", keys, screencheck_cols, N_screencheck_cols);
    free(keys);
    json_object_put(s);
    free(file);
    free(rel);
}
