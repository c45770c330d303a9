/* kind_timer.h -- the behaviour part of a kind for the timer (kind.h's
 * `timer`): look up the API in a loaded library, read the sizes, make the
 * inputs of an operation, run its timed loop, check guard bytes and the
 * result, show the buffers.  The timer (src/timer/instance.c) keeps what is
 * common to every kind: dlopen, ngcc_instance_info, the DRNG seed, the
 * plausibility of the sizes and the null operation.  Part of ngcc-perf. */
#ifndef NGCC_KINDS_KIND_TIMER_H
#define NGCC_KINDS_KIND_TIMER_H

#include <stddef.h>

#include "outcome.h"

/* A kind's own counters of the timed calls of an op ("sign_retries"):
 * the record's op_counters (doc/evidence.md).  Over trials a counter whose
 * name ends in "_min" takes the minimum, "_max" the maximum, any other the
 * sum (kind_counter_merge). */
#define KIND_MAX_COUNTERS 8
#define KIND_COUNTER_NAME 40
struct kind_counters {
    int n;
    char name[KIND_MAX_COUNTERS][KIND_COUNTER_NAME];
    unsigned long long value[KIND_MAX_COUNTERS];
};

enum kind_merge { KIND_MERGE_SUM, KIND_MERGE_MIN, KIND_MERGE_MAX };

/* The merge rule of counter NAME, from its name's ending. */
enum kind_merge kind_counter_merge(const char *name);

/* Fold ONE (a trial's counters) into ACC (start with ACC->n 0). */
void kind_counters_add(struct kind_counters *acc, const struct kind_counters *one);

/* The timer's clocks, handed to a kind that times a part of each call
 * itself (a key exchange's step inside a complete exchange): the kind
 * calls kind_stopwatch_start / _stop around what is timed; the timer takes
 * TICKS and NS as the calls' time instead of its loop's. */
struct kind_stopwatch {
    unsigned long long (*read)(const void *arg); /* the timer's counter */
    const void *arg;
    long long (*now_ns)(void);                   /* wall time */
    unsigned long long ticks, t0;
    long long ns, n0;
};

void kind_stopwatch_start(struct kind_stopwatch *sw);
void kind_stopwatch_stop(struct kind_stopwatch *sw);

/* Every hook takes the state OPEN made; OP is an index in kind->ops. */
struct kind_timer {
    /* The API looked up in the dlopen handle DL: a new state, or NULL with
     * WHY ("symbol kem_dec not found", "out of memory"). */
    void *(*open)(void *dl, char *why, size_t size);
    /* SIZES[0..kind->nsizes) from the getters, in kind->sizes order. */
    void (*sizes)(void *st, unsigned long long *sizes);
    /* The buffers of SIZES (checked plausible) between guard bytes:
     * OUTCOME_OK, or OUTCOME_SETUP_FAILED with WHY. */
    enum outcome (*alloc)(void *st, const unsigned long long *sizes, char *why, size_t size);
    /* With the DRNG seeded: the inputs of OP (kind->ops[OP].setup says
     * what).  OUTCOME_OK, or a failure with WHY naming the call. */
    enum outcome (*inputs)(void *st, int op, char *why, size_t size);
    /* ITERS calls of OP, each call's inputs reset as kind->ops[OP].method
     * says.  BASELINE: the same loop over do-nothing functions of the same
     * signatures (the memory pass's baseline).  Returns the calls that
     * succeeded before one returned nonzero (its code in *RC), or ITERS. */
    long (*loop)(void *st, int op, int baseline, long iters, int *rc);
    /* After calls of CALL ("kem_enc in a timed call"): OUTCOME_OVERFLOW with
     * WHY when a guard byte changed, else OUTCOME_OK. */
    enum outcome (*check_guards)(const void *st, const char *call, char *why, size_t size);
    /* After calls of OP: 0 when OP's result is right or OP has none to
     * check; else -1 with WHY = what stopped being right, then WHEN
     * ("during the trial"). */
    int (*result_check)(const void *st, int op, const char *when, char *why, size_t size);
    /* The buffer KEY (a size key, "pk"; or the kind's own, "ss_ref") and
     * its length in *LEN; NULL when the kind has no such buffer. */
    unsigned char *(*buffer)(void *st, const char *key, unsigned long long *len);
    void (*close)(void *st);
    /* The op whose loop the timer's null operation imitates: its record's
     * inputs.setup names kind->ops[null_like].function. */
    int null_like;
    /* Optional (NULL: the kind counts nothing).  COUNTERS_RESET: forget
     * what the calls so far counted (the timer calls it before the timed
     * calls).  COUNTERS: OP's counters since into OUT; OUT->n is 0 when OP
     * has none. */
    void (*counters_reset)(void *st);
    void (*counters)(const void *st, int op, struct kind_counters *out);
    /* Optional (NULL: nothing to add).  After a call of OP in LOOP returned
     * nonzero: what the kind adds to the timer's sentence ("sig_sign
     * returned -1 at timed call 3"), from ", " on; "" when nothing. */
    void (*failure_note)(const void *st, int op, char *note, size_t size);
    /* Optional (NULL: the timer times its loop).  The kind times each
     * call's measured part on SW, which the state keeps; the timer reads
     * SW's sums. */
    void (*stopwatch)(void *st, struct kind_stopwatch *sw);
};

#endif
