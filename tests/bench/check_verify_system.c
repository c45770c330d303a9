/* check_verify_system.c -- unit tests of the checker of a whole system
 * directory (src/bench/verify_system.c): a planned record missing, not
 * measured yet while the campaign is incomplete, a record not planned or
 * stale, no evidence, a walk that a symbolic link cannot make endless,
 * the summary line, the records of an instance's kind (build.json type).  Check, fork mode.  Part of
 * ngcc-perf. */
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
#include "sysfile.h"
#include "verify_system.h"
#include "verify_testlib.h"

/* ---- completeness of a system directory ---- */

static void write_text(const char *dir, const char *rel, const char *text)
{
    char *path = sys_join(dir, rel);
    ck_assert_ptr_nonnull(path);
    ck_assert_int_eq(sys_make_parents(path), 0);
    ck_assert_int_eq(sys_write_atomic(path, text), 0);
    free(path);
}

/* build.json's "type" of the instance ("" none: the first kind). */
static const char *build_type = "";

/* A system SYS under ROOT with one built instance k/A-1 (library and KAT
 * log on disk, not profiled), no records; campaign.json when STATUS. */
static void make_system(const char *root, const char *status)
{
    char text[4096], lib[65], log[65], path[512];
    write_text(root, "lib/A-1.so", "library");
    write_text(root, "sys/kat/k/A-1.log", "RESULT k A-1 PASS\n");
    snprintf(path, sizeof path, "%s/lib/A-1.so", root);
    ck_assert_int_eq(digest_file_hex(path, lib), 0);
    snprintf(path, sizeof path, "%s/sys/kat/k/A-1.log", root);
    ck_assert_int_eq(digest_file_hex(path, log), 0);
    snprintf(text, sizeof text,
             "{\"format\": \"ngcc-perf/build\", \"format_version\": 2, \"system\": \"s\","
             " \"generated_utc\": \"2026-12-01T00:00:00Z\", \"instances\": [{\"id\": \"k\", \"label\": \"A-1\",%s"
             " \"run\": 1, \"algorithm\": \"A\", \"algorithm_instance\": \"I\", \"variant\": \"v\","
             " \"build\": {\"status\": \"ok\", \"reason\": \"\", \"log\": null}, \"flags_class\": \"guide\","
             " \"flags\": \"\", \"flags_reason\": \"\", \"compiler\": \"cc\","
             " \"library\": {\"path\": \"lib/A-1.so\", \"sha256\": \"%s\", \"static_bytes\": 4096},"
             " \"profile_library\": null, \"profiled\": false,"
             " \"kat\": {\"status\": \"PASS\", \"reason\": \"\", \"manifest\": null, \"reference\": null,"
             " \"log\": {\"path\": \"sys/kat/k/A-1.log\", \"sha256\": \"%s\"}},"
             " \"sizes\": {\"pk\": 800, \"sk\": 1632, \"ct\": 768, \"ss\": 32, \"basis\": \"API getters\"},"
             " \"description\": \"d\"}]}\n", build_type, lib, log);
    write_text(root, "sys/build.json", text);
    if (status) {
        char run[2048];
        const char *end = strcmp(status, "complete") == 0 ? "\"2026-12-01T01:00:00Z\"" : "null";
        snprintf(run, sizeof run, campaign_run, 1, "2026-12-01T00:00:00Z", end, status, "[1]");
        snprintf(text, sizeof text, campaign_head, status, end, run);
        write_text(root, "sys/campaign.json", text);
    }
}

static char *check_system(const char *root, struct verify_summary *sum)
{
    char dir[512];
    struct sink s;
    snprintf(dir, sizeof dir, "%s/sys", root);
    sink_open(&s);
    ck_assert_int_eq(verify_system(dir, root, s.f, sum), 0);
    return sink_close(&s);
}

static void remove_tree(const char *root)
{
    char cmd[600];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", root);
    ck_assert_int_eq(system(cmd), 0);
}

