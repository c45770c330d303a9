/* ngcc-kat - the known-answer tests of one instance library.
 *
 * Part of ngcc-perf.  Generates the KAT file of an instance library the way
 * its kind's official driver does (kat.md section 1), digests its
 * canonical form and checks it against a manifest line and/or a submitted KAT
 * file, then prints the KAT log and one RESULT line (kat.md section 3).
 *
 * The library is untrusted: it is loaded only in a sandboxed child
 * (sandbox.c), so its crash, hang or overflow is a status, never the end of
 * this program.  The child reports through a pipe, a line at a time:
 *
 *     at <record|-> <call>     before every call into the library
 *     meta <key> <value>       the instance's metadata
 *     records <n>              records about to be generated
 *     time <seconds>           generation time
 *     result <status> <text>   OK, CRYPTOFAIL, OVERFLOW, LOADFAIL, NOMEM,
 *                              ERROR (a write error) or USAGE
 *
 * and writes the KAT text into a temporary file made by the parent.  The
 * parent digests and compares that file itself.
 */
#define _GNU_SOURCE 1

#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kat_run.h"

/* The temporary KAT file: beside --output, else in $TMPDIR. */
static int make_kat_temp(const struct options *o, char **path)
{
    const char *dir = getenv("TMPDIR");
    size_t len;
    int fd;
    mode_t mask;

    if (o->output != NULL) {
        len = strlen(o->output) + 16;
        *path = malloc(len);
        if (*path == NULL)
            return -1;
        snprintf(*path, len, "%s.tmpXXXXXX", o->output);
    } else {
        if (dir == NULL || dir[0] == '\0')
            dir = "/tmp";
        len = strlen(dir) + 32;
        *path = malloc(len);
        if (*path == NULL)
            return -1;
        snprintf(*path, len, "%s/ngcc-kat.XXXXXX", dir);
    }
    fd = mkstemp(*path);
    if (fd < 0) {
        free(*path);
        *path = NULL;
        return -1;
    }
    mask = umask(0);
    umask(mask);
    fchmod(fd, 0666 & ~mask);
    return fd;
}

/* Read the inputs before anything runs: a bad manifest or reference is the
 * user's error.  0, or -1 after a message. */
static int load_inputs(struct run *r)
{
    const struct options *o = &r->o;
    char err[2048];

    if (o->manifest != NULL) {
        if (ngcc_manifest_load(&r->manifest, o->manifest, err, sizeof err) !=
            0) {
            errmsg("%s", err);
            return -1;
        }
        r->mp = &r->manifest;
    }
    if (o->reference != NULL && access(o->reference, R_OK) != 0) {
        errmsg("%s: %s", o->reference, strerror(errno));
        return -1;
    }
    if (o->write_manifest != NULL && access(o->write_manifest, F_OK) == 0) {
        /* Refuse early to rewrite a manifest that does not parse. */
        struct ngcc_manifest probe;
        if (ngcc_manifest_load(&probe, o->write_manifest, err, sizeof err) !=
            0) {
            errmsg("%s", err);
            return -1;
        }
        ngcc_manifest_free(&probe);
    }
    r->kat_fd = make_kat_temp(o, &r->kat_tmp);
    if (r->kat_fd < 0) {
        errmsg("cannot create a temporary KAT file%s%s: %s",
               o->output ? " beside " : "", o->output ? o->output : "",
               strerror(errno));
        return -1;
    }
    return 0;
}

/* Run the child; then turn its end and its report into a status.  0, or -1
 * after a message (the driver's own failure). */
