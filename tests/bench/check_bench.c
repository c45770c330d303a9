/* check_bench.c -- unit tests of the measurement core (src/bench): the
 * planning rule, the statistics and trial rules, the ELF parser, SHA-256,
 * the record JSON and the checker.  Check, fork mode.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <check.h>
#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "digest.h"
#include "elfsize.h"
#include "jobs.h"
#include "memory_pass.h"
#include "plan.h"
#include "record.h"
#include "stats.h"
#include "sysfile.h"
#include "verify.h"
#include "verify_system.h"

/* ---- plan ---- */

static struct plan make(double t1, double target, double budget, int trials)
{
    struct plan_settings s;
    struct plan p;
    s.trial_target_s = target;
    s.op_budget_s = budget;
    s.trials = trials;
    plan_make(&s, t1, &p);
    return p;
}

START_TEST(plan_fast_op_hits_cap)
{
    struct plan p = make(1e-7, 1.0, 900.0, 5);
    ck_assert_int_eq(p.iters, PLAN_MAX_ITERS);
    ck_assert_int_eq(p.capped, 1);
    ck_assert_int_eq(p.budget_reduced, 0);
    ck_assert_int_eq(p.warmups, 3);
    ck_assert_int_eq(p.trials, 5);
}
END_TEST

START_TEST(plan_exact_quotient)
{
    /* 1.0 / 1e-4 is 10000.000000000002 in doubles: still 10000 calls */
    struct plan p = make(1e-4, 1.0, 900.0, 5);
    ck_assert_int_eq(p.iters, 10000);
    ck_assert_int_eq(p.capped, 0);
    p = make(3e-4, 1.0, 900.0, 5); /* 3333.33 -> 3334 */
    ck_assert_int_eq(p.iters, 3334);
}
END_TEST

START_TEST(plan_floor_of_100_calls)
{
    struct plan p = make(0.5, 1.0, 900.0, 5); /* ceil(1/0.5) = 2 < 20 */
    ck_assert_int_eq(p.iters, 20);
    ck_assert_int_eq(p.warmups, 1);
    p = make(0.5, 1.0, 900.0, 3); /* ceil(100/3) = 34 */
    ck_assert_int_eq(p.iters, 34);
    p = make(0.5, 1.0, 900.0, 7); /* ceil(100/7) = 15 */
    ck_assert_int_eq(p.iters, 15);
    p = make(0.5, 1.0, 1e6, 1000); /* ceil(100/1000) = 1, target 2 */
    ck_assert_int_eq(p.iters, 2);
}
END_TEST

START_TEST(plan_budget_reduces)
{
    struct plan p = make(10.0, 1.0, 900.0, 5); /* 5*20*10 = 1000 > 900 -> 18 */
    ck_assert_int_eq(p.iters, 18);
    ck_assert_int_eq(p.budget_reduced, 1);
    ck_assert_int_eq(p.over_budget, 0);
    ck_assert_int_eq(p.warmups, 0);
    ck_assert(5 * p.iters * 10.0 <= 900.0);
    p = make(9.0, 1.0, 900.0, 5); /* 5*20*9 = 900: fits exactly */
    ck_assert_int_eq(p.iters, 20);
    ck_assert_int_eq(p.budget_reduced, 0);
    p = make(200.0, 1.0, 900.0, 5); /* not even one call per trial fits */
    ck_assert_int_eq(p.iters, 1);
    ck_assert_int_eq(p.over_budget, 1);
    p = make(1e-5, 1.0, 0.5, 5); /* budget 0.5 s: 10000 calls per trial */
    ck_assert_int_eq(p.iters, 10000);
    ck_assert_int_eq(p.budget_reduced, 1);
}
END_TEST

START_TEST(plan_warmup_thresholds)
{
    ck_assert_int_eq(make(0.0499, 1, 900, 5).warmups, 3);
    ck_assert_int_eq(make(0.05, 1, 900, 5).warmups, 1);
    ck_assert_int_eq(make(4.999, 1, 900, 5).warmups, 1);
    ck_assert_int_eq(make(5.0, 1, 900, 5).warmups, 0);
}
END_TEST

START_TEST(plan_zero_t1_and_estimate)
{
    struct plan p = make(0.0, 1.0, 900.0, 5);
    ck_assert_int_eq(p.iters, PLAN_MAX_ITERS);
    p = make(0.01, 1.0, 900.0, 5); /* 100 calls, 3 warm-ups */
    ck_assert_int_eq(p.iters, 100);
    ck_assert_double_eq_tol(plan_estimate(&p, 0.5), 5 * (0.5 + 103 * 0.01), 1e-9);
}
END_TEST

/* ---- statistics and rules ---- */

START_TEST(stats_medians)
{
    double odd[] = { 3, 1, 2 }, even[] = { 4, 1, 3, 2 }, one[] = { 7 };
    ck_assert_double_eq(stats_median(odd, 3), 2);
    ck_assert_double_eq(stats_median(even, 4), 2.5);
    ck_assert_double_eq(stats_median(one, 1), 7);
    ck_assert_double_eq(odd[0], 3); /* not sorted in place */
}
END_TEST

