/* verify_build.c -- the checker of build.json (doc/campaign.md, formats 1
 * and 2): every instance well formed, named, unique and in order, its
 * sizes in range, the files it names present with their SHA-256; and the
 * plan of records and profiles.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdlib.h>
#include <string.h>

#include "instance_ops.h"
#include "kind.h"
#include "verify_evidence.h"
#include "verify_fields.h"
#include "verify_util.h"

static const char *const build_statuses[] = { "ok", "BUILDFAIL", NULL };
static const char *const kat_statuses[] = {
    "PASS", "MISMATCH", "NOKAT", "CRYPTOFAIL", "OVERFLOW", "LOADFAIL", "TIMEOUT", "CRASH", NULL
};
static const char *const flags_classes[] = { "guide", "harness-default", NULL };

/* The id or label at KEY, when it is a valid name; else a problem, NULL. */
static const char *name_field(struct verify_ctx *c, const char *where, json_object *e, const char *key)
{
    const char *s;
    if (vf_string(c, where, e, key, VF_REQUIRED, &s) != 1)
        return NULL;
    if (!vf_name_ok(s)) {
        verify_problem(c, "%s: %s \"%.80s\" is not a name ([A-Za-z0-9._-]+, neither . nor ..)",
                       where, key, s);
        return NULL;
    }
    return s;
}

/* KEY is there and not null. */
static int given(json_object *e, const char *key)
{
    json_object *v;
    return vf_lookup(e, key, &v) == 0 && v;
}

/* Must be null for a BUILDFAIL. */
static void null_for_buildfail(struct verify_ctx *c, const char *where, json_object *e, const char *key)
{
    if (given(e, key))
        verify_problem(c, "%s: build.status is BUILDFAIL but %s is given", where, key);
}

/* kat.files, optional: each KAT file the campaign ran for an instance
 * whose kind's make check runs several (a hash's KAT_2_12 and KAT_2_23). */
static void check_kat_files(struct verify_ctx *c, const char *where, json_object *e,
                            const char *root)
{
    json_object *arr;
    size_t i, n;
    char at[360];
    if (vf_lookup(e, "kat.files", &arr) != 0)
        return;
    if (!json_object_is_type(arr, json_type_array) || json_object_array_length(arr) == 0) {
        verify_problem(c, "%s: kat.files is not a non-empty array", where);
        return;
    }
    n = json_object_array_length(arr);
    for (i = 0; i < n; i++) {
        json_object *f = json_object_array_get_idx(arr, i);
        const char *key;
        snprintf(at, sizeof at, "%s: kat.files.%zu", where, i);
        if (!json_object_is_type(f, json_type_object)) {
            verify_problem(c, "%s is not an object", at);
            continue;
        }
        if (vf_string(c, at, f, "key", VF_REQUIRED, &key) == 1 && !vf_name_ok(key))
            verify_problem(c, "%s: key \"%.80s\" is not a name", at, key);
        vf_enum(c, at, f, "status", kat_statuses, NULL);
        vf_string(c, at, f, "reason", VF_REQUIRED, NULL);
        vf_file(c, at, f, "log", root, VF_REQUIRED);
    }
}

static void check_kat(struct verify_ctx *c, const char *where, json_object *e, const char *root)
{
    json_object *kat;
    if (vf_object(c, where, e, "kat", VF_REQUIRED, &kat) != 1)
        return;
    vf_enum(c, where, e, "kat.status", kat_statuses, NULL);
    vf_string(c, where, e, "kat.reason", VF_REQUIRED, NULL);
    vf_string(c, where, e, "kat.manifest", VF_NULL_OK, NULL);
    vf_string(c, where, e, "kat.reference", VF_NULL_OK, NULL);
    vf_file(c, where, e, "kat.log", root, VF_REQUIRED);
    check_kat_files(c, where, e, root);
}

