/* kat_child.c - the KAT child of ngcc-kat: load the library, find its kind,
 * resolve the kind's API and run the kind's driver procedure.
 *
 * Part of ngcc-perf.
 */
#define _GNU_SOURCE 1

#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <dlfcn.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "kat_run.h"
#include "katgen.h"
#include "kind.h"
#include "kind_kat.h"
#include "kind_symbols.h"
#include "ngcc_instance.h"
#include "confine.h"
#include "sandbox.h"

/* ---- planning: how many records, which manifest line -------------------- */

/* Shared by the child (before generating) and the parent (after): the number
 * of records to generate and this instance's manifest entry, if any.
 * Returns 0, or -1 with ERR set (an input error). */
int plan_records(const struct options *o, const struct ngcc_manifest *m,
                        const char *label, const char *katfile,
                        unsigned long file_records, unsigned long *n,
                        const struct ngcc_manifest_entry **entry,
                        size_t *ambiguous, char *err, size_t errsize)
{
    const struct ngcc_manifest_entry *e = NULL;

    *ambiguous = 0;
    if (m != NULL)
        e = ngcc_manifest_lookup(m, label, katfile, ambiguous);
    *entry = e;
    if (o->records != 0) {
        if (e != NULL && e->records != o->records) {
            snprintf(err, errsize,
                     "--records=%lu conflicts with %s:%lu, whose digest "
                     "covers %lu records",
                     o->records, m->name, e->lineno, e->records);
            return -1;
        }
        *n = o->records;
    } else {
        /* A line without :N covers the whole file: the driver's records. */
        if (file_records == 0)
            file_records = NGCC_KAT_DEFAULT_RECORDS;
        *n = e != NULL && e->has_records ? e->records : file_records;
    }
    return 0;
}

/* ---- the child ---------------------------------------------------------- */

static void send_at(void *arg, unsigned long record, const char *call)
{
    struct child_ctx *c = arg;
    ngcc_sandbox_send(c->msg_fd, "at %lu %s", record, call);
}

/* The share of the work done, at most every 1/1000 of it. */
static void send_work(void *arg, double done)
{
    static double last = -1.0;
    struct child_ctx *c = arg;

    if (done < last + 0.001 && done < 1.0)
        return;
    last = done;
    ngcc_sandbox_send(c->msg_fd, "work %.4f", done);
}

static void send_meta(int fd, const char *key, const char *value)
{
    char clean[2048];

    copy_clean(clean, sizeof clean, value != NULL ? value : "");
    ngcc_sandbox_send(fd, "meta %s %s", key, clean);
}

/* The instance's sizes in the order of K's sizes, as "meta lengths" sends
 * them: the one place that reads them from the ABI (ngcc_instance.h). */
static void send_lengths(int fd, const struct ngcc_instance_info *info,
                         const struct kind *k)
{
    char line[KIND_MAX_SIZES * 24] = "";
    int i;

    for (i = 0; i < k->nsizes && i < info->nsizes && i < NGCC_INSTANCE_MAX_SIZES; i++)
        appendf(line, sizeof line, "%s%llu", i ? " " : "", info->sizes[i]);
    ngcc_sandbox_send(fd, "meta lengths %s", line);
}

/* The kind's functional check after a whole KAT file: "forgery TRIED
 * REJECTED SECONDS ACCEPTED..." or "forgery - - SECONDS WHY". */
static void send_functional(int fd, const struct kind *k, const void *api)
{
    const struct kind_kat *kk = k->kat;
    struct timespec t0, t1;
    unsigned tried, rejected;
    char msg[1024], clean[1024];
    double s;
    int rc;

    /* A crash in it is named by the kind's word for it ("forgery"; a
     * hash's "functional"). */
    ngcc_sandbox_send(fd, "at - %s",
                      k->page.functional != NULL ? k->page.functional : "functional");
    clock_gettime(CLOCK_MONOTONIC, &t0);
    rc = kk->functional(api, &tried, &rejected, msg, sizeof msg);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    s = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    copy_clean(clean, sizeof clean, msg);
    if (rc != 0)
        ngcc_sandbox_send(fd, "forgery - - %.6f %s", s, clean);
    else
        ngcc_sandbox_send(fd, "forgery %u %u %.6f %s", tried, rejected, s,
                          clean);
}