START_TEST(stats_known_sums)
{
    struct trial_numbers t[3] = { { 10, 100, 1.0 }, { 10, 200, 2.0 }, { 20, 300, 1.0 } };
    struct stats s;
    ck_assert_int_eq(stats_compute(t, 3, &s), 0);
    ck_assert_int_eq(s.trials, 3);
    ck_assert_int_eq(s.n, 40);
    ck_assert_int_eq(s.sum_ticks, 600);
    ck_assert_double_eq(s.sum_seconds, 4.0);
    ck_assert_double_eq(s.mean_ticks, 15.0);
    ck_assert_double_eq(s.mean_seconds, 0.1);
    ck_assert_double_eq(s.ops_per_second, 10.0);
    /* per-trial means: ticks 10, 20, 15; seconds 0.1, 0.2, 0.05 */
    ck_assert_double_eq(s.trial_ticks.median, 15.0);
    ck_assert_double_eq(s.trial_ticks.min, 10.0);
    ck_assert_double_eq(s.trial_ticks.max, 20.0);
    ck_assert_double_eq_tol(s.trial_ticks.spread, 10.0 / 15.0, 1e-15);
    ck_assert_double_eq(s.trial_seconds.median, 0.1);
    ck_assert_double_eq(s.trial_seconds.min, 0.05);
    ck_assert_double_eq(s.trial_seconds.max, 0.2);
    ck_assert_int_eq(stats_compute(t, 0, &s), -1);
    t[1].calls = 0;
    ck_assert_int_eq(stats_compute(t, 3, &s), -1);
}
END_TEST

START_TEST(outlier_picks_slow_trial)
{
    double m[] = { 100, 101, 99, 100, 121 };
    int reruns[5] = { 0 };
    double ratio;
    ck_assert_int_eq(stats_outlier_pick(m, reruns, 5, STATS_OUTLIER_LIMIT, STATS_OUTLIER_RERUNS, &ratio), 4);
    ck_assert_double_eq_tol(ratio, 1.21, 1e-12);
    /* the others of trial 0: 101 99 100 121, median 100.5 */
    ck_assert_double_eq_tol(stats_ratio_to_others(m, 5, 0), 100 / 100.5, 1e-12);
}
END_TEST

START_TEST(outlier_limit_is_strict)
{
    double m[] = { 100, 100, 100, 100, 105 }, fast[] = { 80, 100, 100, 100, 100 };
    int reruns[5] = { 0 };
    ck_assert_int_eq(stats_outlier_pick(m, reruns, 5, 1.05, 3, NULL), -1);
    m[4] = 105.01;
    ck_assert_int_eq(stats_outlier_pick(m, reruns, 5, 1.05, 3, NULL), 4);
    /* only slow trials are outliers */
    ck_assert_int_eq(stats_outlier_pick(fast, reruns, 5, 1.05, 3, NULL), -1);
}
END_TEST

START_TEST(outlier_worst_first_and_exhausted)
{
    double m[] = { 100, 100, 100, 130, 120 };
    int reruns[5] = { 0 };
    ck_assert_int_eq(stats_outlier_pick(m, reruns, 5, 1.05, 3, NULL), 3);
    reruns[3] = 3;
    ck_assert_int_eq(stats_outlier_pick(m, reruns, 5, 1.05, 3, NULL), 4);
    reruns[4] = 3;
    ck_assert_int_eq(stats_outlier_pick(m, reruns, 5, 1.05, 3, NULL), -1);
}
END_TEST

START_TEST(outlier_small_counts)
{
    double one[] = { 100 }, two[] = { 100, 110 };
    int reruns[2] = { 0, 0 };
    ck_assert_int_eq(stats_outlier_pick(one, reruns, 1, 1.05, 3, NULL), -1);
    ck_assert_int_eq(stats_outlier_pick(two, reruns, 2, 1.05, 3, NULL), 1);
}
END_TEST

/* The loop of the measurement: a slot that stays slow is run again three
 * times, then kept; a slot that recovers is run again once. */
START_TEST(outlier_at_most_three_reruns)
{
    double m[] = { 100, 100, 125, 100, 100 };
    int reruns[5] = { 0 }, total = 0, pick;
    while ((pick = stats_outlier_pick(m, reruns, 5, 1.05, STATS_OUTLIER_RERUNS, NULL)) >= 0) {
        reruns[pick]++;
        total++;
        ck_assert_int_le(total, 10);
    }
    ck_assert_int_eq(total, 3);
    ck_assert_int_eq(reruns[2], 3);

    memset(reruns, 0, sizeof reruns);
    total = 0;
    while ((pick = stats_outlier_pick(m, reruns, 5, 1.05, STATS_OUTLIER_RERUNS, NULL)) >= 0) {
        reruns[pick]++;
        total++;
        m[pick] = 101; /* the rerun is normal */
    }
    ck_assert_int_eq(total, 1);
}
END_TEST

START_TEST(disturbed_rule)
{
    ck_assert_int_eq(stats_disturbed(2000000000, 1.0, 2e9, 0.95), 0);
    ck_assert_int_eq(stats_disturbed(1900000000, 1.0, 2e9, 0.95), 0);
    ck_assert_int_eq(stats_disturbed(1899999999, 1.0, 2e9, 0.95), 1);
    ck_assert_int_eq(stats_disturbed(1, 1.0, 0.0, 0.95), 0); /* no fixed clock */
}
END_TEST

