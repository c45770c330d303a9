/* verify_screen.c -- the checker of a system's screening files,
 * screen/<id>/<label>.json (doc/screen.md): format, the instance of
 * build.json they screen and its library, the checks, the counts against
 * the findings (by attribution, and by severity where the file has them:
 * older files do not).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "record.h"
#include "verify_fields.h"
#include "verify_screen.h"
#include "verify_util.h"

static int in_list(const char *s, const char *const *list)
{
    for (; s && *list; list++)
        if (strcmp(s, *list) == 0)
            return 1;
    return 0;
}

static const char *const check_statuses[] = { "ok", "findings", "failed", "crashed", "timeout",
                                               "skipped", "error", NULL };
static const char *const area_statuses[] = { "clean", "findings", "not screened", NULL };
static const char *const attributions[] = { "candidate", "iccs-helpers", "package", "system", NULL };
static const char *const severities[] = { "serious", "note", NULL };

/* A check's limit (files before limits have none): a positive number of
 * seconds with its derivation; a check killed at it ran that long. */
static void check_limit(struct verify_ctx *c, json_object *k, size_t i, const char *st, double sec)
{
    json_object *v;
    double lim;
    if (!json_object_object_get_ex(k, "limit_s", &v) || !v)
        return;
    if (record_get_double(k, "limit_s", &lim) != 0 || !(lim > 0)) {
        verify_problem(c, "checks.%zu: limit_s is not a positive duration", i);
        return;
    }
    if (!record_get_string(k, "limit_basis"))
        verify_problem(c, "checks.%zu: limit_s without its limit_basis", i);
    /* The sandbox kills at the limit: not before it (1% for the clock). */
    if (st && strcmp(st, "timeout") == 0 && sec < 0.99 * lim)
        verify_problem(c, "checks.%zu: timeout after %g s, before its limit_s %g", i, sec, lim);
}

static void check_checks(struct verify_ctx *c, json_object *doc)
{
    json_object *arr;
    size_t i;
    if (record_get(doc, "checks", &arr) != 0 || !arr || !json_object_is_type(arr, json_type_array)) {
        verify_problem(c, "missing field checks (an array)");
        return;
    }
    for (i = 0; i < json_object_array_length(arr); i++) {
        json_object *k = json_object_array_get_idx(arr, i);
        const char *st = record_get_string(k, "status");
        int64_t ops;
        double sec;
        if (!record_get_string(k, "name"))
            verify_problem(c, "checks.%zu: missing field name", i);
        if (!in_list(st, check_statuses))
            verify_problem(c, "checks.%zu: status %s is not one of ok, findings, failed, crashed, "
                           "timeout, skipped, error", i, st ? st : "missing");
        if (record_get_int(k, "ops", &ops) != 0 || ops < 0)
            verify_problem(c, "checks.%zu: ops is not a count", i);
        if (record_get_double(k, "seconds", &sec) != 0 || sec < 0)
            verify_problem(c, "checks.%zu: seconds is not a duration", i);
        check_limit(c, k, i, st, sec);
    }
}

/* An area (memory, secret): its status, and its counts recomputed from its
 * findings. */
static void check_area(struct verify_ctx *c, json_object *doc, const char *area)
{
    char path[64];
    json_object *arr;
    const char *st;
    int64_t want[5] = { 0, 0, 0, 0, 0 }, got, serious = 0, notes = 0;
    static const char *const names[5] = { "candidate", "explained", "iccs_helpers", "package", "system" };
    size_t i;
    snprintf(path, sizeof path, "%s.status", area);
    st = record_get_string(doc, path);
    if (!in_list(st, area_statuses))
        verify_problem(c, "%s is %s, not clean, findings or not screened", path, st ? st : "missing");
    snprintf(path, sizeof path, "%s.findings", area);
    if (record_get(doc, path, &arr) != 0 || !arr || !json_object_is_type(arr, json_type_array)) {
        verify_problem(c, "missing field %s (an array)", path);
        return;
    }
    for (i = 0; i < json_object_array_length(arr); i++) {
        json_object *f = json_object_array_get_idx(arr, i);
        const char *a = record_get_string(f, "attribution"), *note = record_get_string(f, "note");
        const char *sev = record_get_string(f, "severity");
        int64_t count;
        if (!record_get_string(f, "kind"))
            verify_problem(c, "%s.%zu: missing field kind", path, i);
        if (!in_list(a, attributions)) {
            verify_problem(c, "%s.%zu: attribution %s is not one of candidate, iccs-helpers, "
                           "package, system", path, i, a ? a : "missing");
            continue;
        }
        if (record_get_int(f, "count", &count) != 0 || count < 1)
            verify_problem(c, "%s.%zu: count is not a positive integer", path, i);
        if (sev && !in_list(sev, severities))
            verify_problem(c, "%s.%zu: severity %s is not serious or note", path, i, sev);
        if (strcmp(a, "candidate") == 0) {
            int explained = note && strncmp(note, "explained: ", 11) == 0;
            want[explained ? 1 : 0]++;
            if (!explained && sev && strcmp(sev, "note") == 0)
                notes++;
            else if (!explained && sev)
                serious++;
        } else
            want[strcmp(a, "iccs-helpers") == 0 ? 2 : strcmp(a, "package") == 0 ? 3 : 4]++;
    }
    for (i = 0; i < 5; i++) {
        snprintf(path, sizeof path, "%s.counts.%s", area, names[i]);
        if (record_get_int(doc, path, &got) != 0)
            verify_problem(c, "missing field %s (an integer)", path);
        else if (got != want[i])
            verify_problem(c, "%s is %lld, its findings give %lld", path, (long long)got,
                           (long long)want[i]);
    }
    /* By severity: files of before the severities have neither count. */
    snprintf(path, sizeof path, "%s.counts.serious", area);
    if (record_get_int(doc, path, &got) == 0) {
        int64_t n;
        if (serious + notes != want[0])
            verify_problem(c, "%s.findings: %lld of the candidate's unexplained findings have no severity",
                           area, (long long)(want[0] - serious - notes));
        if (got != serious)
            verify_problem(c, "%s is %lld, its findings give %lld", path, (long long)got, (long long)serious);
        snprintf(path, sizeof path, "%s.counts.notes", area);
        if (record_get_int(doc, path, &n) != 0)
            verify_problem(c, "missing field %s (an integer)", path);
        else if (n != notes)
            verify_problem(c, "%s is %lld, its findings give %lld", path, (long long)n, (long long)notes);
    }
    if (st && strcmp(st, "not screened") != 0 && (strcmp(st, "findings") == 0) != (want[0] > 0))
        verify_problem(c, "%s.status is %s with %lld unexplained findings of the candidate's", area, st,
                       (long long)want[0]);
}

