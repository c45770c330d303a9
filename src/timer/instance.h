/* instance.h -- one instance library loaded with dlopen, the inputs of
 * measurement.md section 2 and the loops of timed calls.  Runs candidate
 * code: used only in trial processes.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_INSTANCE_H
#define NGCC_BENCH_INSTANCE_H

#include <stddef.h>

#include "guard.h"
#include "ngcc_instance.h"
#include "outcome.h"

enum op_kind { OP_KEYGEN, OP_ENC, OP_DEC, OP_NULL };

/* The DRNG seed of every measurement: the 48 bytes 00 01 .. 2f. */
#define INSTANCE_SEED_BYTES 48

struct instance {
    void *dl;
    ngcc_len_fn get_pk_len, get_sk_len, get_ct_len, get_ss_len;
    ngcc_keygen_fn keygen;
    ngcc_enc_fn enc;
    ngcc_dec_fn dec;
    ngcc_instance_info_fn get_info;
    ngcc_drng_seed_fn seed;
    const struct ngcc_instance_info *info; /* NULL for the null operation */
    /* buffers of the getters' sizes, and the lengths the calls wrote */
    unsigned long long pk_len, sk_len, ct_len, ss_len;
    unsigned char *pk, *sk, *ct, *ss, *ss_ref; /* the data of GUARDED */
    struct ngcc_guarded guarded[5];      /* guard bytes around each */
    unsigned long long pk_out, sk_out, ct_out, ss_out, ss_ref_out;
};

const char *op_name(enum op_kind op);
int op_from_name(const char *name, enum op_kind *op);

/* dlopen PATH and look up the API (for OP_NULL: nothing is loaded).
 * OUTCOME_OK, or OUTCOME_LOAD_FAILED with WHY. */
enum outcome instance_load(struct instance *in, enum op_kind op, const char *path,
                           char *why, size_t size);

/* Seed the DRNG and make the inputs of OP: keygen nothing; enc one key
 * pair; dec a key pair, a ciphertext and one honest decapsulation that
 * must reproduce the shared secret. */
enum outcome instance_setup(struct instance *in, enum op_kind op, char *why, size_t size);

/* ITERS calls of OP.  Returns the calls that succeeded before one returned
 * nonzero (its code in *RC), or ITERS. */
long instance_loop(struct instance *in, enum op_kind op, long iters, int *rc);

/* After calls of CALL ("kem_enc", "the warm-up calls of kem_enc", ...):
 * OUTCOME_OVERFLOW with WHY when a guard byte of a buffer changed, else
 * OUTCOME_OK (guard.h: the KAT driver's classification). */
enum outcome instance_check_guards(const struct instance *in, const char *call, char *why,
                                   size_t size);

/* After dec calls: is the last shared secret the honest one? */
int instance_secret_ok(const struct instance *in);

void instance_close(struct instance *in);

#endif
