/* heapmeter_absent.c -- the heap meter of a program that does not interpose
 * the allocator (heapmeter.h).  Only ngcc-bench links heapmeter.c, whose
 * malloc and free replace libc's in the whole process: a program run with
 * a sanitizer's allocator preloaded (ngcc-screen) must keep that one.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <string.h>

#include "heapmeter.h"

int heapmeter_available(char *why, size_t size)
{
    snprintf(why, size, "not measured: this program does not interpose the allocator (ngcc-bench does)");
    return 0;
}

int heapmeter_arm(void) { return -1; }

void heapmeter_disarm(struct heap_figures *f) { memset(f, 0, sizeof *f); }
