/* survey.c -- known constants in the loadable segments, imports from
 * crypto libraries, sources that define primitives, and the verdict.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elfdyn.h"
#include "elfsize.h"
#include "survey.h"
#include "sysfile.h"

#define MAX_WORDS 4

/* A constant: a few leading words of a table, searched in both byte
 * orders (WIDTH 1: a byte string). */
struct constant {
    const char *primitive, *name;
    int width;                   /* 1, 4 or 8 bytes a word */
    size_t nwords;
    uint64_t words[16];
};

static const struct constant constants[] = {
    { "AES", "S-box", 1, 16, { 0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5,
                              0x30, 0x01, 0x67, 0x2b, 0xfe, 0xd7, 0xab, 0x76 } },
    { "AES", "inverse S-box", 1, 16, { 0x52, 0x09, 0x6a, 0xd5, 0x30, 0x36, 0xa5, 0x38,
                                      0xbf, 0x40, 0xa3, 0x9e, 0x81, 0xf3, 0xd7, 0xfb } },
    { "AES", "T-table", 4, 4, { 0xc66363a5, 0xf87c7c84, 0xee777799, 0xf67b7b8d } },
    { "SHA-2", "SHA-256 round constants", 4, 4, { 0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5 } },
    { "SHA-2", "SHA-256 IV (also BLAKE2s)", 4, 4, { 0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a } },
    { "SHA-2", "SHA-512 round constants", 8, 2, { 0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL } },
    { "SHA-2", "SHA-512 IV (also BLAKE2b)", 8, 2, { 0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL } },
    { "SHA-3", "Keccak round constants", 8, 4, { 0x0000000000000001ULL, 0x0000000000008082ULL,
                                                0x800000000000808aULL, 0x8000000080008000ULL } },
    { "SM3", "SM3 IV", 4, 4, { 0x7380166f, 0x4914b2b9, 0x172442d7, 0xda8a0600 } },
    { "SM4", "SM4 S-box", 1, 16, { 0xd6, 0x90, 0xe9, 0xfe, 0xcc, 0xe1, 0x3d, 0xb7,
                                  0x16, 0xb6, 0x14, 0xc2, 0x28, 0xfb, 0x2c, 0x05 } },
    { "SM4", "SM4 FK", 4, 4, { 0xa3b1bac6, 0x56aa3350, 0x677d9197, 0xb27022dc } },
    { "ChaCha/Salsa", "\"expand 32-byte k\"", 4, 4, { 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 } },
    { "BLAKE2", "BLAKE2 message schedule", 1, 16, { 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 } },
};
#define NCONST (sizeof constants / sizeof constants[0])

/* Text the sources define primitives by (lower case, blanks removed). */
static const struct { const char *primitive, *text; } source_marks[] = {
    { "AES", "0x63,0x7c,0x77,0x7b" }, { "AES", "0xc66363a5" },
    { "SHA-2", "0x428a2f98" }, { "SHA-2", "0x6a09e667" },
    { "SHA-3", "0x800000000000808a" }, { "SHA-3", "0x8000000080008000" },
    { "SM4", "0xd6,0x90,0xe9,0xfe" }, { "SM4", "0xa3b1bac6" },
    { "ChaCha/Salsa", "expand32-bytek" }, { "ChaCha/Salsa", "0x61707865" },
    { "BLAKE2", "0x6a09e667f3bcc908" },
    { "OpenSSL", "#include<openssl/" }, { "OpenSSL", "evp_" },
};
#define NMARKS (sizeof source_marks / sizeof source_marks[0])

