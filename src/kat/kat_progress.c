/* kat_progress.c - ngcc-kat --progress: a line on stderr now and then with
 * the record, the share of the file's work done and an estimate of the time
 * left, from the child's "at" and "work" messages.
 *
 * Part of ngcc-perf.  The estimate is the time so far scaled by the work
 * left (the kind's driver says which share each record is); none before
 * any work is done.  Lines come only with messages: during one long call
 * (a 1 GiB message) there is none.
 */
#define _POSIX_C_SOURCE 200809L

#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "kat_run.h"

double kat_now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* "2 min 10 s", "41 s", "1 h 5 min". */
static void duration(double s, char *buf, size_t size)
{
    unsigned long t = (unsigned long)(s + 0.5);

    if (t < 60)
        snprintf(buf, size, "%lu s", t);
    else if (t < 3600)
        snprintf(buf, size, "%lu min %lu s", t / 60, t % 60);
    else
        snprintf(buf, size, "%lu h %lu min", t / 3600, t / 60 % 60);
}

void kat_progress_line(struct report *r)
{
    double now = kat_now(), spent, left;
    char t[64], key[64];
    const struct kind *k;
    struct kind_kat_file f;
    unsigned long rec;

    if (!r->progress || !r->have_records)
        return;
    if (r->last_print > 0 && now - r->last_print < KAT_PROGRESS_EVERY_S)
        return;
    if (r->last_print == 0 && now - r->t0 < KAT_PROGRESS_EVERY_S)
        return; /* a short run says nothing */
    r->last_print = now;
    snprintf(key, sizeof key, "%s", r->file_key);
    if (key[0] == '\0' && (k = kind_find(r->type)) != NULL && kind_kat_files(k, &f, 1) == 1)
        snprintf(key, sizeof key, "%s", f.key);
    rec = r->have_at ? strtoul(r->at_record, NULL, 10) + 1 : 1;
    if (rec > r->records)
        rec = r->records;
    spent = now - r->t0;
    if (r->work_done > 0.0) {
        left = spent * (1.0 - r->work_done) / r->work_done;
        duration(left, t, sizeof t);
        fprintf(stderr, PROG ": %s: %s record %lu of %lu, %.0f%%, about %s left\n",
                r->instance[0] ? r->instance : "-", key, rec, r->records,
                100.0 * r->work_done, t);
    } else {
        fprintf(stderr, PROG ": %s: %s record %lu of %lu, 0%%, time left not known yet\n",
                r->instance[0] ? r->instance : "-", key, rec, r->records);
    }
    fflush(stderr);
}
