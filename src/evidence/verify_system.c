/* verify_system.c -- the checker of one system's evidence: campaign.json
 * and build.json (verify_campaign.c, verify_build.c), every record and
 * profile (verify_record.c, verify_profile.c), and completeness: every
 * file build.json plans is there, of the library it lists, and nothing
 * else is (doc/campaign.md).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <dirent.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kind.h"
#include "record.h"
#include "sysfile.h"
#include "verify.h"
#include "verify_evidence.h"
#include "verify_screen.h"
#include "verify_system.h"
#include "verify_util.h"

/* A file of the system: on disk, planned, or both. */
struct entry {
    char *rel;           /* "records/<id>/<label>__<op>.json" */
    int on_disk;
    int planned;         /* 1 required, -1 optional (format 1 profiles) */
    const char *op;      /* planned: the operation */
    const char *sha256;  /* planned: the library's, NULL unknown */
    const char *kind;    /* planned: the instance's kind ("kem") */
};

struct entries {
    struct entry *v;
    size_t n, cap;
};

static struct entry *add(struct entries *l, char *rel)
{
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        struct entry *bigger = realloc(l->v, cap * sizeof *bigger);
        if (!bigger)
            abort();
        l->v = bigger;
        l->cap = cap;
    }
    memset(&l->v[l->n], 0, sizeof l->v[l->n]);
    l->v[l->n].rel = rel;
    return &l->v[l->n++];
}

static char *join2(const char *a, const char *b)
{
    size_t n = strlen(a) + strlen(b) + 2;
    char *s = malloc(n);
    if (!s)
        abort();
    snprintf(s, n, "%s/%s", a, b);
    return s;
}

/* Deeper than records/<id>/ nothing is planned; a bound, so that a
 * symbolic link to a directory above cannot make the walk endless. */
#define COLLECT_DEPTH 8

/* Every *.json under DIR/REL (hidden files and temporaries skipped), as
 * paths relative to DIR, DEPTH levels down at most.  0, or -1 when DIR/REL
 * cannot be read. */
static int collect(const char *dir, const char *rel, struct entries *l, int depth)
{
    char *full = join2(dir, rel);
    DIR *d = opendir(full);
    struct dirent *e;
    if (!d) {
        free(full);
        return -1;
    }
    while ((e = readdir(d)) != NULL) {
        size_t len = strlen(e->d_name);
        char *path, *sub;
        struct stat st;
        if (e->d_name[0] == '.')
            continue;
        path = join2(full, e->d_name);
        sub = join2(rel, e->d_name);
        if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            if (depth > 0)
                collect(dir, sub, l, depth - 1);
            free(sub);
        } else if (len > 5 && strcmp(e->d_name + len - 5, ".json") == 0) {
            add(l, sub)->on_disk = 1;
        } else {
            free(sub);
        }
        free(path);
    }
    closedir(d);
    free(full);
    return 0;
}

static int by_rel(const void *a, const void *b)
{
    return strcmp(((const struct entry *)a)->rel, ((const struct entry *)b)->rel);
}

/* The records and profiles PLAN plans, added to L. */
static void add_planned(struct entries *l, const struct build_plan *plan)
{
    size_t i;
    int k;
    for (i = 0; i < plan->n; i++) {
        const struct planned_instance *p = &plan->v[i];
        /* An unknown build status: its files are neither required nor unplanned. */
        int required = p->buildfail < 0 ? -1 : 1;
        if (!p->id || !p->label || p->buildfail > 0 || !p->kind)
            continue;
        /* One record (and profile) per operation of the instance's kind. */
        for (k = 0; k < p->kind->nops; k++) {
            const char *op = p->kind->ops[k].name;
            if (!p->has_op[k])
                continue; /* a two-pass exchange has no pass3 */
            size_t n = strlen(p->id) + strlen(p->label) + strlen(op) + 32;
            char *rel = malloc(n);
            struct entry *e;
            if (!rel)
                abort();
            snprintf(rel, n, "records/%s/%s__%s.json", p->id, p->label, op);
            e = add(l, rel);
            e->planned = required;
            e->op = op;
            e->kind = p->kind->name;
            e->sha256 = p->library_sha256;
            if (p->profiled && kind_op_profiled(p->kind, k)) {
                rel = malloc(n);
                if (!rel)
                    abort();
                snprintf(rel, n, "profile/%s/%s__%s.json", p->id, p->label, op);
                e = add(l, rel);
                e->planned = p->profiled > 0 ? required : -1;
                e->op = op;
                e->kind = p->kind->name;
                e->sha256 = p->profile_sha256;
            }
        }
    }
}