START_TEST(disturbance_tests)
{
    double v;
    /* on the CPU 99 % of the time, no fixed clock: undisturbed */
    ck_assert_int_eq(stats_disturbance(1000, 1.0, 0.99, 0.0, 0.95, &v), UNDISTURBED);
    /* preempted: on the CPU 80 % of the time */
    ck_assert_int_eq(stats_disturbance(1000, 1.0, 0.80, 0.0, 0.95, &v), DISTURBED_CPU);
    ck_assert_double_eq_tol(v, 0.8, 1e-12);
    /* CPU time unknown: not tested */
    ck_assert_int_eq(stats_disturbance(1000, 1.0, 0.0, 0.0, 0.95, &v), UNDISTURBED);
    /* a core-cycle counter at 90 % of a fixed 2 GHz clock */
    ck_assert_int_eq(stats_disturbance(1800000000, 1.0, 1.0, 2e9, 0.95, &v), DISTURBED_CLOCK);
    ck_assert_double_eq_tol(v, 0.9, 1e-12);
}
END_TEST

/* ---- ELF ---- */

#define SYN_LOADS 3
static const uint64_t syn_memsz[] = { 100, 50, 2000, 7 };
static const uint32_t syn_type[] = { PT_LOAD, PT_DYNAMIC, PT_LOAD, PT_LOAD };

static size_t synth_elf64(unsigned char *buf, size_t size)
{
    Elf64_Ehdr h;
    size_t i, len = sizeof h + 4 * sizeof(Elf64_Phdr);
    ck_assert_uint_le(len, size);
    memset(buf, 0, len);
    memset(&h, 0, sizeof h);
    memcpy(h.e_ident, ELFMAG, SELFMAG);
    h.e_ident[EI_CLASS] = ELFCLASS64;
    h.e_ident[EI_DATA] = ELFDATA2LSB;
    h.e_ident[EI_VERSION] = EV_CURRENT;
    h.e_type = ET_DYN;
    h.e_machine = EM_X86_64;
    h.e_version = EV_CURRENT;
    h.e_phoff = sizeof h;
    h.e_ehsize = sizeof h;
    h.e_phentsize = sizeof(Elf64_Phdr);
    h.e_phnum = 4;
    memcpy(buf, &h, sizeof h);
    for (i = 0; i < 4; i++) {
        Elf64_Phdr ph;
        memset(&ph, 0, sizeof ph);
        ph.p_type = syn_type[i];
        ph.p_memsz = syn_memsz[i];
        ph.p_filesz = syn_memsz[i] / 2;
        ph.p_flags = PF_R;
        memcpy(buf + sizeof h + i * sizeof ph, &ph, sizeof ph);
    }
    return len;
}

static size_t synth_elf32(unsigned char *buf, size_t size)
{
    Elf32_Ehdr h;
    size_t i, len = sizeof h + 4 * sizeof(Elf32_Phdr);
    ck_assert_uint_le(len, size);
    memset(buf, 0, len);
    memset(&h, 0, sizeof h);
    memcpy(h.e_ident, ELFMAG, SELFMAG);
    h.e_ident[EI_CLASS] = ELFCLASS32;
    h.e_ident[EI_DATA] = ELFDATA2LSB;
    h.e_ident[EI_VERSION] = EV_CURRENT;
    h.e_type = ET_DYN;
    h.e_machine = EM_ARM;
    h.e_version = EV_CURRENT;
    h.e_phoff = sizeof h;
    h.e_ehsize = sizeof h;
    h.e_phentsize = sizeof(Elf32_Phdr);
    h.e_phnum = 4;
    memcpy(buf, &h, sizeof h);
    for (i = 0; i < 4; i++) {
        Elf32_Phdr ph;
        memset(&ph, 0, sizeof ph);
        ph.p_type = syn_type[i];
        ph.p_memsz = (uint32_t)syn_memsz[i];
        memcpy(buf + sizeof h + i * sizeof ph, &ph, sizeof ph);
    }
    return len;
}

START_TEST(elf_synthetic_64)
{
    unsigned char buf[512];
    size_t len = synth_elf64(buf, sizeof buf);
    struct elf_info info;
    char err[128];
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    return;
#endif
    ck_assert_int_eq(elf_parse(buf, len, &info, err, sizeof err), 0);
    ck_assert_int_eq(info.bits, 64);
    ck_assert_int_eq(info.type, ET_DYN);
    ck_assert_uint_eq(info.nload, SYN_LOADS);
    ck_assert_uint_eq(info.static_bytes, 100 + 2000 + 7);
    ck_assert_uint_eq(info.load[1].memsz, 2000);
    ck_assert_uint_eq(info.load[1].filesz, 1000);
    elf_info_free(&info);
    /* a truncated program header table */
    ck_assert_int_eq(elf_parse(buf, len - 1, &info, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "truncated"));
    /* the other byte order */
    buf[EI_DATA] = ELFDATA2MSB;
    ck_assert_int_eq(elf_parse(buf, len, &info, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "byte order"));
    /* an unknown class */
    buf[EI_DATA] = ELFDATA2LSB;
    buf[EI_CLASS] = 7;
    ck_assert_int_eq(elf_parse(buf, len, &info, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "class"));
}
END_TEST

