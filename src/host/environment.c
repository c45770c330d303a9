/* environment.c -- the assessment environment as strings.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/utsname.h>

#include "environment.h"
#include "sysfile.h"

const char *environment_build_arch(void)
{
#if defined(__x86_64__)
    return "x86_64";
#elif defined(__i386__)
    return "i386";
#elif defined(__aarch64__)
    return "aarch64";
#elif defined(__arm__)
    return "arm";
#elif defined(__riscv) && __riscv_xlen == 64
    return "riscv64";
#elif defined(__powerpc64__)
    return "ppc64";
#elif defined(__s390x__)
    return "s390x";
#else
    return "unknown";
#endif
}

char *environment_cpuinfo_block(int cpu)
{
    char *all = sys_read_file("/proc/cpuinfo", NULL), *p;
    if (!all)
        return NULL;
    for (p = all; p && *p;) {
        char *end = strstr(p, "\n\n");
        char value[32];
        size_t len = end ? (size_t)(end - p) : strlen(p);
        char *block = strndup(p, len);
        if (block && sys_text_value(block, "processor", value, sizeof value) == 0 &&
            atoi(value) == cpu && value[0] >= '0' && value[0] <= '9') {
            free(all);
            return block;
        }
        free(block);
        p = end ? end + 2 : NULL;
    }
    return all;
}

/* AArch64 "CPU implementer" and "CPU part" to names, for a few known
 * cores; the rest are shown raw. */
static const struct { unsigned impl; const char *vendor; } vendors[] = {
    { 0x41, "ARM" }, { 0x42, "Broadcom" }, { 0x43, "Cavium" }, { 0x46, "Fujitsu" },
    { 0x48, "HiSilicon" }, { 0x4e, "NVIDIA" }, { 0x50, "APM" }, { 0x51, "Qualcomm" },
    { 0x61, "Apple" }, { 0x6d, "Microsoft" }, { 0x70, "Phytium" }, { 0xc0, "Ampere" },
};

static const struct { unsigned impl, part; const char *name; } parts[] = {
    { 0x41, 0xd03, "Cortex-A53" }, { 0x41, 0xd04, "Cortex-A35" }, { 0x41, 0xd05, "Cortex-A55" },
    { 0x41, 0xd07, "Cortex-A57" }, { 0x41, 0xd08, "Cortex-A72" }, { 0x41, 0xd09, "Cortex-A73" },
    { 0x41, 0xd0a, "Cortex-A75" }, { 0x41, 0xd0b, "Cortex-A76" }, { 0x41, 0xd0c, "Neoverse-N1" },
    { 0x41, 0xd0d, "Cortex-A77" }, { 0x41, 0xd40, "Neoverse-V1" }, { 0x41, 0xd41, "Cortex-A78" },
    { 0x41, 0xd44, "Cortex-X1" }, { 0x41, 0xd46, "Cortex-A510" }, { 0x41, 0xd47, "Cortex-A710" },
    { 0x41, 0xd48, "Cortex-X2" }, { 0x41, 0xd49, "Neoverse-N2" }, { 0x41, 0xd4d, "Cortex-A715" },
    { 0x41, 0xd4e, "Cortex-X3" }, { 0x41, 0xd4f, "Neoverse-V2" }, { 0x41, 0xd80, "Cortex-A520" },
    { 0x41, 0xd81, "Cortex-A720" }, { 0x41, 0xd82, "Cortex-X4" }, { 0x41, 0xd84, "Neoverse-V3" },
    { 0x41, 0xd85, "Cortex-X925" }, { 0x41, 0xd87, "Cortex-A725" }, { 0x41, 0xd8e, "Neoverse-N3" },
    { 0x46, 0x001, "A64FX" }, { 0x48, 0xd01, "TaiShan v110 (Kunpeng 920)" },
    { 0x51, 0x001, "Oryon" }, { 0x51, 0x800, "Kryo 2xx Gold" }, { 0x51, 0x801, "Kryo 2xx Silver" },
    { 0x51, 0x804, "Kryo 4xx Gold" }, { 0x51, 0x805, "Kryo 4xx Silver" },
    { 0x61, 0x022, "M1 Icestorm" }, { 0x61, 0x023, "M1 Firestorm" },
    { 0x61, 0x032, "M2 Blizzard" }, { 0x61, 0x033, "M2 Avalanche" },
    { 0x70, 0x662, "FTC662" }, { 0x70, 0x663, "FTC663" }, { 0x70, 0x862, "FTC862" },
    { 0xc0, 0xac3, "Ampere-1" }, { 0xc0, 0xac4, "Ampere-1a" },
};