/* Symbols of crypto libraries, by prefix. */
static const struct { const char *primitive, *prefix; } import_marks[] = {
    { "OpenSSL", "EVP_" }, { "OpenSSL", "AES_" }, { "OpenSSL", "SHA1" }, { "OpenSSL", "SHA224" },
    { "OpenSSL", "SHA256" }, { "OpenSSL", "SHA384" }, { "OpenSSL", "SHA512" }, { "OpenSSL", "MD5" },
    { "OpenSSL", "RAND_" }, { "OpenSSL", "OPENSSL_" }, { "OpenSSL", "CRYPTO_" }, { "OpenSSL", "ERR_" },
    { "OpenSSL", "BN_" }, { "OpenSSL", "HMAC" }, { "OpenSSL", "SM3_" }, { "OpenSSL", "SM4_" },
    { "libgcrypt", "gcry_" }, { "libsodium", "crypto_" }, { "libsodium", "sodium_" },
    { "mbed TLS", "mbedtls_" }, { "Nettle", "nettle_" }, { "wolfSSL", "wc_" },
};
#define NIMPORTS (sizeof import_marks / sizeof import_marks[0])

static const char *const crypto_libs[] = { "libcrypto", "libssl", "libgcrypt", "libsodium",
                                           "libmbedcrypto", "libnettle", "libwolfssl" };

static size_t encode(const struct constant *c, int big, unsigned char *out)
{
    size_t i, n = 0;
    int b;
    for (i = 0; i < c->nwords; i++)
        for (b = 0; b < c->width; b++) {
            int shift = big ? 8 * (c->width - 1 - b) : 8 * b;
            out[n++] = (unsigned char)(c->words[i] >> shift);
        }
    return n;
}

static const unsigned char *find_bytes(const unsigned char *h, size_t hl, const unsigned char *n,
                                       size_t nl)
{
    size_t i;
    if (nl == 0 || hl < nl)
        return NULL;
    for (i = 0; i + nl <= hl; i++)
        if (h[i] == n[0] && memcmp(h + i, n, nl) == 0)
            return h + i;
    return NULL;
}

static void add_unique(json_object *arr, const char *s)
{
    size_t i, n = json_object_array_length(arr);
    for (i = 0; i < n; i++)
        if (strcmp(json_object_get_string(json_object_array_get_idx(arr, i)), s) == 0)
            return;
    json_object_array_add(arr, json_object_new_string(s));
}

/* Known constants in the file ranges of the PT_LOAD segments. */
static void scan_constants(const unsigned char *buf, size_t len, const struct elf_info *ei,
                           json_object *out, json_object *prims)
{
    size_t c, s;
    int big;
    for (c = 0; c < NCONST; c++) {
        unsigned char pat[128];
        int found = 0;
        for (big = 0; big <= (constants[c].width > 1) && !found; big++) {
            size_t pl = encode(&constants[c], big, pat);
            for (s = 0; s < ei->nload && !found; s++) {
                const struct elf_segment *g = &ei->load[s];
                const unsigned char *at;
                if (g->offset > len || g->filesz > len - g->offset)
                    continue;
                at = find_bytes(buf + g->offset, (size_t)g->filesz, pat, pl);
                if (at) {
                    json_object *o = json_object_new_object();
                    json_object_object_add(o, "primitive", json_object_new_string(constants[c].primitive));
                    json_object_object_add(o, "name", json_object_new_string(constants[c].name));
                    json_object_object_add(o, "offset", json_object_new_int64((int64_t)(at - buf)));
                    json_object_array_add(out, o);
                    if (strcmp(constants[c].primitive, "SM3") != 0)
                        add_unique(prims, constants[c].primitive);
                    found = 1;
                }
            }
        }
    }
}

static const char *crypto_lib(const struct elf_dyn *d)
{
    size_t i, k;
    for (i = 0; i < d->nneeded; i++)
        for (k = 0; k < sizeof crypto_libs / sizeof crypto_libs[0]; k++)
            if (strncmp(d->needed[i], crypto_libs[k], strlen(crypto_libs[k])) == 0)
                return d->needed[i];
    return NULL;
}