START_TEST(elf_synthetic_32_file)
{
    unsigned char buf[512];
    size_t len = synth_elf32(buf, sizeof buf);
    struct elf_info info;
    char err[128], path[] = "check_bench.elf32.XXXXXX";
    int fd = mkstemp(path);
#if __BYTE_ORDER__ != __ORDER_LITTLE_ENDIAN__
    return;
#endif
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, buf, len), (ssize_t)len);
    close(fd);
    ck_assert_int_eq(elf_parse_file(path, &info, err, sizeof err), 0);
    unlink(path);
    ck_assert_int_eq(info.bits, 32);
    ck_assert_uint_eq(info.nload, SYN_LOADS);
    ck_assert_uint_eq(info.static_bytes, 2107);
    elf_info_free(&info);
}
END_TEST

START_TEST(elf_not_elf)
{
    struct elf_info info;
    char err[128], path[] = "check_bench.txt.XXXXXX";
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, "hello, world\n", 13), 13);
    close(fd);
    ck_assert_int_eq(elf_parse_file(path, &info, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "not an ELF file"));
    unlink(path);
    ck_assert_int_eq(elf_parse_file("check_bench.no-such-file", &info, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "cannot read"));
}
END_TEST

static int sum_main_loads(struct dl_phdr_info *info, size_t size, void *data)
{
    uint64_t *sum = data;
    int i;
    (void)size;
    for (i = 0; i < info->dlpi_phnum; i++)
        if (info->dlpi_phdr[i].p_type == PT_LOAD)
            *sum += info->dlpi_phdr[i].p_memsz;
    return 1; /* the first object is the executable */
}

START_TEST(elf_self_matches_loader)
{
    struct elf_info info;
    char err[128];
    uint64_t loader = 0;
    ck_assert_int_eq(elf_parse_file("/proc/self/exe", &info, err, sizeof err), 0);
    dl_iterate_phdr(sum_main_loads, &loader);
    ck_assert_uint_gt(info.static_bytes, 0);
    ck_assert_uint_eq(info.static_bytes, loader);
    elf_info_free(&info);
}
END_TEST

/* ---- SHA-256 and helpers ---- */

START_TEST(sha256_vectors)
{
    char hex[65], path[] = "check_bench.sha.XXXXXX";
    int fd;
    digest_sha256_hex("abc", 3, hex);
    ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    digest_sha256_hex("", 0, hex);
    ck_assert_str_eq(hex, "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
    digest_sha256_hex("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", 56, hex);
    ck_assert_str_eq(hex, "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1");
    fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, "abc", 3), 3);
    close(fd);
    ck_assert_int_eq(digest_file_hex(path, hex), 0);
    ck_assert_str_eq(hex, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    unlink(path);
}
END_TEST

START_TEST(sysfile_helpers)
{
    char v[32];
    ck_assert_int_eq(sys_cpu_in_list("0-3,6,8-9", 2), 1);
    ck_assert_int_eq(sys_cpu_in_list("0-3,6,8-9", 6), 1);
    ck_assert_int_eq(sys_cpu_in_list("0-3,6,8-9", 7), 0);
    ck_assert_int_eq(sys_cpu_in_list("0-3,6,8-9", 9), 1);
    ck_assert_int_eq(sys_cpu_in_list("", 0), 0);
    ck_assert_int_eq(sys_text_value("a : 1\nmodel name\t: X Y  \nVmHWM:\t 12 kB\n", "model name", v, sizeof v), 0);
    ck_assert_str_eq(v, "X Y");
    ck_assert_int_eq(sys_text_value("VmHWM:\t 12 kB\n", "VmHWM", v, sizeof v), 0);
    ck_assert_str_eq(v, "12 kB");
    ck_assert_int_eq(sys_text_value("a: 1\n", "b", v, sizeof v), -1);
}
END_TEST

/* ---- records and the checker ---- */

START_TEST(record_double_shortest)
{
    json_object *d = record_double(0.1), *two = record_double(2.0);
    ck_assert_str_eq(json_object_to_json_string(d), "0.1");
    ck_assert_str_eq(json_object_to_json_string(two), "2.0");
    ck_assert_ptr_null(record_double(NAN));
    ck_assert_ptr_null(record_double(INFINITY));
    json_object_put(d);
    json_object_put(two);
}
END_TEST

/* Memory figures of the sample trials: they grow with the slot. */
static void sample_memory(int slot, struct memory_figures *m)
{
    memset(m, 0, sizeof *m);
    m->stack_measured = m->heap_measured = 1;
    m->stack.bytes = 1000 * slot;
    m->stack.region_bytes = 1 << 20;
    m->stack.calls = 1;
    m->heap.allocated_bytes = 300 * slot;
    m->heap.allocations = slot;
    m->heap.peak_bytes = 200 * slot;
    m->heap.leaked_bytes = 100;
}

static json_object *trial_json(int slot, int attempt, const char *state, const char *reason,
                               int64_t calls, int64_t ticks, double secs)
{
    struct memory_figures mf;
    json_object *t = json_object_new_object();
    json_object_object_add(t, "slot", json_object_new_int(slot));
    json_object_object_add(t, "attempt", json_object_new_int(attempt));
    json_object_object_add(t, "process", json_object_new_int(slot + attempt));
    json_object_object_add(t, "state", json_object_new_string(state));
    json_object_object_add(t, "reason", json_object_new_string(reason));
    json_object_object_add(t, "calls", json_object_new_int64(calls));
    json_object_object_add(t, "ticks", json_object_new_int64(ticks));
    json_object_object_add(t, "seconds", record_double(secs));
    json_object_object_add(t, "cpu_seconds", record_double(secs * 0.999));
    json_object_object_add(t, "baseline_rss_bytes", json_object_new_int64(1000 * slot));
    json_object_object_add(t, "peak_rss_bytes", json_object_new_int64(2000 * slot + attempt));
    sample_memory(slot, &mf);
    json_object_object_add(t, "memory_pass", memory_pass_to_json(&mf));
    return t;
}