/* The library's SHA-256, when it is well formed. */
static const char *check_library(struct verify_ctx *c, const char *where, json_object *e,
                                 const char *root, int format)
{
    json_object *lib;
    if (vf_object(c, where, e, "library", VF_REQUIRED, &lib) != 1)
        return NULL;
    vf_int(c, where, e, "library.static_bytes", 0, VF_STATIC_BYTES_MAX,
           format == 1 ? VF_NULL_OK : VF_REQUIRED, NULL);
    if (vf_file(c, where, e, "library", root, VF_REQUIRED) != 1)
        return NULL;
    return json_object_get_string(json_object_object_get(lib, "sha256"));
}

/* One entry of instances; its plan in *P (id and label NULL when they
 * are not names). */
static void check_instance(struct verify_ctx *c, json_object *e, size_t i, const char *root,
                           const struct campaign_state *st, int format, struct planned_instance *p)
{
    char where[300];
    const char *id, *label, *status = "ok", *type = NULL;
    json_object *plib = NULL, *sizes;
    int k, nulls;

    memset(p, 0, sizeof *p);
    snprintf(where, sizeof where, "instances[%zu]", i);
    if (!json_object_is_type(e, json_type_object)) {
        verify_problem(c, "%s is not an object", where);
        return;
    }
    id = name_field(c, where, e, "id");
    label = name_field(c, where, e, "label");
    if (id && label)
        snprintf(where, sizeof where, "instances[%zu] %s/%s", i, id, label);
    /* The scheme's type (scheme.conf): optional, the first kind without. */
    if (given(e, "type"))
        vf_string(c, where, e, "type", VF_REQUIRED, &type);
    if (!(p->kind = verify_kind(type)))
        verify_problem(c, "%s: type \"%s\" is no kind this package knows", where, type);

    if (format >= 2) {
        vf_int(c, where, e, "run", 1, st->format == 2 && st->runs > 0 ? st->runs : VF_COUNT_MAX,
               VF_REQUIRED, NULL);
        if (vf_enum(c, where, e, "build.status", build_statuses, &status) == 1)
            p->buildfail = strcmp(status, "BUILDFAIL") == 0;
        else
            p->buildfail = -1; /* said once: what depends on it is not held against it */
        vf_string(c, where, e, "build.reason", VF_REQUIRED, NULL);
        if (given(e, "build.diagnosis")) /* optional: what the import found */
            vf_string(c, where, e, "build.diagnosis", VF_REQUIRED, NULL);
        vf_file(c, where, e, "build.log", root, p->buildfail > 0 ? VF_REQUIRED : VF_NULL_OK);
        vf_enum(c, where, e, "flags_class", flags_classes, NULL);
    } else {
        vf_string(c, where, e, "flags_class", VF_REQUIRED, NULL);
    }
    vf_string(c, where, e, "algorithm", VF_REQUIRED, NULL);
    vf_string(c, where, e, "algorithm_instance", VF_REQUIRED, NULL);
    vf_string(c, where, e, "variant", VF_REQUIRED, NULL);
    vf_string(c, where, e, "flags", VF_REQUIRED, NULL);
    vf_string(c, where, e, "flags_reason", VF_REQUIRED, NULL);
    vf_string(c, where, e, "compiler", VF_REQUIRED, NULL);
    vf_string(c, where, e, "description", VF_REQUIRED, NULL);

    if (p->buildfail > 0) {
        null_for_buildfail(c, where, e, "library");
        null_for_buildfail(c, where, e, "profile_library");
        null_for_buildfail(c, where, e, "kat");
    } else if (p->buildfail == 0 || given(e, "library")) {
        p->library_sha256 = check_library(c, where, e, root, format);
        if (p->buildfail == 0 || given(e, "kat"))
            check_kat(c, where, e, root);
        if (vf_file(c, where, e, "profile_library", root, VF_NULL_OK) == 1 &&
            vf_lookup(e, "profile_library", &plib) == 0)
            p->profile_sha256 = json_object_get_string(json_object_object_get(plib, "sha256"));
    }
    if (format >= 2) {
        if (vf_bool(c, where, e, "profiled", &p->profiled) == 1 && p->profiled && !plib && !p->buildfail)
            verify_problem(c, "%s: profiled is true but there is no profile_library", where);
        if (p->buildfail > 0)
            p->profiled = 0;
    } else {
        p->profiled = p->profile_sha256 ? -1 : 0;
    }

    /* Sizes: null only where nothing could be read (a BUILDFAIL; in
     * format 1, a KAT log without them). */
    nulls = p->buildfail || format < 2 ? VF_NULL_OK : VF_REQUIRED;
    if (vf_object(c, where, e, "sizes", VF_REQUIRED, &sizes) == 1) {
        for (k = 0; p->kind && k < p->kind->nsizes; k++) {
            char key[64];
            snprintf(key, sizeof key, "sizes.%s", p->kind->sizes[k].key);
            vf_int(c, where, e, key, 0, VF_SIZE_MAX, nulls, NULL);
        }
        vf_string(c, where, e, "sizes.basis", VF_REQUIRED, NULL);
    }
    for (k = 0; p->kind && k < p->kind->nops && k < KIND_MAX_OPS; k++)
        p->has_op[k] = (unsigned char)instance_op_exists(e, p->kind, k);
    p->id = id;
    p->label = label;
}