static void scan_sources(const struct screen_sources *src, const char *srcdir, json_object *out,
                         json_object *prims)
{
    size_t i, k;
    for (i = 0; i < src->n; i++) {
        char *path = sys_join(srcdir, src->names[i]), *text, *norm;
        size_t len = 0, j, m = 0;
        if (!path)
            continue;
        text = sys_read_file(path, &len);
        free(path);
        if (!text)
            continue;
        norm = malloc(len + 1);
        for (j = 0; norm && j < len; j++)
            if (!isspace((unsigned char)text[j]))
                norm[m++] = (char)tolower((unsigned char)text[j]);
        if (norm) {
            norm[m] = '\0';
            for (k = 0; k < NMARKS; k++)
                if (strstr(norm, source_marks[k].text)) {
                    json_object *o = json_object_new_object();
                    json_object_object_add(o, "file", json_object_new_string(src->names[i]));
                    json_object_object_add(o, "primitive", json_object_new_string(source_marks[k].primitive));
                    json_object_array_add(out, o);
                    add_unique(prims, source_marks[k].primitive);
                    while (k + 1 < NMARKS && strcmp(source_marks[k + 1].primitive, source_marks[k].primitive) == 0)
                        k++;
                }
        }
        free(norm);
        free(text);
    }
}

static void scan_profiles(const char *const *profiles, size_t nprofiles, json_object *out)
{
    size_t op;
    for (op = 0; op < nprofiles; op++) {
        json_object *p, *fns;
        if (!profiles[op] || !(p = json_object_from_file(profiles[op])))
            continue;
        if (json_object_object_get_ex(p, "functions", &fns) && json_object_is_type(fns, json_type_object)) {
            struct json_object_iterator it = json_object_iter_begin(fns), end = json_object_iter_end(fns);
            for (; !json_object_iter_equal(&it, &end); json_object_iter_next(&it)) {
                json_object *f = json_object_iter_peek_value(&it), *calls;
                if (json_object_object_get_ex(f, "calls", &calls) && json_object_get_int64(calls) > 0)
                    add_unique(out, json_object_iter_peek_name(&it));
            }
        }
        json_object_put(p);
    }
}

/* "A, B and C" of the strings of ARR into BUF. */
static void join_names(json_object *arr, char *buf, size_t size)
{
    size_t i, n = json_object_array_length(arr), used = 0;
    buf[0] = '\0';
    for (i = 0; i < n && used < size; i++) {
        const char *sep = i == 0 ? "" : i + 1 == n ? " and " : ", ";
        used += (size_t)snprintf(buf + used, size - used, "%s%s", sep,
                                 json_object_get_string(json_object_array_get_idx(arr, i)));
    }
}

