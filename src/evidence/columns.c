/* columns.c -- the row types of ngcc-evidence and the fields of each, in
 * the order the rows give them.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <string.h>

#include "evidence.h"
#include "kind.h"

/* ---- the row types ------------------------------------------------------- */

/* system: campaign.json, one row, no keys. */
const struct col system_cols[] = {
    { "system", T_STR, REQ },
    { "system_description", T_STR, OPT },
    { "arch_family", T_STR, REQ },
    { "emulated", T_BOOL, REQ },
    { "status", T_STR, REQ },
    { "started_utc", T_STR, REQ },
    { "finished_utc", T_STR, OPT },
    { "runs", T_COUNT, OPT },
    { "tool", T_STR, OPT },
    { "settings.trial_target_s", T_NUM, REQ },
    { "settings.op_budget_s", T_NUM, REQ },
    { "settings.quick", T_BOOL, REQ },
    { "settings.cpu", T_INT, OPT },
    { "settings.cpus", T_INTS, OPT },
    { "settings.strict", T_BOOL, OPT },
    { "settings.schemes", T_NAMES, OPT },
    { "method.trials", T_INT, REQ },
    { "method.iters_cap", T_INT, REQ },
    { "method.min_calls", T_INT, REQ },
    { "method.outlier_limit", T_NUM, REQ },
    { "method.max_reruns_per_trial", T_INT, REQ },
    { "method.disturbed_limit", T_NUM, REQ },
    { "method.rerun_share_limit", T_NUM, OPT },
    { "method.kat_seed", T_STR, REQ },
    { "method.drng_seed_hex", T_STR, REQ },
    { "method.profile_ops", T_STR, OPT },
    { "flags.guide", T_STR, REQ },
    { "flags.harness_default", T_STR, REQ },
    { "flags.performance", T_STR, OPT },
    { "flags.resource", T_STR, OPT },
    { "problems", T_NAMES, OPT },
    { "records.planned", T_INT, OPT },
    { "records.ok", T_INT, OPT },
    { "records.failed", T_INT, OPT },
    { "records.kept_from_earlier_run", T_INT, OPT },
    { "records.problems_at_measurement", T_INT, OPT },
    { "records.instances", T_INT, OPT },
    { "records.buildfail", T_INT, OPT },
    { "timing.wall_s", T_NUM, OPT },
    { "timing.timed_s", T_NUM, OPT },
    { "timing.overhead_ratio", T_NUM, OPT },
};

/* run: one run of campaign.json's runs (format 2); key: run. */
const struct col run_cols[] = {
    { "started_utc", T_STR, REQ },
    { "finished_utc", T_STR, OPT },
    { "status", T_STR, REQ },
    { "resumed", T_INT, OPT },
    { "schemes", T_NAMES, OPT },
    { "settings.cpus", T_INTS, OPT },
    { "settings.quick", T_BOOL, OPT },
    { "settings.trial_target_s", T_NUM, OPT },
    { "settings.op_budget_s", T_NUM, OPT },
    { "settings.strict", T_BOOL, OPT },
    { "settings.profile", T_BOOL, OPT },
    { "settings.screen.mode", T_STR, OPT },
    { "settings.screen.cpus", T_INTS, OPT },
    { "problems", T_NAMES, OPT },
    { "records.planned", T_INT, OPT },
    { "records.ok", T_INT, OPT },
    { "records.failed", T_INT, OPT },
    { "records.kept_from_earlier_run", T_INT, OPT },
    { "records.disturbed_kept", T_INT, OPT },
    { "records.noisy", T_INT, OPT },
    { "records.buildfail", T_INT, OPT },
    { "timing.wall_s", T_NUM, OPT },
    { "timing.timed_s", T_NUM, OPT },
    { "timing.kat_s", T_NUM, OPT },
    { "timing.profile_s", T_NUM, OPT },
    { "timing.rerun_s", T_NUM, OPT },
    { "timing.overhead_ratio", T_NUM, OPT },
};

/* host: the host state (campaign.json host_start / host_end, or the
 * environment of the first record when the campaign has none); key: source. */
