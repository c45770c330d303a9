/* KAT_SIG.c - a submitter's KAT driver stand-in: a main() the importer must
 * leave out of the library (the package has its own driver). */
#include <stdio.h>

#include "SIG_AlgorithmInstance.h"

int main(void)
{
    printf("%s: pk %llu bytes\n", ALGORITHM_INSTANCE, sig_get_pk_len_bytes());
    return 0;
}
