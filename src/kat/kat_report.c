/* kat_report.c - the parent's view of the KAT child: its messages, its output.
 *
 * Part of ngcc-perf.
 */
#define _GNU_SOURCE 1

#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kat_run.h"

/* "N N ..." of "meta lengths": the instance's sizes in its kind's order. */
static void read_lengths(struct report *r, const char *sp)
{
    char *end;

    for (r->nlen = 0; r->nlen < KIND_MAX_SIZES; r->nlen++) {
        r->len[r->nlen] = strtoull(sp, &end, 10);
        if (end == sp)
            break;
        sp = end;
    }
}

void on_line(const char *line, size_t len, void *arg)
{
    struct report *r = arg;
    const char *sp;

    (void)len;
    if (strncmp(line, "meta ", 5) == 0) {
        static const struct {
            const char *key;
            size_t off, size;
        } fields[] = {
#define F(k) {#k, offsetof(struct report, k), sizeof(((struct report *)0)->k)}
            F(id), F(type), F(algorithm), F(instance), F(algorithm_instance),
            F(variant), F(source_dir), F(compiler), F(flags), F(flags_class),
            F(flags_reason),
#undef F
        };
        const char *key = line + 5;
        size_t klen, i;

        sp = strchr(key, ' ');
        klen = sp ? (size_t)(sp - key) : strlen(key);
        sp = sp ? sp + 1 : "";
        r->have_meta = 1;
        for (i = 0; i < sizeof fields / sizeof fields[0]; i++) {
            if (strlen(fields[i].key) == klen &&
                strncmp(fields[i].key, key, klen) == 0) {
                copy_clean((char *)r + fields[i].off, fields[i].size, sp);
                return;
            }
        }
        if (klen == 5 && strncmp(key, "blank", 5) == 0)
            r->blank = atoi(sp) != 0;
        else if (klen == 7 && strncmp(key, "lengths", 7) == 0)
            read_lengths(r, sp);
    } else if (strncmp(line, "at ", 3) == 0) {
        char rec[32], call[64];
        if (sscanf(line + 3, "%31s %63s", rec, call) == 2) {
            copy_clean(r->at_record, sizeof r->at_record, rec);
            copy_clean(r->at_call, sizeof r->at_call, call);
            r->have_at = 1;
            kat_progress_line(r);
        }
    } else if (strncmp(line, "work ", 5) == 0) {
        double d;
        if (sscanf(line + 5, "%lf", &d) == 1 && d >= 0.0 && d <= 1.0) {
            r->work_done = d;
            kat_progress_line(r);
        }
    } else if (strncmp(line, "records ", 8) == 0) {
        r->have_records = sscanf(line + 8, "%lu", &r->records) == 1;
    } else if (strncmp(line, "time ", 5) == 0) {
        r->have_time = sscanf(line + 5, "%lf", &r->gen_time) == 1;
    } else if (strncmp(line, "forgery ", 8) == 0) {
        int at = 0;
        if (sscanf(line + 8, "%u %u %lf %n", &r->forgery_tried,
                   &r->forgery_rejected, &r->forgery_time, &at) >= 3 && at > 0)
            r->have_forgery = 1;
        else if (sscanf(line + 8, "- - %lf %n", &r->forgery_time, &at) >= 1 &&
                 at > 0)
            r->have_forgery = -1;
        if (r->have_forgery != 0)
            copy_clean(r->forgery_detail, sizeof r->forgery_detail, line + 8 + at);
    } else if (strncmp(line, "result ", 7) == 0) {
        char st[32] = "";
        const char *rest = line + 7;
        size_t n;

        sp = strchr(rest, ' ');
        n = sp ? (size_t)(sp - rest) : strlen(rest);
        if (n >= sizeof st)
            n = sizeof st - 1;
        memcpy(st, rest, n);
        st[n] = '\0';
        copy_clean(r->result, sizeof r->result, st);
        copy_clean(r->reason, sizeof r->reason, sp ? sp + 1 : "");
        r->have_result = 1;
    }
}

/* Where the child was: " in CALL at record 3", " while loading ...". */
void where(const struct report *r, char *buf, size_t size)
{
    buf[0] = '\0';
    if (!r->have_at)
        return;
    if (strcmp(r->at_call, "dlopen") == 0)
        snprintf(buf, size, " while loading the library");
    else if (strcmp(r->at_record, "-") == 0)
        snprintf(buf, size, " in %s", r->at_call);
    else
        snprintf(buf, size, " in %s at record %s", r->at_call, r->at_record);
}


void on_output(const char *line, size_t len, void *arg)
{
    struct report *r = arg;
    char *grown;
    size_t i;

    r->output_lines++;
    if (r->output_dropped > 0 || r->output_len + len + 1 > KAT_OUTPUT_MAX) {
        r->output_lines--;
        r->output_dropped++;
        return;
    }
    grown = realloc(r->output, r->output_len + len + 1);
    if (grown == NULL) {
        r->output_lines--;
        r->output_dropped++;
        return;
    }
    r->output = grown;
    /* One printable line each: control characters become '?'. */
    for (i = 0; i < len; i++) {
        unsigned char c = (unsigned char)line[i];
        grown[r->output_len + i] = (c < 0x20 || c == 0x7f) && c != '\t' ? '?' : (char)c;
    }
    r->output_len += len;
    grown[r->output_len++] = '\n';
}

void report_free(struct report *r)
{
    free(r->output);
    r->output = NULL;
    r->output_len = 0;
}
