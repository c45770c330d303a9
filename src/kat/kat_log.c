/* kat_log.c - the KAT log and the RESULT line, written atomically.
 *
 * Part of ngcc-perf.
 */
#define _GNU_SOURCE 1

#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kat_run.h"

int write_file_atomic(const char *path, const char *buf, size_t len,
                             char *err, size_t errsize)
{
    size_t tlen = strlen(path) + 16;
    char *tmp = malloc(tlen);
    mode_t mask;
    FILE *fp;
    int fd;

    if (tmp == NULL) {
        snprintf(err, errsize, "%s: out of memory", path);
        return -1;
    }
    snprintf(tmp, tlen, "%s.tmpXXXXXX", path);
    fd = mkstemp(tmp);
    if (fd < 0) {
        snprintf(err, errsize, "%s: cannot create a temporary file: %s", path,
                 strerror(errno));
        free(tmp);
        return -1;
    }
    mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    fp = fdopen(fd, "w");
    if (fp == NULL || fwrite(buf, 1, len, fp) != len) {
        snprintf(err, errsize, "%s: %s", tmp, strerror(errno));
        if (fp != NULL)
            fclose(fp);
        else
            close(fd);
        unlink(tmp);
        free(tmp);
        return -1;
    }
    if (fclose(fp) != 0 || rename(tmp, path) != 0) {
        snprintf(err, errsize, "%s: %s", path, strerror(errno));
        unlink(tmp);
        free(tmp);
        return -1;
    }
    free(tmp);
    return 0;
}

/* The candidate's own lines, each behind the prefix: nothing it prints can
 * pass for a line of the log. */
static void write_output(const struct report *rep, FILE *log)
{
    const char *p = rep->output, *end = rep->output + rep->output_len;

    if (rep->output_lines == 0)
        return;
    fprintf(log, "output: %lu line%s printed by the library%s\n",
            (unsigned long)rep->output_lines, rep->output_lines == 1 ? "" : "s",
            rep->output_dropped ? " (the first ones)" : "");
    while (p != NULL && p < end) {
        const char *nl = memchr(p, '\n', (size_t)(end - p));
        size_t n = nl ? (size_t)(nl - p) : (size_t)(end - p);
        fprintf(log, KAT_OUTPUT_PREFIX "%.*s\n", (int)n, p);
        p += n + 1;
    }
    if (rep->output_dropped)
        fprintf(log, "output: %lu more line%s not kept\n",
                (unsigned long)rep->output_dropped,
                rep->output_dropped == 1 ? "" : "s");
}

/* "KEY_len: N" for each size of the instance's kind, in the kind's order. */
static void write_sizes(const struct report *rep, FILE *log)
{
    const struct kind *k = kind_find(rep->type);
    int i;

    for (i = 0; k != NULL && i < k->nsizes; i++)
        fprintf(log, "%s_len: %llu\n", k->sizes[i].key,
                i < rep->nlen ? rep->len[i] : 0ULL);
}

/* The kind's functional check, when it has one: a finding, not a status.
 * "<name>: " (the kind's page.functional: "forgery"), then the kind's
 * text, by default "R of T rejected in S s" and what verify accepted. */
static void write_forgery(const struct report *rep, FILE *log)
{
    const struct kind *k = kind_find(rep->type);
    const char *name = k != NULL && k->page.functional != NULL ? k->page.functional
                                                               : "forgery";
    char text[1400];

    if (rep->have_forgery < 0) {
        fprintf(log, "%s: not run: %s\n", name, rep->forgery_detail);
    } else if (rep->have_forgery > 0 && k != NULL && k->kat->functional_text != NULL) {
        k->kat->functional_text(text, sizeof text, rep->forgery_tried,
                                rep->forgery_rejected, rep->forgery_time,
                                rep->forgery_detail);
        fprintf(log, "%s: %s\n", name, text);
    } else if (rep->have_forgery > 0) {
        fprintf(log, "%s: %u of %u rejected in %.6f s%s%s\n", name,
                rep->forgery_rejected, rep->forgery_tried, rep->forgery_time,
                rep->forgery_detail[0] ? "; ACCEPTED " : "",
                rep->forgery_detail);
    }
}

