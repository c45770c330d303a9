/* ngcc-bench-elf.c -- ngcc-bench elf: the static bytes and PT_LOAD
 * segments of a library.  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "elfsize.h"
#include "outcome.h"
#include "ngcc-bench.h"

/* ---- elf ---- */

int cmd_elf(int argc, char **argv)
{
    struct elf_info info;
    char err[256];
    json_object *o, *segs;
    size_t i;
    int bytes = 0;
    if (argc >= 2 && strcmp(argv[1], "--bytes") == 0) {
        bytes = 1;
        argc--;
        argv++;
    }
    if (argc != 2 || argv[1][0] == '-')
        cli_die(EXIT_BENCH_USAGE, "elf: one LIBRARY is required");
    if (elf_parse_file(argv[1], &info, err, sizeof err) != 0)
        cli_die(EXIT_BENCH_FAILED, "%s: %s", argv[1], err);
    if (bytes) {
        printf("%llu\n", (unsigned long long)info.static_bytes);
        elf_info_free(&info);
        return EXIT_BENCH_OK;
    }
    o = json_object_new_object();
    segs = json_object_new_array();
    json_object_object_add(o, "path", json_object_new_string(argv[1]));
    json_object_object_add(o, "elf_class", json_object_new_int(info.bits));
    json_object_object_add(o, "type", json_object_new_int(info.type));
    json_object_object_add(o, "machine", json_object_new_int(info.machine));
    json_object_object_add(o, "static_bytes", json_object_new_int64((int64_t)info.static_bytes));
    for (i = 0; i < info.nload; i++) {
        json_object *s = json_object_new_object();
        json_object_object_add(s, "offset", json_object_new_int64((int64_t)info.load[i].offset));
        json_object_object_add(s, "vaddr", json_object_new_int64((int64_t)info.load[i].vaddr));
        json_object_object_add(s, "filesz", json_object_new_int64((int64_t)info.load[i].filesz));
        json_object_object_add(s, "memsz", json_object_new_int64((int64_t)info.load[i].memsz));
        json_object_object_add(s, "flags", json_object_new_int((int)info.load[i].flags));
        json_object_array_add(segs, s);
    }
    json_object_object_add(o, "segments", segs);
    write_json(NULL, o);
    json_object_put(o);
    elf_info_free(&info);
    return EXIT_BENCH_OK;
}
