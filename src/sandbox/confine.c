/* confine.c -- Landlock confinement of the processes that run candidate
 * code (confine.h).  Part of ngcc-perf.
 *
 * Raw syscalls and our own copies of the kernel's structures and bits:
 * the build host's <linux/landlock.h> may be older than the running
 * kernel (Debian 12 knows ABI 2), and the rule set is sized to the ABI the
 * kernel reports, so one binary uses what each kernel offers. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include "confine.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/prctl.h>
#include <sys/syscall.h>
#endif

#if defined(__linux__)
/* The same numbers on every architecture (the unified syscall table). */
#ifndef __NR_landlock_create_ruleset
#define __NR_landlock_create_ruleset 444
#endif
#ifndef __NR_landlock_add_rule
#define __NR_landlock_add_rule 445
#endif
#ifndef __NR_landlock_restrict_self
#define __NR_landlock_restrict_self 446
#endif
#ifndef PR_SET_NO_NEW_PRIVS
#define PR_SET_NO_NEW_PRIVS 38
#endif
#define HAVE_LANDLOCK_SYSCALLS 1
#endif

/* The kernel's ABI (include/uapi/linux/landlock.h). */
#define LL_CREATE_RULESET_VERSION (1u << 0)
#define LL_RULE_PATH_BENEATH 1
#define LL_FS_EXECUTE       (1ull << 0)
#define LL_FS_WRITE_FILE    (1ull << 1)
#define LL_FS_READ_FILE     (1ull << 2)
#define LL_FS_READ_DIR      (1ull << 3)
#define LL_FS_REFER         (1ull << 13) /* ABI 2 */
#define LL_FS_TRUNCATE      (1ull << 14) /* ABI 3 */
#define LL_NET_BIND_TCP     (1ull << 0)  /* ABI 4 */
#define LL_NET_CONNECT_TCP  (1ull << 1)
#define LL_SCOPE_ABSTRACT_UNIX (1ull << 0) /* ABI 6 */
#define LL_SCOPE_SIGNAL     (1ull << 1)

struct ll_ruleset_attr {
    uint64_t handled_access_fs;
    uint64_t handled_access_net;
    uint64_t scoped;
};

struct ll_path_beneath {
    uint64_t allowed_access;
    int32_t parent_fd;
} __attribute__((packed));

#define LL_READ (LL_FS_EXECUTE | LL_FS_READ_FILE | LL_FS_READ_DIR)
#define LL_FILE_RIGHTS (LL_FS_EXECUTE | LL_FS_WRITE_FILE | LL_FS_READ_FILE | LL_FS_TRUNCATE)

/* What the dynamic loader, libc, valgrind and the sanitizers read. */
static const char *const system_read[] = {
    "/usr", "/lib", "/lib64", "/lib32", "/libx32", "/bin", "/sbin", "/etc",
    "/opt", "/proc", "/sys", "/dev",
};

/* Every filesystem right the kernel of ABI knows: what the rule set
 * handles (denied unless a rule allows it). */
static uint64_t fs_rights(int abi)
{
    uint64_t r = (1ull << 13) - 1; /* ABI 1: execute .. make_sym */
    if (abi >= 2)
        r |= LL_FS_REFER;
    if (abi >= 3)
        r |= LL_FS_TRUNCATE;
    return r;
}

