/* verify_testlib.c -- what the tests of the checker share
 * (verify_testlib.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <check.h>
#include <stdlib.h>

#include "verify_testlib.h"

void sink_open(struct sink *s)
{
    s->text = NULL;
    s->f = open_memstream(&s->text, &s->len);
    ck_assert_ptr_nonnull(s->f);
}

char *sink_close(struct sink *s)
{
    fclose(s->f);
    return s->text;
}

json_object *parse(const char *text)
{
    json_object *o = json_tokener_parse(text);
    ck_assert_ptr_nonnull(o);
    return o;
}

int run_suite(Suite *s)
{
    SRunner *sr = srunner_create(s);
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

const char *const campaign_head =
    "{\"format\": \"ngcc-perf/campaign\", \"format_version\": 2, \"tool\": \"t\", \"system\": \"s\","
    " \"system_description\": \"d\", \"arch_family\": \"x86-64\", \"emulated\": false,"
    " \"status\": \"%s\", \"started_utc\": \"2026-12-01T00:00:00Z\", \"finished_utc\": %s,"
    " \"method\": {}, \"flags\": {}, \"host_start\": null, \"host_end\": null, \"problems\": [],"
    " \"commands\": [], \"records\": {\"planned\": 3, \"ok\": 3, \"failed\": 0, \"instances\": 1,"
    " \"buildfail\": 0}, \"timing\": {\"wall_s\": 1, \"timed_s\": 0.5, \"overhead_ratio\": 2},"
    " \"runs\": [%s]}";
const char *const campaign_run =
    "{\"run\": %d, \"started_utc\": \"%s\", \"finished_utc\": %s, \"status\": \"%s\","
    " \"resumed\": 0, \"schemes\": [\"k\"], \"settings\": {\"trial_target_s\": 1, \"op_budget_s\": 900,"
    " \"quick\": false, \"cpus\": %s, \"strict\": false, \"profile\": true}, \"host_start\": null,"
    " \"host_end\": null, \"problems\": [], \"records\": {\"planned\": 3, \"ok\": 3, \"failed\": 0,"
    " \"kept_from_earlier_run\": 0, \"problems_at_measurement\": 0, \"disturbed_kept\": 0,"
    " \"noisy\": 0, \"buildfail\": 0}, \"timing\": {\"wall_s\": 1, \"timed_s\": 0.5, \"kat_s\": 0,"
    " \"profile_s\": 0, \"rerun_s\": 0, \"overhead_ratio\": 2}, \"commands\": []}";

