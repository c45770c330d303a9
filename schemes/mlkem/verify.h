/*
 * verify.h - constant-time comparison and selection of byte strings.
 */
#ifndef NGCC_MLKEM_VERIFY_H
#define NGCC_MLKEM_VERIFY_H

#include <stddef.h>

/* 0 if a and b are equal, 1 otherwise; time independent of the contents. */
int ngcc_mlkem_verify(const unsigned char *a, const unsigned char *b, size_t len);
/* r = x if b == 1, r unchanged if b == 0; time independent of b. */
void ngcc_mlkem_cmov(unsigned char *r, const unsigned char *x, size_t len, int b);

#endif
