/*
 * verify.c - constant-time comparison and selection for the implicit
 * rejection of ML-KEM.Decaps.
 *
 * The selection mask passes through a volatile zero, so the compiler cannot
 * see that it is all-zero or all-one and turn the select into a branch.
 */
#include <stdint.h>

#include "verify.h"

static volatile unsigned char zero_barrier = 0;

int ngcc_mlkem_verify(const unsigned char *a, const unsigned char *b, size_t len)
{
    uint32_t d = 0;
    size_t i;
    for (i = 0; i < len; i++)
        d |= (uint32_t)(a[i] ^ b[i]);
    /* d in [0, 255]: 0 - d has bit 31 set iff d != 0 */
    return (int)((0u - d) >> 31);
}

void ngcc_mlkem_cmov(unsigned char *r, const unsigned char *x, size_t len, int b)
{
    unsigned char mask = (unsigned char)(0u - ((unsigned int)b ^ zero_barrier));
    size_t i;
    for (i = 0; i < len; i++)
        r[i] ^= (unsigned char)(mask & (r[i] ^ x[i]));
}
