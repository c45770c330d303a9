/* kex_proto.h -- the key exchange's API as the package calls it (function
 * pointers resolved from an instance library, kinds.md "Key exchange") and
 * one run of its protocol step by step: both inits, every pass, both
 * derives, between guard bytes.  The KAT driver, the timer and the
 * screening all run the protocol through this.  Part of ngcc-perf. */
#ifndef NGCC_KINDS_KEX_PROTO_H
#define NGCC_KINDS_KEX_PROTO_H

#include <stddef.h>

#include "guard.h"
#include "kind.h"
#include "kind_kat.h"
#include "kind_timer.h"
#include "ngcc_instance.h"

/* The passes the package runs at most: kinds.md's pattern goes on, Round
 * 1's longest protocol has four. */
#define KEX_MAX_PASSES 8

/* Indices into kind_kex's sizes (kex.c), the getters' order of kinds.md. */
enum { KEX_S_PASSES, KEX_S_PK, KEX_S_SK, KEX_S_STA, KEX_S_STB, KEX_S_SS, KEX_S_MSG,
       KEX_NSIZES };

typedef unsigned long long kex_len;
typedef int (*kex_init_fn)(unsigned char *pk, kex_len *pk_len, unsigned char *sk,
                           kex_len *sk_len, unsigned char *st, kex_len *st_len);
typedef int (*kex_pass1_fn)(unsigned char *sk, kex_len sk_len, unsigned char *pk,
                            kex_len pk_len, unsigned char *st, kex_len *st_len,
                            unsigned char *m, kex_len *m_len);
/* Pass 2 and later: the message received comes before the state. */
typedef int (*kex_pass_fn)(unsigned char *sk, kex_len sk_len, unsigned char *pk,
                           kex_len pk_len, unsigned char *m_in, kex_len m_in_len,
                           unsigned char *st, kex_len *st_len, unsigned char *m,
                           kex_len *m_len);
typedef int (*kex_derive_fn)(unsigned char *sk, kex_len sk_len, unsigned char *pk,
                             kex_len pk_len, unsigned char *m, kex_len m_len,
                             unsigned char *st, kex_len st_len, unsigned char *ss,
                             kex_len *ss_len);

struct ngcc_kex_api {
    ngcc_len_fn get[KEX_NSIZES];
    kex_init_fn init_a, init_b;
    kex_pass1_fn pass1;
    kex_pass_fn pass[KEX_MAX_PASSES + 1]; /* [k], k >= 2; NULL: not exported */
    kex_derive_fn derive_a, derive_b;
    ngcc_drng_seed_fn drng_seed;
};

/* The kind (kex.c) and its hooks (kex_kat.c, kex_timer.c, kex_screen.c). */
extern const struct kind kind_kex;
extern const struct kind_kat kex_kat;
struct kind_screen;
extern const struct kind_screen kex_screen;

/* The buffers of a run: the long-term keys and states of A and B, both
 * shared secrets and one buffer per message (each of the total's size). */
enum { KEX_B_PKA, KEX_B_SKA, KEX_B_PKB, KEX_B_SKB, KEX_B_STA, KEX_B_STB,
       KEX_B_SSA, KEX_B_SSB, KEX_B_M1, KEX_NBUF = KEX_B_M1 + KEX_MAX_PASSES };
#define KEX_B_M(k) (KEX_B_M1 + (k) - 1)

/* The steps of a run, in protocol order; pass k is KEX_STEP_PASS + k - 1. */
enum { KEX_STEP_INIT_A, KEX_STEP_INIT_B, KEX_STEP_DERIVE_A, KEX_STEP_DERIVE_B,
       KEX_STEP_PASS };

enum kex_status { KEX_OK, KEX_FAILED, KEX_OVERFLOW, KEX_DISAGREE };

struct kex_run {
    const struct ngcc_kex_api *api;
    kex_len max[KEX_NSIZES];     /* the getters' */
    struct ngcc_guarded g[KEX_NBUF];
    unsigned char *b[KEX_NBUF];
    kex_len len[KEX_NBUF];       /* the in/out lengths */
    int persist;                 /* 1: output lengths carry over from call to
                                  * call (KAT_KEX.c); 0: each starts at the
                                  * getter's maximum */
    int passes_run;              /* passes of the current exchange */
    int finished_at;             /* the pass that returned 1; 0: none yet */
    int last_rc;                 /* the last call's return value */
    /* The screening's declassification (kind_screen.h), NULL elsewhere:
     * called right after each call, before it is checked, on its return
     * value, its lengths and its public outputs (keys pk, messages). */
    void (*publish)(const void *p, size_t n);
    /* The timer's stopwatch (kind_timer.h), NULL elsewhere: around the
     * candidate's call of step TIMED only (KEX_TIME_ALL: of every step),
     * not the package's checks after it. */
    struct kind_stopwatch *sw;
    int timed;
};

#define KEX_TIME_ALL (-1)

/* The names of the API, from the table: "kex_generate_pass3_msg_a". */
const char *kex_step_function(int step);

/* Resolve API through LOOKUP on H: the getters, both inits, passes 1 and
 * 2, both derives and ngcc_drng_seed are required (their names appended
 * to MISSING when absent, -1); passes 3 ... KEX_MAX_PASSES when exported. */
int kex_resolve(struct ngcc_kex_api *api, kind_lookup_fn lookup, void *h,
                char *missing, size_t missing_size);

/* The getters into R->max and the buffers allocated: KEX_OK, or KEX_FAILED
 * with WHY (a size beyond NGCC_KATGEN_MAX_LEN, a pass count outside
 * 1..KEX_MAX_PASSES, out of memory). */
enum kex_status kex_run_open(struct kex_run *r, const struct ngcc_kex_api *api,
                             int persist, char *why, size_t size);
void kex_run_close(struct kex_run *r);

/* One step of the current exchange (KEX_STEP_*): the call, its guards, its
 * return value and the lengths it gave.  A pass's 1 sets finished_at; a 0
 * from pass KEX_MAX_PASSES fails (no longer protocol is run).  KEX_OK,
 * else KEX_FAILED / KEX_OVERFLOW with WHY naming the call. */
enum kex_status kex_run_step(struct kex_run *r, int step, char *why, size_t size);

/* The step after STEP of the current exchange, or -1 after derive_b:
 * both inits, pass 1 (none for a protocol of 0 passes), the next pass
 * while the previous one returned 0, then both derives. */
int kex_next_step(const struct kex_run *r, int step);

/* A's and B's shared secrets agree (length and bytes). */
int kex_secrets_agree(const struct kex_run *r);

/* One whole exchange: every step, then the secrets compared.  KEX_OK, or
 * the first failure with WHY ("kex_derive_ss_a and kex_derive_ss_b
 * disagree: ...").  The package's own function (not inlined): callgrind
 * counts the exchange operation inside it. */
enum kex_status ngcc_kex_exchange(struct kex_run *r, char *why, size_t size);

#endif
