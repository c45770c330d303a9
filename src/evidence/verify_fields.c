/* verify_fields.c -- typed, range-checked fields of build.json and
 * campaign.json (verify_fields.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdlib.h>
#include <string.h>

#include "digest.h"
#include "sysfile.h"
#include "verify_fields.h"

/* "WHERE: " or "" */
#define AT(w) (w), (*(w) ? ": " : "")

int vf_lookup(json_object *obj, const char *path, json_object **v)
{
    char key[128];
    const char *p = path;
    for (;;) {
        size_t n = strcspn(p, ".");
        if (n >= sizeof key || !obj || !json_object_is_type(obj, json_type_object))
            return -1;
        memcpy(key, p, n);
        key[n] = '\0';
        if (!json_object_object_get_ex(obj, key, &obj))
            return -1;
        if (p[n] != '.')
            break;
        p += n + 1;
    }
    *v = obj;
    return 0;
}

/* How a value is shown in a message: as it reads in JSON, shortened. */
static const char *shown(json_object *v, char buf[48])
{
    const char *s = v ? json_object_to_json_string_ext(v, JSON_C_TO_STRING_PLAIN) : "null";
    size_t n = strlen(s);
    if (n < 48)
        return s;
    memcpy(buf, s, 40);
    strcpy(buf + 40, "...");
    return buf;
}

/* Present, or null when allowed: 1 a value in *V, 0 null, -1 a problem. */
static int present(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
                   int null_ok, const char *what, json_object **v)
{
    if (vf_lookup(obj, path, v) != 0) {
        verify_problem(c, "%s%s%s missing (%s)", AT(where), path, what);
        return -1;
    }
    if (!*v) {
        if (null_ok)
            return 0;
        verify_problem(c, "%s%s%s is null, not %s", AT(where), path, what);
        return -1;
    }
    return 1;
}

int vf_int(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
           int64_t min, int64_t max, int null_ok, int64_t *out)
{
    json_object *v;
    char buf[48], what[96];
    int64_t x;
    int r;
    snprintf(what, sizeof what, "an integer in %lld .. %lld", (long long)min, (long long)max);
    if ((r = present(c, where, obj, path, null_ok, what, &v)) != 1)
        return r;
    x = json_object_get_int64(v);
    if (json_object_is_type(v, json_type_int) && (x == INT64_MAX || x == INT64_MIN)) {
        /* json-c saturates what does not fit: the value read is not the one written */
        verify_problem(c, "%s%s%s is beyond the 64-bit range, not %s", AT(where), path, what);
        return -1;
    }
    if (!json_object_is_type(v, json_type_int) || x < min || x > max) {
        verify_problem(c, "%s%s%s is %s, not %s", AT(where), path, shown(v, buf), what);
        return -1;
    }
    if (out)
        *out = x;
    return 1;
}

int vf_number(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
              double min, int null_ok, double *out)
{
    json_object *v;
    char buf[48], what[64];
    double x;
    int r;
    snprintf(what, sizeof what, "a number of at least %g", min);
    if ((r = present(c, where, obj, path, null_ok, what, &v)) != 1)
        return r;
    x = json_object_get_double(v);
    if (!(json_object_is_type(v, json_type_int) || json_object_is_type(v, json_type_double)) ||
        !(x >= min) || x > 1e300) {
        verify_problem(c, "%s%s%s is %s, not %s", AT(where), path, shown(v, buf), what);
        return -1;
    }
    if (out)
        *out = x;
    return 1;
}

/* Present, of JSON type T (WHAT in messages): 1 and *V, 0 an allowed
 * null, -1 a problem. */
static int typed(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
                 int null_ok, enum json_type t, const char *what, json_object **v)
{
    char buf[48];
    int r;
    if ((r = present(c, where, obj, path, null_ok, what, v)) != 1)
        return r;
    if (!json_object_is_type(*v, t)) {
        verify_problem(c, "%s%s%s is %s, not %s", AT(where), path, shown(*v, buf), what);
        return -1;
    }
    return 1;
}

