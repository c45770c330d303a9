/* screen_kind.c -- the kind of the instance being screened and its checks
 * (screen_kind.h).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "screen_kind.h"

const struct kind *screen_kind(const char *const *types, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        if (types[i] && types[i][0])
            return kind_find(types[i]);
    return kinds[0];
}

/* KEY's value on the scheme.conf line P ("KEY VALUE"), or NULL. */
static char *value_of(char *p, const char *key)
{
    size_t n = strlen(key), e;
    while (isspace((unsigned char)*p))
        p++;
    if (strncmp(p, key, n) != 0 || !isspace((unsigned char)p[n]))
        return NULL;
    p += n;
    while (isspace((unsigned char)*p))
        p++;
    e = strlen(p);
    while (e && isspace((unsigned char)p[e - 1]))
        p[--e] = '\0';
    return p;
}

void screen_conf_type(const char *conf, const char *label, char *out, size_t size)
{
    char line[1024], global[64] = "", own[64] = "";
    int in_label = 0, in_instance = 0;
    FILE *fp;
    char *v;

    out[0] = '\0';
    if (!conf || !*conf || !(fp = fopen(conf, "r")))
        return;
    while (fgets(line, sizeof line, fp)) {
        if ((v = value_of(line, "instance")) != NULL) {
            in_instance = 1;
            in_label = strcmp(v, label) == 0;
        } else if ((v = value_of(line, "type")) != NULL) {
            if (!in_instance)
                snprintf(global, sizeof global, "%s", v);
            else if (in_label)
                snprintf(own, sizeof own, "%s", v);
        }
    }
    fclose(fp);
    snprintf(out, size, "%s", own[0] ? own : global);
}

size_t screen_check_names(const struct kind *k, char names[][SCREEN_CHECK_NAME], size_t max)
{
    size_t n = 0;
    int i;
    if (n < max)
        snprintf(names[n++], SCREEN_CHECK_NAME, "asan-kat");
    for (i = 0; i < k->nops && n < max; i++)
        snprintf(names[n++], SCREEN_CHECK_NAME, "asan-%s", k->ops[i].name);
    if (n < max)
        snprintf(names[n++], SCREEN_CHECK_NAME, "memcheck");
    if (n < max)
        snprintf(names[n++], SCREEN_CHECK_NAME, "secret");
    return n;
}