static int run_child(struct run *r)
{
    const struct options *o = &r->o;
    struct ngcc_sandbox_limits lim;
    struct ngcc_sandbox_io io;
    struct child_ctx cc;
    const struct report *rep = &r->rep;
    char err[512], wh[256];

    lim.timeout_s = o->timeout_s;
    lim.memory_mib = o->memory_mib;
    lim.readable = o->library;
    lim.argv = NULL;
    lim.writable = NULL;
    cc.opt = o;
    cc.manifest = r->mp;
    cc.kat_fd = r->kat_fd;
    cc.msg_fd = -1;
    io.on_line = on_line;
    io.on_output = on_output;
    io.arg = &r->rep;
    r->rep.progress = o->progress;
    snprintf(r->rep.file_key, sizeof r->rep.file_key, "%s", o->file ? o->file : "");
    r->rep.t0 = kat_now();
    fflush(NULL);
    if (ngcc_sandbox_run(&lim, kat_child, &cc, &io, &r->sb, err,
                         sizeof err) != 0) {
        errmsg("cannot start the child: %s", err);
        return -1;
    }

    /* The names this run reports under. */
    copy_clean(r->id, sizeof r->id,
               o->id ? o->id : rep->id[0] ? rep->id : "-");
    if (o->label != NULL)
        copy_clean(r->label, sizeof r->label, o->label);
    else if (rep->instance[0] != '\0')
        copy_clean(r->label, sizeof r->label, rep->instance);
    else
        label_from_path(o->library, r->label, sizeof r->label);

    where(rep, wh, sizeof wh);
    switch (r->sb.outcome) {
    case NGCC_SANDBOX_TIMEOUT:
        r->status = ST_TIMEOUT;
        snprintf(r->reason, sizeof r->reason,
                 "no result within %g s%s (killed)", o->timeout_s, wh);
        return 0;
    case NGCC_SANDBOX_SIGNALED:
        if (r->sb.signal == SIGXCPU) {
            r->status = ST_TIMEOUT;
            snprintf(r->reason, sizeof r->reason,
                     "CPU time limit (SIGXCPU)%s", wh);
        } else {
            r->status = ST_CRASH;
            snprintf(r->reason, sizeof r->reason, "%s%s",
                     ngcc_sandbox_signame(r->sb.signal), wh);
        }
        return 0;
    case NGCC_SANDBOX_EXITED:
        break;
    }
    if (!rep->have_result) {
        r->status = ST_CRASH;
        snprintf(r->reason, sizeof r->reason,
                 "the child exited with status %d before finishing%s",
                 r->sb.exit_code, wh);
        return 0;
    }
    copy_clean(r->reason, sizeof r->reason, rep->reason);
    if (strcmp(rep->result, "OK") == 0) {
        r->generated = 1;
        r->reason[0] = '\0';
    } else if (strcmp(rep->result, "CRYPTOFAIL") == 0) {
        r->status = ST_CRYPTOFAIL;
    } else if (strcmp(rep->result, "OVERFLOW") == 0) {
        r->status = ST_OVERFLOW;
    } else if (strcmp(rep->result, "LOADFAIL") == 0) {
        r->status = ST_LOADFAIL;
    } else if (strcmp(rep->result, "NOMEM") == 0) {
        r->status = ST_CRASH;
        snprintf(r->reason, sizeof r->reason,
                 "out of memory: %s, the size the library claims", rep->reason);
    } else if (strcmp(rep->result, "USAGE") == 0) {
        errmsg("%s", rep->reason);
        return -1;
    } else {
        errmsg("generating the KAT file failed: %s", rep->reason);
        return -1;
    }
    return 0;
}


int main(int argc, char **argv)
{
    struct run *r = calloc(1, sizeof *r);
    int status;

    if (r == NULL) {
        errmsg("out of memory");
        return ST_USAGE;
    }
    r->kat_fd = -1;
    r->status = ST_CRASH;
    parse_options(argc, argv, &r->o);

    if (load_inputs(r) != 0 || run_child(r) != 0 ||
        (r->generated && verify(r) != 0) || emit_log(r) != 0)
        status = ST_USAGE;
    else
        status = (int)r->status;
    if (fflush(stdout) != 0 || ferror(stdout)) {
        errmsg("write error on standard output");
        status = ST_USAGE;
    }

    if (r->kat_fd >= 0)
        close(r->kat_fd);
    if (r->kat_tmp != NULL) {
        unlink(r->kat_tmp);
        free(r->kat_tmp);
    }
    if (r->mp != NULL)
        ngcc_manifest_free(&r->manifest);
    report_free(&r->rep);
    free(r->o.dlpath);
    free(r);
    return status;
}