json_object *screen_survey(const char *library, const struct screen_sources *src,
                           const char *srcdir, const char *const *profiles, size_t nprofiles,
                           char *err, size_t errlen)
{
    struct elf_info ei;
    struct elf_dyn dyn;
    size_t len = 0, i, k;
    unsigned char *buf;
    json_object *s, *consts, *imports, *needed, *hits, *seen, *lib_prims, *src_prims, *imp_prims;
    char verdict[1024], names[512], first_import[160] = "";
    const char *clib;

    buf = (unsigned char *)sys_read_file(library, &len);
    if (!buf) {
        snprintf(err, errlen, "cannot read %s", library);
        return NULL;
    }
    if (elf_parse(buf, len, &ei, err, errlen) != 0) {
        free(buf);
        return NULL;
    }
    if (elf_dyn_read(library, &dyn, err, errlen) != 0) {
        elf_info_free(&ei);
        free(buf);
        return NULL;
    }
    s = json_object_new_object();
    consts = json_object_new_array(), imports = json_object_new_array();
    needed = json_object_new_array(), hits = json_object_new_array(), seen = json_object_new_array();
    lib_prims = json_object_new_array(), src_prims = json_object_new_array();
    imp_prims = json_object_new_array();

    scan_constants(buf, len, &ei, consts, lib_prims);
    clib = crypto_lib(&dyn);
    for (i = 0; i < dyn.nneeded; i++)
        json_object_array_add(needed, json_object_new_string(dyn.needed[i]));
    for (i = 0; i < dyn.nimports; i++)
        for (k = 0; k < NIMPORTS; k++)
            if (strncmp(dyn.imports[i], import_marks[k].prefix, strlen(import_marks[k].prefix)) == 0) {
                json_object *o = json_object_new_object();
                json_object_object_add(o, "symbol", json_object_new_string(dyn.imports[i]));
                json_object_object_add(o, "library", clib ? json_object_new_string(clib) : NULL);
                json_object_array_add(imports, o);
                add_unique(imp_prims, import_marks[k].primitive);
                if (!first_import[0])
                    snprintf(first_import, sizeof first_import, "%.100s", dyn.imports[i]);
                break;
            }
    if (clib && json_object_array_length(imp_prims) == 0)
        add_unique(imp_prims, "OpenSSL");
    scan_sources(src, srcdir, hits, src_prims);
    scan_profiles(profiles, nprofiles, seen);

    /* The verdict, in the organiser's words. */
    if (json_object_array_length(lib_prims) == 0 && json_object_array_length(imp_prims) == 0) {
        json_object *unreached = json_object_new_array();
        size_t n = json_object_array_length(src_prims);
        for (i = 0; i < n; i++)
            add_unique(unreached, json_object_get_string(json_object_array_get_idx(src_prims, i)));
        if (json_object_array_length(unreached) == 0) {
            snprintf(verdict, sizeof verdict, "ICCS-only");
        } else {
            char list[512] = "";
            size_t used = 0;
            for (i = 0; i < json_object_array_length(unreached) && used < sizeof list; i++)
                used += (size_t)snprintf(list + used, sizeof list - used, "%s%s", i ? "/" : "",
                                         json_object_get_string(json_object_array_get_idx(unreached, i)));
            snprintf(verdict, sizeof verdict,
                     "ICCS-only — grep hits for %s are not reachable in the built library", list);
        }
        json_object_put(unreached);
    } else {
        json_object *all = json_object_new_array();
        size_t used;
        for (i = 0; i < json_object_array_length(lib_prims); i++)
            add_unique(all, json_object_get_string(json_object_array_get_idx(lib_prims, i)));
        for (i = 0; i < json_object_array_length(imp_prims); i++)
            add_unique(all, json_object_get_string(json_object_array_get_idx(imp_prims, i)));
        join_names(all, names, sizeof names);
        used = (size_t)snprintf(verdict, sizeof verdict, "ICCS + %s:", names);
        if (json_object_array_length(lib_prims) > 0) {
            char c[256] = "";
            size_t u = 0, n = json_object_array_length(consts);
            for (i = 0; i < n && u < sizeof c; i++) {
                json_object *o = json_object_array_get_idx(consts, i), *p, *nm;
                json_object_object_get_ex(o, "primitive", &p);
                json_object_object_get_ex(o, "name", &nm);
                if (strcmp(json_object_get_string(p), "SM3") == 0)
                    continue;
                u += (size_t)snprintf(c + u, sizeof c - u, "%s%s", u ? ", " : "",
                                      json_object_get_string(nm));
            }
            used += (size_t)snprintf(verdict + used, sizeof verdict - used,
                                     " %s in the built library", c);
        }
        if (json_object_array_length(imp_prims) > 0 && used < sizeof verdict)
            used += (size_t)snprintf(verdict + used, sizeof verdict - used, "%s imports %s%s%s",
                                     json_object_array_length(lib_prims) ? ";" : "",
                                     first_import[0] ? first_import : "symbols",
                                     clib ? " from " : "", clib ? clib : "");
        json_object_put(all);
    }

    json_object_object_add(s, "verdict", json_object_new_string(verdict));
    json_object_object_add(s, "constants", consts);
    json_object_object_add(s, "imports", imports);
    json_object_object_add(s, "needed", needed);
    json_object_object_add(s, "source_hits", hits);
    json_object_object_add(s, "profiled_functions", seen);
    json_object_put(lib_prims);
    json_object_put(src_prims);
    json_object_put(imp_prims);
    elf_dyn_free(&dyn);
    elf_info_free(&ei);
    free(buf);
    return s;
}
