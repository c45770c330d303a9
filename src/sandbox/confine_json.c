/* confine_json.c -- the "confinement" object of records, profiles and
 * screening files (doc/evidence.md).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <json.h>

#include "confine.h"

struct json_object *ngcc_confine_json(const struct ngcc_confinement *c, const char *left)
{
    json_object *o = json_object_new_object(), *a = json_object_new_array();
    const char *w;
    size_t i;

    json_object_object_add(o, "mechanism", json_object_new_string(c->restricted ? "landlock" : "none"));
    json_object_object_add(o, "abi", c->abi > 0 ? json_object_new_int(c->abi) : NULL);
    for (i = 0; (w = ngcc_confine_word(c->restricted, i)) != NULL; i++)
        json_object_array_add(a, json_object_new_string(w));
    json_object_object_add(o, "restricted", a);
    json_object_object_add(o, "scratch", json_object_new_string(
        "a fresh directory per process, its working directory and TMPDIR, removed after it"));
    if (left)
        json_object_object_add(o, "scratch_left", json_object_new_string(left));
    json_object_object_add(o, "strict", json_object_new_boolean(c->strict));
    json_object_object_add(o, "reason", c->restricted ? NULL : json_object_new_string(c->reason));
    return o;
}
