/* kind_files.c -- what ngcc-evidence reads of a kind's own evidence: a
 * record's op_counters as counter rows, and the KAT log's line of the
 * kind's functional check (struct kind_page functional, "forgery: ...")
 * as a functional row, for the pages (doc/report.md).  No counter or
 * check is named here: the kind table names them.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evidence.h"
#include "kind.h"

void put_counters(const char *file, json_object *rec, const char *id, const char *label,
                  const char *op)
{
    struct json_object_iterator it, end;
    json_object *c;
    if (!json_object_object_get_ex(rec, "op_counters", &c) || !c)
        return;
    if (!json_object_is_type(c, json_type_object)) {
        bad(file, "op_counters is not an object");
        return;
    }
    it = json_object_iter_begin(c);
    end = json_object_iter_end(c);
    for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
        json_object *v = json_object_iter_peek_value(&it);
        const char *name = json_object_iter_peek_name(&it);
        if (!json_object_is_type(v, json_type_int) || json_object_get_int64(v) < 0 || !is_name(name)) {
            bad(file, "op_counters.%s is not a count", name);
            continue;
        }
        printf("counter\t%s\t%s\t%s\t%s\t%lld\n", id, label, op, name,
               (long long)json_object_get_int64(v));
    }
}

void put_functional(const char *root, const struct kind *kind, const char *id,
                    const char *label, const char *log)
{
    const char *name = kind->page.functional;
    char *full, line[4096];
    size_t n;
    FILE *f;
    if (!name || !log)
        return;
    full = log[0] == '/' ? cat_path("%s", log) : cat_path("%s/%s", root, log);
    n = strlen(name);
    if ((f = fopen(full, "r")) == NULL) { /* said by the SHA-256 check */
        free(full);
        return;
    }
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, name, n) != 0 || line[n] != ':' || line[n + 1] != ' ')
            continue;
        line[strcspn(line, "\r\n")] = '\0';
        printf("functional\t%s\t%s\t%s\t", id, label, name);
        put_escaped(line + n + 2);
        putchar('\n');
        break;
    }
    fclose(f);
    free(full);
}