int ngcc_confine_probe(struct ngcc_confinement *c)
{
    static int known, abi;
    static char why[160];

    if (!known) {
        known = 1;
#ifdef HAVE_LANDLOCK_SYSCALLS
        {
            long v = syscall(__NR_landlock_create_ruleset, NULL, 0, LL_CREATE_RULESET_VERSION);
            if (v > 0)
                abi = (int)v;
            else if (errno == ENOSYS)
                snprintf(why, sizeof why, "no Landlock here (landlock_create_ruleset: ENOSYS: a kernel before 5.13, or an emulator such as qemu-user that does not pass it on)");
            else if (errno == EOPNOTSUPP)
                snprintf(why, sizeof why, "Landlock is disabled on this kernel (boot option lsm=)");
            else
                snprintf(why, sizeof why, "landlock_create_ruleset: %s", strerror(errno));
        }
#else
        snprintf(why, sizeof why, "no Landlock on this system (not Linux)");
#endif
    }
    memset(c, 0, sizeof *c);
    c->abi = abi;
    if (abi > 0) {
        c->restricted = NGCC_CONFINE_WRITES | NGCC_CONFINE_READS;
        if (abi >= 4)
            c->restricted |= NGCC_CONFINE_TCP;
        if (abi >= 6)
            c->restricted |= NGCC_CONFINE_SIGNALS | NGCC_CONFINE_UNIX;
    } else {
        snprintf(c->reason, sizeof c->reason, "%s", why);
    }
    return abi;
}

static int env_is(const char *name, const char *value)
{
    const char *v = getenv(name);
    return v && strcmp(v, value) == 0;
}

/* Keep a copy of TEXT (LEN bytes) in S's arena; NULL when full. */
static const char *keep(struct ngcc_confine_spec *s, const char *text, size_t len)
{
    char *p;
    if (s->used + len + 1 > sizeof s->arena)
        return NULL;
    p = s->arena + s->used;
    memcpy(p, text, len);
    p[len] = '\0';
    s->used += len + 1;
    return p;
}

/* Allow reads beneath PATH's directory (PATH itself when a directory);
 * a relative PATH is taken in DIR (NULL: ours). */
static void add_read(struct ngcc_confine_spec *s, const char *dir, const char *path)
{
    char real[PATH_MAX], joined[PATH_MAX];
    struct stat st;
    const char *p;
    size_t i, len;

    if (!path || !*path || s->nread == NGCC_CONFINE_MAX_PATHS)
        return;
    if (dir && path[0] != '/') {
        if ((size_t)snprintf(joined, sizeof joined, "%s/%s", dir, path) >= sizeof joined)
            return;
        path = joined;
    }
    if (!realpath(path, real) || stat(real, &st) != 0)
        return;
    len = strlen(real);
    if (!S_ISDIR(st.st_mode)) {
        p = strrchr(real, '/');
        len = p && p != real ? (size_t)(p - real) : 1;
    }
    for (i = 0; i < s->nread; i++)
        if (strlen(s->read[i]) == len && strncmp(s->read[i], real, len) == 0)
            return;
    if ((p = keep(s, real, len)) != NULL)
        s->read[s->nread++] = p;
}

void ngcc_confine_current(struct ngcc_confinement *c)
{
    ngcc_confine_probe(c);
    c->strict = env_is("STRICT", "1") || env_is("NGCC_CONFINE", "strict");
    if (env_is("NGCC_CONFINE", "off")) {
        c->restricted = 0;
        snprintf(c->reason, sizeof c->reason, "switched off (NGCC_CONFINE=off)");
    }
}

int ngcc_confine_prepare(struct ngcc_confine_spec *s, const char *dir, const char *exe,
                         char *const argv[], const char *readable,
                         const char *writable, char *err, size_t errsize)
{
    const char *tmp = getenv("TMPDIR");
    char cwd[PATH_MAX];
    size_t i;

    memset(s, 0, sizeof *s);
    ngcc_confine_current(&s->c);
    if (s->c.restricted == 0 && s->c.strict) {
        snprintf(err, errsize, "refusing to run candidate code unconfined (STRICT=1): %s", s->c.reason);
        return -1;
    }
    if (!tmp || tmp[0] != '/' || strlen(tmp) > 400)
        tmp = "/tmp";
    snprintf(s->scratch, sizeof s->scratch, "%s/ngcc-scratch.XXXXXX", tmp);
    if (!mkdtemp(s->scratch)) {
        snprintf(err, errsize, "cannot make a scratch directory in %s: %s", tmp, strerror(errno));
        s->scratch[0] = '\0';
        return -1;
    }
    snprintf(s->env_scratch, sizeof s->env_scratch, "NGCC_SCRATCH=%s", s->scratch);
    snprintf(s->env_tmpdir, sizeof s->env_tmpdir, "TMPDIR=%s", s->scratch);
    s->on = s->c.restricted != 0;
    if (!s->on)
        return 0;
    if (getcwd(cwd, sizeof cwd))
        add_read(s, NULL, cwd);
    add_read(s, NULL, dir);
    if (exe && strcmp(exe, "/proc/self/exe") == 0) {
        char self[PATH_MAX];
        ssize_t n = readlink(exe, self, sizeof self - 1);
        if (n > 0) {
            self[n] = '\0';
            add_read(s, NULL, self);
        }
    } else if (exe && strchr(exe, '/')) {
        add_read(s, dir, exe);
    }
    for (i = 0; argv && argv[i]; i++) {
        const char *eq = strchr(argv[i], '=');
        add_read(s, dir, argv[i][0] == '-' && eq ? eq + 1 : argv[i]);
    }
    add_read(s, NULL, readable);
    if (writable && *writable) {
        const char *w = keep(s, writable, strlen(writable));
        if (w)
            s->write[s->nwrite++] = w;
    }
    return 0;
}