static void write_log(const struct run *r, FILE *log)
{
    const struct options *o = &r->o;
    const struct report *rep = &r->rep;

    fprintf(log, "driver: " PROG " (ngcc-perf) " NGCC_KAT_VERSION "\n");
    fprintf(log, "library: %s\n", o->library);
    if (rep->have_meta) {
        fprintf(log, "id: %s\n", r->id);
        fprintf(log, "type: %s\n", rep->type);
        fprintf(log, "algorithm: %s\n", rep->algorithm);
        fprintf(log, "instance: %s\n", r->label);
        fprintf(log, "algorithm_instance: %s\n", rep->algorithm_instance);
        fprintf(log, "variant: %s\n", rep->variant);
        fprintf(log, "source_dir: %s\n", rep->source_dir);
        fprintf(log, "compiler: %s\n", rep->compiler);
        fprintf(log, "flags: %s\n", rep->flags);
        fprintf(log, "flags_class: %s\n", rep->flags_class);
        if (rep->flags_reason[0] != '\0')
            fprintf(log, "flags_reason: %s\n", rep->flags_reason);
        fprintf(log, "template_mode: %s\n", rep->blank ? "yes" : "no");
        write_sizes(rep, log);
    }
    fprintf(log, "limits: timeout %g s%s, memory ", o->timeout_s,
            o->quick && !o->timeout_given ? " (--quick)" : "");
    if (o->memory_mib == 0)
        fprintf(log, "unlimited\n");
    else if (!r->sb.memory_limited)
        fprintf(log, "%lu MiB not applied (AddressSanitizer build)\n",
                o->memory_mib);
    else
        fprintf(log, "%lu MiB\n", o->memory_mib);
    if (rep->have_time && rep->have_records)
        fprintf(log, "time: %lu records in %.6f s (%.3f ms/record); child "
                     "%.6f s wall\n",
                rep->records, rep->gen_time,
                rep->records ? rep->gen_time * 1e3 / (double)rep->records : 0,
                r->sb.elapsed_s);
    else
        fprintf(log, "time: child %.6f s wall\n", r->sb.elapsed_s);
    {
        char conf[512];
        ngcc_confine_describe(&r->sb.confinement, conf, sizeof conf);
        fprintf(log, "confinement: %s\n", conf);
    }
    if (r->sb.scratch_left[0] != '\0')
        fprintf(log, "scratch_left: %s\n", r->sb.scratch_left);
    if (r->sb.strays > 0)
        fprintf(log, "strays: %d process%s left behind by the library, "
                     "killed\n",
                r->sb.strays, r->sb.strays == 1 ? "" : "es");
    write_output(rep, log);
    if (r->generated) {
        fprintf(log, "kat_file: %s", r->katfile);
        if (o->output != NULL)
            fprintf(log, " (kept as %s)", o->output);
        fprintf(log, "\ndigest: %s strict, %lu records\n", r->digest.hex,
                r->digest.records);
        if (r->mcheck.asked)
            fprintf(log, "%s\n", r->mcheck.line);
        if (r->rcheck.asked)
            fprintf(log, "%s\n", r->rcheck.line);
        if (r->written[0] != '\0')
            fprintf(log, "manifest_written: %s: %s\n", o->write_manifest,
                    r->written);
        else if (o->write_manifest != NULL)
            fprintf(log, "manifest_written: %s: nothing (%s)\n",
                    o->write_manifest, kat_status_names[r->status]);
    }
    write_forgery(rep, log);
    fprintf(log, "RESULT %s %s %s%s%s\n", r->id, r->label,
            kat_status_names[r->status], r->reason[0] ? " " : "", r->reason);
}

/* Print the log (all of it, or the RESULT line with --quiet) and write
 * --log.  0, or -1 after a message. */
int emit_log(const struct run *r)
{
    char *buf = NULL, err[1024];
    size_t len = 0;
    FILE *log = open_memstream(&buf, &len);
    int rc = 0;

    if (log == NULL) {
        errmsg("out of memory");
        return -1;
    }
    write_log(r, log);
    if (fclose(log) != 0) {
        errmsg("out of memory");
        free(buf);
        return -1;
    }
    if (r->o.quiet) {
        const char *res = strstr(buf, "\nRESULT ");
        fputs(res ? res + 1 : buf, stdout);
    } else {
        fwrite(buf, 1, len, stdout);
    }
    if (r->o.log != NULL &&
        write_file_atomic(r->o.log, buf, len, err, sizeof err) != 0) {
        errmsg("%s", err);
        rc = -1;
    }
    free(buf);
    return rc;
}