int vf_bool(struct verify_ctx *c, const char *where, json_object *obj, const char *path, int *out)
{
    json_object *v;
    int r = typed(c, where, obj, path, VF_REQUIRED, json_type_boolean, "true or false", &v);
    if (r == 1 && out)
        *out = json_object_get_boolean(v);
    return r;
}

int vf_string(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
              int null_ok, const char **out)
{
    json_object *v;
    int r = typed(c, where, obj, path, null_ok, json_type_string, "a string", &v);
    if (r == 1 && out)
        *out = json_object_get_string(v);
    return r;
}

int vf_enum(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
            const char *const *names, const char **out)
{
    const char *s;
    char list[256] = "";
    size_t i;
    if (vf_string(c, where, obj, path, VF_REQUIRED, &s) != 1)
        return -1;
    for (i = 0; names[i]; i++)
        if (strcmp(s, names[i]) == 0) {
            if (out)
                *out = names[i];
            return 1;
        }
    for (i = 0; names[i]; i++) {
        if (i)
            strncat(list, ", ", sizeof list - strlen(list) - 1);
        strncat(list, names[i], sizeof list - strlen(list) - 1);
    }
    verify_problem(c, "%s%s%s is \"%.40s\", not one of %s", AT(where), path, s, list);
    return -1;
}

int vf_utc(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
           int null_ok, const char **out)
{
    const char *s;
    int r = vf_string(c, where, obj, path, null_ok, &s);
    if (r != 1)
        return r;
    if (!vf_utc_ok(s)) {
        verify_problem(c, "%s%s%s is \"%.40s\", not a UTC time stamp YYYY-MM-DDTHH:MM:SSZ",
                       AT(where), path, s);
        return -1;
    }
    if (out)
        *out = s;
    return 1;
}

int vf_object(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
              int null_ok, json_object **out)
{
    return typed(c, where, obj, path, null_ok, json_type_object, "an object", out);
}

/* A path that stays where it is resolved: no ".." component. */
static int no_dotdot(const char *p)
{
    while (*p) {
        size_t n = strcspn(p, "/");
        if (n == 2 && p[0] == '.' && p[1] == '.')
            return 0;
        p += n + (p[n] == '/');
    }
    return 1;
}

int vf_file(struct verify_ctx *c, const char *where, json_object *obj, const char *path,
            const char *root, int null_ok)
{
    json_object *f;
    const char *p, *want;
    char key[160], hex[65], *full;
    int r = vf_object(c, where, obj, path, null_ok, &f);
    if (r != 1)
        return r;
    snprintf(key, sizeof key, "%s.path", path);
    if (vf_string(c, where, f, "path", VF_REQUIRED, &p) != 1 ||
        vf_string(c, where, f, "sha256", VF_REQUIRED, &want) != 1)
        return -1;
    if (!*p || !no_dotdot(p)) {
        verify_problem(c, "%s%s%s \"%.80s\" is not a path under the root", AT(where), key, p);
        return -1;
    }
    if (!vf_sha256_ok(want)) {
        verify_problem(c, "%s%s%s.sha256 \"%.80s\" is not 64 lowercase hex digits", AT(where), path, want);
        return -1;
    }
    full = sys_join(root ? root : ".", p);
    if (!full)
        abort();
    if (digest_file_hex(full, hex) != 0) {
        verify_problem(c, "%s%s%s %s is missing", AT(where), path, p);
        r = -1;
    } else if (strcmp(hex, want) != 0) {
        verify_problem(c, "%s%s%s %s does not match its SHA-256 (the file has %s, listed %s)",
                       AT(where), path, p, hex, want);
        r = -1;
    }
    free(full);
    return r;
}