START_TEST(planned_records_missing)
{
    char root[] = "check_verify.sys.XXXXXX", *out, want[600];
    struct verify_summary sum;
    ck_assert_ptr_nonnull(mkdtemp(root));
    make_system(root, "complete");
    out = check_system(root, &sum);
    ck_assert_int_eq(sum.problems, 3);
    ck_assert_int_eq(sum.bad_files, 3);
    ck_assert_int_eq(sum.instances, 1);
    ck_assert_int_eq(sum.records, 0);
    ck_assert_int_eq(sum.incomplete, 0);
    /* in the order of the files' names: dec, enc, keygen */
    snprintf(want, sizeof want,
             "%s/sys/records/k/A-1__dec.json: missing (build.json plans it and the campaign is complete)\n"
             "%s/sys/records/k/A-1__enc.json: missing (build.json plans it and the campaign is complete)\n"
             "%s/sys/records/k/A-1__keygen.json: missing (build.json plans it and the campaign is complete)\n",
             root, root, root);
    ck_assert_str_eq(out, want);
    free(out);
    remove_tree(root);
}
END_TEST

START_TEST(not_measured_yet)
{
    char root[] = "check_verify.sys.XXXXXX", *out;
    struct verify_summary sum;
    int i;
    for (i = 0; i < 2; i++) {
        /* campaign.json missing, then incomplete: listed, no problem */
        ck_assert_ptr_nonnull(mkdtemp(root));
        make_system(root, i ? "incomplete" : NULL);
        out = check_system(root, &sum);
        ck_assert_int_eq(sum.problems, 0);
        ck_assert_int_eq(sum.not_measured, 3);
        ck_assert_int_eq(sum.incomplete, 1);
        ck_assert_int_eq(sum.evidence, 1);
        ck_assert_ptr_nonnull(strstr(out, "sys/records/k/A-1__enc.json: not measured yet (campaign incomplete)\n"));
        free(out);
        remove_tree(root);
        strcpy(root, "check_verify.sys.XXXXXX");
    }
}
END_TEST

START_TEST(unplanned_and_stale)
{
    char root[] = "check_verify.sys.XXXXXX", *out;
    struct verify_summary sum;
    ck_assert_ptr_nonnull(mkdtemp(root));
    make_system(root, "incomplete");
    /* not records that check clean: only the lines of the plan are looked for */
    write_text(root, "sys/records/other/B-1__enc.json",
               "{\"format\": \"ngcc-perf/bench-record\", \"op\": \"enc\"}\n");
    write_text(root, "sys/records/k/A-1__enc.json",
               "{\"format\": \"ngcc-perf/bench-record\", \"op\": \"dec\", \"library\": {\"sha256\": \"00\"}}\n");
    write_text(root, "sys/records/k/.A-1__dec.json.tmp", "{");
    out = check_system(root, &sum);
    ck_assert_int_eq(sum.records, 2);
    ck_assert_int_eq(sum.not_measured, 2);
    ck_assert_ptr_nonnull(strstr(out, "sys/records/other/B-1__enc.json: not planned by build.json"));
    ck_assert_ptr_nonnull(strstr(out, "sys/records/k/A-1__enc.json: op is dec, not enc as its name says"));
    ck_assert_ptr_nonnull(strstr(out, "sys/records/k/A-1__enc.json: stale: taken with a library of SHA-256 00,"));
    ck_assert_ptr_null(strstr(out, ".tmp"));
    free(out);
    remove_tree(root);
}
END_TEST

