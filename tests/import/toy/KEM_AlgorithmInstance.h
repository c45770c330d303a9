/* KEM_AlgorithmInstance.h -- the ICCS KEM API of the import test's toy KEM.
 * import.test copies it into each fixture submission, setting the instance
 * name, the tweak (so that instances have different KATs) and the fixture
 * switches of toy_params.h; some fixtures rename it (KEM_Toy.h). */
#ifndef KEM_ALGORITHMINSTANCE_H
#define KEM_ALGORITHMINSTANCE_H

#define OUTPUT_BLANK_TEST_VECTORS 0
#define ALGORITHM_INSTANCE "ToyKEM-1"

#ifndef TOY_TWEAK
#define TOY_TWEAK 1
#endif
/* fixture switches */

unsigned long long kem_get_pk_len_bytes();
unsigned long long kem_get_sk_len_bytes();
unsigned long long kem_get_ss_len_bytes();
unsigned long long kem_get_ct_len_bytes();
int kem_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
               unsigned char *sk, unsigned long long *sk_len_bytes);
int kem_enc(unsigned char *pk, unsigned long long pk_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes,
            unsigned char *ct, unsigned long long *ct_len_bytes);
int kem_dec(unsigned char *sk, unsigned long long sk_len_bytes,
            unsigned char *ct, unsigned long long ct_len_bytes,
            unsigned char *ss, unsigned long long *ss_len_bytes);
#endif