static void arm_model(const char *block, char *out, size_t size)
{
    char impl_s[32], part_s[32];
    const char *vendor = NULL, *name = NULL;
    unsigned impl, part;
    size_t i;
    if (sys_text_value(block, "CPU implementer", impl_s, sizeof impl_s) != 0 ||
        sys_text_value(block, "CPU part", part_s, sizeof part_s) != 0) {
        out[0] = '\0';
        return;
    }
    impl = (unsigned)strtoul(impl_s, NULL, 0);
    part = (unsigned)strtoul(part_s, NULL, 0);
    for (i = 0; i < sizeof vendors / sizeof vendors[0]; i++)
        if (vendors[i].impl == impl)
            vendor = vendors[i].vendor;
    for (i = 0; i < sizeof parts / sizeof parts[0]; i++)
        if (parts[i].impl == impl && parts[i].part == part)
            name = parts[i].name;
    if (vendor && name)
        snprintf(out, size, "%s %s", vendor, name);
    else
        snprintf(out, size, "%s%sCPU implementer %s part %s", vendor ? vendor : "",
                 vendor ? " " : "", impl_s, part_s);
}

/* The architecture family ("x86", "arm") of a uname -m style name. */
static const char *family_of(const char *arch)
{
    if (!strcmp(arch, "x86_64") || !strcmp(arch, "i386") || !strcmp(arch, "i686"))
        return "x86";
    if (!strcmp(arch, "aarch64") || !strcmp(arch, "arm64") || !strcmp(arch, "arm") ||
        !strncmp(arch, "armv", 4))
        return "arm";
    return arch;
}

/* The family a /proc/cpuinfo block describes, or "" when it does not say. */
static const char *cpuinfo_family_of(const char *block)
{
    char v[64];
    if (!block)
        return "";
    if (sys_text_value(block, "CPU implementer", v, sizeof v) == 0)
        return "arm";
    if (sys_text_value(block, "vendor_id", v, sizeof v) == 0)
        return "x86";
    return "";
}

/* CPU model (measurement.md section 7).  AArch64: vendor + core name from
 * "CPU implementer"/"CPU part" (the "model name" some kernels print is
 * generic, e.g. "ARMv8 Processor rev 0"); x86: "model name".  A program
 * run by a user-mode emulator (qemu-user) reads the host's /proc/cpuinfo
 * (and uname lies): the model then says so, "emulated aarch64 on <host
 * CPU>", because no figure measured there describes that CPU. */
static void cpu_model(const char *block, char *out, size_t size)
{
    const char *build = family_of(environment_build_arch()), *ci = cpuinfo_family_of(block);
    char host[256] = "", kernel_arch[64] = "";
    int foreign;
    out[0] = '\0';
    if (block && !strcmp(ci, "arm"))
        arm_model(block, host, sizeof host);
    if (!host[0] && block && sys_text_value(block, "model name", host, sizeof host) != 0)
        host[0] = '\0';
    /* /proc/sys/kernel/arch is the kernel's, which qemu-user does not fake. */
    if (sys_read_text("/proc/sys/kernel/arch", kernel_arch, sizeof kernel_arch) != 0)
        kernel_arch[0] = '\0';
    foreign = (ci[0] && strcmp(ci, build) != 0) ||
              (kernel_arch[0] && strcmp(family_of(kernel_arch), build) != 0);
    if (!foreign) {
        snprintf(out, size, "%s", host);
        return;
    }
    if (ci[0] && strcmp(ci, build) != 0 && host[0])
        snprintf(out, size, "emulated %s on %s", environment_build_arch(), host);
    else
        snprintf(out, size, "emulated %s on a%s %s host", environment_build_arch(),
                 kernel_arch[0] == 'x' || kernel_arch[0] == 'a' ? "n" : "",
                 kernel_arch[0] ? kernel_arch : "foreign");
}

/* DMI strings that firmware leaves unset. */
static int dmi_placeholder(const char *s)
{
    static const char *const junk[] = {
        "", "To be filled by O.E.M.", "To Be Filled By O.E.M.", "Default string",
        "System Product Name", "System manufacturer", "Not Specified", "Not Applicable",
        "None", "OEM", "O.E.M.", "Unknown", "Type1ProductConfigId", "123456789",
    };
    size_t i;
    for (i = 0; i < sizeof junk / sizeof junk[0]; i++)
        if (strcmp(s, junk[i]) == 0)
            return 1;
    return 0;
}

/* Machine model (measurement.md section 7): DMI vendor and product
 * (ACPI machines: x86, ARM servers and laptops), the vendor left out when
 * the product already names it ("ASUS Vivobook ..." of "ASUSTeK COMPUTER
 * INC."); else the device tree's model (ARM boards: "Raspberry Pi 5 Model
 * B Rev 1.0"); else "". */
static void machine_model(char *out, size_t size)
{
    char vendor[128], product[128];
    out[0] = '\0';
    if (sys_read_text("/sys/class/dmi/id/product_name", product, sizeof product) == 0 &&
        !dmi_placeholder(product)) {
        size_t w;
        if (sys_read_text("/sys/class/dmi/id/sys_vendor", vendor, sizeof vendor) != 0 ||
            dmi_placeholder(vendor)) {
            snprintf(out, size, "%s", product);
            return;
        }
        w = strcspn(product, " ");
        if (w >= 2 && strncasecmp(product, vendor, w) == 0)
            snprintf(out, size, "%s", product);
        else
            snprintf(out, size, "%s %s", vendor, product);
        return;
    }
    if (sys_read_text("/proc/device-tree/model", out, size) != 0 &&
        sys_read_text("/sys/firmware/devicetree/base/model", out, size) != 0)
        out[0] = '\0';
}

