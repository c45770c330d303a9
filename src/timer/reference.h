/* reference.h -- the reference workload of a trial: the package's own SM3
 * (src/iccs) over a 64-byte message, timed in chunks for a short interval
 * before and after the measured calls, so that a figure can be given as a
 * ratio to it and a slowdown of the whole process cancels (doc/robust.md).
 * Part of ngcc-perf. */
#ifndef NGCC_BENCH_REFERENCE_H
#define NGCC_BENCH_REFERENCE_H

#include <stdint.h>

#include <json.h>

#include "counter.h"

#define REFERENCE_NAME "sm3-64"
#define REFERENCE_LABEL "SM3 of 64 bytes"
#define REFERENCE_SECONDS 0.02     /* each side, at most; */
#define REFERENCE_SHARE 0.02       /* else this share of the trial's time, */
#define REFERENCE_MIN_SECONDS 0.002 /* and at least this */
#define REFERENCE_CHUNK 16         /* hashes per timed chunk */
#define REFERENCE_MIN_CHUNKS 16    /* each side, at least */
#define REFERENCE_MAX_CHUNKS 8192  /* each side, at most */

struct reference_side {
    int64_t chunks, hashes, ticks; /* ticks: sum over the chunks */
    double seconds;                /* wall time of the side */
};

struct reference_figures {
    int done;                       /* both sides timed */
    struct reference_side side[2];  /* before, after */
    double mean_ticks;              /* ticks per hash, both sides */
    double p10_ticks;               /* p10 of the chunks' ticks per hash */
    uint64_t *chunk_ticks;          /* while running: both sides' chunks */
};

/* The interval of each side for a trial of about TRIAL_S seconds. */
double reference_seconds(double trial_s);

/* Time one side (0 before, 1 after) for SECONDS with the open counter C.
 * 0, or -1 when out of memory (the figures then stay absent). */
int reference_time(struct reference_figures *f, const struct counter *c, int side, double seconds);

/* The mean and p10 over both sides; frees the chunks. */
void reference_finish(struct reference_figures *f);

/* The trial's "reference" object (NULL when not done), and back: 0, or
 * -1 when absent or malformed. */
json_object *reference_to_json(const struct reference_figures *f);
int reference_from_json(json_object *o, struct reference_figures *f);

#endif