/* A consistent record of 3 trials of 100 calls, one outlier replaced. */
static json_object *sample_record(void)
{
    struct trial_numbers kept[3] = { { 100, 10000, 0.004 }, { 100, 10100, 0.0041 }, { 100, 9900, 0.0039 } };
    struct stats s;
    json_object *r = json_object_new_object(), *plan = json_object_new_object();
    json_object *trials = json_object_new_array(), *re = json_object_new_object(), *mem = json_object_new_object();
    json_object *counter = json_object_new_object();
    json_object_object_add(r, "format", json_object_new_string(RECORD_FORMAT));
    json_object_object_add(r, "format_version", json_object_new_int(RECORD_FORMAT_VERSION));
    json_object_object_add(r, "status", json_object_new_string("ok"));
    json_object_object_add(r, "reason", json_object_new_string(""));
    json_object_object_add(r, "op", json_object_new_string("dec"));
    json_object_object_add(plan, "trials", json_object_new_int(3));
    json_object_object_add(plan, "iters", json_object_new_int(100));
    json_object_object_add(r, "plan", plan);
    json_object_array_add(trials, trial_json(1, 1, "kept", "", 100, 10000, 0.004));
    json_object_array_add(trials, trial_json(2, 1, "replaced", "outlier: 20.0 % above the median of the others",
                                             100, 12000, 0.0048));
    json_object_array_add(trials, trial_json(2, 2, "kept", "", 100, 10100, 0.0041));
    json_object_array_add(trials, trial_json(3, 1, "kept", "", 100, 9900, 0.0039));
    json_object_object_add(r, "trials", trials);
    json_object_object_add(re, "disturbed", json_object_new_int(0));
    json_object_object_add(re, "outlier", json_object_new_int(1));
    json_object_object_add(re, "total", json_object_new_int(1));
    json_object_object_add(r, "reruns", re);
    ck_assert_int_eq(stats_compute(kept, 3, &s), 0);
    json_object_object_add(r, "stats", record_stats_json(&s));
    json_object_object_add(mem, "baseline_rss_bytes", json_object_new_int64(3000));
    json_object_object_add(mem, "peak_rss_bytes", json_object_new_int64(6001));
    {
        struct memory_figures mf[3];
        const struct memory_figures *figs[3] = { &mf[0], &mf[1], &mf[2] };
        int i;
        for (i = 0; i < 3; i++)
            sample_memory(i + 1, &mf[i]);
        memory_pass_record(mem, figs, 3);
    }
    json_object_object_add(r, "memory", mem);
    json_object_object_add(counter, "name", json_object_new_string("tsc"));
    json_object_object_add(counter, "frequency_source",
        json_object_new_string("measured: sum of ticks / sum of CLOCK_MONOTONIC_RAW seconds of the kept trials"));
    json_object_object_add(counter, "frequency_hz", record_double((double)s.sum_ticks / s.sum_seconds));
    json_object_object_add(r, "counter", counter);
    json_object_object_add(r, "files", json_object_new_array());
    return r;
}

/* verify_record's output lines, in a malloc'd string. */
static int verify_to_string(json_object *r, const char *root, char **text)
{
    size_t len;
    FILE *f = open_memstream(text, &len);
    int n;
    ck_assert_ptr_nonnull(f);
    n = verify_record(r, "rec.json", root, f);
    fclose(f);
    return n;
}

START_TEST(record_round_trip_and_check)
{
    char dir[] = "check_bench.dir.XXXXXX", path[256], err[256], *out;
    json_object *r = sample_record(), *back;
    struct verify_summary sum;
    ck_assert_ptr_nonnull(mkdtemp(dir));
    snprintf(path, sizeof path, "%s/records/x/LABEL__dec.json", dir);
    ck_assert_int_eq(record_write(path, r), 0);
    back = record_load(path, err, sizeof err);
    ck_assert_ptr_nonnull(back);
    ck_assert_int_eq(json_object_equal(r, back), 1);
    ck_assert_int_eq(verify_to_string(back, NULL, &out), 0);
    ck_assert_str_eq(out, "");
    free(out);
    ck_assert_int_eq(verify_system(dir, ".", stderr, &sum), 0);
    ck_assert_int_eq(sum.records, 1);
    ck_assert_int_eq(sum.problems, 0);
    unlink(path);
    snprintf(path, sizeof path, "%s/records/x", dir);
    rmdir(path);
    snprintf(path, sizeof path, "%s/records", dir);
    rmdir(path);
    rmdir(dir);
    json_object_put(r);
    json_object_put(back);
}
END_TEST