static json_object *str_or_null(const char *s)
{
    return s && s[0] ? json_object_new_string(s) : NULL;
}

static json_object *hz_or_null(const char *path_fmt, int cpu)
{
    char path[128];
    long long khz;
    snprintf(path, sizeof path, path_fmt, cpu);
    return sys_read_ll(path, &khz) == 0 ? json_object_new_double(khz * 1000.0) : NULL;
}

static json_object *clock_json(int cpu)
{
    json_object *o = json_object_new_object();
    char path[128], buf[64];
    long long v;
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_driver", cpu);
    json_object_object_add(o, "driver", sys_read_text(path, buf, sizeof buf) == 0 ? str_or_null(buf) : NULL);
    snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_governor", cpu);
    json_object_object_add(o, "governor", sys_read_text(path, buf, sizeof buf) == 0 ? str_or_null(buf) : NULL);
    json_object_object_add(o, "min_hz", hz_or_null("/sys/devices/system/cpu/cpu%d/cpufreq/scaling_min_freq", cpu));
    json_object_object_add(o, "max_hz", hz_or_null("/sys/devices/system/cpu/cpu%d/cpufreq/scaling_max_freq", cpu));
    json_object_object_add(o, "cur_hz", hz_or_null("/sys/devices/system/cpu/cpu%d/cpufreq/scaling_cur_freq", cpu));
    if (sys_read_ll("/sys/devices/system/cpu/intel_pstate/no_turbo", &v) == 0)
        json_object_object_add(o, "boost", json_object_new_boolean(v == 0));
    else if (sys_read_ll("/sys/devices/system/cpu/cpufreq/boost", &v) == 0)
        json_object_object_add(o, "boost", json_object_new_boolean(v != 0));
    else if (snprintf(path, sizeof path, "/sys/devices/system/cpu/cpu%d/cpufreq/boost", cpu) > 0 &&
             sys_read_ll(path, &v) == 0)
        json_object_object_add(o, "boost", json_object_new_boolean(v != 0));
    else
        json_object_object_add(o, "boost", NULL);
    return o;
}

json_object *environment_json(int cpu)
{
    json_object *o = json_object_new_object();
    char *block = environment_cpuinfo_block(cpu), *os;
    char buf[512], model[256] = "";
    struct utsname u;
    long long kb = -1;

    if (uname(&u) != 0)
        memset(&u, 0, sizeof u);
    json_object_object_add(o, "arch", str_or_null(u.machine));
    json_object_object_add(o, "build_arch", json_object_new_string(environment_build_arch()));
    cpu_model(block, model, sizeof model);
    json_object_object_add(o, "cpu_model", str_or_null(model));
    json_object_object_add(o, "cpuinfo_mhz",
        block && sys_text_value(block, "cpu MHz", buf, sizeof buf) == 0
            ? json_object_new_double(atof(buf)) : NULL);
    free(block);

    machine_model(buf, sizeof buf);
    json_object_object_add(o, "machine", str_or_null(buf));

    os = sys_read_file("/etc/os-release", NULL);
    if (!os)
        os = sys_read_file("/usr/lib/os-release", NULL);
    buf[0] = '\0';
    if (os) {
        const char *p = strstr(os, "PRETTY_NAME=");
        if (p && (p == os || p[-1] == '\n')) {
            size_t n;
            p += strlen("PRETTY_NAME=");
            if (*p == '"' || *p == '\'')
                p++;
            n = strcspn(p, "\"'\n");
            snprintf(buf, sizeof buf, "%.*s", (int)n, p);
        }
        free(os);
    }
    json_object_object_add(o, "os", str_or_null(buf));
    json_object_object_add(o, "kernel", str_or_null(u.release));
    /* The compiler that built the instances: make bench passes its $CC
     * (a cross build: aarch64-linux-gnu-gcc, not this machine's gcc). */
    {
        const char *cc = getenv("CC");
        char cmd[512];
        if (!cc || !cc[strspn(cc, " \t")] || strlen(cc) > 400 || strpbrk(cc, ";&|<>`$()\n"))
            cc = "gcc";
        snprintf(cmd, sizeof cmd, "%s --version 2>/dev/null", cc);
        json_object_object_add(o, "compiler",
            sys_command_line1(cmd, buf, sizeof buf) == 0 ? str_or_null(buf) : NULL);
    }
    json_object_object_add(o, "build_tool",
        sys_command_line1("make --version 2>/dev/null", buf, sizeof buf) == 0 ? str_or_null(buf) : NULL);
    {
        char *mem = sys_read_file("/proc/meminfo", NULL);
        if (mem && sys_text_value(mem, "MemTotal", buf, sizeof buf) == 0)
            kb = atoll(buf);
        free(mem);
    }
    json_object_object_add(o, "memtotal_bytes", kb >= 0 ? json_object_new_int64(kb * 1024) : NULL);
    json_object_object_add(o, "clock", clock_json(cpu));
    return o;
}