/* Entries in order of id, then label (byte order; format 2: format 1
 * lists them as the campaign was given them), none twice. */
static void check_order(struct verify_ctx *c, struct planned_instance *v, size_t n, int sorted)
{
    size_t i, j, last = (size_t)-1;
    for (i = 0; i < n; i++) {
        if (!v[i].id || !v[i].label)
            continue;
        for (j = 0; j < i; j++)
            if (v[j].id && strcmp(v[j].id, v[i].id) == 0 && strcmp(v[j].label, v[i].label) == 0)
                break;
        if (j < i) {
            verify_problem(c, "instances[%zu] %s/%s: duplicate of instances[%zu]", i,
                           v[i].id, v[i].label, j);
            v[i].id = v[i].label = NULL; /* planned once */
            continue;
        }
        if (sorted && last != (size_t)-1) {
            int d = strcmp(v[last].id, v[i].id);
            if (d > 0 || (d == 0 && strcmp(v[last].label, v[i].label) > 0))
                verify_problem(c, "instances[%zu] %s/%s: out of order (after %s/%s; sorted by id, then label)",
                               i, v[i].id, v[i].label, v[last].id, v[last].label);
        }
        last = i;
    }
}

int verify_build_doc(json_object *doc, const char *name, const char *root, FILE *out,
                     const struct campaign_state *st, struct build_plan *plan)
{
    struct verify_ctx c = { name, out, 0 };
    json_object *arr;
    size_t i, n;

    memset(plan, 0, sizeof *plan);
    if (verify_format(&c, doc, BUILD_FORMAT, "a build.json", 1, 2, &plan->format) != 0 || !plan->format)
        return c.problems;
    vf_string(&c, "", doc, "system", VF_REQUIRED, &plan->system);
    vf_utc(&c, "", doc, "generated_utc", VF_REQUIRED, NULL);
    if (vf_lookup(doc, "instances", &arr) != 0 || !arr || !json_object_is_type(arr, json_type_array)) {
        verify_problem(&c, "instances missing or not an array");
        return c.problems;
    }
    n = json_object_array_length(arr);
    plan->v = calloc(n ? n : 1, sizeof *plan->v);
    if (!plan->v)
        abort();
    for (i = 0; i < n; i++) {
        check_instance(&c, json_object_array_get_idx(arr, i), i, root, st, plan->format, &plan->v[i]);
    }
    plan->n = n;
    check_order(&c, plan->v, n, plan->format >= 2);
    return c.problems;
}