int vf_name_ok(const char *s)
{
    size_t n = s ? strlen(s) : 0;
    if (n == 0 || strspn(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-") != n)
        return 0;
    return strcmp(s, ".") != 0 && strcmp(s, "..") != 0;
}

/* S[0..N) are digits making a number in LO..HI. */
static int digits(const char *s, int n, int lo, int hi)
{
    int i, v = 0;
    for (i = 0; i < n; i++) {
        if (s[i] < '0' || s[i] > '9')
            return 0;
        v = v * 10 + (s[i] - '0');
    }
    return v >= lo && v <= hi;
}

int vf_utc_ok(const char *s)
{
    /* YYYY-MM-DDTHH:MM:SSZ; 60 seconds: a leap second */
    return s && strlen(s) == 20 && digits(s, 4, 1970, 9999) && s[4] == '-' &&
           digits(s + 5, 2, 1, 12) && s[7] == '-' && digits(s + 8, 2, 1, 31) && s[10] == 'T' &&
           digits(s + 11, 2, 0, 23) && s[13] == ':' && digits(s + 14, 2, 0, 59) && s[16] == ':' &&
           digits(s + 17, 2, 0, 60) && s[19] == 'Z';
}

int vf_sha256_ok(const char *s)
{
    return s && strlen(s) == 64 && strspn(s, "0123456789abcdef") == 64;
}

void vf_confinement(struct verify_ctx *c, json_object *rec)
{
    static const char *const mechanisms[] = { "landlock", "none", NULL };
    json_object *conf, *a;
    const char *mech = NULL, *reason = NULL, *w;
    int64_t abi = 0;
    int strict, have_abi, net = 0, sig = 0, writes = 0;
    size_t i, n;

    if (vf_lookup(rec, "confinement", &conf) != 0)
        return; /* written before the confinement */
    if (vf_object(c, "", rec, "confinement", VF_REQUIRED, &conf) != 1 ||
        vf_enum(c, "", conf, "mechanism", mechanisms, &mech) != 1)
        return;
    have_abi = vf_int(c, "", conf, "abi", 1, 1000, VF_NULL_OK, &abi);
    vf_bool(c, "", conf, "strict", &strict);
    vf_string(c, "", conf, "reason", VF_NULL_OK, &reason);
    if (vf_lookup(conf, "scratch_left", &a) == 0)
        vf_string(c, "", conf, "scratch_left", VF_REQUIRED, &w);
    if (vf_lookup(conf, "restricted", &a) != 0 || !json_object_is_type(a, json_type_array)) {
        verify_problem(c, "confinement.restricted is not an array");
        return;
    }
    n = json_object_array_length(a);
    for (i = 0; i < n; i++) {
        w = json_object_get_string(json_object_array_get_idx(a, i));
        if (!json_object_is_type(json_object_array_get_idx(a, i), json_type_string)) {
            verify_problem(c, "confinement.restricted[%zu] is not a string", i);
            continue;
        }
        writes |= strncmp(w, "writes only", 11) == 0;
        net |= strstr(w, "TCP") != NULL;
        sig |= strstr(w, "signals") != NULL;
    }
    if (strcmp(mech, "landlock") == 0) {
        if (have_abi != 1)
            verify_problem(c, "confinement by landlock without its ABI");
        if (!writes)
            verify_problem(c, "confinement by landlock does not restrict writes");
        if (reason)
            verify_problem(c, "confinement by landlock with a reason for being unconfined");
        if (have_abi == 1 && ((net && abi < 4) || (sig && abi < 6)))
            verify_problem(c, "confinement.restricted names what Landlock ABI %lld cannot restrict",
                           (long long)abi);
    } else {
        if (n > 0)
            verify_problem(c, "confinement.mechanism none but restrictions listed");
        if (!reason || !reason[0])
            verify_problem(c, "unconfined without a reason (confinement.reason)");
        if (strict)
            verify_problem(c, "unconfined although STRICT was set (confinement.strict)");
    }
}
