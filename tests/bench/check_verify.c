/* check_verify.c -- unit tests of the checker's parts (src/bench/verify_*.c):
 * names, time stamps and digests; integer fields and their ranges; files
 * and their SHA-256; build.json's plan; campaign.json's runs; the
 * statuses of records.  check_verify_system.c tests a whole system
 * directory.  Check, fork mode.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "digest.h"
#include "verify.h"
#include "verify_evidence.h"
#include "verify_fields.h"
#include "verify_util.h"
#include "verify_testlib.h"

/* ---- names, time stamps, digests ---- */

START_TEST(names)
{
    ck_assert(vf_name_ok("mlkem"));
    ck_assert(vf_name_ok("ML-KEM-512"));
    ck_assert(vf_name_ok("kem-08.v2_x"));
    ck_assert(vf_name_ok("..."));
    ck_assert(!vf_name_ok(""));
    ck_assert(!vf_name_ok(NULL));
    ck_assert(!vf_name_ok("."));
    ck_assert(!vf_name_ok(".."));
    ck_assert(!vf_name_ok("../x"));
    ck_assert(!vf_name_ok("a/b"));
    ck_assert(!vf_name_ok("a b"));
    ck_assert(!vf_name_ok("caf\xc3\xa9"));
}
END_TEST

START_TEST(time_stamps)
{
    ck_assert(vf_utc_ok("2026-12-01T09:30:00Z"));
    ck_assert(vf_utc_ok("2016-12-31T23:59:60Z")); /* a leap second */
    ck_assert(!vf_utc_ok("2026-13-01T09:30:00Z"));
    ck_assert(!vf_utc_ok("2026-12-00T09:30:00Z"));
    ck_assert(!vf_utc_ok("2026-12-01T24:00:00Z"));
    ck_assert(!vf_utc_ok("2026-12-01T09:60:00Z"));
    ck_assert(!vf_utc_ok("2026-12-01 09:30:00Z"));
    ck_assert(!vf_utc_ok("2026-12-01T09:30:00"));
    ck_assert(!vf_utc_ok("2026-12-01T09:30:00+00:00"));
    ck_assert(!vf_utc_ok("26-12-01T09:30:00Z"));
    ck_assert(!vf_utc_ok("2026-1a-01T09:30:00Z"));
    ck_assert(!vf_utc_ok(NULL));
}
END_TEST

