/* sysfile.c -- small helpers for ngcc-bench: reading /proc and /sys files,
 * CPU lists, UTC time stamps, paths.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "sysfile.h"

static void rstrip(char *s)
{
    size_t n = strlen(s);
    while (n > 0 && isspace((unsigned char)s[n - 1]))
        s[--n] = '\0';
}

int sys_read_text(const char *path, char *buf, size_t size)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    size_t got = 0;
    if (size == 0 || fd < 0)
        return -1;
    while (got + 1 < size) {
        ssize_t r = read(fd, buf + got, size - 1 - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            close(fd);
            return -1;
        }
        if (r == 0)
            break;
        got += (size_t)r;
    }
    close(fd);
    buf[got] = '\0';
    rstrip(buf);
    return 0;
}

char *sys_read_file(const char *path, size_t *len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    size_t cap = 4096, got = 0;
    char *buf;
    if (fd < 0)
        return NULL;
    buf = malloc(cap);
    while (buf) {
        ssize_t r;
        if (got + 1 >= cap) {
            char *bigger = realloc(buf, cap * 2);
            if (!bigger)
                break;
            buf = bigger;
            cap *= 2;
        }
        r = read(fd, buf + got, cap - 1 - got);
        if (r < 0 && errno == EINTR)
            continue;
        if (r <= 0) {
            if (r < 0)
                break;
            close(fd);
            buf[got] = '\0';
            if (len)
                *len = got;
            return buf;
        }
        got += (size_t)r;
    }
    free(buf);
    close(fd);
    return NULL;
}

int sys_read_ll(const char *path, long long *value)
{
    char buf[64], *end;
    if (sys_read_text(path, buf, sizeof buf) != 0 || buf[0] == '\0')
        return -1;
    errno = 0;
    *value = strtoll(buf, &end, 10);
    return (errno || *end) ? -1 : 0;
}

int sys_text_value(const char *text, const char *key, char *out, size_t size)
{
    size_t klen = strlen(key);
    const char *line = text;
    while (line && *line) {
        const char *eol = strchr(line, '\n');
        const char *p = line, *colon;
        size_t n = eol ? (size_t)(eol - line) : strlen(line);
        colon = memchr(line, ':', n);
        if (colon) {
            const char *kend = colon;
            while (kend > p && isspace((unsigned char)kend[-1]))
                kend--;
            if ((size_t)(kend - p) == klen && memcmp(p, key, klen) == 0) {
                const char *v = colon + 1;
                size_t vlen;
                while (v < line + n && isspace((unsigned char)*v))
                    v++;
                vlen = (size_t)(line + n - v);
                if (vlen >= size)
                    vlen = size - 1;
                memcpy(out, v, vlen);
                out[vlen] = '\0';
                rstrip(out);
                return 0;
            }
        }
        line = eol ? eol + 1 : NULL;
    }
    return -1;
}

int sys_cpu_in_list(const char *list, int cpu)
{
    const char *p = list;
    while (*p) {
        char *end;
        long lo, hi;
        while (*p == ',' || isspace((unsigned char)*p))
            p++;
        if (!isdigit((unsigned char)*p))
            break;
        lo = hi = strtol(p, &end, 10);
        p = end;
        if (*p == '-') {
            hi = strtol(p + 1, &end, 10);
            p = end;
        }
        if (cpu >= lo && cpu <= hi)
            return 1;
    }
    return 0;
}

void sys_utc_now(char buf[32])
{
    time_t t = time(NULL);
    struct tm tm;
    gmtime_r(&t, &tm);
    strftime(buf, 32, "%Y-%m-%dT%H:%M:%SZ", &tm);
}

double sys_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

long long sys_now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec;
}

int sys_command_line1(const char *cmd, char *buf, size_t size)
{
    FILE *p = popen(cmd, "r");
    int ok = 0;
    buf[0] = '\0';
    if (!p)
        return -1;
    if (fgets(buf, (int)size, p)) {
        rstrip(buf);
        ok = 1;
    }
    while (fgetc(p) != EOF)
        ;
    pclose(p);
    return ok && buf[0] ? 0 : -1;
}

int sys_make_parents(const char *path)
{
    char *copy = strdup(path), *p;
    if (!copy)
        return -1;
    for (p = strchr(copy + 1, '/'); p; p = strchr(p + 1, '/')) {
        *p = '\0';
        if (mkdir(copy, 0777) != 0 && errno != EEXIST) {
            free(copy);
            return -1;
        }
        *p = '/';
    }
    free(copy);
    return 0;
}

char *sys_relative_path(const char *path, const char *root)
{
    char rp[PATH_MAX], rr[PATH_MAX];
    size_t n;
    if (!realpath(path, rp))
        return strdup(path);
    if (!root || !realpath(root, rr))
        return strdup(rp);
    n = strlen(rr);
    if (strcmp(rp, rr) == 0)
        return strdup(".");
    if (n == 1 && rr[0] == '/')
        return strdup(rp + 1);
    if (strncmp(rp, rr, n) == 0 && rp[n] == '/')
        return strdup(rp + n + 1);
    return strdup(rp);
}

char *sys_join(const char *root, const char *path)
{
    size_t a, b;
    char *s;
    if (path[0] == '/' || !root || !root[0])
        return strdup(path);
    a = strlen(root);
    b = strlen(path);
    s = malloc(a + b + 2);
    if (s) {
        memcpy(s, root, a);
        s[a] = '/';
        memcpy(s + a + 1, path, b + 1);
    }
    return s;
}

int sys_write_atomic(const char *path, const char *text)
{
    size_t n = strlen(path) + 32, len = strlen(text), done = 0;
    char *tmp = malloc(n);
    int fd, saved;
    if (!tmp)
        return -1;
    snprintf(tmp, n, "%s.tmp.%ld", path, (long)getpid());
    fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) {
        free(tmp);
        return -1;
    }
    while (done < len) {
        ssize_t w = write(fd, text + done, len - done);
        if (w < 0 && errno == EINTR)
            continue;
        if (w < 0)
            goto fail;
        done += (size_t)w;
    }
    if (fsync(fd) != 0)
        goto fail;
    if (close(fd) != 0) {
        fd = -1;
        goto fail;
    }
    fd = -1;
    if (rename(tmp, path) != 0)
        goto fail;
    free(tmp);
    return 0;
fail:
    saved = errno;
    if (fd >= 0)
        close(fd);
    unlink(tmp);
    free(tmp);
    errno = saved;
    return -1;
}
