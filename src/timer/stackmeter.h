/* stackmeter.h -- the stack high-water mark of one function call.
 *
 * The call runs on a thread of its own whose stack is a fresh mapping of
 * known size (guarded below by an inaccessible region).  Below the frame
 * that makes the call, the stack is painted with a pattern; after the call
 * the deepest byte that no longer holds the pattern is its high-water
 * mark.  The same is done for a call of a do-nothing function through the
 * same path, and subtracted: what is left is the callee's own stack.
 *
 * To stay cheap for the common case, only the top STACKMETER_FIRST_PAINT
 * bytes are painted at first; if the call touched any page below them
 * (mincore), it is made again with the stack painted twice as deep as the
 * lowest page it touched, and so on until it stays within the paint or
 * the whole region is painted.  A call that
 * reaches the guard is stopped there (SIGSEGV on an alternate stack) and
 * reported as exceeding the region: its figure is then a lower bound.
 * Part of ngcc-perf. */
#ifndef NGCC_BENCH_STACKMETER_H
#define NGCC_BENCH_STACKMETER_H

#include <stddef.h>

#define STACKMETER_DEFAULT_REGION ((size_t)64 << 20)
#define STACKMETER_FIRST_PAINT ((size_t)64 << 10)

struct stack_figures {
    long long bytes;         /* the callee's high-water mark */
    int exceeded;            /* it reached the end: BYTES is a lower bound */
    long long region_bytes;  /* stack usable below the measuring frame */
    long long baseline_bytes; /* what the do-nothing call used (subtracted) */
    int calls;               /* calls of FN with OP_ARG made (1, more when deep) */
};

/* Measure FN(OP_ARG) against FN(BASELINE_ARG) on a stack of REGION bytes.
 * FN may be called with OP_ARG more than once (see above), and with
 * BASELINE_ARG twice (the first, unmeasured, binds lazy symbols); its
 * return values are
 * FN's business (keep them in the argument).  0 with F filled, or -1 with
 * WHY when the thread or its stack could not be made. */
int stackmeter_measure(int (*fn)(void *), void *op_arg, void *baseline_arg, size_t region,
                       struct stack_figures *f, char *why, size_t size);

#endif