START_TEST(checker_detects_tampered_statistic)
{
    json_object *r = sample_record(), *st;
    double m;
    char *out;
    ck_assert_int_eq(record_get_double(r, "stats.mean_ticks", &m), 0);
    ck_assert_int_eq(record_get(r, "stats", &st), 0);
    json_object_object_add(st, "mean_ticks", record_double(m * 1.01));
    ck_assert_int_eq(verify_to_string(r, NULL, &out), 1);
    ck_assert_ptr_nonnull(strstr(out, "rec.json: stats.mean_ticks is"));
    free(out);
    json_object_put(r);
}
END_TEST

START_TEST(checker_detects_tampered_trial)
{
    json_object *r = sample_record(), *trials;
    char *out;
    ck_assert_int_eq(record_get(r, "trials", &trials), 0);
    json_object_object_add(json_object_array_get_idx(trials, 0), "ticks", json_object_new_int64(10001));
    ck_assert_int_gt(verify_to_string(r, NULL, &out), 0);
    ck_assert_ptr_nonnull(strstr(out, "stats.sum_ticks"));
    free(out);
    json_object_put(r);
}
END_TEST

START_TEST(checker_detects_kept_outlier)
{
    json_object *r = sample_record(), *trials, *t;
    char *out;
    ck_assert_int_eq(record_get(r, "trials", &trials), 0);
    /* keep the slow attempt instead: numbers and reruns no longer agree */
    t = json_object_array_get_idx(trials, 1);
    json_object_object_add(t, "state", json_object_new_string("kept"));
    json_object_object_add(json_object_array_get_idx(trials, 2), "state", json_object_new_string("replaced"));
    ck_assert_int_gt(verify_to_string(r, NULL, &out), 0);
    ck_assert_ptr_nonnull(strstr(out, "above the median of the others but was kept"));
    free(out);
    json_object_put(r);
}
END_TEST

START_TEST(checker_detects_kept_disturbed)
{
    json_object *r = sample_record(), *trials, *rs;
    char *out;
    ck_assert_int_eq(record_get(r, "trials", &trials), 0);
    /* slot 3 ran only half the time on the CPU, and no attempt was made */
    json_object_object_add(json_object_array_get_idx(trials, 3), "cpu_seconds", record_double(0.00195));
    ck_assert_int_eq(verify_to_string(r, NULL, &out), 1);
    ck_assert_ptr_nonnull(strstr(out, "slot 3 was disturbed"));
    free(out);
    /* reruns stopped early: keeping it is allowed */
    ck_assert_int_eq(record_get(r, "reruns", &rs), 0);
    json_object_object_add(rs, "stopped", json_object_new_string("no more reruns: time"));
    ck_assert_int_eq(verify_to_string(r, NULL, &out), 0);
    free(out);
    json_object_put(r);
}
END_TEST

START_TEST(checker_verifies_file_digests)
{
    json_object *r = sample_record(), *files, *f;
    char path[] = "check_bench.lib.XXXXXX", *out;
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, "abc", 3), 3);
    close(fd);
    ck_assert_int_eq(record_get(r, "files", &files), 0);
    f = json_object_new_object();
    json_object_object_add(f, "path", json_object_new_string(path));
    json_object_object_add(f, "sha256",
        json_object_new_string("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"));
    json_object_array_add(files, f);
    ck_assert_int_eq(verify_to_string(r, ".", &out), 0);
    free(out);
    fd = open(path, O_WRONLY | O_APPEND);
    ck_assert_int_eq(write(fd, "d", 1), 1);
    close(fd);
    ck_assert_int_eq(verify_to_string(r, ".", &out), 1);
    ck_assert_ptr_nonnull(strstr(out, "has SHA-256"));
    free(out);
    unlink(path);
    ck_assert_int_eq(verify_to_string(r, ".", &out), 0); /* missing: a note */
    ck_assert_ptr_nonnull(strstr(out, "note:"));
    free(out);
    json_object_put(r);
}
END_TEST

START_TEST(checker_failed_record)
{
    json_object *r = sample_record();
    char *out;
    json_object_object_add(r, "status", json_object_new_string("op-failed"));
    ck_assert_int_eq(verify_to_string(r, NULL, &out), 2); /* no reason; stats given */
    free(out);
    json_object_object_add(r, "reason", json_object_new_string("kem_dec returned -1"));
    json_object_object_add(r, "stats", NULL);
    ck_assert_int_eq(verify_to_string(r, NULL, &out), 0);
    free(out);
    json_object_object_add(r, "format", json_object_new_string("something else"));
    ck_assert_int_eq(verify_to_string(r, NULL, &out), 1);
    free(out);
    json_object_put(r);
}
END_TEST

/* ---- run-many: the jobs file and the scheduler ---- */