const struct col host_cols[] = {
    { "time_utc", T_STR, OPT },
    { "cpu", T_INT, OPT },
    { "fixed_clock_hz", T_NUM, OPT },
    { "counter.name", T_STR, OPT },
    { "counter.unit", T_STR, OPT },
    { "counter.core_cycles", T_BOOL, OPT },
    { "counter.frequency_hz", T_NUM, OPT },
    { "counter.fallback_reason", T_STR, OPT },
    { "steadiness.windows", T_INT, OPT },
    { "steadiness.window_s", T_NUM, OPT },
    { "steadiness.rate_unit", T_STR, OPT },
    { "steadiness.rate_median", T_NUM, OPT },
    { "steadiness.iqr", T_NUM, OPT },
    { "environment.arch", T_STR, REQ },
    { "environment.cpu_model", T_STR, REQ },
    { "environment.cpuinfo_mhz", T_NUM, OPT },
    { "environment.machine", T_STR, OPT },
    { "environment.os", T_STR, REQ },
    { "environment.kernel", T_STR, REQ },
    { "environment.compiler", T_STR, REQ },
    { "environment.build_tool", T_STR, REQ },
    { "environment.memtotal_bytes", T_INT, REQ },
    { "environment.clock.driver", T_STR, OPT },
    { "environment.clock.governor", T_STR, OPT },
    { "environment.clock.min_hz", T_NUM, OPT },
    { "environment.clock.max_hz", T_NUM, OPT },
    { "environment.clock.cur_hz", T_NUM, OPT },
    { "environment.clock.boost", T_BOOL, OPT },
    { "environment.problems", T_NAMES, OPT },
};

/* check: one host check; keys: source, index. */
const struct col check_cols[] = {
    { "name", T_STR, REQ },
    { "status", T_STR, REQ },
    { "value", T_STR, OPT },
    { "explanation", T_STR, OPT },
};

/* instance: build.json; keys: id, label.  The sizes of the kinds come
 * before sizes.basis (instance_columns); kat.log.file is added after
 * these: the log's path relative to the system directory. */
static const struct col instance_cols[] = {
    { "algorithm", T_STR, OPT },
    { "algorithm_instance", T_STR, OPT },
    { "variant", T_STR, OPT },
    { "source.name", T_STR, OPT },
    { "source.kind", T_STR, OPT },
    { "source.sha256", T_STR, OPT },
    { "source.catalog", T_STR, OPT },
    { "run", T_INT, OPT },
    { "build.status", T_STR, OPT },
    { "build.reason", T_STR, OPT },
    { "build.diagnosis", T_STR, OPT },
    { "build.log.sha256", T_STR, OPT },
    { "flags_class", T_STR, OPT },
    { "flags", T_STR, OPT },
    { "flags_reason", T_STR, OPT },
    { "compiler", T_STR, OPT },
    { "library.path", T_STR, OPT },
    { "library.sha256", T_STR, OPT },
    { "library.static_bytes", T_INT, OPT },
    { "kat.status", T_STR, OPT },
    { "kat.reason", T_STR, OPT },
    { "kat.manifest", T_STR, OPT },
    { "kat.reference", T_STR, OPT },
    { "kat.log.path", T_STR, OPT },
    { "kat.log.sha256", T_STR, OPT },
};
static const struct col instance_tail_cols[] = {
    { "sizes.basis", T_STR, OPT },
    { "survey", T_STR, OPT },
};

#define MAX_SIZE_COLS (4 * KIND_MAX_SIZES)

/* instance_cols, sizes.KEY for every size key of every kind (once, in
 * the order of kinds.c), instance_tail_cols. */
