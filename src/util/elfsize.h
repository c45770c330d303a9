/* elfsize.h -- static memory of an instance library: the sum of p_memsz over
 * the PT_LOAD segments of an ELF file (ELF32 or ELF64, native byte order).
 * Part of ngcc-perf. */
#ifndef NGCC_BENCH_ELFSIZE_H
#define NGCC_BENCH_ELFSIZE_H

#include <stddef.h>
#include <stdint.h>

struct elf_segment {
    uint64_t offset, vaddr, filesz, memsz;
    uint32_t flags; /* PF_R | PF_W | PF_X */
};

struct elf_info {
    int bits;          /* 32 or 64 */
    int type;          /* e_type: 2 executable, 3 shared object */
    int machine;       /* e_machine */
    size_t nload;      /* PT_LOAD segments */
    struct elf_segment *load;
    uint64_t static_bytes; /* sum of their p_memsz */
};

/* Parse the LEN bytes at BUF.  0 on success; -1 with ERR set when BUF is
 * not an ELF file this parser reads (message without the file name). */
int elf_parse(const unsigned char *buf, size_t len, struct elf_info *info,
              char *err, size_t errlen);

/* elf_parse on the file PATH. */
int elf_parse_file(const char *path, struct elf_info *info, char *err, size_t errlen);

void elf_info_free(struct elf_info *info);

#endif