#ifdef HAVE_LANDLOCK_SYSCALLS
/* One rule: ACCESS beneath PATH.  A path that is not there is skipped. */
static int rule(int rs, const char *path, uint64_t access)
{
    struct ll_path_beneath pb;
    int fd = open(path, O_PATH | O_CLOEXEC), e;

    if (fd < 0)
        return errno == ENOENT || errno == ENOTDIR || errno == EACCES ? 0 : -1;
    pb.allowed_access = access;
    pb.parent_fd = fd;
    e = (int)syscall(__NR_landlock_add_rule, rs, LL_RULE_PATH_BENEATH, &pb, 0);
    if (e != 0)
        e = errno;
    close(fd);
    errno = e;
    return e ? -1 : 0;
}
#endif

int ngcc_confine_apply(const struct ngcc_confine_spec *s)
{
#ifdef HAVE_LANDLOCK_SYSCALLS
    struct ll_ruleset_attr attr;
    size_t size = sizeof attr.handled_access_fs, i;
    uint64_t fs;
    int rs, e;

    if (!s || !s->on)
        return 0;
    if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0)
        return -1;
    fs = fs_rights(s->c.abi);
    memset(&attr, 0, sizeof attr);
    attr.handled_access_fs = fs;
    if (s->c.abi >= 4) {
        attr.handled_access_net = LL_NET_BIND_TCP | LL_NET_CONNECT_TCP;
        size = offsetof(struct ll_ruleset_attr, scoped);
    }
    if (s->c.abi >= 6) {
        attr.scoped = LL_SCOPE_ABSTRACT_UNIX | LL_SCOPE_SIGNAL;
        size = sizeof attr;
    }
    rs = (int)syscall(__NR_landlock_create_ruleset, &attr, size, 0);
    if (rs < 0)
        return -1;
    for (i = 0; i < sizeof system_read / sizeof system_read[0]; i++)
        if (rule(rs, system_read[i], LL_READ) != 0)
            goto fail;
    for (i = 0; i < s->nread; i++)
        if (rule(rs, s->read[i], LL_READ) != 0)
            goto fail;
    /* The sink every tool writes to; a file takes only file rights. */
    if (rule(rs, "/dev/null", fs & LL_FILE_RIGHTS) != 0 ||
        rule(rs, s->scratch, fs) != 0)
        goto fail;
    for (i = 0; i < s->nwrite; i++)
        if (rule(rs, s->write[i], fs) != 0)
            goto fail;
    if (syscall(__NR_landlock_restrict_self, rs, 0) != 0)
        goto fail;
    close(rs);
    return 0;
fail:
    e = errno;
    close(rs);
    errno = e;
    return -1;
#else
    (void)s;
    return 0;
#endif
}

/* Remove everything beneath directory fd DIR (named NAME in PARENT);
 * the top-level names go to LEFT when it is given. */
