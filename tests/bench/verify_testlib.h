/* verify_testlib.h -- what the tests of the checker share: its output
 * collected in memory, JSON from text, a campaign.json of format 2 to fill
 * in.  Part of ngcc-perf. */
#ifndef NGCC_TESTS_VERIFY_TESTLIB_H
#define NGCC_TESTS_VERIFY_TESTLIB_H

#include <stdio.h>

#include <check.h>
#include <json.h>

/* Output of the checker, collected in memory. */
struct sink {
    FILE *f;
    char *text;
    size_t len;
};

void sink_open(struct sink *s);
/* Close and return the text (the caller frees it). */
char *sink_close(struct sink *s);

/* TEXT parsed; the test fails if it is no JSON. */
json_object *parse(const char *text);

/* Run the tests of S; the exit status of the program. */
int run_suite(Suite *s);

/* campaign.json, format 2: printf formats.  The head takes the status,
 * finished_utc (JSON) and the runs; a run its number, started_utc,
 * finished_utc (JSON), status and settings.cpus (JSON). */
extern const char *const campaign_head;
extern const char *const campaign_run;

#endif
