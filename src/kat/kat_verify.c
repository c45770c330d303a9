/* kat_verify.c - digest the generated KAT file, compare it, record it.
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
#include <unistd.h>

#include "kat_run.h"
#include "canonical.h"
#include "katgen.h"
#include "manifest.h"

static FILE *reopen_fd(int fd)
{
    int d;
    FILE *fp;

    if (lseek(fd, 0, SEEK_SET) != 0)
        return NULL;
    d = dup(fd);
    if (d < 0)
        return NULL;
    fp = fdopen(d, "rb");
    if (fp == NULL)
        close(d);
    return fp;
}

static int digest_fd(int fd, enum ngcc_canon_mode mode, unsigned long records,
                     struct ngcc_canon_result *res)
{
    FILE *fp = reopen_fd(fd);
    int rc;

    if (fp == NULL)
        return -1;
    rc = ngcc_canon_digest_file(fp, mode, records, res);
    fclose(fp);
    return rc;
}

static int check_manifest(const struct options *o,
                          const struct ngcc_manifest_entry *e, unsigned long records,
                          size_t ambiguous, const char *label,
                          const char *katfile, int kat_fd, struct check *c,
                          char *err, size_t errsize)
{
    struct ngcc_canon_result res;

    c->asked = 1;
    if (e == NULL) {
        if (ambiguous > 1)
            snprintf(c->reason, sizeof c->reason,
                     "%s has no line for %s/%s and %zu for %s", o->manifest,
                     label, katfile, ambiguous, katfile);
        else
            snprintf(c->reason, sizeof c->reason, "%s has no line for %s/%s",
                     o->manifest, label, katfile);
        snprintf(c->line, sizeof c->line, "manifest: %s", c->reason);
        return 0;
    }
    if (digest_fd(kat_fd, e->mode, records, &res) != 0) {
        snprintf(err, errsize, "cannot read back the generated KAT file: %s",
                 strerror(errno));
        return -1;
    }
    c->compared = 1;
    c->matched = strcmp(res.hex, e->hex) == 0;
    snprintf(c->line, sizeof c->line,
             "manifest: %s line %lu (%s): %s %s, %lu records: %s",
             o->manifest, e->lineno, e->path, e->hex,
             ngcc_canon_mode_name(e->mode), records,
             c->matched ? "match" : "MISMATCH");
    if (!c->matched)
        snprintf(c->reason, sizeof c->reason,
                 "%s line %lu expects %s, generated %s (%s, %lu records)",
                 o->manifest, e->lineno, e->hex, res.hex,
                 ngcc_canon_mode_name(e->mode), records);
    return 0;
}

static int check_reference(const struct options *o, const struct report *r,
                           unsigned long n, int kat_fd, struct check *c,
                           char *err, size_t errsize)
{
    struct ngcc_canon_reader ra, rb;
    struct ngcc_canon_result gen, ref;
    struct ngcc_canon_diff d;
    enum ngcc_canon_mode mode;
    FILE *gf = NULL, *rf = NULL;
    char key[128], lengths[112];
    size_t klen;
    int tmpl, rc = -1, cmp;

    c->asked = 1;
    rf = fopen(o->reference, "rb");
    if (rf == NULL) {
        snprintf(err, errsize, "%s: %s", o->reference, strerror(errno));
        return -1;
    }
    /* A reference made in template mode ("PK_Len = " bare) is compared
     * without the *_Len lines, unless this library prints them bare too. */
    ngcc_canon_reader_file(&rb, rf, NGCC_CANON_STRICT, n);
    tmpl = ngcc_canon_is_template(&rb);
    ngcc_canon_reader_free(&rb);
    if (tmpl < 0)
        goto read_error;
    mode = (tmpl != 0) != (r->blank != 0) ? NGCC_CANON_NOLEN
                                          : NGCC_CANON_STRICT;

    rewind(rf);
    if (ngcc_canon_digest_file(rf, mode, n, &ref) != 0)
        goto read_error;
    if (digest_fd(kat_fd, mode, n, &gen) != 0)
        goto gen_error;

    rewind(rf);
    gf = reopen_fd(kat_fd);
    if (gf == NULL)
        goto gen_error;
    ngcc_canon_reader_file(&ra, rf, mode, n);
    ngcc_canon_reader_file(&rb, gf, mode, n);
    cmp = ngcc_canon_compare(&ra, &rb, &d);
    ngcc_canon_reader_free(&ra);
    ngcc_canon_reader_free(&rb);
    if (cmp < 0)
        goto read_error;
    c->compared = 1;
    c->matched = cmp == 0;
    snprintf(c->line, sizeof c->line,
             "reference: %s: %s %s, %lu records%s: %s", o->reference, ref.hex,
             ngcc_canon_mode_name(mode), ref.records,
             tmpl ? " (template mode)" : "",
             c->matched ? "match" : "MISMATCH");
    if (!c->matched) {
        copy_clean(key, sizeof key, d.key);
        switch (d.kind) {
        case NGCC_CANON_LINE_DIFFERS:
            lengths[0] = '\0';
            /* A length line, or a value of another length (a digest of the
             * wrong size), says so: a wrong length is not a wrong value. */
            klen = strlen(key);
            if (strcmp(d.key, d.key_b) != 0)
                ;
            else if (klen > 4 && strcmp(key + klen - 4, "_Len") == 0)
                snprintf(lengths, sizeof lengths,
                         "; lengths differ: %.23s in the reference, %.23s "
                         "generated", d.value_a, d.value_b);
            else if (d.value_len_a != d.value_len_b)
                snprintf(lengths, sizeof lengths,
                         "; lengths differ: %zu hex digits in the reference, "
                         "%zu generated", d.value_len_a, d.value_len_b);
            snprintf(c->reason, sizeof c->reason,
                     "%s differs from the generated file at record %ld, "
                     "line %lu (%s; generated line %lu%s): reference %s, "
                     "generated %s",
                     o->reference, d.record_a, d.line_a, key, d.line_b,
                     lengths, ref.hex, gen.hex);
            break;
        case NGCC_CANON_A_SHORTER:
            snprintf(c->reason, sizeof c->reason,
                     "%s ends after record %ld (%lu records); the generated "
                     "file goes on at record %ld, line %lu (%s): reference "
                     "%s, generated %s",
                     o->reference, d.record_a, ref.records, d.record_b,
                     d.line_b, key, ref.hex, gen.hex);
            break;
        default:
            snprintf(c->reason, sizeof c->reason,
                     "the generated file ends after record %ld; %s goes on "
                     "at record %ld, line %lu (%s): reference %s, generated "
                     "%s",
                     d.record_b, o->reference, d.record_a, d.line_a, key,
                     ref.hex, gen.hex);
            break;
        }
    }
    rc = 0;
    goto out;

