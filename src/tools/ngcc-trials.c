/* ngcc-trials -- the kept trials of every timing record of one system,
 * summarized per record, for make compare (scripts/ngcc-compare).
 *
 * Part of ngcc-perf.  Reads SYSTEMDIR/records/<id>/<label>__<op>.json
 * (doc/evidence.md) and prints, after a row
 *
 *     columns trials 3 id label op status unit mean_ticks kept trial_mean trial_var spread
 *         robust_ratio robust_kept robust_mean robust_var per_call.p10 per_call.p50 stats.n
 *         library.sha256 plan.cpu plan.trial_target_s plan.op_budget_s plan.quick
 *         environment.problems counter.name per_call.block_max
 *
 * one tab-separated row per record, as ngcc-evidence prints its rows (\N
 * null, the shortest exact number): the record's status, counter unit and
 * stats.mean_ticks; over its kept trials with calls > 0 and ticks, each
 * trial's mean (ticks / calls): how many (kept), their mean and sample
 * variance (null under two trials; the square root is the reader's, to
 * keep libm out); spread = (max - min) / median of those means, else
 * stats.trial_mean_ticks.spread when the trials carry no ticks.  Then the
 * robust figure (doc/robust.md): per_call.robust_ratio, and over the kept
 * trials with a per-call p10 and a reference p10 the ratio of both: how
 * many, their mean and sample variance; the record's p10, p50 and calls
 * (the sampling error of a p10 where the trials are gone); and what the
 * record says of how it was measured.  Rows are in byte order of their
 * files.
 *
 * Before them, from the files beside records/ when they are there: a row
 * per campaign run (campaign.json: its settings, CPUs and host problems),
 * per host file (host-start.json, host-end.json) and per instance
 * (build.json: library SHA-256, compiler, flags), each type announced by
 * its columns row; doc/report-html.md, "ngcc-trials"; then the kind
 * table's rows kind, kindop, kindsize, kindpage, kindcounter (doc/report.md).
 *
 * Errors: a file that cannot be read or is not JSON, a record that is not
 * a bench record, lacks id, label, op or status or has trials that are not
 * an array, a field of the wrong type: "ngcc-trials: FILE: message",
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
"kept trial_mean trial_var spread robust_ratio ...', then one row per\n"
"record; \\N is null.  trial_mean and trial_var are the mean and sample\n"
"variance of the kept trials' ticks / calls; spread is (max - min) /\n"
"median of them; robust_mean and robust_var those of each kept trial's\n"
"per-call p10 over its reference p10.  Before them, rows of the campaign\n"
"runs, host files and instances (campaign.json, host-start.json,\n"
"host-end.json, build.json) when SYSTEMDIR has them.\n"
"\n"
"  -h, --help     display this help and exit\n"
"  -V, --version  output version information and exit\n"
"\n"
"Exit status: 0 rows written; 1 a file missing or damaged (each problem\n"
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

/* What a record says of how it was measured (after the computed columns). */
static const struct col trec_cols[] = {
    { "library.sha256", T_STR, OPT },
    { "plan.cpu", T_INT, OPT },
    { "plan.trial_target_s", T_NUM, OPT },
    { "plan.op_budget_s", T_NUM, OPT },
    { "plan.quick", T_BOOL, OPT },
    { "environment.problems", T_NAMES, OPT },
    { "counter.name", T_STR, OPT },
    { "per_call.block_max", T_INT, OPT },
};

/* campaign.json: one row per run (format 2), or the settings of format 1. */
static const struct col trun_cols[] = {
    { "status", T_STR, OPT },
    { "started_utc", T_STR, OPT },
    { "settings.cpus", T_INTS, OPT },
    { "settings.quick", T_BOOL, OPT },
    { "settings.trial_target_s", T_NUM, OPT },
    { "settings.op_budget_s", T_NUM, OPT },
    { "settings.strict", T_BOOL, OPT },
    { "settings.profile", T_BOOL, OPT },
    { "problems", T_NAMES, OPT },
};

/* host-start.json, host-end.json (ngcc-bench host). */
static const struct col thost_cols[] = {
    { "time_utc", T_STR, OPT },
    { "cpu", T_INT, OPT },
    { "counter.name", T_STR, OPT },
    { "fixed_clock_hz", T_NUM, OPT },
    { "environment.cpu_model", T_STR, OPT },
    { "environment.kernel", T_STR, OPT },
    { "environment.compiler", T_STR, OPT },
    { "environment.clock.governor", T_STR, OPT },
    { "environment.clock.boost", T_BOOL, OPT },
    { "environment.problems", T_NAMES, OPT },
};

/* build.json, per instance. */
static const struct col tinst_cols[] = {
    { "library.sha256", T_STR, OPT },
    { "compiler", T_STR, OPT },
    { "flags_class", T_STR, OPT },
    { "flags", T_STR, OPT },
    { "build.status", T_STR, OPT },
};

/* A columns row: HEAD (type, number of keys, keys), then the paths of COLS. */
static void put_names(const char *head, const struct col *cols, size_t n)
{
    size_t i;
    fputs(head, stdout);
    for (i = 0; i < n; i++)
        printf("\t%s", cols[i].path);
    putchar('\n');
}