START_TEST(records_of_the_kind)
{
    char root[] = "check_verify.sys.XXXXXX", *out;
    struct verify_summary sum;
    /* type kem said outright: its three operations planned, as without */
    ck_assert_ptr_nonnull(mkdtemp(root));
    build_type = " \"type\": \"kem\",";
    make_system(root, "incomplete");
    write_text(root, "sys/records/k/A-1__enc.json",
               "{\"format\": \"ngcc-perf/bench-record\", \"op\": \"enc\", \"instance\": {\"type\": \"sig\"}}\n");
    out = check_system(root, &sum);
    ck_assert_int_eq(sum.not_measured, 2);
    ck_assert_ptr_nonnull(strstr(out, "sys/records/k/A-1__enc.json: instance.type is sig, not kem as build.json says\n"));
    free(out);
    remove_tree(root);
    /* a type no kind has: a problem, nothing planned */
    strcpy(root, "check_verify.sys.XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(root));
    build_type = " \"type\": \"nokind\",";
    make_system(root, "incomplete");
    out = check_system(root, &sum);
    build_type = "";
    ck_assert_int_ge(sum.problems, 1);
    ck_assert_int_eq(sum.not_measured, 0);
    ck_assert_ptr_nonnull(strstr(out, "type \"nokind\" is no kind this package knows"));
    free(out);
    remove_tree(root);
}
END_TEST

START_TEST(no_evidence)
{
    char root[] = "check_verify.sys.XXXXXX", dir[512];
    struct verify_summary sum;
    FILE *null = fopen("/dev/null", "w");
    ck_assert_ptr_nonnull(null);
    ck_assert_ptr_nonnull(mkdtemp(root));
    ck_assert_int_eq(verify_system(root, root, null, &sum), 0);
    ck_assert_int_eq(sum.evidence, 0);
    ck_assert_int_eq(sum.incomplete, 0);
    snprintf(dir, sizeof dir, "%s/none", root);
    ck_assert_int_eq(verify_system(dir, root, null, &sum), -1);
    /* empty directories are no evidence either */
    write_text(root, "records/k/.keep", "");
    ck_assert_int_eq(verify_system(root, root, null, &sum), 0);
    ck_assert_int_eq(sum.evidence, 0);
    fclose(null);
    remove_tree(root);
}
END_TEST

START_TEST(symlink_loop_bounded)
{
    char root[] = "check_verify.sys.XXXXXX", path[512];
    struct verify_summary sum;
    FILE *null = fopen("/dev/null", "w");
    ck_assert_ptr_nonnull(null);
    ck_assert_ptr_nonnull(mkdtemp(root));
    write_text(root, "records/k/A-1__enc.json", "{}");
    snprintf(path, sizeof path, "%s/records/k/up", root);
    ck_assert_int_eq(symlink("..", path), 0);
    /* the walk ends, a few copies of the file through the link checked */
    ck_assert_int_eq(verify_system(root, root, null, &sum), 0);
    ck_assert_int_gt(sum.records, 1);
    ck_assert_int_lt(sum.records, 20);
    fclose(null);
    remove_tree(root);
}
END_TEST

START_TEST(summary_line)
{
    struct verify_summary sum;
    struct sink s;
    char *out;
    memset(&sum, 0, sizeof sum);
    sum.records = 9;
    sum.profiles = 9;
    sum.instances = 3;
    sink_open(&s);
    verify_print_summary("data/x86_1/", &sum, s.f);
    out = sink_close(&s);
    ck_assert_str_eq(out, "data/x86_1: 9 records, 9 profiles, 3 instances checked: 0 problems\n");
    free(out);
    sum.records = sum.profiles = sum.instances = sum.problems = sum.bad_files = sum.not_measured = 1;
    sum.incomplete = 1;
    sink_open(&s);
    verify_print_summary("d", &sum, s.f);
    out = sink_close(&s);
    ck_assert_str_eq(out, "d: 1 record, 1 profile, 1 instance checked: 1 problem in 1 file"
                          " (campaign incomplete: 1 planned file not measured yet)\n");
    free(out);
}
END_TEST

static Suite *system_suite(void)
{
    Suite *s = suite_create("verify_system");
    TCase *tc = tcase_create("system");
    tcase_add_test(tc, planned_records_missing);
    tcase_add_test(tc, not_measured_yet);
    tcase_add_test(tc, unplanned_and_stale);
    tcase_add_test(tc, records_of_the_kind);
    tcase_add_test(tc, no_evidence);
    tcase_add_test(tc, symlink_loop_bounded);
    tcase_add_test(tc, summary_line);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return run_suite(system_suite());
}
