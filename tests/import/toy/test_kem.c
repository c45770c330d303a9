/* test_kem.c -- a submitter's test program (name matches the driver rule). */
#include "KEM_AlgorithmInstance.h"

int main(void)
{
    return kem_get_pk_len_bytes() == 0;
}