const struct col *instance_columns(size_t *n)
{
    static struct col all[NCOLS(instance_cols) + MAX_SIZE_COLS + NCOLS(instance_tail_cols)];
    static char paths[MAX_SIZE_COLS][48];
    static size_t nall;
    size_t i, j, nsize = 0;
    int k, s;

    if (nall) {
        *n = nall;
        return all;
    }
    for (i = 0; i < NCOLS(instance_cols); i++)
        all[nall++] = instance_cols[i];
    for (k = 0; kinds[k]; k++)
        for (s = 0; s < kinds[k]->nsizes; s++) {
            char path[48];
            snprintf(path, sizeof path, "sizes.%s", kinds[k]->sizes[s].key);
            for (j = 0; j < nsize && strcmp(paths[j], path) != 0; j++)
                ;
            if (j < nsize)
                continue;
            if (nsize == MAX_SIZE_COLS)
                die(EXIT_SYSTEM, "more than %d size keys in the kind table", MAX_SIZE_COLS);
            strcpy(paths[nsize], path);
            all[nall].path = paths[nsize++];
            all[nall].type = T_INT;
            all[nall++].req = OPT;
        }
    for (i = 0; i < NCOLS(instance_tail_cols); i++)
        all[nall++] = instance_tail_cols[i];
    *n = nall;
    return all;
}

/* record: a timing record; keys: id, label, op.  Before these: file (the
 * path relative to the system directory) and present (1 or 0). */
const struct col record_cols[] = {
    { "status", T_STR, REQ },
    { "reason", T_STR, REQ },
    { "started_utc", T_STR, OPT },
    { "finished_utc", T_STR, OPT },
    { "plan.iters", T_INT, REQ_OK },
    { "plan.trials", T_INT, REQ_OK },
    { "plan.warmups", T_INT, OPT },
    { "plan.cpu", T_INT, OPT },
    { "plan.trial_target_s", T_NUM, OPT },
    { "plan.op_budget_s", T_NUM, OPT },
    { "plan.quick", T_BOOL, OPT },
    { "stats.trials", T_INT, REQ_OK },
    { "stats.n", T_INT, REQ_OK },
    { "stats.sum_ticks", T_INT, REQ_OK },
    { "stats.sum_seconds", T_NUM, REQ_OK },
    { "stats.mean_ticks", T_NUM, REQ_OK },
    { "stats.mean_seconds", T_NUM, REQ_OK },
    { "stats.ops_per_second", T_NUM, REQ_OK },
    { "stats.trial_mean_seconds.median", T_NUM, REQ_OK },
    { "stats.trial_mean_ticks.spread", T_NUM, OPT },
    { "reruns.total", T_INT, OPT },
    { "reruns.noisy", T_BOOL, OPT },
    { "memory.static_bytes", T_INT, OPT },
    { "memory.baseline_rss_bytes", T_INT, OPT },
    { "memory.peak_rss_bytes", T_INT, OPT },
    { "memory.stack_bytes", T_INT, OPT },
    { "memory.stack_exceeded", T_BOOL, OPT },
    { "memory.stack_reason", T_STR, OPT },
    { "memory.heap_peak_bytes", T_INT, OPT },
    { "memory.heap_leaked_bytes", T_INT, OPT },
    { "memory.heap_reason", T_STR, OPT },
    { "counter.name", T_STR, REQ_OK },
    { "counter.unit", T_STR, REQ_OK },
    { "counter.core_cycles", T_BOOL, REQ_OK },
    { "counter.frequency_hz", T_NUM, OPT },
    { "counter.frequency_source", T_STR, OPT },
    { "counter.resolution_s", T_NUM, OPT },
    { "counter.fallback_reason", T_STR, OPT },
    { "environment.problems", T_NAMES, OPT },
    /* per-call distribution and instructions (doc/robust.md) */
    { "per_call.timing", T_STR, OPT },
    { "per_call.block_max", T_INT, OPT },
    { "per_call.min", T_NUM, OPT },
    { "per_call.p10", T_NUM, OPT },
    { "per_call.p50", T_NUM, OPT },
    { "per_call.p90", T_NUM, OPT },
    { "per_call.robust_ticks", T_NUM, OPT },
    { "per_call.mean_ci95.lo", T_NUM, OPT },
    { "per_call.mean_ci95.hi", T_NUM, OPT },
    { "per_call.mean_ratio", T_NUM, OPT },
    { "per_call.robust_ratio", T_NUM, OPT },
    { "instructions.source", T_STR, OPT },
    { "instructions.tool", T_STR, OPT },
    { "instructions.calls", T_INT, OPT },
    { "instructions.instructions", T_NUM, OPT },
    { "instructions.seconds", T_NUM, OPT },
    { "instructions.reason", T_STR, OPT },
    /* what the candidate code ran under (absent before the confinement) */
    { "confinement.mechanism", T_STR, OPT },
    { "confinement.abi", T_INT, OPT },
    { "confinement.reason", T_STR, OPT },
    { "confinement.scratch_left", T_STR, OPT },
};

