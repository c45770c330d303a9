/* memory_pass.h -- the memory of one operation, measured in a trial
 * process after its timed calls (never inside them): one more call of the
 * operation, with the same inputs and the DRNG where the timed calls left
 * it, on a painted thread stack (stackmeter.h) with the heap counted
 * (heapmeter.h).  Its figures go into the trial's result, every trial's
 * into the record, and their maxima into the record's `memory`
 * (doc/evidence.md).  Part of ngcc-perf. */
#ifndef NGCC_BENCH_MEMORY_PASS_H
#define NGCC_BENCH_MEMORY_PASS_H

#include <json.h>

#include "heapmeter.h"
#include "instance.h"
#include "stackmeter.h"

#define MEMORY_STACK_METHOD                                                              \
    "painted thread stack: after the timed calls, one call of the operation on a fresh " \
    "thread whose stack is a mapping of stack_region_bytes below the calling frame; the " \
    "deepest byte it changed, less that of a do-nothing function called the same way"
#define MEMORY_HEAP_METHOD                                                               \
    "interposed allocator: ngcc-bench's malloc, calloc, realloc, reallocarray, "           \
    "posix_memalign, aligned_alloc, memalign, valloc, pvalloc and free take precedence "  \
    "over libc's for the library; the sizes requested in that same call, its peak of "   \
    "live bytes and what it left allocated (blocks from before the call not counted)"

struct memory_figures {
    int stack_measured;
    struct stack_figures stack;
    char stack_reason[200];  /* when not measured */
    int heap_measured;
    struct heap_figures heap;
    char heap_reason[200];   /* when not measured */
    double seconds;          /* wall time of the pass */
};

/* The pass for IN's op on the loaded, set-up instance IN, in a forked child
 * of this process (so that neither a crash of the pass nor its painted
 * stack reaches the trial), killed after LIMIT_S seconds.  A pass that
 * fails leaves the figures not measured, with the reason. */
void memory_pass_run(struct instance *in, double limit_s, struct memory_figures *m);

/* The stack region of the pass: 64 MiB, or the soft stack limit of the
 * process when that is larger (at most 1 GiB), so that whatever ran on the
 * main thread fits. */
size_t memory_pass_region(void);

/* The trial's "memory_pass" object, and back (absent or malformed: not
 * measured, with a reason; -1 when malformed). */
json_object *memory_pass_to_json(const struct memory_figures *m);
int memory_pass_from_json(json_object *obj, struct memory_figures *m);

/* The record's memory figures from the trials that produced numbers
 * (FIGS[0..N)), added to MEM: maxima, the methods, and the reasons when
 * none measured. */
void memory_pass_record(json_object *mem, const struct memory_figures *const *figs, int n);

/* The pass's own limit: this many seconds plus this many mean calls (the
 * trial process's limit allows for it). */
#define MEMORY_PASS_LIMIT_S 10.0
#define MEMORY_PASS_LIMIT_CALLS 20.0

#endif
