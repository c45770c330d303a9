/* instance.h -- one instance library loaded with dlopen, its kind from
 * ngcc_instance_info, the inputs of an operation (measurement.md section 2)
 * and the loops of timed calls, through the kind's hooks (kind_timer.h);
 * and the timer's own null operation.  Runs candidate code: used only in
 * trial processes.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_INSTANCE_H
#define NGCC_BENCH_INSTANCE_H

#include <stddef.h>

#include <json.h>

#include "guard.h"
#include "kind.h"
#include "kind_timer.h"
#include "ngcc_instance.h"
#include "outcome.h"

/* The DRNG seed of every measurement: the 48 bytes 00 01 .. 2f. */
#define INSTANCE_SEED_BYTES 48

/* The timer's own operation: a do-nothing function, no library. */
#define TIMER_OP_NULL "null"

/* Operations go by name, as the table spells them (kind->ops[i].name) or
 * TIMER_OP_NULL; a loaded instance resolves the name against its kind. */

/* NAME as the table spells it (an operation of some kind in kinds[], or
 * "null"), or NULL when no kind has it. */
const char *timer_op_find(const char *name);
/* Is OP the null operation? */
int timer_op_is_null(const char *op);
/* The operations of every kind, for messages: "keygen, enc, dec". */
const char *timer_op_list(void);
/* The table's entry of operation OP for an instance of type TYPE (the
 * record's instance.type): of that kind if known, else of the first kind
 * that has OP.  NULL for the null operation or an unknown OP.  *KIND gets
 * the kind when KIND is not NULL. */
const struct kind_op *timer_op_entry(const char *type, const char *op, const struct kind **kind);

struct instance {
    void *dl;
    ngcc_instance_info_fn get_info;
    ngcc_drng_seed_fn seed;
    const struct ngcc_instance_info *info; /* NULL for the null operation */
    const struct kind *kind;  /* from info->type; NULL for the null operation */
    int op;                   /* index in kind->ops; -1: the null operation */
    void *state;              /* the kind's (kind->timer->open) */
    unsigned long long sizes[KIND_MAX_SIZES]; /* the getters', kind->sizes order */
    /* the null operation's three one-byte buffers and written lengths */
    struct ngcc_guarded null_buf[3];
    unsigned long long null_out[3];
};

/* dlopen PATH, find its kind (ngcc_instance_info()->type), look up its
 * API and resolve OP against it (for the null operation: nothing is
 * loaded; for OP NULL: the kind only, in->op -1, nothing to set up or
 * run).  OUTCOME_OK, or OUTCOME_LOAD_FAILED with WHY. */
enum outcome instance_load(struct instance *in, const char *op, const char *path,
                           char *why, size_t size);

/* Read and check the sizes, seed the DRNG and make the inputs of the op
 * (kind->ops[op].setup says what). */
enum outcome instance_setup(struct instance *in, char *why, size_t size);

/* ITERS calls of the op.  Returns the calls that succeeded before one
 * returned nonzero (its code in *RC), or ITERS. */
long instance_loop(struct instance *in, long iters, int *rc);

/* Whether the instance's kind times a part of each call itself (struct
 * kind_stopwatch, kind_timer.h): 1, and SW handed to it; else 0. */
struct kind_stopwatch;
int instance_stopwatch(struct instance *in, struct kind_stopwatch *sw);

/* The same loop over do-nothing functions of the same signatures: the
 * baseline of the memory pass. */
long instance_baseline_loop(struct instance *in, long iters, int *rc);

/* After the loop stopped at a call that returned nonzero: the kind's
 * words to add to the sentence saying so (", 65 calls in a row ..."), or
 * "" (kind_timer.h's failure_note). */
void instance_failure_note(const struct instance *in, char *note, size_t size);

/* The op's function, for messages (kind->ops[op].function; "null"). */
const char *instance_function(const struct instance *in);

/* After calls of CALL ("FUNCTION in a timed call", ...): OUTCOME_OVERFLOW
 * with WHY when a guard byte of a buffer changed, else OUTCOME_OK
 * (guard.h: the KAT driver's classification). */
enum outcome instance_check_guards(const struct instance *in, const char *call, char *why,
                                   size_t size);

/* After calls of the op: 0 when its result is still right (or it has none
 * to check), else -1 with WHY ending in WHEN ("during the trial"). */
int instance_result_check(const struct instance *in, const char *when, char *why, size_t size);

/* Forget what the kind counted so far (before the timed calls); then the
 * op's counters since (OUT->n 0: the kind or the op counts nothing). */
void instance_counters_reset(struct instance *in);
void instance_counters(const struct instance *in, struct kind_counters *out);

/* The buffer KEY of the kind ("pk") and its length; NULL if none. */
unsigned char *instance_buffer(const struct instance *in, const char *key, unsigned long long *len);

/* The record's "instance" object: the metadata and sizes of IN->info. */
json_object *instance_info_json(const struct instance *in);

void instance_close(struct instance *in);

#endif
