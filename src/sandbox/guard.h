/* guard.h - buffers with guard bytes on both sides.
 *
 * Part of ngcc-perf.  One classification of an out-of-bounds write for the
 * KAT driver (katgen.c: OVERFLOW) and the bench (src/timer/instance.c:
 * status overflow): every buffer handed to candidate code has
 * NGCC_GUARD_BYTES of a known pattern before and after it; a changed guard
 * byte after a call is an overflow, named by call, buffer and offset.
 * Plain C99.
 */
#ifndef NGCC_KAT_GUARD_H
#define NGCC_KAT_GUARD_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NGCC_GUARD_BYTES 64

/* BASE[0..GUARD) | data (LEN bytes) | guard. */
struct ngcc_guarded {
    const char *name;
    unsigned char *base;
    size_t len;
};

/* Allocate LEN zeroed bytes between guards.  0, or -1 (out of memory). */
int ngcc_guarded_alloc(struct ngcc_guarded *b, const char *name, size_t len);

/* The data (NULL when not allocated). */
unsigned char *ngcc_guarded_data(const struct ngcc_guarded *b);

/* 0 if both guards are intact; else the side (-1 before, +1 after) and the
 * distance of the changed byte nearest to the data (*OFF: 1 = the byte
 * next to the data). */
int ngcc_guarded_check(const struct ngcc_guarded *b, size_t *off);

/* If a guard of B changed: "CALL wrote past the end of NAME (NAME[i] of a
 * N-byte buffer changed)" or "CALL wrote before the start of NAME
 * (NAME[-i] changed)" into MSG, and 1.  Else 0. */
int ngcc_guarded_damage(const struct ngcc_guarded *b, const char *call,
                        char *msg, size_t size);

/* Check every buffer of B[0..N) after CALL: as ngcc_guarded_damage() for
 * the first damaged one, else 0. */
int ngcc_guarded_check_all(const struct ngcc_guarded *b, size_t n,
                           const char *call, char *msg, size_t size);

void ngcc_guarded_free(struct ngcc_guarded *b);

#ifdef __cplusplus
}
#endif

#endif /* NGCC_KAT_GUARD_H */