static int check_file(const char *name, const char *id, const char *label,
                      const struct build_plan *plan, FILE *out)
{
    struct verify_ctx c = { name, out, 0 };
    char err[256];
    json_object *doc = record_load(name, err, sizeof err), *survey;
    const struct planned_instance *p = NULL;
    const char *s, *sha;
    size_t i;
    int version;
    if (!doc) {
        verify_problem(&c, "%s", err);
        return c.problems;
    }
    if (verify_format(&c, doc, "ngcc-perf/screen", "a screening file", 1, 1, &version) != 0) {
        json_object_put(doc);
        return c.problems;
    }
    if (!(s = record_get_string(doc, "id")) || strcmp(s, id) != 0)
        verify_problem(&c, "id is %s, not %s as its path says", s ? s : "missing", id);
    if (!(s = record_get_string(doc, "label")) || strcmp(s, label) != 0)
        verify_problem(&c, "label is %s, not %s as its path says", s ? s : "missing", label);
    for (i = 0; plan && i < plan->n; i++)
        if (strcmp(plan->v[i].id, id) == 0 && strcmp(plan->v[i].label, label) == 0)
            p = &plan->v[i];
    if (plan && !p)
        verify_problem(&c, "build.json lists no instance %s %s", id, label);
    s = record_get_string(doc, "build_status");
    if (!s || (strcmp(s, "ok") != 0 && strcmp(s, "BUILDFAIL") != 0))
        verify_problem(&c, "build_status is %s, not ok or BUILDFAIL", s ? s : "missing");
    sha = record_get_string(doc, "library.sha256");
    if (p && p->library_sha256 && sha && strcmp(sha, p->library_sha256) != 0)
        verify_problem(&c, "stale: screened a library of SHA-256 %s, build.json lists %s "
                       "(the library changed since: make screen-%s)", sha, p->library_sha256, id);
    check_checks(&c, doc);
    check_area(&c, doc, "memory");
    check_area(&c, doc, "secret");
    vf_confinement(&c, doc);
    if (record_get(doc, "survey", &survey) != 0)
        verify_problem(&c, "missing field survey (an object or null)");
    else if (survey && !record_get_string(survey, "verdict"))
        verify_problem(&c, "survey has no verdict");
    json_object_put(doc);
    return c.problems;
}

/* Is NAME a file a screening wrote (not hidden, not a temporary)? */
static int is_screen_file(const char *name)
{
    size_t n = strlen(name);
    return name[0] != '.' && n > 5 && strcmp(name + n - 5, ".json") == 0 && !strstr(name, ".tmp.");
}

void verify_screens(const char *dir, const struct build_plan *plan, FILE *out,
                    struct verify_summary *sum)
{
    size_t n = strlen(dir) + 16;
    char *top = malloc(n);
    DIR *d, *e;
    struct dirent *de, *fe;
    if (!top)
        abort();
    snprintf(top, n, "%s/screen", dir);
    if (!(d = opendir(top))) {
        free(top);
        return;
    }
    while ((de = readdir(d)) != NULL) {
        size_t m;
        char *sub;
        if (de->d_name[0] == '.')
            continue;
        m = strlen(top) + strlen(de->d_name) + 2;
        sub = malloc(m);
        if (!sub)
            abort();
        snprintf(sub, m, "%s/%s", top, de->d_name);
        if ((e = opendir(sub)) != NULL) {
            while ((fe = readdir(e)) != NULL) {
                size_t k = strlen(sub) + strlen(fe->d_name) + 2;
                char *name, *label;
                int problems;
                if (!is_screen_file(fe->d_name))
                    continue;
                name = malloc(k);
                label = strdup(fe->d_name);
                if (!name || !label)
                    abort();
                snprintf(name, k, "%s/%s", sub, fe->d_name);
                label[strlen(label) - 5] = '\0';
                sum->evidence = 1;
                problems = check_file(name, de->d_name, label, plan, out);
                sum->problems += problems;
                sum->bad_files += problems > 0;
                free(label);
                free(name);
            }
            closedir(e);
        }
        free(sub);
    }
    closedir(d);
    free(top);
}
