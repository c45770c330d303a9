/* kind_stopwatch.c -- a kind's own timing of the measured part of a call
 * (kind_timer.h, struct kind_stopwatch) on the timer's clocks.
 * Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include "kind_timer.h"

void kind_stopwatch_start(struct kind_stopwatch *sw)
{
    sw->n0 = sw->now_ns();
    sw->t0 = sw->read(sw->arg);
}

void kind_stopwatch_stop(struct kind_stopwatch *sw)
{
    unsigned long long t1 = sw->read(sw->arg);
    sw->ns += sw->now_ns() - sw->n0;
    sw->ticks += t1 - sw->t0;
}