int kat_child(int msg_fd, void *arg)
{
    struct child_ctx *c = arg;
    const struct options *o = c->opt;
    const struct ngcc_instance_info *info;
    const struct ngcc_manifest_entry *entry;
    ngcc_instance_info_fn info_fn;
    const struct kind *kind;
    kind_kat_api api;
    struct ngcc_katgen_opts kopts;
    enum ngcc_katgen_status st;
    char missing[512] = "", katfile[NGCC_KATGEN_NAME_MAX], msg[1024];
    char label[256], abs[PATH_MAX], keys[256];
    struct kind_kat_file kf;
    int file;
    const char *dlmsg;
    struct timespec t0, t1;
    size_t ambiguous;
    unsigned long n;
    FILE *out;
    void *h;

    c->msg_fd = msg_fd;
    /* What the candidate prints reaches the parent on the sandbox's output
     * pipe (stdout and stderr both): never on MSG_FD. */

    ngcc_sandbox_send(msg_fd, "at - dlopen");
    h = dlopen(ngcc_confine_enter(o->dlpath, abs, sizeof abs), RTLD_NOW | RTLD_LOCAL);
    if (h == NULL) {
        dlmsg = dlerror();
        copy_clean(msg, sizeof msg, dlmsg ? dlmsg : "unknown error");
        /* dlerror() usually starts with the path already. */
        if (strstr(msg, o->dlpath) != NULL)
            ngcc_sandbox_send(msg_fd, "result LOADFAIL cannot load %s", msg);
        else
            ngcc_sandbox_send(msg_fd, "result LOADFAIL cannot load %s: %s",
                              o->library, msg);
        return 0;
    }
    if (kind_lookup_dlsym(h, NGCC_SYM_INSTANCE_INFO, &info_fn, sizeof info_fn) != 0) {
        ngcc_sandbox_send(msg_fd,
                          "result LOADFAIL %s: missing symbol %s (not an "
                          "ngcc-perf instance library)",
                          o->library, NGCC_SYM_INSTANCE_INFO);
        return 0;
    }
    ngcc_sandbox_send(msg_fd, "at - %s", NGCC_SYM_INSTANCE_INFO);
    info = info_fn();
    if (info == NULL || info->abi != NGCC_INSTANCE_ABI) {
        ngcc_sandbox_send(msg_fd,
                          "result LOADFAIL %s: %s() reports ABI %d, this "
                          "driver needs %d (rebuild the library)",
                          o->library, NGCC_SYM_INSTANCE_INFO,
                          info ? info->abi : -1, NGCC_INSTANCE_ABI);
        return 0;
    }
    send_meta(msg_fd, "id", info->id);
    send_meta(msg_fd, "type", info->type);
    send_meta(msg_fd, "algorithm", info->algorithm);
    send_meta(msg_fd, "instance", info->instance);
    send_meta(msg_fd, "algorithm_instance", info->algorithm_instance);
    send_meta(msg_fd, "variant", info->variant);
    send_meta(msg_fd, "source_dir", info->source_dir);
    send_meta(msg_fd, "compiler", info->compiler);
    send_meta(msg_fd, "flags", info->flags);
    send_meta(msg_fd, "flags_class", info->flags_class);
    send_meta(msg_fd, "flags_reason", info->flags_reason);
    ngcc_sandbox_send(msg_fd, "meta blank %d", info->blank_test_vectors != 0);
    /* The instance says its kind; the kind says its API and records. */
    kind = kind_find(info->type);
    if (kind == NULL || kind->kat == NULL ||
        kind->kat->api_size > sizeof api) {
        copy_clean(msg, sizeof msg, info->type ? info->type : "");
        ngcc_sandbox_send(msg_fd,
                          "result LOADFAIL %s: type '%s' is not a kind this "
                          "driver knows", o->library, msg);
        return 0;
    }
    send_lengths(msg_fd, info, kind);

    memset(&api, 0, sizeof api);
    if (kind->kat->resolve(&api, kind_lookup_dlsym, h, missing, sizeof missing) != 0 ||
        missing[0] != '\0') {
        ngcc_sandbox_send(msg_fd, "result LOADFAIL %s: missing symbol%s %s",
                          o->library, strchr(missing, ',') ? "s" : "",
                          missing);
        return 0;
    }

    if ((file = kat_file_of(o, kind, &kf)) < 0) {
        ngcc_sandbox_send(msg_fd, "result USAGE --file=%s: the %s kind has no such KAT file (%s)",
                          o->file, kind->name, kat_file_keys(kind, keys, sizeof keys));
        return 0;
    }
    if (info->algorithm_instance == NULL ||
        ngcc_katgen_filename_at(kind, file, info->algorithm_instance, katfile,
                                sizeof katfile) != 0) {
        copy_clean(msg, sizeof msg,
                   info->algorithm_instance ? info->algorithm_instance : "");
        ngcc_sandbox_send(msg_fd,
                          "result LOADFAIL %s: ALGORITHM_INSTANCE '%s' cannot "
                          "name a KAT file",
                          o->library, msg);
        return 0;
    }
    copy_clean(label, sizeof label,
               o->label ? o->label : info->instance ? info->instance : "");
    if (plan_records(o, c->manifest, label, katfile, kf.records, &n, &entry, &ambiguous,
                     msg, sizeof msg) != 0) {
        ngcc_sandbox_send(msg_fd, "result USAGE %s", msg);
        return 0;
    }
    ngcc_sandbox_send(msg_fd, "records %lu", n);

    out = fdopen(c->kat_fd, "w");
    if (out == NULL) {
        ngcc_sandbox_send(msg_fd, "result ERROR cannot write the KAT file: %s",
                          strerror(errno));
        return 0;
    }
    memset(&kopts, 0, sizeof kopts);
    kopts.records = n;
    kopts.blank = info->blank_test_vectors != 0;
    kopts.file = file;
    kopts.progress = send_at;
    kopts.work = send_work;
    kopts.progress_arg = c;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    st = kind->kat->run(&api, &kopts, out, msg, sizeof msg);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    if (fclose(out) != 0 && st == NGCC_KATGEN_OK) {
        snprintf(msg, sizeof msg, "cannot write the KAT file: %s",
                 strerror(errno));
        st = NGCC_KATGEN_ERROR;
    }
    ngcc_sandbox_send(msg_fd, "time %.6f",
                      (double)(t1.tv_sec - t0.tv_sec) +
                          (double)(t1.tv_nsec - t0.tv_nsec) / 1e9);
    if (st == NGCC_KATGEN_OK && kind->kat->functional != NULL)
        send_functional(msg_fd, kind, &api);
    ngcc_sandbox_send(msg_fd, "result %s %s", ngcc_katgen_status_name(st),
                      msg);
    return 0;
}

