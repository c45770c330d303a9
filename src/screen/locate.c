/* locate.c -- where a screening run's inputs are: values of a
 * build.info, the system directory of the evidence file, a library's
 * file record, the sanitizer runtime and valgrind.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "digest.h"
#include "elfdyn.h"
#include "finding.h"
#include "check_limits.h"
#include "locate.h"
#include "sysfile.h"

/* The value of KEY in a build.info (sh assignments, values single-quoted
 * or bare) into OUT; 1 if found. */
int screen_info_get(const char *text, const char *key, char *out, size_t size)
{
    size_t kl = strlen(key), o = 0;
    const char *p = text;
    out[0] = '\0';
    while (p && *p) {
        if (strncmp(p, key, kl) == 0 && p[kl] == '=') {
            const char *v = p + kl + 1;
            while (*v && *v != '\n' && o + 1 < size) {
                if (*v == '\'') {
                    v++;
                    while (*v && *v != '\'' && o + 1 < size)
                        out[o++] = *v++;
                    if (*v == '\'')
                        v++;
                } else if (*v == '\\' && v[1]) {
                    out[o++] = v[1];
                    v += 2;
                } else {
                    out[o++] = *v++;
                }
            }
            out[o] = '\0';
            return 1;
        }
        p = strchr(p, '\n');
        if (p)
            p++;
    }
    return 0;
}

char *screen_dir_of(const char *path)
{
    const char *s = strrchr(path, '/');
    size_t n = s ? (size_t)(s - path) : 1;
    char *d = malloc(n + 1);
    if (!d)
        return NULL;
    if (s)
        memcpy(d, path, n);
    else
        d[0] = '.';
    d[n] = '\0';
    return d;
}

/* The system directory of OUT, SYS/screen/ID/LABEL.json: its three last
 * names taken off as text (the directories under SYS may not exist yet,
 * so no ".." through them); SYS/../.. style only when OUT is shorter. */
char *screen_system_dir_of(const char *out)
{
    size_t n = strlen(out), k;
    char *d;
    for (k = 0; k < 3 && n > 0; k++) {
        while (n > 0 && out[n - 1] != '/')
            n--;
        while (n > 1 && out[n - 1] == '/')
            n--;
        if (k < 2 && n <= 1)
            break;
    }
    if (k == 3 && n == 0)
        return strdup(".");
    if (k < 3) {
        char *up = screen_dir_of(out), *t;
        if (!up || !(t = malloc(strlen(up) + 8))) {
            free(up);
            return NULL;
        }
        sprintf(t, "%s/../..", up);
        free(up);
        return t;
    }
    if (!(d = malloc(n + 1)))
        return NULL;
    memcpy(d, out, n);
    d[n] = '\0';
    return d;
}

/* A library's file as {path, sha256}, or null when it cannot be read. */
json_object *screen_file_json(const char *path, const char *root)
{
    char hex[65];
    json_object *o;
    char *rel;
    if (!path || !*path || digest_file_hex(path, hex) != 0)
        return NULL;
    o = json_object_new_object();
    rel = sys_relative_path(path, root);
    json_object_object_add(o, "path", json_object_new_string(rel ? rel : path));
    json_object_object_add(o, "sha256", json_object_new_string(hex));
    free(rel);
    return o;
}

/* The sanitizer runtime the library needs, as its soname. */
int screen_asan_runtime(const char *library, char *out, size_t size)
{
    struct elf_dyn d;
    char err[256];
    size_t i;
    int found = 0;
    if (elf_dyn_read(library, &d, err, sizeof err) != 0)
        return 0;
    for (i = 0; i < d.nneeded && !found; i++)
        if (strncmp(d.needed[i], "libasan.so", 10) == 0 ||
            strncmp(d.needed[i], "libclang_rt.asan", 16) == 0) {
            screen_copy(out, size, d.needed[i]);
            found = 1;
        }
    elf_dyn_free(&d);
    return found;
}

/* The valgrind program: $VALGRIND, else valgrind on PATH; NULL if none. */
const char *screen_find_valgrind(void)
{
    static char buf[4096];
    const char *v = getenv("VALGRIND"), *path = getenv("PATH"), *p;
    if (v && *v)
        return access(v, X_OK) == 0 ? v : NULL;
    for (p = path; p && *p;) {
        size_t n = strcspn(p, ":");
        snprintf(buf, sizeof buf, "%.*s/valgrind", (int)(n ? n : 1), n ? p : ".");
        if (access(buf, X_OK) == 0)
            return buf;
        p += n;
        if (*p == ':')
            p++;
    }
    return NULL;
}

void screen_kat_time_find(const char *given, const char *sysdir, const char *id,
                          const char *label, const char *build_info, struct screen_kat_time *t)
{
    char path[8192];
    char *near;
    struct screen_kat_time alt;
    if (given) {
        screen_kat_time_read(given, t);
        return;
    }
    snprintf(path, sizeof path, "%s/kat/%s/%s.log", sysdir ? sysdir : ".", id, label);
    screen_kat_time_read(path, t);
    if (t->found || !(near = screen_dir_of(build_info)))
        return;
    snprintf(path, sizeof path, "%s/../%s.log", near, label);
    free(near);
    screen_kat_time_read(path, &alt);
    if (alt.found)
        *t = alt;
}
