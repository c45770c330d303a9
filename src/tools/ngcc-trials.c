/* ngcc-trials -- the kept trials of every timing record of one system,
 * summarized per record, for make compare (scripts/ngcc-compare).
 *
 * Part of ngcc-perf.  Reads SYSTEMDIR/records/<id>/<label>__<op>.json
 * (doc/evidence.md) and prints, after a row
 *
 *     columns trials 3 id label op status unit mean_ticks kept trial_mean trial_var spread
 *
 * one tab-separated row per record, as ngcc-evidence prints its rows (\N
 * null, the shortest exact number): the record's status, counter unit and
 * stats.mean_ticks; over its kept trials with calls > 0 and ticks, each
 * trial's mean (ticks / calls): how many (kept), their mean and sample
 * variance (null under two trials; the square root is the reader's, to
 * keep libm out); spread = (max - min) /
 * median of those means, else stats.trial_mean_ticks.spread when the
 * trials carry no ticks.  Rows are in byte order of their files.
 *
 * Errors: a record that cannot be read, is not JSON, is not a bench
 * record, lacks id, label, op or status or has trials that are not an
 * array: "ngcc-trials: FILE: message",
 * every one reported, exit 1.  Usage errors exit 2, a system error 3.
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700
#endif

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evidence.h"
#include "gnu_cli.h"

static void usage(FILE *f)
{
    fprintf(f,
"Usage: " PROG " SYSTEMDIR\n"
"       " PROG " --help | --version\n"
"\n"
"Summarize the kept trials of every timing record of one system\n"
"(SYSTEMDIR/records/<id>/<label>__<op>.json) as tab-separated rows, for\n"
"make compare: a row 'columns trials 3 id label op status unit mean_ticks\n"
"kept trial_mean trial_var spread', then one row per record; \\N is null.\n"
"trial_mean and trial_var are the mean and sample variance of the\n"
"kept trials' ticks / calls; spread is (max - min) / median of them.\n"
"\n"
"  -h, --help     display this help and exit\n"
"  -V, --version  output version information and exit\n"
"\n"
"Exit status: 0 rows written; 1 a record missing or damaged (each problem\n"
"as 'FILE: message'); 2 usage error; 3 system error.\n\n");
    gnu_cli_bug_lines(f);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The entries of DIR whose names end in SUFFIX ("" for any but dot
 * files), sorted; *N their count.  NULL and *N = 0 when DIR is not there. */
static char **list_dir(const char *dir, const char *suffix, size_t *n)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char **names = NULL;
    size_t cap = 0, ls = strlen(suffix);

    *n = 0;
    if (!d)
        return NULL;
    while ((e = readdir(d)) != NULL) {
        size_t l = strlen(e->d_name);
        if (e->d_name[0] == '.' || l < ls || strcmp(e->d_name + l - ls, suffix) != 0)
            continue;
        if (*n == cap) {
            char **p;
            cap = cap ? 2 * cap : 16;
            p = realloc(names, cap * sizeof *names);
            if (!p)
                die(EXIT_SYSTEM, "out of memory");
            names = p;
        }
        names[(*n)++] = cat_path("%s", e->d_name);
    }
    closedir(d);
    if (*n)
        qsort(names, *n, sizeof *names, by_name);
    return names;
}

static int by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static void put_num_or_null(int known, double x)
{
    put_sep();
    if (known)
        put_double(x);
    else
        put_null();
}

static void put_str_or_null(const char *s)
{
    put_sep();
    if (s)
        put_escaped(s);
    else
        put_null();
}

