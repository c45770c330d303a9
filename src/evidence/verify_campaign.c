/* verify_campaign.c -- the checker of campaign.json (doc/campaign.md,
 * formats 1 and 2): runs numbered in order, UTC time stamps that follow
 * each other, counts within range, settings typed, statuses known.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <string.h>

#include "record.h"
#include "verify_evidence.h"
#include "verify_fields.h"

static const char *const campaign_statuses[] = { "complete", "incomplete", NULL };
static const char *const screen_modes[] = { "concurrent", "before", "off", NULL };

/* OBJ's started_utc and finished_utc (NULL when missing or null), the
 * end not before the start. */
static void times_in_order(struct verify_ctx *c, const char *where, json_object *obj,
                           const char **started, const char **finished)
{
    *started = *finished = NULL;
    if (vf_utc(c, where, obj, "started_utc", VF_REQUIRED, started) != 1)
        *started = NULL;
    if (vf_utc(c, where, obj, "finished_utc", VF_NULL_OK, finished) != 1)
        *finished = NULL;
    /* The fixed-width form sorts as the times do. */
    if (*started && *finished && strcmp(*finished, *started) < 0)
        verify_problem(c, "%s%sfinished_utc %s is before started_utc %s", where, *where ? ": " : "",
                       *finished, *started);
}

/* An array at PATH whose every element CHECK accepts. */
static int array_of(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
                    const char *what, int (*check)(json_object *))
{
    json_object *arr;
    size_t i;
    if (vf_lookup(obj, path, &arr) != 0 || !arr || !json_object_is_type(arr, json_type_array)) {
        verify_problem(c, "%s%s%s missing or not an array of %s", where, *where ? ": " : "", path, what);
        return -1;
    }
    for (i = 0; i < json_object_array_length(arr); i++)
        if (!check(json_object_array_get_idx(arr, i))) {
            verify_problem(c, "%s%s%s[%zu] is not %s", where, *where ? ": " : "", path, i, what);
            return -1;
        }
    return 0;
}

static int is_string(json_object *v) { return v && json_object_is_type(v, json_type_string); }
static int is_name(json_object *v) { return is_string(v) && vf_name_ok(json_object_get_string(v)); }
static int is_cpu(json_object *v)
{
    int64_t x = v ? json_object_get_int64(v) : -1;
    return v && json_object_is_type(v, json_type_int) && x >= 0 && x < VF_COUNT_MAX;
}

/* Counts of records: non-negative integers, the parts within the whole. */
static void record_counts(struct verify_ctx *c, const char *where, json_object *obj,
                          const char *const *keys)
{
    char path[96];
    int64_t planned = -1, v;
    size_t k;
    if (vf_int(c, where, obj, "records.planned", 0, VF_COUNT_MAX, VF_REQUIRED, &planned) != 1)
        planned = -1;
    for (k = 0; keys[k]; k++) {
        snprintf(path, sizeof path, "records.%s", keys[k]);
        if (vf_int(c, where, obj, path, 0, VF_COUNT_MAX, VF_REQUIRED, &v) == 1 && planned >= 0 &&
            (strcmp(keys[k], "ok") == 0 || strcmp(keys[k], "failed") == 0) && v > planned)
            verify_problem(c, "%s%s%s is %lld, more than records.planned %lld", where,
                           *where ? ": " : "", path, (long long)v, (long long)planned);
    }
}

static void timing(struct verify_ctx *c, const char *where, json_object *obj, const char *const *keys)
{
    char path[96];
    size_t k;
    for (k = 0; keys[k]; k++) {
        snprintf(path, sizeof path, "timing.%s", keys[k]);
        vf_number(c, where, obj, path, 0, VF_NULL_OK, NULL);
    }
}

static const char *const run_counts[] = { "ok", "failed", "kept_from_earlier_run",
                                          "problems_at_measurement", "disturbed_kept", "noisy",
                                          "buildfail", NULL };
static const char *const run_timing[] = { "wall_s", "timed_s", "kat_s", "profile_s", "rerun_s",
                                          "overhead_ratio", NULL };
static const char *const top_timing[] = { "wall_s", "timed_s", "overhead_ratio", NULL };
static const char *const v1_counts[] = { "ok", "failed", "kept_from_earlier_run",
                                         "problems_at_measurement", NULL };

