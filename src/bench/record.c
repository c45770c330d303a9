/* record.c -- JSON helpers for the evidence ngcc-bench writes.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ngcc_instance.h"
#include "record.h"
#include "sysfile.h"

json_object *record_double(double d)
{
    char buf[40];
    int p;
    if (!isfinite(d))
        return NULL;
    for (p = 1; p <= 17; p++) {
        snprintf(buf, sizeof buf, "%.*g", p, d);
        if (strtod(buf, NULL) == d)
            break;
    }
    /* keep it a JSON number that reads back as a double */
    if (!strpbrk(buf, ".eEn"))
        strcat(buf, ".0");
    return json_object_new_double_s(d, buf);
}

static json_object *str_or_null(const char *s)
{
    return s ? json_object_new_string(s) : NULL;
}

json_object *rec_instance_info_json(const struct ngcc_instance_info *info)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "abi", json_object_new_int(info->abi));
    json_object_object_add(o, "id", str_or_null(info->id));
    json_object_object_add(o, "type", str_or_null(info->type));
    json_object_object_add(o, "algorithm", str_or_null(info->algorithm));
    json_object_object_add(o, "instance", str_or_null(info->instance));
    json_object_object_add(o, "algorithm_instance", str_or_null(info->algorithm_instance));
    json_object_object_add(o, "variant", str_or_null(info->variant));
    json_object_object_add(o, "source_dir", str_or_null(info->source_dir));
    json_object_object_add(o, "compiler", str_or_null(info->compiler));
    json_object_object_add(o, "flags", str_or_null(info->flags));
    json_object_object_add(o, "flags_class", str_or_null(info->flags_class));
    json_object_object_add(o, "flags_reason", str_or_null(info->flags_reason));
    json_object_object_add(o, "blank_test_vectors", json_object_new_boolean(info->blank_test_vectors));
    json_object_object_add(o, "pk_len", json_object_new_int64((int64_t)info->pk_len));
    json_object_object_add(o, "sk_len", json_object_new_int64((int64_t)info->sk_len));
    json_object_object_add(o, "ct_len", json_object_new_int64((int64_t)info->ct_len));
    json_object_object_add(o, "ss_len", json_object_new_int64((int64_t)info->ss_len));
    return o;
}

static json_object *spread_json(const struct spread_stats *s)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "median", record_double(s->median));
    json_object_object_add(o, "min", record_double(s->min));
    json_object_object_add(o, "max", record_double(s->max));
    json_object_object_add(o, "spread", record_double(s->spread));
    return o;
}

json_object *record_stats_json(const struct stats *s)
{
    json_object *o = json_object_new_object();
    json_object_object_add(o, "trials", json_object_new_int(s->trials));
    json_object_object_add(o, "n", json_object_new_int64(s->n));
    json_object_object_add(o, "sum_ticks", json_object_new_int64(s->sum_ticks));
    json_object_object_add(o, "sum_seconds", record_double(s->sum_seconds));
    json_object_object_add(o, "mean_ticks", record_double(s->mean_ticks));
    json_object_object_add(o, "mean_seconds", record_double(s->mean_seconds));
    json_object_object_add(o, "ops_per_second", record_double(s->ops_per_second));
    json_object_object_add(o, "trial_mean_ticks", spread_json(&s->trial_ticks));
    json_object_object_add(o, "trial_mean_seconds", spread_json(&s->trial_seconds));
    return o;
}

int record_write(const char *path, json_object *obj)
{
    const char *text = json_object_to_json_string_ext(obj,
        JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE);
    size_t n = strlen(text);
    char *with_nl = malloc(n + 2);
    int r;
    if (!with_nl)
        return -1;
    memcpy(with_nl, text, n);
    with_nl[n] = '\n';
    with_nl[n + 1] = '\0';
    r = sys_make_parents(path);
    if (r == 0)
        r = sys_write_atomic(path, with_nl);
    free(with_nl);
    return r;
}

json_object *record_load(const char *path, char *err, size_t errlen)
{
    size_t len;
    char *text = sys_read_file(path, &len);
    json_tokener *tok;
    json_object *obj;
    if (!text) {
        snprintf(err, errlen, "cannot read: %s", strerror(errno));
        return NULL;
    }
    tok = json_tokener_new();
    obj = tok ? json_tokener_parse_ex(tok, text, (int)len) : NULL;
    if (!obj) {
        snprintf(err, errlen, "not valid JSON: %s",
                 tok ? json_tokener_error_desc(json_tokener_get_error(tok)) : "out of memory");
    } else if (tok->char_offset < (int)len && strspn(text + tok->char_offset, " \t\r\n") !=
               len - (size_t)tok->char_offset) {
        snprintf(err, errlen, "text after the JSON value");
        json_object_put(obj);
        obj = NULL;
    }
    if (tok)
        json_tokener_free(tok);
    free(text);
    return obj;
}

int record_get(json_object *obj, const char *path, json_object **out)
{
    char key[128];
    const char *p = path;
    while (obj && *p) {
        size_t n = strcspn(p, ".");
        if (n >= sizeof key || !json_object_is_type(obj, json_type_object))
            return -1;
        memcpy(key, p, n);
        key[n] = '\0';
        if (!json_object_object_get_ex(obj, key, &obj))
            return -1;
        p += n + (p[n] == '.');
    }
    *out = obj;
    return obj ? 0 : -1;
}

int record_get_int(json_object *obj, const char *path, int64_t *out)
{
    json_object *v;
    if (record_get(obj, path, &v) != 0 || !json_object_is_type(v, json_type_int))
        return -1;
    *out = json_object_get_int64(v);
    return 0;
}

int record_get_double(json_object *obj, const char *path, double *out)
{
    json_object *v;
    if (record_get(obj, path, &v) != 0 ||
        !(json_object_is_type(v, json_type_double) || json_object_is_type(v, json_type_int)))
        return -1;
    *out = json_object_get_double(v);
    return 0;
}

const char *record_get_string(json_object *obj, const char *path)
{
    json_object *v;
    if (record_get(obj, path, &v) != 0 || !json_object_is_type(v, json_type_string))
        return NULL;
    return json_object_get_string(v);
}