static void summarize(const char *file)
{
    json_object *r = load_json(file, 1, NULL), *trials, *t;
    const char *id, *label, *op, *status;
    double mean_ticks, spread = 0, sum = 0, ss = 0, ticks, calls, *m;
    size_t i, n, k = 0;
    int have_mean, have_spread;

    if (!r)
        return;
    if (!check_format(file, r, "ngcc-perf/bench-record", 1)) {
        json_object_put(r);
        return;
    }
    id = get_str(r, "id");
    label = get_str(r, "label");
    op = get_str(r, "op");
    status = get_str(r, "status");
    if (!id || !label || !op || !status) {
        bad(file, "missing field %s", !id ? "id" : !label ? "label" : !op ? "op" : "status");
        json_object_put(r);
        return;
    }
    /* No trials (a record written by hand): the spread from the stats. */
    if (!lookup(r, "trials", &trials) || !trials)
        trials = NULL;
    else if (!json_object_is_type(trials, json_type_array)) {
        bad(file, "trials is not an array");
        json_object_put(r);
        return;
    }
    n = trials ? json_object_array_length(trials) : 0;
    m = xmalloc((n ? n : 1) * sizeof *m);
    for (i = 0; i < n; i++) {
        const char *state;
        t = json_object_array_get_idx(trials, i);
        state = get_str(t, "state");
        if (!state || strcmp(state, "kept") != 0)
            continue;
        if (!get_num(t, "ticks", &ticks) || !get_num(t, "calls", &calls) || calls <= 0)
            continue;
        m[k] = ticks / calls;
        sum += m[k];
        k++;
    }
    have_mean = get_num(r, "stats.mean_ticks", &mean_ticks);
    for (i = 0; i < k; i++)
        ss += (m[i] - sum / (double)k) * (m[i] - sum / (double)k);
    if (k > 0) {
        double med;
        qsort(m, k, sizeof *m, by_value);
        med = k % 2 ? m[k / 2] : (m[k / 2 - 1] + m[k / 2]) / 2;
        have_spread = med > 0;
        if (have_spread)
            spread = (m[k - 1] - m[0]) / med;
    } else {
        have_spread = get_num(r, "stats.trial_mean_ticks.spread", &spread);
    }

    printf("trials\t");
    put_escaped(id);
    put_str_or_null(label);
    put_str_or_null(op);
    put_str_or_null(status);
    put_str_or_null(get_str(r, "counter.unit"));
    put_num_or_null(have_mean, mean_ticks);
    put_sep();
    printf("%zu", k);
    put_num_or_null(k > 0, k ? sum / (double)k : 0);
    put_num_or_null(k > 1, k > 1 ? ss / (double)(k - 1) : 0);
    put_num_or_null(have_spread, spread);
    putchar('\n');
    free(m);
    json_object_put(r);
}

int main(int argc, char **argv)
{
    char **ids, **files, *dir, *sub;
    size_t nids, nfiles, i, j;

    if (argc == 2 && (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0)) {
        usage(stdout);
        return gnu_cli_stdout_status(PROG, EXIT_OK, EXIT_SYSTEM);
    }
    if (argc == 2 && (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0)) {
        gnu_cli_version(PROG);
        return gnu_cli_stdout_status(PROG, EXIT_OK, EXIT_SYSTEM);
    }
    if (argc != 2 || argv[1][0] == '-') {
        fprintf(stderr, PROG ": %s (try '" PROG " --help')\n",
                argc < 2 ? "a system directory is needed" :
                argc > 2 ? "one system directory only" : "unknown option");
        return EXIT_USAGE;
    }
    dir = cat_path("%s/records", argv[1]);
    ids = list_dir(dir, "", &nids);
    if (!ids)
        die(EXIT_EVIDENCE, "%s: no timing records here", dir);
    printf("columns\ttrials\t3\tid\tlabel\top\tstatus\tunit\tmean_ticks\tkept\ttrial_mean\ttrial_var\tspread\n");
    for (i = 0; i < nids; i++) {
        sub = cat_path("%s/%s", dir, ids[i]);
        files = list_dir(sub, ".json", &nfiles);
        for (j = 0; j < nfiles; j++) {
            char *file = cat_path("%s/%s", sub, files[j]);
            summarize(file);
            free(file);
            free(files[j]);
        }
        free(files);
        free(sub);
        free(ids[i]);
    }
    free(ids);
    free(dir);
    if (fflush(stdout) != 0 || ferror(stdout))
        die(EXIT_SYSTEM, "cannot write the rows");
    return nerrors ? EXIT_EVIDENCE : EXIT_OK;
}