/* Sort L and merge the entries of one path (on disk and planned). */
static void merge(struct entries *l)
{
    size_t i, j = 0;
    if (l->n > 1) /* qsort wants a non-null base even for n == 0 */
        qsort(l->v, l->n, sizeof *l->v, by_rel);
    for (i = 0; i < l->n; i++) {
        if (j > 0 && strcmp(l->v[j - 1].rel, l->v[i].rel) == 0) {
            struct entry *a = &l->v[j - 1], *b = &l->v[i];
            a->on_disk |= b->on_disk;
            if (b->planned) {
                a->planned = b->planned;
                a->op = b->op;
                a->kind = b->kind;
                a->sha256 = b->sha256;
            }
            free(b->rel);
            continue;
        }
        l->v[j++] = l->v[i];
    }
    l->n = j;
}

/* The record or profile E on disk: recomputed, and of the planned
 * operation and library. */
static void check_file(const struct entry *e, struct verify_ctx *c, const char *root, int have_plan,
                       struct verify_summary *sum)
{
    char err[256];
    int profile = strncmp(e->rel, "profile/", 8) == 0;
    json_object *doc = record_load(c->name, err, sizeof err);
    const char *op, *sha, *type;
    if (profile)
        sum->profiles++;
    else
        sum->records++;
    if (!doc) {
        verify_problem(c, "%s", err);
        return;
    }
    c->problems += profile ? verify_profile(doc, c->name, root, c->out)
                           : verify_record(doc, c->name, root, c->out);
    if (e->planned) {
        op = record_get_string(doc, "op");
        if (!op || strcmp(op, e->op) != 0)
            verify_problem(c, "op is %s, not %s as its name says", op ? op : "missing", e->op);
        type = record_get_string(doc, "instance.type");
        if (type && strcmp(type, e->kind) != 0)
            verify_problem(c, "instance.type is %s, not %s as build.json says", type, e->kind);
        sha = record_get_string(doc, "library.sha256");
        if (e->sha256 && (!sha || strcmp(sha, e->sha256) != 0))
            verify_problem(c, "stale: taken with a library of SHA-256 %s, build.json lists %s "
                           "(the library changed since)", sha ? sha : "unknown", e->sha256);
    } else if (have_plan) {
        verify_problem(c, "not planned by build.json (no such instance, a BUILDFAIL, or not profiled)");
    }
    json_object_put(doc);
}

/* Read the JSON file DIR/FILE if it is there: 1 and *DOC, 0 absent, -1 a
 * problem reported. */
static int load_top(const char *dir, const char *file, FILE *out, json_object **doc,
                    struct verify_summary *sum, char **name)
{
    char err[256];
    *name = join2(dir, file);
    *doc = NULL;
    if (access(*name, F_OK) != 0)
        return 0;
    sum->evidence = 1;
    *doc = record_load(*name, err, sizeof err);
    if (*doc)
        return 1;
    fprintf(out, "%s: %s\n", *name, err);
    sum->problems++;
    sum->bad_files++;
    return -1;
}

static void count(struct verify_summary *sum, int problems)
{
    sum->problems += problems;
    sum->bad_files += problems > 0;
}

/* What campaign.json and build.json say of each other. */
static void cross_check(const char *name, FILE *out, const struct campaign_state *st,
                        const struct build_plan *plan, struct verify_summary *sum)
{
    struct verify_ctx c = { name, out, 0 };
    size_t i;
    long buildfail = 0;
    if (st->system && plan->system && strcmp(st->system, plan->system) != 0)
        verify_problem(&c, "system is %s, campaign.json's is %s", plan->system, st->system);
    for (i = 0; i < plan->n; i++)
        buildfail += plan->v[i].buildfail > 0;
    /* While a run goes on build.json is ahead of campaign.json. */
    if (st->complete && st->format >= 2 && plan->format >= 2) {
        if (st->instances >= 0 && st->instances != (long)plan->n)
            verify_problem(&c, "%zu instances, campaign.json's records.instances is %ld", plan->n, st->instances);
        if (st->buildfail >= 0 && st->buildfail != buildfail)
            verify_problem(&c, "%ld BUILDFAIL instances, campaign.json's records.buildfail is %ld",
                           buildfail, st->buildfail);
    }
    count(sum, c.problems);
}

