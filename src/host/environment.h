/* environment.h -- the assessment environment as strings: CPU model,
 * machine, OS, kernel, compiler and build tool, memory, clock settings.
 * Part of ngcc-perf. */
#ifndef NGCC_BENCH_ENVIRONMENT_H
#define NGCC_BENCH_ENVIRONMENT_H

#include <json.h>

/* The architecture this program was built for: "x86_64", "aarch64", ... */
const char *environment_build_arch(void);

/* The /proc/cpuinfo block of CPU (malloc'd), or all of it when the file
 * has no per-processor blocks; NULL if unreadable. */
char *environment_cpuinfo_block(int cpu);

/* The environment object of records and host files (see doc/evidence.md);
 * CPU is the measuring CPU. */
json_object *environment_json(int cpu);

#endif
