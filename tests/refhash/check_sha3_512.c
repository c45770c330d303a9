/*
 * check_sha3_512.c - the refhash SHA3-512 instance (CryptHash built with
 * NGCC_REFHASH_ALG=NGCC_REFHASH_SHA3_512): FIPS 202's examples, NIST's
 * bit-length examples, bit lengths around byte and block edges, and the
 * refused arguments (the suite is sha3_check.c's).
 */
#include <stdlib.h>

#include <check.h>

#include "CryptHash_AlgorithmInstance.h"
#include "sha3_ref.h"

#if DIGEST_BIT_LENGTH != 512
#error "build with -DNGCC_REFHASH_ALG=NGCC_REFHASH_SHA3_512"
#endif

static const struct sha3_byte_vector bytes[] = {
    {"", 0, 0,
     "a69f73cca23a9ac5c8b567dc185a756e97c982164fe25859e0d1dcc1475c80a6"
     "15b2123af1f5f94c11e3e9402c3ac558f500199d95b6d3e301758586281dcd26"},
    {"abc", 3, 0,
     "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e"
     "10e116e9192af3c91a7ec57647e3934057340b4cf408d5a56592f8274eec53f0"},
    {NULL, 200, 0xa3,
     "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
     "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00"},
};

/* NIST, "SHA3-512 examples with intermediate values" (the messages of 5,
 * 30, 1600, 1605 and 1630 bits, as FIPS 202 bit strings) */
static const struct sha3_bit_vector bits[] = {
    {0, "11001",
     "a13e01494114c09800622a70288c432121ce70039d753cadd2e006e4d961cb27"
     "544c1481e5814bdceb53be6733d5e099795e5e81918addb058e22a9f24883f37"},
    {0, "110010100001101011011110100110",
     "9834c05a11e1c5d3da9c740e1c106d9e590a0e530b6f6aaa7830525d075ca5db"
     "1bd8a6aa981a28613ac334934a01823cd45f45e49b6d7e6917f2f16778067bab"},
    {200, "",
     "e76dfad22084a8b1467fcf2ffa58361bec7628edf5f3fdc0e4805dc48caeeca8"
     "1b7c13c30adf52a3659584739a2df46be589c51ca1a4a8416df6545a1ce8ba00"},
    {200, "11000",
     "fc4a167ccb31a937d698fde82b04348c9539b28f0c9d3b4505709c03812350e4"
     "990e9622974f6e575c47861c0d2e638ccfc2023c365bb60a93f528550698786b"},
    {203, "110001",
     "cf9a30ac1f1f6ac0916f9fef1919c595debe2ee80c85421210fdf05f1c6af73a"
     "a9cac881d0f91db6d034a2bbadc1cf7fbcb2ecfa9d191d3a5016fb3fad8709c9"},
};

int main(void)
{
    static const struct sha3_instance inst = {
        "SHA3-512", 512, 72, bytes, sizeof bytes / sizeof bytes[0],
        bits, sizeof bits / sizeof bits[0]
    };
    SRunner *sr = srunner_create(refhash_sha3_suite(&inst));
    int failed;

    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