static void remove_tree(int parent, const char *name, char *left, size_t leftsize)
{
    int fd = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    DIR *d;
    struct dirent *e;
    size_t used = left ? strlen(left) : 0;

    if (fd < 0) {
        unlinkat(parent, name, 0);
        return;
    }
    fchmod(fd, 0700); /* a candidate may have made it unreadable */
    d = fdopendir(fd);
    if (!d) {
        close(fd);
        return;
    }
    while ((e = readdir(d)) != NULL) {
        struct stat st;
        if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
            continue;
        if (left && used + 4 < leftsize) {
            char *p;
            snprintf(left + used, leftsize - used, "%s%s", used ? ", " : "", e->d_name);
            /* The candidate chose the name: printable, no list separator. */
            for (p = left + used + (used ? 2 : 0); *p; p++)
                if ((unsigned char)*p < 0x20 || *p == 0x7f || *p == ',')
                    *p = '?';
            used = strlen(left);
        }
        if (fstatat(dirfd(d), e->d_name, &st, AT_SYMLINK_NOFOLLOW) == 0 && S_ISDIR(st.st_mode))
            remove_tree(dirfd(d), e->d_name, NULL, 0);
        else
            unlinkat(dirfd(d), e->d_name, 0);
    }
    closedir(d);
    unlinkat(parent, name, AT_REMOVEDIR);
}

void ngcc_confine_finish(struct ngcc_confine_spec *s, char *left, size_t leftsize)
{
    if (left && leftsize)
        left[0] = '\0';
    if (!s->scratch[0])
        return;
    remove_tree(AT_FDCWD, s->scratch, left, leftsize);
    s->scratch[0] = '\0';
}

void ngcc_confine_merge_names(char *into, size_t size, const char *names)
{
    const char *p = names, *end;
    size_t used = strlen(into), n;

    while (p && *p) {
        const char *q;
        int seen = 0;
        end = strstr(p, ", ");
        n = end ? (size_t)(end - p) : strlen(p);
        for (q = into; *q; q += strcspn(q, ",") + (q[strcspn(q, ",")] ? 2 : 0))
            if (strncmp(q, p, n) == 0 && (q[n] == ',' || q[n] == '\0'))
                seen = 1;
        if (!seen && used + n + 3 < size) {
            snprintf(into + used, size - used, "%s%.*s", used ? ", " : "", (int)n, p);
            used = strlen(into);
        }
        p = end ? end + 2 : NULL;
    }
}

const char *ngcc_confine_enter(const char *path, char *abs, size_t size)
{
    const char *dir = getenv("NGCC_SCRATCH");
    char real[PATH_MAX];

    if (!dir || !*dir)
        return path;
    if (path && realpath(path, real) && strlen(real) < size) {
        memcpy(abs, real, strlen(real) + 1);
        path = abs;
    }
    if (chdir(dir) != 0)
        return path; /* the library is still found; writes stay confined */
    return path;
}

static const char *const words[] = {
    "writes only beneath the scratch directory",
    "reads only the system's and the package's files",
    "no TCP bind or connect",
    "no signals to processes outside its own",
    "no abstract unix sockets outside its own",
};

const char *ngcc_confine_word(unsigned bits, size_t i)
{
    size_t b, n = 0;
    for (b = 0; b < sizeof words / sizeof words[0]; b++)
        if (bits & (1u << b)) {
            if (n == i)
                return words[b];
            n++;
        }
    return NULL;
}

void ngcc_confine_describe(const struct ngcc_confinement *c, char *buf, size_t size)
{
    size_t used, i;
    const char *w;

    if (!c->restricted) {
        snprintf(buf, size, "unconfined: %s", c->reason[0] ? c->reason : "no Landlock");
        return;
    }
    snprintf(buf, size, "Landlock ABI %d:", c->abi);
    for (i = 0; (w = ngcc_confine_word(c->restricted, i)) != NULL; i++) {
        used = strlen(buf);
        if (used + 1 < size)
            snprintf(buf + used, size - used, "%s %s", i ? "," : "", w);
    }
}