int verify_system(const char *dir_arg, const char *root, FILE *out, struct verify_summary *sum)
{
    struct campaign_state st;
    struct build_plan plan;
    struct entries l = { NULL, 0, 0 };
    json_object *cdoc, *bdoc;
    char *dir, *cname, *bname;
    size_t i, len;
    struct stat sb;
    int have_plan = 0, r;

    memset(sum, 0, sizeof *sum);
    memset(&st, 0, sizeof st);
    memset(&plan, 0, sizeof plan);
    if (stat(dir_arg, &sb) != 0)
        return -1;
    if (!S_ISDIR(sb.st_mode)) {
        errno = ENOTDIR;
        return -1;
    }
    dir = strdup(dir_arg);
    if (!dir)
        abort();
    for (len = strlen(dir); len > 1 && dir[len - 1] == '/'; len--)
        dir[len - 1] = '\0';

    st.incomplete = 1;
    st.instances = st.buildfail = -1;
    r = load_top(dir, "campaign.json", out, &cdoc, sum, &cname);
    if (r == 1)
        count(sum, verify_campaign_doc(cdoc, cname, out, &st));
    else if (r < 0)
        st.present = 1, st.incomplete = 0;
    r = load_top(dir, "build.json", out, &bdoc, sum, &bname);
    if (r == 1) {
        count(sum, verify_build_doc(bdoc, bname, root, out, &st, &plan));
        cross_check(bname, out, &st, &plan, sum);
        have_plan = plan.v != NULL;
        sum->instances = (int)plan.n;
    } else if (r == 0 && st.present) {
        fprintf(out, "%s: missing, though campaign.json is there\n", bname);
        count(sum, 1);
    }
    /* Without either file there is no campaign, only files to check. */
    sum->incomplete = st.incomplete && (st.present || bdoc);

    collect(dir, "records", &l, COLLECT_DEPTH);
    collect(dir, "profile", &l, COLLECT_DEPTH);
    if (l.n > 0)
        sum->evidence = 1;
    add_planned(&l, &plan);
    merge(&l);
    for (i = 0; i < l.n; i++) {
        const struct entry *e = &l.v[i];
        char *name = join2(dir, e->rel);
        struct verify_ctx c = { name, out, 0 };
        if (e->on_disk)
            check_file(e, &c, root, have_plan, sum);
        else if (e->planned > 0 && st.incomplete) {
            fprintf(out, "%s: not measured yet (campaign incomplete)\n", name);
            sum->not_measured++;
        } else if (e->planned > 0)
            verify_problem(&c, "missing (build.json plans it and the campaign is complete)");
        count(sum, c.problems);
        free(name);
        free(e->rel);
    }
    free(l.v);
    verify_screens(dir, have_plan ? &plan : NULL, out, sum);
    free(plan.v);
    json_object_put(bdoc);
    json_object_put(cdoc);
    free(cname);
    free(bname);
    free(dir);
    return 0;
}

static const char *plural(int n, const char *one, const char *many)
{
    return n == 1 ? one : many;
}

void verify_print_summary(const char *dir, const struct verify_summary *s, FILE *out)
{
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/')
        len--;
    fprintf(out, "%.*s: %d %s, %d %s, %d %s checked: %d %s", (int)len, dir,
            s->records, plural(s->records, "record", "records"),
            s->profiles, plural(s->profiles, "profile", "profiles"),
            s->instances, plural(s->instances, "instance", "instances"),
            s->problems, plural(s->problems, "problem", "problems"));
    if (s->problems)
        fprintf(out, " in %d %s", s->bad_files, plural(s->bad_files, "file", "files"));
    if (s->incomplete)
        fprintf(out, " (campaign incomplete: %d planned %s not measured yet)", s->not_measured,
                plural(s->not_measured, "file", "files"));
    fputc('\n', out);
}