START_TEST(jobs_parse_good)
{
    static const char text[] =
        "# a comment\n"
        "keygen\tdata/a__keygen.json\tlib/A.so\n"
        "\n"
        "   # indented comment\n"
        "enc\tdata/a__enc.json\tlib/A.so\t1.5e-05\r\n"
        "dec\tdata/a__dec.json\tlib/A.so\t-\n"
        "  \t \n"
        "keygen\tdata/b__keygen.json\tlib/B.so"; /* no final newline */
    struct job_list l;
    char err[200];
    ck_assert_int_eq(jobs_parse(text, strlen(text), &l, err, sizeof err), 0);
    ck_assert_int_eq(l.n, 4);
    ck_assert_int_eq(l.jobs[0].line, 2);
    ck_assert_str_eq(l.jobs[0].op, "keygen");
    ck_assert_str_eq(l.jobs[0].out, "data/a__keygen.json");
    ck_assert_str_eq(l.jobs[0].library, "lib/A.so");
    ck_assert(l.jobs[0].t1_s == 0.0);
    ck_assert_int_eq(l.jobs[1].line, 5);
    ck_assert_str_eq(l.jobs[1].op, "enc");
    ck_assert(l.jobs[1].t1_s == 1.5e-05);
    ck_assert_str_eq(l.jobs[1].text, "enc\tdata/a__enc.json\tlib/A.so\t1.5e-05");
    ck_assert_str_eq(l.jobs[2].op, "dec");
    ck_assert(l.jobs[2].t1_s == 0.0);
    ck_assert_int_eq(l.jobs[3].line, 8);
    ck_assert_str_eq(l.jobs[3].library, "lib/B.so");
    jobs_free(&l);
    ck_assert_int_eq(jobs_parse("", 0, &l, err, sizeof err), 0);
    ck_assert_int_eq(l.n, 0);
    jobs_free(&l);
}
END_TEST

static void bad_jobs(const char *text, const char *want)
{
    struct job_list l;
    char err[200];
    ck_assert_int_eq(jobs_parse(text, strlen(text), &l, err, sizeof err), -1);
    ck_assert_msg(strstr(err, want) != NULL, "'%s' does not say '%s'", err, want);
    ck_assert_int_eq(l.n, 0);
    ck_assert_ptr_eq(l.jobs, NULL);
}

START_TEST(jobs_parse_bad)
{
    bad_jobs("keygen\ta.json\n", "1: too few fields");
    bad_jobs("# c\nkeygen\ta.json\tA.so\t1e-5\textra\n", "2: too many fields");
    bad_jobs("null\ta.json\tA.so\n", "1: unknown operation 'null'");
    bad_jobs("keygen a.json A.so\n", "1: too few fields");
    bad_jobs("KEYGEN\ta.json\tA.so\n", "unknown operation");
    bad_jobs("enc\t\tA.so\n", "1: empty OUT");
    bad_jobs("enc\ta.json\t\n", "1: empty LIBRARY");
    bad_jobs("enc\ta.json\tA.so\t0\n", "1: bad T1 '0'");
    bad_jobs("enc\ta.json\tA.so\tfast\n", "bad T1");
    bad_jobs("enc\ta.json\tA.so\t\n", "bad T1");
    bad_jobs("enc\ta.json\tA.so\nkeygen\tb.json\tA.so\n\ndec\ta.json\tB.so\n",
             "4: OUT a.json is also the OUT of line 1");
}
END_TEST

START_TEST(jobs_load_file)
{
    char path[] = "/tmp/check_bench_jobsXXXXXX", err[300];
    static const char text[] = "dec\tx.json\tX.so\t0.002\n";
    struct job_list l;
    int fd = mkstemp(path);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, text, sizeof text - 1), (int)(sizeof text - 1));
    close(fd);
    ck_assert_int_eq(jobs_load(path, &l, err, sizeof err), 0);
    ck_assert_int_eq(l.n, 1);
    ck_assert(l.jobs[0].t1_s == 0.002);
    jobs_free(&l);
    unlink(path);
    ck_assert_int_eq(jobs_load(path, &l, err, sizeof err), -3);
    ck_assert_msg(strncmp(err, "cannot read", 11) == 0, "%s", err);
}
END_TEST

/* Drive the scheduler to the end: SLOTS passes over N records, then the
 * reruns that WANT[i] asks of record i, one per turn; "fail" makes record
 * FAIL_JOB fail at slot FAIL_SLOT.  The steps into ORDER as "job:slot"
 * (slot passes) or "job:r" (reruns). */
static void drive(int n, int slots, const int *want, int fail_job, int fail_slot, char *order, size_t size)
{
    struct sched_item items[8];
    int left[8], i, job, slot, last = -1, steps = 0;
    enum sched_step st;
    memset(items, 0, sizeof items);
    order[0] = '\0';
    for (i = 0; i < n; i++) {
        items[i].active = 1;
        items[i].slots = slots;
        left[i] = want[i];
    }
    for (;;) {
        int slot_left = 0;
        for (i = 0; i < n; i++)
            slot_left |= items[i].active && items[i].slots_done < items[i].slots;
        if (!slot_left)
            for (i = 0; i < n; i++) {
                items[i].wants_rerun = left[i] > 0;
                if (items[i].active && !items[i].wants_rerun)
                    items[i].active = 0; /* finished */
            }
        st = sched_next(items, n, last, &job, &slot);
        if (st == SCHED_DONE)
            break;
        ck_assert_int_lt(++steps, 200);
        if (st == SCHED_SLOT) {
            ck_assert_int_eq(slot, items[job].slots_done);
            snprintf(order + strlen(order), size - strlen(order), "%d:%d ", job, slot);
            if (job == fail_job && slot == fail_slot)
                items[job].active = 0;
            else
                items[job].slots_done++;
        } else {
            snprintf(order + strlen(order), size - strlen(order), "%d:r ", job);
            left[job]--;
            last = job;
        }
    }
    ck_assert_int_eq(job, -1);
}

