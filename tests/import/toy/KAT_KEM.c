/* KAT_KEM.c -- stands for the official driver a submission ships: a
 * program of its own, never part of an instance library. */
#include <stdio.h>
#include "KEM_AlgorithmInstance.h"
#include "drng.h"

DRNG_ctx drng_algorithm;

int main(void)
{
    unsigned char pk[64], sk[64];
    unsigned long long pk_len, sk_len;
    return kem_keygen(pk, &pk_len, sk, &sk_len) != 0;
}
