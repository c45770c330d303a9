/* hostcheck.c -- the host state checks of measurement.md section 7.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "environment.h"
#include "hostcheck.h"
#include "sysfile.h"

#define CPU_SYS "/sys/devices/system/cpu"

static void add(json_object *arr, const char *name, const char *status,
                const char *value, const char *fmt, ...)
{
    json_object *o = json_object_new_object();
    char why[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    json_object_object_add(o, "name", json_object_new_string(name));
    json_object_object_add(o, "status", json_object_new_string(status));
    json_object_object_add(o, "value", json_object_new_string(value));
    json_object_object_add(o, "explanation", json_object_new_string(why));
    json_object_array_add(arr, o);
}

static int read_cpu_file(int cpu, const char *rel, char *buf, size_t size)
{
    char path[256];
    snprintf(path, sizeof path, CPU_SYS "/cpu%d/%s", cpu, rel);
    return sys_read_text(path, buf, size);
}

/* ---- clock steadiness ---- */

static uint64_t chain(uint64_t x, long n)
{
    long i;
    for (i = 0; i < n; i++) {
        x = x * 6364136223846793005ULL + 1442695040888963407ULL;
        __asm__ __volatile__("" : "+r"(x));
    }
    return x;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double quantile(const double *sorted, int n, double q)
{
    double pos = q * (n - 1);
    int i = (int)pos;
    return i + 1 < n ? sorted[i] + (pos - i) * (sorted[i + 1] - sorted[i]) : sorted[i];
}

void hostcheck_steadiness(const struct counter *c, struct steadiness *s)
{
    double rate[STEADY_WINDOWS], hz[STEADY_WINDOWS];
    int core = counter_is_core_cycles(c->kind), w;
    uint64_t x = 1;
    for (w = 0; w < STEADY_WINDOWS; w++) {
        double t0 = sys_now(), t;
        uint64_t c0 = counter_read(c), c1, steps = 0;
        do {
            x = chain(x, 4096);
            steps += 4096;
            t = sys_now();
        } while (t - t0 < STEADY_WINDOW_S);
        c1 = counter_read(c);
        hz[w] = (double)(c1 - c0) / (t - t0);
        rate[w] = core ? hz[w] : (c1 > c0 ? (double)steps / (double)(c1 - c0) : 0.0);
    }
    if (x == 42) /* keep the loop */
        fputc('\0', stderr);
    qsort(rate, STEADY_WINDOWS, sizeof rate[0], cmp_double);
    qsort(hz, STEADY_WINDOWS, sizeof hz[0], cmp_double);
    s->rate_median = quantile(rate, STEADY_WINDOWS, 0.5);
    s->iqr = s->rate_median > 0
        ? (quantile(rate, STEADY_WINDOWS, 0.75) - quantile(rate, STEADY_WINDOWS, 0.25)) / s->rate_median
        : 1.0;
    s->counter_hz = quantile(hz, STEADY_WINDOWS, 0.5);
}

/* ---- the checks ---- */

static const char *arch_family(const char *a)
{
    if (!strcmp(a, "x86_64") || !strcmp(a, "i386") || !strcmp(a, "i686"))
        return "x86";
    if (!strcmp(a, "aarch64") || !strcmp(a, "arm") || !strncmp(a, "armv", 4))
        return "arm";
    return a;
}

/* The architecture family /proc/cpuinfo describes, or "" if unknown. */
static const char *cpuinfo_family(const char *info)
{
    char v[64];
    if (!info)
        return "";
    if (sys_text_value(info, "vendor_id", v, sizeof v) == 0 && sys_text_value(info, "flags", v, sizeof v) == 0)
        return "x86";
    if (sys_text_value(info, "CPU implementer", v, sizeof v) == 0)
        return "arm";
    return "";
}

/* The kernel's architecture from /proc/sys/kernel/arch (Linux 6.1+), which
 * a user-mode emulator does not fake (uname(2) it does); "" if unknown. */
static void kernel_arch(char *out, size_t size)
{
    if (sys_read_text("/proc/sys/kernel/arch", out, size) != 0)
        out[0] = '\0';
}

static void check_arch(json_object *arr, const char *info)
{
    struct utsname u;
    const char *build = environment_build_arch(), *ci = cpuinfo_family(info);
    char value[200], karch[64];
    if (uname(&u) != 0)
        strcpy(u.machine, "unknown");
    kernel_arch(karch, sizeof karch);
    snprintf(value, sizeof value, "%s (program built for %s%s%s)", u.machine, build,
             karch[0] ? "; kernel " : "", karch);
    if (strcmp(arch_family(u.machine), arch_family(build)) != 0 ||
        (karch[0] && strcmp(arch_family(karch), arch_family(build)) != 0) ||
        (ci[0] && strcmp(ci, arch_family(build)) != 0))
        add(arr, "architecture", "problem", value,
            "the program's architecture differs from the host's (%s CPU in /proc/cpuinfo%s%s): emulated",
            ci[0] ? ci : "unknown", karch[0] ? ", kernel " : "", karch);
    else
        add(arr, "architecture", "ok", value, "measured natively on %s", u.machine);
}

static void check_counter(json_object *arr, enum counter_kind kind)
{
    long long paranoid;
    char value[400], reason[256];
    int perf = counter_probe(COUNTER_PERF, reason, sizeof reason) == 0;
    if (sys_read_ll("/proc/sys/kernel/perf_event_paranoid", &paranoid) != 0)
        snprintf(value, sizeof value, "perf_event_paranoid unreadable; %s",
                 perf ? "perf cycles work" : reason);
    else
        snprintf(value, sizeof value, "perf_event_paranoid %lld; %s",
                 paranoid, perf ? "perf cycles work" : reason);
    if (perf)
        add(arr, "cycle_counter", "ok", value, "user-mode core cycles from perf_event_open%s",
            kind == COUNTER_PERF ? "" : " (but another counter was asked for)");
    else
        add(arr, "cycle_counter", "problem", value,
            "no core-cycle counter: figures are %s (counter %s)", counter_unit(kind), counter_name(kind));
}

static int check_turbo(json_object *arr, int cpu)
{
    long long v;
    char value[96], path[128];
    if (sys_read_ll(CPU_SYS "/intel_pstate/no_turbo", &v) == 0) {
        snprintf(value, sizeof value, "intel_pstate/no_turbo %lld", v);
        add(arr, "turbo", v ? "ok" : "problem", value,
            v ? "turbo off" : "turbo on: the clock varies with load and temperature");
        return v ? 0 : 1;
    }
    if (sys_read_ll(CPU_SYS "/cpufreq/boost", &v) == 0) {
        snprintf(value, sizeof value, "cpufreq/boost %lld", v);
        add(arr, "turbo", v ? "problem" : "ok", value,
            v ? "boost on: the clock varies with load and temperature" : "boost off");
        return v ? 1 : 0;
    }
    /* Per-policy boost (Linux 6.11+: ARM cpufreq-dt, CPPC, ...). */
    snprintf(path, sizeof path, CPU_SYS "/cpu%d/cpufreq/boost", cpu);
    if (sys_read_ll(path, &v) == 0) {
        snprintf(value, sizeof value, "cpu%d/cpufreq/boost %lld", cpu, v);
        add(arr, "turbo", v ? "problem" : "ok", value,
            v ? "boost on: the clock varies with load and temperature" : "boost off");
        return v ? 1 : 0;
    }
    add(arr, "turbo", "unknown", "no intel_pstate/no_turbo, no cpufreq/boost",
        "turbo/boost state not visible to the OS (typical of virtual machines)");
    return -1;
}

static void check_governor(json_object *arr, int cpu)
{
    char gov[64];
    if (read_cpu_file(cpu, "cpufreq/scaling_governor", gov, sizeof gov) != 0) {
        add(arr, "governor", "unknown", "no cpufreq", "no cpufreq for CPU %d: governor not visible", cpu);
        return;
    }
    if (strcmp(gov, "performance") == 0)
        add(arr, "governor", "ok", gov, "governor performance on CPU %d", cpu);
    else
        add(arr, "governor", "problem", gov, "governor %s on CPU %d, not performance", gov, cpu);
}

static double check_fixed_clock(json_object *arr, int cpu, int boost)
{
    char a[32], b[32], value[96];
    int arm = strcmp(arch_family(environment_build_arch()), "arm") == 0;
    if (read_cpu_file(cpu, "cpufreq/scaling_min_freq", a, sizeof a) != 0 ||
        read_cpu_file(cpu, "cpufreq/scaling_max_freq", b, sizeof b) != 0) {
        if (arm)
            add(arr, "min_eq_max_clock", "unknown", "no cpufreq", "clock limits of CPU %d not visible", cpu);
        else
            add(arr, "min_eq_max_clock", "ok", "no cpufreq", "required on ARM only (x86: turbo and governor)");
        return 0.0;
    }
    snprintf(value, sizeof value, "min %s kHz, max %s kHz", a, b);
    if (strcmp(a, b) == 0) {
        add(arr, "min_eq_max_clock", "ok", value, "minimum = maximum clock");
        return boost == 1 ? 0.0 : atof(b) * 1000.0;
    }
    add(arr, "min_eq_max_clock", arm ? "problem" : "ok", value,
        arm ? "minimum and maximum clock differ: the clock is not fixed"
            : "minimum and maximum differ; required on ARM only (x86: turbo and governor)");
    return 0.0;
}

static void check_smt(json_object *arr, int cpu)
{
    char list[128], value[160], own[16];
    if (read_cpu_file(cpu, "topology/thread_siblings_list", list, sizeof list) != 0) {
        add(arr, "smt", "unknown", "no thread_siblings_list", "SMT siblings of CPU %d not visible", cpu);
        return;
    }
    snprintf(value, sizeof value, "thread_siblings_list %s", list);
    snprintf(own, sizeof own, "%d", cpu);
    if (strcmp(list, own) == 0)
        add(arr, "smt", "ok", value, "CPU %d has no SMT sibling", cpu);
    else
        add(arr, "smt", "problem", value, "CPU %d shares its core with another hardware thread", cpu);
}

static void check_core_type(json_object *arr, int cpu)
{
    char core[256], atom[256], value[600];
    long long mine = -1, best = -1, v;
    int i;
    if (sys_read_text("/sys/devices/cpu_core/cpus", core, sizeof core) == 0 &&
        sys_read_text("/sys/devices/cpu_atom/cpus", atom, sizeof atom) == 0) {
        snprintf(value, sizeof value, "cpu_core %s, cpu_atom %s", core, atom);
        if (sys_cpu_in_list(core, cpu))
            add(arr, "core_type", "ok", value, "hybrid Intel CPU: CPU %d is a performance core", cpu);
        else
            add(arr, "core_type", "problem", value, "hybrid Intel CPU: CPU %d is not a performance core", cpu);
        return;
    }
    for (i = 0; i < 4096; i++) {
        char path[128];
        snprintf(path, sizeof path, CPU_SYS "/cpu%d/cpu_capacity", i);
        if (sys_read_ll(path, &v) != 0) {
            snprintf(path, sizeof path, CPU_SYS "/cpu%d", i);
            if (access(path, F_OK) != 0)
                break;
            continue;
        }
        if (i == cpu)
            mine = v;
        if (v > best)
            best = v;
    }
    if (mine >= 0) {
        snprintf(value, sizeof value, "cpu_capacity %lld (largest %lld)", mine, best);
        if (mine == best)
            add(arr, "core_type", "ok", value, "CPU %d is among the largest cores", cpu);
        else
            add(arr, "core_type", "problem", value, "CPU %d is a smaller core", cpu);
        return;
    }
    add(arr, "core_type", "ok", "no cpu_core/cpu_atom, no cpu_capacity",
        "no hybrid core types visible");
}

static void cpuset_of_self(char *out, size_t size)
{
    char *cg = sys_read_file("/proc/self/cgroup", NULL), *line, *save = NULL;
    out[0] = '\0';
    if (!cg)
        return;
    for (line = strtok_r(cg, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        char path[512];
        char *p = strchr(line, ':'), *q = p ? strchr(p + 1, ':') : NULL;
        if (!q)
            continue;
        *q = '\0';
        if (strcmp(p + 1, "") == 0) /* cgroup v2 */
            snprintf(path, sizeof path, "/sys/fs/cgroup%s/cpuset.cpus.effective",
                     strcmp(q + 1, "/") ? q + 1 : "");
        else if (strstr(p + 1, "cpuset")) /* v1 */
            snprintf(path, sizeof path, "/sys/fs/cgroup/cpuset%s/cpuset.effective_cpus",
                     strcmp(q + 1, "/") ? q + 1 : "");
        else
            continue;
        if (sys_read_text(path, out, size) == 0 && out[0])
            break;
        out[0] = '\0';
    }
    free(cg);
}

static void check_cpu_usable(json_object *arr, int cpu)
{
    cpu_set_t set;
    char online[128] = "", cpuset[256], value[512];
    int in_mask, in_online, in_cpuset;
    CPU_ZERO(&set);
    in_mask = sched_getaffinity(0, sizeof set, &set) == 0 && cpu < CPU_SETSIZE && CPU_ISSET(cpu, &set);
    in_online = sys_read_text(CPU_SYS "/online", online, sizeof online) != 0 || sys_cpu_in_list(online, cpu);
    cpuset_of_self(cpuset, sizeof cpuset);
    in_cpuset = !cpuset[0] || sys_cpu_in_list(cpuset, cpu);
    snprintf(value, sizeof value, "CPU %d; online %s; cpuset %s; %s the affinity mask", cpu,
             online[0] ? online : "?", cpuset[0] ? cpuset : "not visible", in_mask ? "in" : "not in");
    if (in_mask && in_online && in_cpuset)
        add(arr, "cpu_usable", "ok", value, "CPU %d is online and allowed", cpu);
    else
        add(arr, "cpu_usable", "problem", value, "CPU %d is %s", cpu,
            !in_online ? "offline" : !in_cpuset ? "outside this cgroup's cpuset" : "not in the affinity mask");
}

static void check_steady(json_object *arr, enum counter_kind kind, const struct steadiness *s)
{
    char value[200];
    if (!s) {
        add(arr, "clock_steady", "unknown", "not measured",
            "measured once per campaign by 'ngcc-bench host'; records take it with --host FILE");
        return;
    }
    if (counter_is_core_cycles(kind))
        snprintf(value, sizeof value, "median %.4g Hz, IQR %.2f %% over %d windows of %.0f ms",
                 s->rate_median, s->iqr * 100, STEADY_WINDOWS, STEADY_WINDOW_S * 1000);
    else
        snprintf(value, sizeof value, "loop steps per %s tick: median %.4g, IQR %.2f %% over %d windows of %.0f ms",
                 counter_name(kind), s->rate_median, s->iqr * 100, STEADY_WINDOWS, STEADY_WINDOW_S * 1000);
    if (s->iqr <= STEADY_MAX_IQR)
        add(arr, "clock_steady", "ok", value, "the measured clock is steady (IQR <= %.1f %%)", STEADY_MAX_IQR * 100);
    else
        add(arr, "clock_steady", "problem", value, "the measured clock is not steady (IQR > %.1f %%)", STEADY_MAX_IQR * 100);
}

static void hypervisor_vendor(char *out, size_t size)
{
    out[0] = '\0';
    (void)size;
#if defined(__x86_64__) || defined(__i386__)
    {
        unsigned a, b, c, d;
        char v[13];
        __cpuid(0x40000000, a, b, c, d);
        memcpy(v, &b, 4);
        memcpy(v + 4, &c, 4);
        memcpy(v + 8, &d, 4);
        v[12] = '\0';
        (void)a;
        if (!strcmp(v, "KVMKVMKVM")) snprintf(out, size, "KVM");
        else if (!strcmp(v, "Microsoft Hv")) snprintf(out, size, "Hyper-V");
        else if (!strcmp(v, "VMwareVMware")) snprintf(out, size, "VMware");
        else if (!strcmp(v, "XenVMMXenVMM")) snprintf(out, size, "Xen");
        else if (!strcmp(v, "TCGTCGTCGTCG")) snprintf(out, size, "QEMU TCG (full-system emulation)");
        else if (!strcmp(v, "VBoxVBoxVBox")) snprintf(out, size, "VirtualBox");
        else if (v[0]) snprintf(out, size, "CPUID vendor \"%s\"", v);
    }
#endif
}

static void check_hypervisor(json_object *arr, const char *info)
{
    char flags[4096] = "", value[256], buf[128], vendor[96];
    const char *p;
    if (info && sys_text_value(info, "flags", flags, sizeof flags) == 0) {
        p = strstr(flags, "hypervisor");
        if (p && (p == flags || p[-1] == ' ') && (p[10] == ' ' || p[10] == '\0')) {
            hypervisor_vendor(vendor, sizeof vendor);
            snprintf(value, sizeof value, "hypervisor flag%s%s", vendor[0] ? "; " : "", vendor);
            add(arr, "hypervisor", "problem", value,
                "running in a virtual machine: other guests and the host disturb timings");
            return;
        }
    }
    if (sys_read_text("/sys/hypervisor/type", buf, sizeof buf) == 0 && buf[0]) {
        snprintf(value, sizeof value, "/sys/hypervisor/type %s", buf);
        add(arr, "hypervisor", "problem", value, "running in a virtual machine");
        return;
    }
    if (sys_read_text("/sys/class/dmi/id/product_name", buf, sizeof buf) == 0 &&
        (strstr(buf, "KVM") || strstr(buf, "QEMU") || strstr(buf, "VMware") ||
         strstr(buf, "VirtualBox") || strstr(buf, "Virtual Machine"))) {
        snprintf(value, sizeof value, "DMI product %s", buf);
        add(arr, "hypervisor", "problem", value, "running in a virtual machine");
        return;
    }
    if (sys_read_text("/proc/device-tree/compatible", buf, sizeof buf) == 0 &&
        strstr(buf, "linux,dummy-virt")) {
        add(arr, "hypervisor", "problem", "device tree linux,dummy-virt",
            "running in a QEMU virt machine");
        return;
    }
    add(arr, "hypervisor", "ok", "none found",
        "no hypervisor flag, /sys/hypervisor, virtual DMI product or virt device tree");
}

/* The CPU type of the kernel's /sys/devices/system/cpu/modalias
 * ("cpu:type:x86,ven...", "cpu:type:aarch64:feature:..."), as a family;
 * "" if unknown. */
static const char *modalias_family(void)
{
    char buf[64];
    if (sys_read_text("/sys/devices/system/cpu/modalias", buf, sizeof buf) != 0 ||
        strncmp(buf, "cpu:type:", 9) != 0)
        return "";
    if (!strncmp(buf + 9, "x86", 3))
        return "x86";
    if (!strncmp(buf + 9, "aarch64", 7) || !strncmp(buf + 9, "arm", 3))
        return "arm";
    return "";
}

#if defined(__aarch64__) && defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_CPUID
#define HWCAP_CPUID (1 << 11)
#endif
/* MIDR_EL1's implementer: 0x00 is "reserved for software use", what
 * QEMU's "max" CPU reports; -1 when the kernel does not emulate the read. */
static int midr_implementer(unsigned long *midr)
{
    unsigned long v;
    if (!(getauxval(AT_HWCAP) & HWCAP_CPUID))
        return -1;
    __asm__ __volatile__("mrs %0, midr_el1" : "=r"(v));
    *midr = v;
    return (int)((v >> 24) & 0xff);
}
#endif

/* Signs of a user-mode emulator (qemu-user) that the emulator does not
 * hide: the kernel's architecture (/proc/sys/kernel/arch, the CPU
 * modalias) against the program's, /proc/cpuinfo of another architecture
 * (qemu before 8.1 passes the host's), the process name (qemu-aarch64
 * without binfmt_misc), QEMU_* variables, an AArch64 MIDR_EL1 of
 * implementer 0x00 (QEMU's "max" CPU). */
static void check_emulator(json_object *arr, const char *info)
{
    char comm[64] = "", value[512] = "", karch[64];
    const char *ci = cpuinfo_family(info), *build = arch_family(environment_build_arch());
    const char *mod = modalias_family();
#if defined(__aarch64__) && defined(__linux__)
    const char *midr_checked = ", MIDR_EL1";
#else
    const char *midr_checked = "";
#endif
    size_t n = 0;
    kernel_arch(karch, sizeof karch);
    if (karch[0] && strcmp(arch_family(karch), build) != 0)
        n += (size_t)snprintf(value + n, sizeof value - n, "kernel %s, program %s; ",
                              karch, environment_build_arch());
    else if (mod[0] && strcmp(mod, build) != 0)
        n += (size_t)snprintf(value + n, sizeof value - n, "%s CPU modalias, program %s; ",
                              mod, environment_build_arch());
    if (ci[0] && strcmp(ci, build) != 0)
        n += (size_t)snprintf(value + n, sizeof value - n, "%s /proc/cpuinfo, program %s; ",
                              ci, environment_build_arch());
    if (sys_read_text("/proc/self/comm", comm, sizeof comm) == 0 && strstr(comm, "qemu"))
        n += (size_t)snprintf(value + n, sizeof value - n, "process name %s; ", comm);
    if (getenv("QEMU_LD_PREFIX") || getenv("QEMU_CPU") || getenv("QEMU_GUEST_BASE"))
        n += (size_t)snprintf(value + n, sizeof value - n, "QEMU_* variables set; ");
#if defined(__aarch64__) && defined(__linux__)
    {
        unsigned long midr = 0;
        if (midr_implementer(&midr) == 0)
            n += (size_t)snprintf(value + n, sizeof value - n,
                                  "MIDR_EL1 0x%lx (implementer 0x00: a software model); ", midr);
    }
#endif
    if (n > sizeof value - 1)
        n = sizeof value - 1;
    if (n > 2) {
        value[n - 2] = '\0';
        add(arr, "emulator", "problem", value,
            "running under an emulator (qemu-user): the figures are not performance figures");
    } else {
        add(arr, "emulator", "ok", "none found",
            "no sign of an emulator (kernel architecture, /proc/cpuinfo, process name, "
            "QEMU_* variables%s)", midr_checked);
    }
}

json_object *hostcheck_json(int cpu, enum counter_kind kind,
                            const struct steadiness *steady, double *fixed_hz)
{
    json_object *arr = json_object_new_array();
    char *info = environment_cpuinfo_block(cpu);
    int boost;
    double fixed;
    check_arch(arr, info);
    check_counter(arr, kind);
    boost = check_turbo(arr, cpu);
    check_governor(arr, cpu);
    fixed = check_fixed_clock(arr, cpu, boost);
    check_smt(arr, cpu);
    check_core_type(arr, cpu);
    check_cpu_usable(arr, cpu);
    check_steady(arr, kind, steady);
    check_hypervisor(arr, info);
    check_emulator(arr, info);
    free(info);
    if (fixed_hz)
        *fixed_hz = fixed;
    return arr;
}

json_object *hostcheck_problems(json_object *checks)
{
    json_object *names = json_object_new_array();
    size_t i, n = json_object_array_length(checks);
    for (i = 0; i < n; i++) {
        json_object *c = json_object_array_get_idx(checks, i), *s, *name;
        if (json_object_object_get_ex(c, "status", &s) &&
            strcmp(json_object_get_string(s), "problem") == 0 &&
            json_object_object_get_ex(c, "name", &name))
            json_object_array_add(names, json_object_get(name));
    }
    return names;
}

int hostcheck_default_cpu(void)
{
    cpu_set_t set;
    int i;
    CPU_ZERO(&set);
    if (sched_getaffinity(0, sizeof set, &set) != 0)
        return 0;
    for (i = CPU_SETSIZE - 1; i > 0; i--)
        if (CPU_ISSET(i, &set))
            return i;
    return 0;
}
