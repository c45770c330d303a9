#include "toy_xor.h"

void toy_xor(unsigned char *out, const unsigned char *a, const unsigned char *b,
             unsigned long n)
{
    unsigned long i;
    for (i = 0; i < n; i++)
        out[i] = (unsigned char)(a[i] ^ b[i]);
}