/* The rows of the files beside records/; each absent file is skipped. */
static void put_sides(const char *sysdir)
{
    char *file;
    json_object *j, *runs, *a;
    size_t i, n;
    int absent;
    static const char *const hosts[] = { "start", "end" };

    file = cat_path("%s/campaign.json", sysdir);
    j = load_json(file, 0, &absent);
    if (j && check_format(file, j, "ngcc-perf/campaign", 2)) {
        put_names("columns\trun\t1\trun", trun_cols, NCOLS(trun_cols));
        if (lookup(j, "runs", &runs) && runs && json_object_is_type(runs, json_type_array)) {
            n = json_object_array_length(runs);
            for (i = 0; i < n; i++) {
                a = json_object_array_get_idx(runs, i);
                printf("run\t%zu", i + 1);
                put_cols(file, a, trun_cols, NCOLS(trun_cols), 0);
                putchar('\n');
            }
        } else { /* format 1: the settings of its one run, cpu for cpus */
            double cpu;
            printf("run\t1");
            put_col(file, j, &trun_cols[0], 0);
            put_col(file, j, &trun_cols[1], 0);
            put_sep();
            if (get_num(j, "settings.cpu", &cpu))
                printf("%.0f", cpu);
            else
                put_null();
            put_cols(file, j, trun_cols + 3, NCOLS(trun_cols) - 3, 0);
            putchar('\n');
        }
    }
    json_object_put(j);
    free(file);

    put_names("columns\thost\t1\tsource", thost_cols, NCOLS(thost_cols));
    for (i = 0; i < 2; i++) {
        file = cat_path("%s/host-%s.json", sysdir, hosts[i]);
        j = load_json(file, 0, &absent);
        if (j && check_format(file, j, "ngcc-perf/bench-host", 1)) {
            printf("host\t%s", hosts[i]);
            put_cols(file, j, thost_cols, NCOLS(thost_cols), 0);
            putchar('\n');
        }
        json_object_put(j);
        free(file);
    }

    file = cat_path("%s/build.json", sysdir);
    j = load_json(file, 0, &absent);
    if (j && check_format(file, j, "ngcc-perf/build", 2)) {
        put_names("columns\tinstance\t2\tid\tlabel", tinst_cols, NCOLS(tinst_cols));
        if (!lookup(j, "instances", &runs) || !runs || !json_object_is_type(runs, json_type_array))
            bad(file, "instances is not an array");
        else
            for (i = 0, n = json_object_array_length(runs); i < n; i++) {
                const char *id, *label;
                a = json_object_array_get_idx(runs, i);
                id = get_str(a, "id");
                label = get_str(a, "label");
                if (!id || !label || !is_name(id) || !is_name(label)) {
                    bad(file, "instances[%zu]: no id and label", i);
                    continue;
                }
                printf("instance\t%s\t%s", id, label);
                put_cols(file, a, tinst_cols, NCOLS(tinst_cols), 0);
                putchar('\n');
            }
    }
    json_object_put(j);
    free(file);
}

static void summarize(const char *file)
{
    json_object *r = load_json(file, 1, NULL), *trials, *t;
    const char *id, *label, *op, *status;
    double mean_ticks, spread = 0, sum = 0, ss = 0, ticks, calls, *m, *x, p10, ref;
    double rsum = 0, rss = 0, robust;
    size_t i, n, k = 0, kr = 0;
    int have_mean, have_spread, have;

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
    x = xmalloc((n ? n : 1) * sizeof *x);
    for (i = 0; i < n; i++) {
        const char *state;
        t = json_object_array_get_idx(trials, i);
        state = get_str(t, "state");
        if (!state || strcmp(state, "kept") != 0)
            continue;
        if (get_num(t, "per_call.p10", &p10) && get_num(t, "reference.p10_ticks", &ref) && ref > 0) {
            x[kr] = p10 / ref;
            rsum += x[kr];
            kr++;
        }
        if (!get_num(t, "ticks", &ticks) || !get_num(t, "calls", &calls) || calls <= 0)
            continue;
        m[k] = ticks / calls;
        sum += m[k];
        k++;
    }
    have_mean = get_num(r, "stats.mean_ticks", &mean_ticks);
    for (i = 0; i < k; i++)
        ss += (m[i] - sum / (double)k) * (m[i] - sum / (double)k);
    for (i = 0; i < kr; i++)
        rss += (x[i] - rsum / (double)kr) * (x[i] - rsum / (double)kr);
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
    have = get_num(r, "per_call.robust_ratio", &robust);
    put_num_or_null(have, robust);
    put_sep();
    printf("%zu", kr);
    put_num_or_null(kr > 0, kr ? rsum / (double)kr : 0);
    put_num_or_null(kr > 1, kr > 1 ? rss / (double)(kr - 1) : 0);
    have = get_num(r, "per_call.p10", &p10);
    put_num_or_null(have, p10);
    have = get_num(r, "per_call.p50", &p10);
    put_num_or_null(have, p10);
    have = get_num(r, "stats.n", &calls);
    put_num_or_null(have, calls);
    put_cols(file, r, trec_cols, NCOLS(trec_cols), 0);
    putchar('\n');
    free(m);
    free(x);
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
    put_sides(argv[1]);
    /* The kinds' operations in their order, for the compare page's order. */
    put_kind_columns();
    put_kinds();
    put_names("columns\ttrials\t3\tid\tlabel\top\tstatus\tunit\tmean_ticks\tkept\ttrial_mean\ttrial_var\tspread"
           "\trobust_ratio\trobust_kept\trobust_mean\trobust_var\tper_call.p10\tper_call.p50\tstats.n",
              trec_cols, NCOLS(trec_cols));
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