START_TEST(sched_passes_then_round_robin)
{
    char order[400];
    int none[3] = { 0, 0, 0 }, some[3] = { 2, 0, 1 };
    drive(3, 2, none, -1, -1, order, sizeof order);
    ck_assert_str_eq(order, "0:0 1:0 2:0 0:1 1:1 2:1 ");
    /* Reruns in turn: 0, 2, 0 (record 1 has none; 2 has one). */
    drive(3, 2, some, -1, -1, order, sizeof order);
    ck_assert_str_eq(order, "0:0 1:0 2:0 0:1 1:1 2:1 0:r 2:r 0:r ");
    /* A record that fails drops out of the passes. */
    drive(3, 3, none, 1, 1, order, sizeof order);
    ck_assert_str_eq(order, "0:0 1:0 2:0 0:1 1:1 2:1 0:2 2:2 ");
    /* One record alone: run's order. */
    drive(1, 3, some, -1, -1, order, sizeof order);
    ck_assert_str_eq(order, "0:0 0:1 0:2 0:r 0:r ");
}
END_TEST

START_TEST(sched_edge_cases)
{
    struct sched_item it[3];
    int job, slot;
    memset(it, 0, sizeof it);
    ck_assert_int_eq(sched_next(it, 0, -1, &job, &slot), SCHED_DONE);
    ck_assert_int_eq(job, -1);
    ck_assert_int_eq(sched_next(it, 3, -1, &job, &slot), SCHED_DONE);
    /* Inactive records are never picked, whatever they say. */
    it[0].slots = 5;
    it[0].wants_rerun = 1;
    ck_assert_int_eq(sched_next(it, 3, -1, &job, &slot), SCHED_DONE);
    /* A rerun is not scheduled while an active record has a slot left. */
    it[0].active = it[1].active = 1;
    it[0].slots = it[1].slots = 2;
    it[0].slots_done = 2;
    it[1].slots_done = 1;
    ck_assert_int_eq(sched_next(it, 3, -1, &job, &slot), SCHED_SLOT);
    ck_assert_int_eq(job, 1);
    ck_assert_int_eq(slot, 1);
    /* Round-robin wraps around LAST; LAST out of range starts at 0. */
    it[1].slots_done = 2;
    it[1].wants_rerun = 1;
    ck_assert_int_eq(sched_next(it, 3, 1, &job, &slot), SCHED_RERUN);
    ck_assert_int_eq(job, 0);
    ck_assert_int_eq(sched_next(it, 3, 0, &job, &slot), SCHED_RERUN);
    ck_assert_int_eq(job, 1);
    ck_assert_int_eq(sched_next(it, 3, 7, &job, &slot), SCHED_RERUN);
    ck_assert_int_eq(job, 0);
}
END_TEST

static Suite *bench_suite(void)
{
    Suite *s = suite_create("bench");
    TCase *tc = tcase_create("plan");
    tcase_add_test(tc, plan_fast_op_hits_cap);
    tcase_add_test(tc, plan_exact_quotient);
    tcase_add_test(tc, plan_floor_of_100_calls);
    tcase_add_test(tc, plan_budget_reduces);
    tcase_add_test(tc, plan_warmup_thresholds);
    tcase_add_test(tc, plan_zero_t1_and_estimate);
    suite_add_tcase(s, tc);

    tc = tcase_create("stats");
    tcase_add_test(tc, stats_medians);
    tcase_add_test(tc, stats_known_sums);
    tcase_add_test(tc, outlier_picks_slow_trial);
    tcase_add_test(tc, outlier_limit_is_strict);
    tcase_add_test(tc, outlier_worst_first_and_exhausted);
    tcase_add_test(tc, outlier_small_counts);
    tcase_add_test(tc, outlier_at_most_three_reruns);
    tcase_add_test(tc, disturbed_rule);
    tcase_add_test(tc, disturbance_tests);
    suite_add_tcase(s, tc);

    tc = tcase_create("elf");
    tcase_add_test(tc, elf_synthetic_64);
    tcase_add_test(tc, elf_synthetic_32_file);
    tcase_add_test(tc, elf_not_elf);
    tcase_add_test(tc, elf_self_matches_loader);
    suite_add_tcase(s, tc);

    tc = tcase_create("helpers");
    tcase_add_test(tc, sha256_vectors);
    tcase_add_test(tc, sysfile_helpers);
    suite_add_tcase(s, tc);

    tc = tcase_create("record");
    tcase_add_test(tc, record_double_shortest);
    tcase_add_test(tc, record_round_trip_and_check);
    tcase_add_test(tc, checker_detects_tampered_statistic);
    tcase_add_test(tc, checker_detects_tampered_trial);
    tcase_add_test(tc, checker_detects_kept_outlier);
    tcase_add_test(tc, checker_detects_kept_disturbed);
    tcase_add_test(tc, checker_verifies_file_digests);
    tcase_add_test(tc, checker_failed_record);
    suite_add_tcase(s, tc);

    tc = tcase_create("run-many");
    tcase_add_test(tc, jobs_parse_good);
    tcase_add_test(tc, jobs_parse_bad);
    tcase_add_test(tc, jobs_load_file);
    tcase_add_test(tc, sched_passes_then_round_robin);
    tcase_add_test(tc, sched_edge_cases);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(bench_suite());
    int failed;
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