/* One element of runs (format 2); its status in *STATUS. */
static void check_run(struct verify_ctx *c, json_object *r, size_t i, const char **prev_start,
                      const char **status)
{
    char where[48];
    const char *started, *finished;
    int64_t n;
    snprintf(where, sizeof where, "runs[%zu]", i);
    *status = NULL;
    if (!json_object_is_type(r, json_type_object)) {
        verify_problem(c, "%s is not an object", where);
        return;
    }
    if (vf_int(c, where, r, "run", 1, VF_COUNT_MAX, VF_REQUIRED, &n) == 1 && n != (int64_t)i + 1)
        verify_problem(c, "%s: run is %lld, not %zu (runs are numbered 1, 2, ... in order)", where,
                       (long long)n, i + 1);
    times_in_order(c, where, r, &started, &finished);
    if (started && *prev_start && strcmp(started, *prev_start) < 0)
        verify_problem(c, "%s: started_utc %s is before the previous run's %s", where, started, *prev_start);
    if (started)
        *prev_start = started;
    if (vf_enum(c, where, r, "status", campaign_statuses, status) == 1 &&
        strcmp(*status, "complete") == 0 && !finished)
        verify_problem(c, "%s: status complete but finished_utc is null", where);
    vf_int(c, where, r, "resumed", 0, VF_COUNT_MAX, VF_REQUIRED, NULL);
    array_of(c, where, r, "schemes", "a scheme id", is_name);
    vf_number(c, where, r, "settings.trial_target_s", 0, VF_NULL_OK, NULL);
    vf_number(c, where, r, "settings.op_budget_s", 0, VF_NULL_OK, NULL);
    vf_bool(c, where, r, "settings.quick", NULL);
    vf_bool(c, where, r, "settings.strict", NULL);
    vf_bool(c, where, r, "settings.profile", NULL);
    array_of(c, where, r, "settings.cpus", "a CPU number (a non-negative integer)", is_cpu);
    /* The screening's mode and CPUs: runs before it was recorded have none. */
    {
        json_object *sc;
        if (vf_lookup(r, "settings.screen", &sc) == 0) {
            vf_enum(c, where, r, "settings.screen.mode", screen_modes, NULL);
            array_of(c, where, r, "settings.screen.cpus", "a CPU number (a non-negative integer)", is_cpu);
        }
    }
    {
        json_object *h;
        vf_object(c, where, r, "host_start", VF_NULL_OK, &h);
        vf_object(c, where, r, "host_end", VF_NULL_OK, &h);
    }
    array_of(c, where, r, "problems", "a string", is_string);
    record_counts(c, where, r, run_counts);
    timing(c, where, r, run_timing);
    array_of(c, where, r, "commands", "a string", is_string);
}

static void check_runs(struct verify_ctx *c, json_object *doc, struct campaign_state *st,
                       const char *top_status)
{
    json_object *runs;
    const char *prev = NULL, *status = NULL;
    size_t i, n;
    if (vf_lookup(doc, "runs", &runs) != 0 || !runs || !json_object_is_type(runs, json_type_array)) {
        verify_problem(c, "runs missing or not an array");
        return;
    }
    n = json_object_array_length(runs);
    if (n == 0)
        verify_problem(c, "runs is empty");
    for (i = 0; i < n; i++)
        check_run(c, json_object_array_get_idx(runs, i), i, &prev, &status);
    st->runs = (long)n;
    if (top_status && status && strcmp(top_status, "complete") == 0 && strcmp(status, "complete") != 0)
        verify_problem(c, "status complete but the last run (runs[%zu]) is %s", n - 1, status);
}

int verify_campaign_doc(json_object *doc, const char *name, FILE *out, struct campaign_state *st)
{
    struct verify_ctx c = { name, out, 0 };
    const char *status = NULL, *s, *f;
    json_object *o;
    int64_t v;

    st->present = 1;
    st->incomplete = st->complete = 0;
    st->runs = 0;
    st->format = 0;
    st->system = NULL;
    st->instances = st->buildfail = -1;
    if (verify_format(&c, doc, CAMPAIGN_FORMAT, "a campaign.json", 1, 2, &st->format) != 0 || !st->format)
        return c.problems;
    vf_string(&c, "", doc, "tool", VF_REQUIRED, NULL);
    vf_string(&c, "", doc, "system", VF_REQUIRED, &st->system);
    vf_string(&c, "", doc, "system_description", VF_REQUIRED, NULL);
    vf_string(&c, "", doc, "arch_family", VF_REQUIRED, NULL);
    vf_bool(&c, "", doc, "emulated", NULL);
    if (vf_enum(&c, "", doc, "status", campaign_statuses, &status) == 1) {
        st->incomplete = strcmp(status, "incomplete") == 0;
        st->complete = !st->incomplete;
    }
    times_in_order(&c, "", doc, &s, &f);
    vf_object(&c, "", doc, "method", VF_REQUIRED, &o);
    vf_object(&c, "", doc, "flags", VF_REQUIRED, &o);
    vf_object(&c, "", doc, "host_start", VF_NULL_OK, &o);
    vf_object(&c, "", doc, "host_end", VF_NULL_OK, &o);
    array_of(&c, "", doc, "problems", "a string", is_string);
    array_of(&c, "", doc, "commands", "a string", is_string);
    if (st->format >= 2) {
        static const char *const counts[] = { "ok", "failed", "instances", "buildfail", NULL };
        check_runs(&c, doc, st, status);
        record_counts(&c, "", doc, counts);
        if (record_get_int(doc, "records.instances", &v) == 0 && v >= 0 && v <= VF_COUNT_MAX)
            st->instances = (long)v;
        if (record_get_int(doc, "records.buildfail", &v) == 0 && v >= 0 && v <= VF_COUNT_MAX)
            st->buildfail = (long)v;
        if (st->instances >= 0 && st->buildfail > st->instances)
            verify_problem(&c, "records.buildfail is %ld, more than records.instances %ld",
                           st->buildfail, st->instances);
        timing(&c, "", doc, top_timing);
    } else {
        if (vf_int(&c, "", doc, "runs", 1, VF_COUNT_MAX, VF_REQUIRED, &v) == 1)
            st->runs = (long)v;
        vf_int(&c, "", doc, "settings.cpu", 0, VF_COUNT_MAX, VF_NULL_OK, NULL);
        vf_bool(&c, "", doc, "settings.quick", NULL);
        vf_bool(&c, "", doc, "settings.strict", NULL);
        record_counts(&c, "", doc, v1_counts);
        timing(&c, "", doc, top_timing);
    }
    if (c.problems)
        st->complete = 0;
    return c.problems;
}