START_TEST(digests)
{
    ck_assert(vf_sha256_ok("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    ck_assert(!vf_sha256_ok("BA7816BF8F01CFEA414140DE5DAE2223B00361A396177A9CB410FF61F20015AD"));
    ck_assert(!vf_sha256_ok("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015a"));
    ck_assert(!vf_sha256_ok("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015adz"));
    ck_assert(!vf_sha256_ok(""));
}
END_TEST

/* ---- fields and their ranges ---- */

/* vf_int of KEY in DOC (a JSON text) within 0 .. 2^31 - 1; its result,
 * the line in *LINE (freed by the caller). */
static int size_field(const char *doc, int null_ok, int64_t *v, char **line)
{
    struct sink s;
    struct verify_ctx c;
    json_object *o = parse(doc);
    int r;
    sink_open(&s);
    c.name = "build.json";
    c.out = s.f;
    c.problems = 0;
    r = vf_int(&c, "instances[0] a/B", o, "sizes.pk", 0, VF_SIZE_MAX, null_ok, v);
    *line = sink_close(&s);
    ck_assert_int_eq(c.problems, r < 0);
    json_object_put(o);
    return r;
}

/* Sizes of build.json: what each is taken for, and the line it gives. */
static const struct {
    const char *doc;
    int null_ok, result;
    const char *line; /* a part of the line; "" none */
} size_cases[] = {
    { "{\"sizes\": {\"pk\": 800}}", VF_REQUIRED, 1, "" },
    { "{\"sizes\": {\"pk\": 0}}", VF_REQUIRED, 1, "" },
    { "{\"sizes\": {\"pk\": 2147483647}}", VF_REQUIRED, 1, "" },
    { "{\"sizes\": {\"pk\": -800}}", VF_REQUIRED, -1,
      "build.json: instances[0] a/B: sizes.pk is -800, not an integer in 0 .. 2147483647\n" },
    { "{\"sizes\": {\"pk\": 2147483648}}", VF_REQUIRED, -1, "sizes.pk is 2147483648, not an integer" },
    /* 2^64, -2^64, 2^63 - 1: json-c saturates them; never taken for a value */
    { "{\"sizes\": {\"pk\": 18446744073709551616}}", VF_REQUIRED, -1, "sizes.pk is beyond the 64-bit range" },
    { "{\"sizes\": {\"pk\": -18446744073709551616}}", VF_REQUIRED, -1, "beyond the 64-bit range" },
    { "{\"sizes\": {\"pk\": 9223372036854775807}}", VF_REQUIRED, -1, "beyond the 64-bit range" },
    { "{\"sizes\": {\"pk\": 12.5}}", VF_REQUIRED, -1, "sizes.pk is 12.5, not an integer" },
    { "{\"sizes\": {\"pk\": 800.0}}", VF_REQUIRED, -1, "sizes.pk is 800.0, not an integer" },
    { "{\"sizes\": {\"pk\": 1e3}}", VF_REQUIRED, -1, "sizes.pk is 1e3, not an integer" },
    { "{\"sizes\": {\"pk\": \"800\"}}", VF_REQUIRED, -1, "sizes.pk is \"800\", not an integer" },
    { "{\"sizes\": {\"pk\": true}}", VF_REQUIRED, -1, "sizes.pk is true, not an integer" },
    { "{\"sizes\": {\"pk\": null}}", VF_NULL_OK, 0, "" },
    { "{\"sizes\": {\"pk\": null}}", VF_REQUIRED, -1, "sizes.pk is null, not an integer" },
    { "{\"sizes\": {}}", VF_NULL_OK, -1, "sizes.pk missing (an integer" },
    { "{\"sizes\": 5}", VF_NULL_OK, -1, "sizes.pk missing" },
};

START_TEST(integer_ranges)
{
    size_t i;
    for (i = 0; i < sizeof size_cases / sizeof *size_cases; i++) {
        int64_t v = -1;
        char *line;
        int r = size_field(size_cases[i].doc, size_cases[i].null_ok, &v, &line);
        ck_assert_msg(r == size_cases[i].result, "%s: %d", size_cases[i].doc, r);
        if (!*size_cases[i].line)
            ck_assert_str_eq(line, "");
        else
            ck_assert_msg(strstr(line, size_cases[i].line) != NULL, "%s: %s", size_cases[i].doc, line);
        if (r == 1)
            ck_assert_int_ge(v, 0);
        free(line);
    }
    {
        int64_t v;
        char *line;
        ck_assert_int_eq(size_field("{\"sizes\": {\"pk\": 2147483647}}", VF_REQUIRED, &v, &line), 1);
        ck_assert_int_eq(v, INT64_C(2147483647));
        free(line);
    }
}
END_TEST

START_TEST(static_bytes_range)
{
    struct verify_ctx c = { "b", NULL, 0 };
    json_object *ok = parse("{\"s\": 1099511627776}"), *big = parse("{\"s\": 1099511627777}");
    c.out = fopen("/dev/null", "w");
    ck_assert_ptr_nonnull(c.out);
    ck_assert_int_eq(vf_int(&c, "", ok, "s", 0, VF_STATIC_BYTES_MAX, VF_REQUIRED, NULL), 1);
    ck_assert_int_eq(vf_int(&c, "", big, "s", 0, VF_STATIC_BYTES_MAX, VF_REQUIRED, NULL), -1);
    ck_assert_int_eq(c.problems, 1);
    fclose(c.out);
    json_object_put(ok);
    json_object_put(big);
}
END_TEST

START_TEST(files_and_digests)
{
    char dir[] = "check_verify.dir.XXXXXX", hex[65], text[512], *out;
    struct sink s;
    struct verify_ctx c = { "build.json", NULL, 0 };
    json_object *o;
    FILE *f;
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(text, sizeof text, "%s/lib.so", dir);
    f = fopen(text, "w");
    ck_assert_ptr_nonnull(f);
    fputs("abc", f);
    fclose(f);
    digest_file_hex(text, hex);
    ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");

    sink_open(&s);
    c.out = s.f;
    snprintf(text, sizeof text, "{\"a\": {\"path\": \"lib.so\", \"sha256\": \"%s\"},"
             " \"b\": {\"path\": \"lib.so\", \"sha256\": \"%064d\"},"
             " \"c\": {\"path\": \"none.so\", \"sha256\": \"%s\"},"
             " \"d\": {\"path\": \"../lib.so\", \"sha256\": \"%s\"},"
             " \"e\": {\"path\": \"lib.so\", \"sha256\": \"ABC\"}, \"f\": null}", hex, 0, hex, hex);
    o = parse(text);
    ck_assert_int_eq(vf_file(&c, "x", o, "a", dir, VF_REQUIRED), 1);
    ck_assert_int_eq(vf_file(&c, "x", o, "b", dir, VF_REQUIRED), -1);
    ck_assert_int_eq(vf_file(&c, "x", o, "c", dir, VF_REQUIRED), -1);
    ck_assert_int_eq(vf_file(&c, "x", o, "d", dir, VF_REQUIRED), -1);
    ck_assert_int_eq(vf_file(&c, "x", o, "e", dir, VF_REQUIRED), -1);
    ck_assert_int_eq(vf_file(&c, "x", o, "f", dir, VF_NULL_OK), 0);
    ck_assert_int_eq(vf_file(&c, "x", o, "f", dir, VF_REQUIRED), -1);
    out = sink_close(&s);
    ck_assert_int_eq(c.problems, 5);
    ck_assert_ptr_nonnull(strstr(out, "build.json: x: b lib.so does not match its SHA-256"));
    ck_assert_ptr_nonnull(strstr(out, "build.json: x: c none.so is missing"));
    ck_assert_ptr_nonnull(strstr(out, "build.json: x: d.path \"../lib.so\" is not a path under the root"));
    ck_assert_ptr_nonnull(strstr(out, "build.json: x: e.sha256 \"ABC\" is not 64 lowercase hex digits"));
    free(out);
    json_object_put(o);
    snprintf(text, sizeof text, "%s/lib.so", dir);
    unlink(text);
    rmdir(dir);
}
END_TEST

/* ---- build.json and its plan ---- */

/* An instance of build.json, format 2, its files not on disk: only the
 * plan is looked at (problems for the files are expected). */
static const char *const built_entry =
    "{\"id\": \"%s\", \"label\": \"%s\", \"run\": 1, \"algorithm\": \"A\", \"algorithm_instance\": \"I\","
    " \"variant\": \"v\", \"build\": {\"status\": \"%s\", \"reason\": \"\", \"log\": null},"
    " \"flags_class\": \"guide\", \"flags\": \"\", \"flags_reason\": \"\", \"compiler\": \"cc\","
    " \"library\": %s, \"profile_library\": null, \"profiled\": false, \"kat\": null,"
    " \"sizes\": {\"pk\": null, \"sk\": null, \"ct\": null, \"ss\": null, \"basis\": \"API getters\"},"
    " \"description\": \"d\"}";

static int build_plan_of(const char *instances, struct build_plan *plan, char **out)
{
    char text[4096];
    struct sink s;
    struct campaign_state st;
    json_object *doc;
    int n;
    memset(&st, 0, sizeof st);
    st.format = 2;
    st.runs = 1;
    snprintf(text, sizeof text, "{\"format\": \"ngcc-perf/build\", \"format_version\": 2, \"system\": \"s\","
             " \"generated_utc\": \"2026-12-01T00:00:00Z\", \"instances\": [%s]}", instances);
    doc = parse(text);
    sink_open(&s);
    n = verify_build_doc(doc, "build.json", ".", s.f, &st, plan);
    *out = sink_close(&s);
    json_object_put(doc); /* the plan's strings are not looked at after this */
    return n;
}

START_TEST(plan_of_build_json)
{
    char a[1024], b[1024], both[2100], *out;
    struct build_plan plan;
    int n;
    snprintf(a, sizeof a, built_entry, "k", "A-1", "BUILDFAIL", "null");
    snprintf(b, sizeof b, built_entry, "k", "B-1", "BUILDFAIL", "null");
    snprintf(both, sizeof both, "%s, %s", a, b);
    n = build_plan_of(both, &plan, &out);
    /* a BUILDFAIL needs its build log: one problem each */
    ck_assert_int_eq(n, 2);
    ck_assert_ptr_nonnull(strstr(out, "instances[0] k/A-1: build.log is null"));
    ck_assert_uint_eq(plan.n, 2);
    ck_assert_int_eq(plan.v[0].buildfail, 1);
    ck_assert_int_eq(plan.v[1].profiled, 0);
    free(out);
    free(plan.v);

    /* out of order, then twice the same */
    snprintf(both, sizeof both, "%s, %s", b, a);
    n = build_plan_of(both, &plan, &out);
    ck_assert_ptr_nonnull(strstr(out, "instances[1] k/A-1: out of order (after k/B-1"));
    free(out);
    free(plan.v);
    snprintf(both, sizeof both, "%s, %s", a, a);
    n = build_plan_of(both, &plan, &out);
    ck_assert_ptr_nonnull(strstr(out, "instances[1] k/A-1: duplicate of instances[0]"));
    ck_assert_ptr_null(plan.v[1].id); /* planned once */
    free(out);
    free(plan.v);

    /* an unknown build status is said once, not once per field */
    snprintf(a, sizeof a, built_entry, "k", "A-1", "MAYBE", "null");
    n = build_plan_of(a, &plan, &out);
    ck_assert_int_eq(n, 1);
    ck_assert_ptr_nonnull(strstr(out, "build.status is \"MAYBE\", not one of ok, BUILDFAIL"));
    ck_assert_int_eq(plan.v[0].buildfail, -1);
    free(out);
    free(plan.v);

    /* a bad id is named and not planned */
    snprintf(a, sizeof a, built_entry, "../x", "A-1", "BUILDFAIL", "null");
    n = build_plan_of(a, &plan, &out);
    ck_assert_ptr_nonnull(strstr(out, "instances[0]: id \"../x\" is not a name"));
    ck_assert_ptr_null(plan.v[0].id);
    free(out);
    free(plan.v);
    (void)n;
}
END_TEST

START_TEST(build_json_not_one)
{
    struct build_plan plan;
    struct campaign_state st;
    struct sink s;
    char *out;
    json_object *doc = parse("{\"format\": \"ngcc-perf/campaign\", \"format_version\": 2}");
    memset(&st, 0, sizeof st);
    sink_open(&s);
    ck_assert_int_eq(verify_build_doc(doc, "build.json", ".", s.f, &st, &plan), 1);
    out = sink_close(&s);
    ck_assert_str_eq(out, "build.json: not a build.json (format is not \"ngcc-perf/build\")\n");
    ck_assert_ptr_null(plan.v);
    free(out);
    json_object_put(doc);
    doc = parse("{\"format\": \"ngcc-perf/build\", \"format_version\": 3, \"instances\": []}");
    sink_open(&s);
    ck_assert_int_eq(verify_build_doc(doc, "build.json", ".", s.f, &st, &plan), 1);
    out = sink_close(&s);
    ck_assert_ptr_nonnull(strstr(out, "format_version is not one of 1 .. 2"));
    free(out);
    json_object_put(doc);
}
END_TEST

/* ---- campaign.json ---- */

static int campaign_of(const char *status, const char *finished, const char *runs,
                       struct campaign_state *st, char **out)
{
    char text[8192];
    struct sink s;
    json_object *doc;
    int n;
    snprintf(text, sizeof text, campaign_head, status, finished, runs);
    doc = parse(text);
    sink_open(&s);
    n = verify_campaign_doc(doc, "campaign.json", s.f, st);
    *out = sink_close(&s);
    json_object_put(doc);
    return n;
}

START_TEST(campaign_runs)
{
    char r1[2048], r2[2048], runs[4200], *out;
    struct campaign_state st;
    const char *done = "\"2026-12-01T01:00:00Z\"";
    snprintf(r1, sizeof r1, campaign_run, 1, "2026-12-01T00:00:00Z", "\"2026-12-01T00:30:00Z\"", "complete", "[0, 1]");
    snprintf(r2, sizeof r2, campaign_run, 2, "2026-12-01T00:40:00Z", done, "complete", "[1]");
    snprintf(runs, sizeof runs, "%s, %s", r1, r2);
    ck_assert_int_eq(campaign_of("complete", done, runs, &st, &out), 0);
    ck_assert_str_eq(out, "");
    ck_assert_int_eq(st.runs, 2);
    ck_assert_int_eq(st.complete, 1);
    ck_assert_int_eq(st.incomplete, 0);
    ck_assert_int_eq(st.instances, 1);
    free(out);

    /* numbered out of order */
    snprintf(runs, sizeof runs, "%s, %s", r2, r1);
    ck_assert_int_gt(campaign_of("complete", done, runs, &st, &out), 0);
    ck_assert_ptr_nonnull(strstr(out, "campaign.json: runs[0]: run is 2, not 1"));
    ck_assert_ptr_nonnull(strstr(out, "runs[1]: started_utc 2026-12-01T00:00:00Z is before the previous run's"));
    free(out);

    /* the last run interrupted: the campaign cannot be complete */
    snprintf(r2, sizeof r2, campaign_run, 2, "2026-12-01T00:40:00Z", "null", "incomplete", "[1]");
    snprintf(runs, sizeof runs, "%s, %s", r1, r2);
    ck_assert_int_eq(campaign_of("incomplete", "null", runs, &st, &out), 0);
    ck_assert_int_eq(st.incomplete, 1);
    free(out);
    ck_assert_int_eq(campaign_of("complete", done, runs, &st, &out), 1);
    ck_assert_ptr_nonnull(strstr(out, "status complete but the last run (runs[1]) is incomplete"));
    free(out);

    /* a run complete without an end; CPUs that are none */
    snprintf(r2, sizeof r2, campaign_run, 2, "2026-12-01T00:40:00Z", "null", "complete", "[1, -2]");
    snprintf(runs, sizeof runs, "%s, %s", r1, r2);
    ck_assert_int_eq(campaign_of("incomplete", "null", runs, &st, &out), 2);
    ck_assert_ptr_nonnull(strstr(out, "runs[1]: status complete but finished_utc is null"));
    ck_assert_ptr_nonnull(strstr(out, "runs[1]: settings.cpus[1] is not a CPU number"));
    free(out);
    snprintf(r2, sizeof r2, campaign_run, 2, "2026-12-01T00:40:00Z", done, "complete", "[1.5]");
    snprintf(runs, sizeof runs, "%s, %s", r1, r2);
    ck_assert_int_eq(campaign_of("complete", done, runs, &st, &out), 1);
    free(out);

    /* finished before it started */
    ck_assert_int_eq(campaign_of("complete", "\"2025-01-01T00:00:00Z\"", r1, &st, &out), 1);
    ck_assert_ptr_nonnull(strstr(out, "campaign.json: finished_utc 2025-01-01T00:00:00Z is before started_utc"));
    free(out);
    ck_assert_int_eq(campaign_of("complete", done, "", &st, &out), 1);
    ck_assert_ptr_nonnull(strstr(out, "runs is empty"));
    free(out);
}
END_TEST

START_TEST(campaign_format_1)
{
    struct campaign_state st;
    struct sink s;
    char *out;
    json_object *doc = parse(
        "{\"format\": \"ngcc-perf/campaign\", \"format_version\": 1, \"tool\": \"t\", \"system\": \"s\","
        " \"system_description\": \"\", \"arch_family\": \"x86-64\", \"emulated\": false,"
        " \"status\": \"incomplete\", \"started_utc\": \"2026-12-01T00:00:00Z\","
        " \"finished_utc\": \"2026-12-01T00:01:00Z\", \"runs\": 2,"
        " \"settings\": {\"trial_target_s\": 1, \"op_budget_s\": 900, \"quick\": true, \"cpu\": null,"
        " \"strict\": false, \"schemes\": [\"k\"]}, \"method\": {}, \"flags\": {}, \"host_start\": null,"
        " \"host_end\": null, \"problems\": [], \"records\": {\"planned\": 6, \"ok\": 5, \"failed\": 1,"
        " \"kept_from_earlier_run\": 0, \"problems_at_measurement\": 0},"
        " \"timing\": {\"wall_s\": 3, \"timed_s\": 1, \"overhead_ratio\": 3}, \"commands\": []}");
    sink_open(&s);
    ck_assert_int_eq(verify_campaign_doc(doc, "campaign.json", s.f, &st), 0);
    out = sink_close(&s);
    ck_assert_str_eq(out, "");
    ck_assert_int_eq(st.format, 1);
    ck_assert_int_eq(st.runs, 2);
    ck_assert_int_eq(st.incomplete, 1);
    free(out);
    json_object_put(doc);
}
END_TEST

/* ---- statuses of records ---- */

START_TEST(record_statuses)
{
    int ok = -1;
    struct sink s;
    char *out;
    json_object *rec;
    ck_assert_int_eq(verify_status_known("ok", &ok), 0);
    ck_assert_int_eq(ok, 1);
    ck_assert_int_eq(verify_status_known("overflow", &ok), 0);
    ck_assert_int_eq(ok, 0);
    ck_assert_int_eq(verify_status_known("crashed", &ok), 0);
    ck_assert_int_eq(verify_status_known("exploded", &ok), -1);
    ck_assert_int_eq(verify_status_known(NULL, &ok), -1);

    /* an overflow record, with a section this checker does not know */
    rec = parse("{\"format\": \"ngcc-perf/bench-record\", \"format_version\": 1, \"status\": \"overflow\","
                " \"reason\": \"out-of-bounds write\", \"trials\": [], \"stats\": null,"
                " \"reruns\": {\"outlier\": 0, \"disturbed\": 0, \"total\": 0},"
                " \"sandbox\": {\"kind\": \"none\"}, \"files\": []}");
    sink_open(&s);
    ck_assert_int_eq(verify_record(rec, "r.json", NULL, s.f), 0);
    out = sink_close(&s);
    ck_assert_str_eq(out, "");
    free(out);
    json_object_object_add(rec, "reason", json_object_new_string(""));
    sink_open(&s);
    ck_assert_int_eq(verify_record(rec, "r.json", NULL, s.f), 1);
    out = sink_close(&s);
    ck_assert_str_eq(out, "r.json: status overflow without a reason\n");
    free(out);
    json_object_put(rec);
}
END_TEST

static Suite *verify_suite(void)
{
    Suite *s = suite_create("verify");
    TCase *tc = tcase_create("fields");
    tcase_add_test(tc, names);
    tcase_add_test(tc, time_stamps);
    tcase_add_test(tc, digests);
    tcase_add_test(tc, integer_ranges);
    tcase_add_test(tc, static_bytes_range);
    tcase_add_test(tc, files_and_digests);
    suite_add_tcase(s, tc);

    tc = tcase_create("documents");
    tcase_add_test(tc, plan_of_build_json);
    tcase_add_test(tc, build_json_not_one);
    tcase_add_test(tc, campaign_runs);
    tcase_add_test(tc, campaign_format_1);
    tcase_add_test(tc, record_statuses);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(verify_suite());
}
