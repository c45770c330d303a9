/* document.c -- findings, areas and checks as JSON.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <string.h>

#include "document.h"

static json_object *str_or_null(const char *s)
{
    return s && *s ? json_object_new_string(s) : NULL;
}

json_object *screen_findings_json(const struct screen_findings *all, enum screen_area area)
{
    json_object *a = json_object_new_array();
    size_t i, k;
    for (i = 0; i < all->n; i++) {
        const struct screen_finding *f = &all->v[i];
        json_object *o, *fr;
        if (f->area != area)
            continue;
        o = json_object_new_object();
        json_object_object_add(o, "kind", json_object_new_string(f->kind));
        json_object_object_add(o, "tool", json_object_new_string(f->tool));
        json_object_object_add(o, "op", str_or_null(f->op));
        json_object_object_add(o, "function", str_or_null(f->function));
        json_object_object_add(o, "location", str_or_null(f->location));
        json_object_object_add(o, "attribution", json_object_new_string(f->attribution));
        json_object_object_add(o, "count", json_object_new_int64((int64_t)f->count));
        json_object_object_add(o, "bytes", strcmp(f->kind, "leak") == 0
                               ? json_object_new_int64((int64_t)f->bytes) : NULL);
        json_object_object_add(o, "message", json_object_new_string(f->message));
        json_object_object_add(o, "note", json_object_new_string(f->note));
        json_object_object_add(o, "severity", json_object_new_string(f->severity ? f->severity : "serious"));
        fr = json_object_new_array();
        for (k = 0; k < f->nframes; k++)
            json_object_array_add(fr, json_object_new_string(f->frames[k]));
        json_object_object_add(o, "frames", fr);
        json_object_array_add(a, o);
    }
    return a;
}

json_object *screen_area_json(const struct screen_findings *all, enum screen_area area,
                              int screened)
{
    json_object *o = json_object_new_object(), *c = json_object_new_object();
    long candidate = 0, explained = 0, helpers = 0, package = 0, system = 0, serious = 0;
    size_t i;
    for (i = 0; i < all->n; i++) {
        const struct screen_finding *f = &all->v[i];
        if (f->area != area)
            continue;
        if (strcmp(f->attribution, "candidate") == 0) {
            if (strncmp(f->note, "explained: ", 11) == 0)
                explained++;
            else {
                candidate++;
                serious += !f->severity || strcmp(f->severity, "serious") == 0;
            }
        } else if (strcmp(f->attribution, "iccs-helpers") == 0) {
            helpers++;
        } else if (strcmp(f->attribution, "package") == 0) {
            package++;
        } else {
            system++;
        }
    }
    json_object_object_add(o, "status", json_object_new_string(
        !screened ? "not screened" : candidate > 0 ? "findings" : "clean"));
    json_object_object_add(c, "candidate", json_object_new_int64(candidate));
    json_object_object_add(c, "explained", json_object_new_int64(explained));
    json_object_object_add(c, "iccs_helpers", json_object_new_int64(helpers));
    json_object_object_add(c, "package", json_object_new_int64(package));
    json_object_object_add(c, "system", json_object_new_int64(system));
    /* The candidate's unexplained findings by severity. */
    json_object_object_add(c, "serious", json_object_new_int64(serious));
    json_object_object_add(c, "notes", json_object_new_int64(candidate - serious));
    json_object_object_add(o, "counts", c);
    return o;
}

/* A limit as it was applied, in tenths of a second (check_limits.c). */
static json_object *limit_json(double s)
{
    char text[32];
    snprintf(text, sizeof text, "%.1f", s);
    return json_object_new_double_s(s, text);
}

json_object *screen_check_json(const struct screen_check *chk)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "name", json_object_new_string(chk->name));
    json_object_object_add(o, "tool", json_object_new_string(chk->tool));
    json_object_object_add(o, "status", json_object_new_string(chk->status));
    json_object_object_add(o, "reason", json_object_new_string(chk->reason));
    json_object_object_add(o, "ops", json_object_new_int64((int64_t)chk->ops));
    json_object_object_add(o, "reports", json_object_new_int64(chk->reports));
    json_object_object_add(o, "seconds", json_object_new_double(chk->seconds));
    json_object_object_add(o, "limit_s", chk->limit_s > 0 ? limit_json(chk->limit_s) : NULL);
    json_object_object_add(o, "limit_basis", chk->limit_s > 0 ? json_object_new_string(chk->limit_basis)
                           : NULL);
    return o;
}
