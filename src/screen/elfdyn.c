/* elfdyn.c -- DT_NEEDED and the undefined dynamic symbols of an ELF
 * shared object, from its section headers.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <elf.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "elfdyn.h"
#include "sysfile.h"

struct section {
    unsigned long type, link, entsize;
    unsigned long long offset, size;
};

static int add(char ***v, size_t *n, const char *s)
{
    char **w = realloc(*v, (*n + 1) * sizeof *w);
    size_t len = strlen(s);
    if (!w)
        return -1;
    *v = w;
    if (!(w[*n] = malloc(len + 1)))
        return -1;
    memcpy(w[*n], s, len + 1);
    (*n)++;
    return 0;
}

/* The NUL-terminated string at OFF of section S, or NULL. */
static const char *str_at(const unsigned char *buf, size_t len, const struct section *s,
                          unsigned long long off)
{
    unsigned long long at = s->offset + off;
    if (off >= s->size || s->offset + s->size > len)
        return NULL;
    if (!memchr(buf + at, '\0', (size_t)(s->offset + s->size - at)))
        return NULL;
    return (const char *)buf + at;
}

int elf_dyn_read(const char *path, struct elf_dyn *d, char *err, size_t errlen)
{
    size_t len = 0, i, nsec;
    unsigned char *buf = (unsigned char *)sys_read_file(path, &len);
    struct section *sec = NULL;
    int is64;
    unsigned long long shoff;
    unsigned shentsize;

    memset(d, 0, sizeof *d);
    if (!buf) {
        snprintf(err, errlen, "cannot read %s", path);
        return -1;
    }
    if (len < sizeof(Elf32_Ehdr) || memcmp(buf, ELFMAG, SELFMAG) != 0 ||
        (buf[EI_CLASS] != ELFCLASS32 && buf[EI_CLASS] != ELFCLASS64)) {
        snprintf(err, errlen, "%s: not an ELF file", path);
        free(buf);
        return -1;
    }
    is64 = buf[EI_CLASS] == ELFCLASS64;
    if (is64) {
        Elf64_Ehdr e;
        if (len < sizeof e)
            goto bad;
        memcpy(&e, buf, sizeof e);
        shoff = e.e_shoff, nsec = e.e_shnum, shentsize = e.e_shentsize;
    } else {
        Elf32_Ehdr e;
        memcpy(&e, buf, sizeof e);
        shoff = e.e_shoff, nsec = e.e_shnum, shentsize = e.e_shentsize;
    }
    if (nsec == 0 || shentsize < (is64 ? sizeof(Elf64_Shdr) : sizeof(Elf32_Shdr)) ||
        shoff > len || nsec > (len - shoff) / shentsize)
        goto bad;
    sec = calloc(nsec, sizeof *sec);
    if (!sec)
        goto bad;
    for (i = 0; i < nsec; i++) {
        const unsigned char *p = buf + shoff + i * shentsize;
        if (is64) {
            Elf64_Shdr s;
            memcpy(&s, p, sizeof s);
            sec[i].type = s.sh_type, sec[i].link = s.sh_link, sec[i].entsize = s.sh_entsize;
            sec[i].offset = s.sh_offset, sec[i].size = s.sh_size;
        } else {
            Elf32_Shdr s;
            memcpy(&s, p, sizeof s);
            sec[i].type = s.sh_type, sec[i].link = s.sh_link, sec[i].entsize = s.sh_entsize;
            sec[i].offset = s.sh_offset, sec[i].size = s.sh_size;
        }
        if (sec[i].type != SHT_NOBITS && (sec[i].offset > len || sec[i].size > len - sec[i].offset))
            goto bad;
    }
    for (i = 0; i < nsec; i++) {
        const struct section *s = &sec[i], *strs;
        size_t k, n, esz;
        if ((s->type != SHT_DYNSYM && s->type != SHT_DYNAMIC) || s->link >= nsec)
            continue;
        strs = &sec[s->link];
        if (s->type == SHT_DYNAMIC) {
            esz = is64 ? sizeof(Elf64_Dyn) : sizeof(Elf32_Dyn);
            n = s->size / esz;
            for (k = 0; k < n; k++) {
                long long tag;
                unsigned long long val;
                const char *name;
                if (is64) {
                    Elf64_Dyn dy;
                    memcpy(&dy, buf + s->offset + k * esz, esz);
                    tag = dy.d_tag, val = dy.d_un.d_val;
                } else {
                    Elf32_Dyn dy;
                    memcpy(&dy, buf + s->offset + k * esz, esz);
                    tag = dy.d_tag, val = dy.d_un.d_val;
                }
                if (tag == DT_NULL)
                    break;
                if (tag == DT_NEEDED && (name = str_at(buf, len, strs, val)) != NULL)
                    add(&d->needed, &d->nneeded, name);
            }
        } else {
            esz = is64 ? sizeof(Elf64_Sym) : sizeof(Elf32_Sym);
            n = s->size / esz;
            for (k = 1; k < n; k++) {
                unsigned long long nm;
                unsigned shndx, bind;
                const char *name;
                if (is64) {
                    Elf64_Sym sy;
                    memcpy(&sy, buf + s->offset + k * esz, esz);
                    nm = sy.st_name, shndx = sy.st_shndx, bind = ELF64_ST_BIND(sy.st_info);
                } else {
                    Elf32_Sym sy;
                    memcpy(&sy, buf + s->offset + k * esz, esz);
                    nm = sy.st_name, shndx = sy.st_shndx, bind = ELF32_ST_BIND(sy.st_info);
                }
                if (shndx != SHN_UNDEF || bind == STB_LOCAL)
                    continue;
                if ((name = str_at(buf, len, strs, nm)) != NULL && *name)
                    add(&d->imports, &d->nimports, name);
            }
        }
    }
    free(sec);
    free(buf);
    return 0;
bad:
    snprintf(err, errlen, "%s: malformed ELF section headers", path);
    free(sec);
    free(buf);
    elf_dyn_free(d);
    return -1;
}

void elf_dyn_free(struct elf_dyn *d)
{
    size_t i;
    for (i = 0; i < d->nneeded; i++)
        free(d->needed[i]);
    for (i = 0; i < d->nimports; i++)
        free(d->imports[i]);
    free(d->needed);
    free(d->imports);
    memset(d, 0, sizeof *d);
}
