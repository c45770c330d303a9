/*
 * check_sha3_256.c - the refhash SHA3-256 instance (CryptHash built with
 * NGCC_REFHASH_ALG=NGCC_REFHASH_SHA3_256): FIPS 202's examples, NIST's
 * bit-length examples, bit lengths around byte and block edges, and the
 * refused arguments (the suite is sha3_check.c's).
 */
#include <stdlib.h>

#include <check.h>

#include "CryptHash_AlgorithmInstance.h"
#include "sha3_ref.h"

#if DIGEST_BIT_LENGTH != 256
#error "build with -DNGCC_REFHASH_ALG=NGCC_REFHASH_SHA3_256"
#endif

static const struct sha3_byte_vector bytes[] = {
    {"", 0, 0,
     "a7ffc6f8bf1ed76651c14756a061d662f580ff4de43b49fa82d80a4b80f8434a"},
    {"abc", 3, 0,
     "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"},
    {NULL, 200, 0xa3,
     "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"},
};

/* NIST, "SHA3-256 examples with intermediate values" (the messages of 5,
 * 30, 1600, 1605 and 1630 bits, as FIPS 202 bit strings) */
static const struct sha3_bit_vector bits[] = {
    {0, "11001",
     "7b0047cf5a456882363cbf0fb05322cf65f4b7059a46365e830132e3b5d957af"},
    {0, "110010100001101011011110100110",
     "c8242fef409e5ae9d1f1c857ae4dc624b92b19809f62aa8c07411c54a078b1d0"},
    {200, "",
     "79f38adec5c20307a98ef76e8324afbfd46cfd81b22e3973c65fa1bd9de31787"},
    {200, "11000",
     "81ee769bed0950862b1ddded2e84aaa6ab7bfdd3ceaa471be31163d40336363c"},
    {203, "110001",
     "52860aa301214c610d922a6b6cab981ccd06012e54ef689d744021e738b9ed20"},
};

int main(void)
{
    static const struct sha3_instance inst = {
        "SHA3-256", 256, 136, bytes, sizeof bytes / sizeof bytes[0],
        bits, sizeof bits / sizeof bits[0]
    };
    SRunner *sr = srunner_create(refhash_sha3_suite(&inst));
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
