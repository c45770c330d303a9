/* elfsize.c -- static memory of an instance library from its ELF program
 * headers.  Only the native byte order is read; the class (32/64 bits) is
 * taken from the identification bytes.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elfsize.h"
#include "sysfile.h"

#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define NATIVE_DATA ELFDATA2LSB
#else
#define NATIVE_DATA ELFDATA2MSB
#endif

/* The program header table: where it is, how many, how big each. */
struct phdr_table {
    uint64_t off;
    uint64_t num;
    uint64_t entsize;
};

static int fail(char *err, size_t errlen, const char *msg)
{
    snprintf(err, errlen, "%s", msg);
    return -1;
}

/* e_phnum == PN_XNUM: the real count is sh_info of section header 0. */
static int xnum(const unsigned char *buf, size_t len, int bits, uint64_t shoff,
                uint64_t *num)
{
    if (bits == 64) {
        Elf64_Shdr sh;
        if (shoff == 0 || shoff > len || len - shoff < sizeof sh)
            return -1;
        memcpy(&sh, buf + shoff, sizeof sh);
        *num = sh.sh_info;
    } else {
        Elf32_Shdr sh;
        if (shoff == 0 || shoff > len || len - shoff < sizeof sh)
            return -1;
        memcpy(&sh, buf + shoff, sizeof sh);
        *num = sh.sh_info;
    }
    return 0;
}

int elf_parse(const unsigned char *buf, size_t len, struct elf_info *info,
              char *err, size_t errlen)
{
    struct phdr_table t;
    uint64_t shoff, i;
    unsigned phnum;
    size_t need;

    memset(info, 0, sizeof *info);
    if (len < EI_NIDENT || memcmp(buf, ELFMAG, SELFMAG) != 0)
        return fail(err, errlen, "not an ELF file (no \\177ELF magic)");
    if (buf[EI_CLASS] != ELFCLASS32 && buf[EI_CLASS] != ELFCLASS64)
        return fail(err, errlen, "unknown ELF class");
    if (buf[EI_DATA] != NATIVE_DATA)
        return fail(err, errlen, "ELF file of the other byte order (only the native one is read)");
    if (buf[EI_VERSION] != EV_CURRENT)
        return fail(err, errlen, "unknown ELF version");
    info->bits = buf[EI_CLASS] == ELFCLASS64 ? 64 : 32;
    if (info->bits == 64) {
        Elf64_Ehdr h;
        if (len < sizeof h)
            return fail(err, errlen, "truncated ELF header");
        memcpy(&h, buf, sizeof h);
        info->type = h.e_type;
        info->machine = h.e_machine;
        t.off = h.e_phoff;
        phnum = h.e_phnum;
        t.entsize = h.e_phentsize;
        shoff = h.e_shoff;
        need = sizeof(Elf64_Phdr);
    } else {
        Elf32_Ehdr h;
        if (len < sizeof h)
            return fail(err, errlen, "truncated ELF header");
        memcpy(&h, buf, sizeof h);
        info->type = h.e_type;
        info->machine = h.e_machine;
        t.off = h.e_phoff;
        phnum = h.e_phnum;
        t.entsize = h.e_phentsize;
        shoff = h.e_shoff;
        need = sizeof(Elf32_Phdr);
    }
    t.num = phnum;
    if (phnum == PN_XNUM && xnum(buf, len, info->bits, shoff, &t.num) != 0)
        return fail(err, errlen, "bad extended program header count");
    if (t.num == 0 || t.off == 0)
        return fail(err, errlen, "no program headers (not a loadable ELF file)");
    if (t.entsize < need)
        return fail(err, errlen, "program header entries too small");
    if (t.off > len || (len - t.off) / t.entsize < t.num)
        return fail(err, errlen, "truncated program header table");

    info->load = calloc((size_t)t.num, sizeof *info->load);
    if (!info->load)
        return fail(err, errlen, "out of memory");
    for (i = 0; i < t.num; i++) {
        const unsigned char *p = buf + t.off + i * t.entsize;
        struct elf_segment s;
        uint32_t type;
        if (info->bits == 64) {
            Elf64_Phdr ph;
            memcpy(&ph, p, sizeof ph);
            type = ph.p_type;
            s.offset = ph.p_offset;
            s.vaddr = ph.p_vaddr;
            s.filesz = ph.p_filesz;
            s.memsz = ph.p_memsz;
            s.flags = ph.p_flags;
        } else {
            Elf32_Phdr ph;
            memcpy(&ph, p, sizeof ph);
            type = ph.p_type;
            s.offset = ph.p_offset;
            s.vaddr = ph.p_vaddr;
            s.filesz = ph.p_filesz;
            s.memsz = ph.p_memsz;
            s.flags = ph.p_flags;
        }
        if (type != PT_LOAD)
            continue;
        info->load[info->nload++] = s;
        info->static_bytes += s.memsz;
    }
    if (info->nload == 0) {
        elf_info_free(info);
        return fail(err, errlen, "no PT_LOAD segment");
    }
    return 0;
}

int elf_parse_file(const char *path, struct elf_info *info, char *err, size_t errlen)
{
    size_t len;
    char *buf = sys_read_file(path, &len);
    int r;
    memset(info, 0, sizeof *info);
    if (!buf) {
        snprintf(err, errlen, "cannot read: %s", strerror(errno));
        return -1;
    }
    r = elf_parse((const unsigned char *)buf, len, info, err, errlen);
    free(buf);
    return r;
}

void elf_info_free(struct elf_info *info)
{
    free(info->load);
    info->load = NULL;
    info->nload = 0;
}
