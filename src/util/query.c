/* query.c -- read values out of JSON evidence for shell scripts. */
#include "query.h"

#include <stdlib.h>
#include <string.h>

/* Find PATH under NODE: 1 and *OUT (NULL for a JSON null) when found. */
static int lookup(json_object *node, const char *path, json_object **out)
{
    char key[256];
    while (*path) {
        size_t n = strcspn(path, ".");
        if (n >= sizeof key || !node)
            return 0;
        memcpy(key, path, n);
        key[n] = '\0';
        path += n + (path[n] == '.');
        if (json_object_is_type(node, json_type_array)) {
            char *end;
            long i = strtol(key, &end, 10);
            if (*key == '\0' || *end != '\0' || i < 0 ||
                (size_t)i >= json_object_array_length(node))
                return 0;
            node = json_object_array_get_idx(node, (size_t)i);
        } else if (!json_object_is_type(node, json_type_object) ||
                   !json_object_object_get_ex(node, key, &node)) {
            return 0;
        }
    }
    *out = node;
    return 1;
}

static void print_string(const char *s, FILE *out)
{
    for (; *s; s++) {
        if (*s == '\n')
            fputs("\\n", out);
        else if (*s == '\t')
            fputs("\\t", out);
        else
            fputc(*s, out);
    }
}

/* A scalar; 0 when NODE is not one. */
static int print_scalar(json_object *node, FILE *out)
{
    switch (json_object_get_type(node)) {
    case json_type_null:
        return 1;
    case json_type_string:
        print_string(json_object_get_string(node), out);
        return 1;
    case json_type_boolean:
    case json_type_int:
    case json_type_double:
        fputs(json_object_to_json_string_ext(node, JSON_C_TO_STRING_PLAIN), out);
        return 1;
    default:
        return 0;
    }
}

int query_print(json_object *root, const char *path, FILE *out)
{
    json_object *node;
    size_t i, n;
    int scalars = 1;

    if (!lookup(root, path, &node))
        return -1;
    if (!print_scalar(node, out)) {
        if (json_object_is_type(node, json_type_array)) {
            n = json_object_array_length(node);
            for (i = 0; i < n && scalars; i++) {
                json_type t = json_object_get_type(json_object_array_get_idx(node, i));
                scalars = t != json_type_object && t != json_type_array;
            }
            if (scalars) {
                for (i = 0; i < n; i++) {
                    if (i)
                        fputc(' ', out);
                    print_scalar(json_object_array_get_idx(node, i), out);
                }
                fputc('\n', out);
                return 0;
            }
        }
        fputs(json_object_to_json_string_ext(node, JSON_C_TO_STRING_PLAIN), out);
    }
    fputc('\n', out);
    return 0;
}