/* profile: a hash/DRNG profile; keys: id, label, op; file and present
 * first, as for records. */
const struct col profile_cols[] = {
    { "status", T_STR, REQ },
    { "reason", T_STR, REQ },
    { "ops", T_INT, REQ_OK },
    { "total_ticks", T_INT, REQ_OK },
    { "hash_share", T_NUM, REQ_OK },
    { "drng_share", T_NUM, REQ_OK },
    { "wrapped", T_NAMES, REQ_OK },
    { "hash_functions", T_NAMES, REQ_OK },
    { "drng_functions", T_NAMES, REQ_OK },
    { "tick.name", T_STR, REQ_OK },
    { "tick.unit", T_STR, OPT },
    { "tick.frequency_hz", T_NUM, OPT },
    { "tick.resolution_s", T_NUM, OPT },
    { "tick.wrapper_overhead_ticks", T_NUM, OPT },
};

/* calls: one function of a profile; keys: id, label, op, function. */
const struct col calls_cols[] = {
    { "calls", T_INT, REQ },
    { "ticks", T_INT, REQ },
    { "calls_per_op", T_NUM, REQ },
    { "share", T_NUM, REQ },
};


void put_columns(const char *type, const char *keys, const char *pre,
                        const struct col *cols, size_t n, const char *post)
{
    size_t i;
    int nkeys = 0;
    const char *p;
    for (p = keys; *p; p++)
        nkeys += *p == ' ';
    if (*keys)
        nkeys++;
    printf("columns\t%s\t%d", type, nkeys);
    for (p = keys; *keys && p; p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL)
        printf("\t%.*s", (int)strcspn(p, " "), p);
    for (p = pre; *pre && p; p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL)
        printf("\t%.*s", (int)strcspn(p, " "), p);
    for (i = 0; i < n; i++)
        printf("\t%s", cols[i].path);
    for (p = post; *post && p; p = strchr(p, ' ') ? strchr(p, ' ') + 1 : NULL)
        printf("\t%.*s", (int)strcspn(p, " "), p);
    putchar('\n');
}

void put_all_columns(void)
{
    size_t n;
    const struct col *inst = instance_columns(&n);
    put_kind_columns();
    put_columns("system", "", "", system_cols, NCOLS(system_cols), "");
    put_columns("host", "source", "", host_cols, NCOLS(host_cols), "");
    put_columns("check", "source index", "", check_cols, NCOLS(check_cols), "");
    put_columns("run", "run", "", run_cols, NCOLS(run_cols), "");
    put_columns("instance", "id label", "", inst, n,
                "kat.log.file build.log.file");
    put_columns("katfile", "id label key", "", NULL, 0, "status reason file sha256");
    put_columns("kindof", "id label", "", NULL, 0, "kind");
    put_columns("functional", "id label check", "", NULL, 0, "text");
    put_columns("record", "id label op", "file present", record_cols,
                NCOLS(record_cols), "disturbed_kept disturbed_cpu_share");
    put_columns("counter", "id label op counter", "", NULL, 0, "value");
    put_columns("profile", "id label op", "file present", profile_cols,
                NCOLS(profile_cols), "");
    put_columns("calls", "id label op function", "", calls_cols, NCOLS(calls_cols), "");
    put_columns("screen", "id label", "file present", screen_cols, N_screen_cols, "");
    put_columns("finding", "id label area index", "", finding_cols, N_finding_cols, "");
    put_columns("screencheck", "id label index", "", screencheck_cols, N_screencheck_cols, "");
}


const size_t N_run_cols = NCOLS(run_cols);
const size_t N_system_cols = NCOLS(system_cols);
const size_t N_host_cols = NCOLS(host_cols);
const size_t N_check_cols = NCOLS(check_cols);
const size_t N_record_cols = NCOLS(record_cols);
const size_t N_profile_cols = NCOLS(profile_cols);
const size_t N_calls_cols = NCOLS(calls_cols);

