/* elfdyn.h -- the dynamic linking view of an instance library: the
 * libraries it needs and the symbols it imports.  Part of ngcc-perf. */
#ifndef NGCC_SCREEN_ELFDYN_H
#define NGCC_SCREEN_ELFDYN_H

#include <stddef.h>

struct elf_dyn {
    char **needed;      /* DT_NEEDED sonames */
    size_t nneeded;
    char **imports;     /* undefined dynamic symbols */
    size_t nimports;
};

/* Read PATH (ELF32 or ELF64, native byte order).  0, or -1 with ERR set. */
int elf_dyn_read(const char *path, struct elf_dyn *d, char *err, size_t errlen);
void elf_dyn_free(struct elf_dyn *d);

#endif