read_error:
    snprintf(err, errsize, "%s: %s", o->reference, strerror(errno));
    goto out;
gen_error:
    snprintf(err, errsize, "cannot read back the generated KAT file: %s",
             strerror(errno));
out:
    if (gf != NULL)
        fclose(gf);
    fclose(rf);
    return rc;
}


/* After a complete generation: digest, compare, record.  0, or -1 after a
 * message. */
int verify(struct run *r)
{
    const struct options *o = &r->o;
    char err[2048];

    const struct kind *k = kind_find(r->rep.type);
    struct kind_kat_file kf;
    int file = k != NULL ? kat_file_of(o, k, &kf) : -1;

    /* Redo the child's planning from the names it reported: the child ran
     * the candidate's code and is not trusted to have done it. */
    if (file < 0 ||
        ngcc_katgen_filename_at(k, file, r->rep.algorithm_instance, r->katfile,
                                sizeof r->katfile) != 0) {
        r->status = ST_LOADFAIL;
        snprintf(r->reason, sizeof r->reason,
                 "ALGORITHM_INSTANCE '%s' cannot name a KAT file",
                 r->rep.algorithm_instance);
        r->generated = 0;
        return 0;
    }
    if (plan_records(o, r->mp, r->label, r->katfile, kf.records, &r->records, &r->entry,
                     &r->ambiguous, err, sizeof err) != 0) {
        errmsg("%s", err);
        return -1;
    }
    ngcc_canon_set_record_key(k->kat_record_key);
    if (digest_fd(r->kat_fd, NGCC_CANON_STRICT, 0, &r->digest) != 0) {
        errmsg("cannot read back the generated KAT file: %s",
               strerror(errno));
        return -1;
    }
    if (r->digest.records != r->records) {
        r->status = ST_CRASH;
        snprintf(r->reason, sizeof r->reason,
                 "the child wrote %lu records instead of %lu",
                 r->digest.records, r->records);
        r->generated = 0;
        return 0;
    }

    if (o->manifest != NULL &&
        check_manifest(o, r->entry, r->records, r->ambiguous, r->label, r->katfile,
                       r->kat_fd, &r->mcheck, err, sizeof err) != 0) {
        errmsg("%s", err);
        return -1;
    }
    if (o->reference != NULL &&
        check_reference(o, &r->rep, r->records, r->kat_fd, &r->rcheck, err,
                        sizeof err) != 0) {
        errmsg("%s", err);
        return -1;
    }
    if (r->mcheck.compared && !r->mcheck.matched) {
        r->status = ST_MISMATCH;
        snprintf(r->reason, sizeof r->reason, "%s", r->mcheck.reason);
    } else if (r->rcheck.compared && !r->rcheck.matched) {
        r->status = ST_MISMATCH;
        snprintf(r->reason, sizeof r->reason, "%s", r->rcheck.reason);
    } else if (r->mcheck.compared || r->rcheck.compared) {
        r->status = ST_PASS;
    } else {
        r->status = ST_NOKAT;
        snprintf(r->reason, sizeof r->reason, "%s",
                 r->mcheck.asked
                     ? r->mcheck.reason
                     : "no reference (give --manifest or --reference)");
    }

    /* Record the digest only when nothing contradicts it. */
    if (o->write_manifest != NULL &&
        (r->status == ST_PASS || r->status == ST_NOKAT)) {
        struct ngcc_manifest_entry we;
        char path[1024];

        if (!ngcc_manifest_valid_component(r->label)) {
            errmsg("label '%s' cannot go into a manifest (use --label)",
                   r->label);
            return -1;
        }
        memset(&we, 0, sizeof we);
        memcpy(we.hex, r->digest.hex, sizeof we.hex);
        we.mode = NGCC_CANON_STRICT;
        we.records = r->records;
        we.has_records = r->records != NGCC_KAT_DEFAULT_RECORDS;
        snprintf(path, sizeof path, "%s/%s", r->label, r->katfile);
        we.path = path;
        we.file = strrchr(path, '/') + 1;
        if (ngcc_manifest_update(o->write_manifest, &we, err, sizeof err) !=
            0) {
            errmsg("%s", err);
            return -1;
        }
        ngcc_manifest_format_line(&we, r->written, sizeof r->written);
        r->written[strcspn(r->written, "\n")] = '\0';
        r->status = ST_PASS;
        r->reason[0] = '\0';
    }

    if (o->output != NULL) {
        if (rename(r->kat_tmp, o->output) != 0) {
            errmsg("%s: %s", o->output, strerror(errno));
            return -1;
        }
        free(r->kat_tmp);
        r->kat_tmp = NULL;
    }
    return 0;
}

