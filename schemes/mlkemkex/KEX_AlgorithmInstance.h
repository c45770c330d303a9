/*
 * KEX_AlgorithmInstance.h - the ICCS key exchange API (kinds.md, "Key
 * exchange") for ML-KEM-768-KEX, the package's key exchange yardstick: an
 * ephemeral two-pass exchange over the package's ML-KEM (FIPS 203,
 * schemes/mlkem), no long-term keys.
 *
 *   init_a, init_b:  no keys (pk, sk 0 bytes), empty states (0 bytes).
 *   pass 1 (A):      d || z = one 512-bit draw, (ek, dk) =
 *                    ML-KEM.KeyGen_internal(d, z); M1 = ek, state A = dk;
 *                    returns 0.
 *   pass 2 (B):      the FIPS 203 section 7.2 check of ek, m = one 256-bit
 *                    draw, (K, c) = ML-KEM.Encaps_internal(ek, m); M2 = c,
 *                    state B = K; returns 1 (the exchange is finished).
 *   derive_ss_a:     the section 7.3 check of dk, then
 *                    ML-KEM.Decaps_internal(dk, M2).
 *   derive_ss_b:     K.
 * The draws are kem_keygen's and kem_enc's (schemes/mlkem): from the same
 * DRNG state, M1, M2 and the secret are kem_keygen's pk, kem_enc's ct and
 * ss.  The parameter set is chosen when the instance is compiled:
 * -DNGCC_MLKEM_K=2, 3 (ML-KEM-768-KEX, default) or 4.
 *
 * Return codes (0 = success; a pass: 0 another pass follows, 1 finished):
 *   -1 kex_generate_pass3_msg_a, kex_generate_pass4_msg_b: there is no
 *      such pass (pass 2 finishes the exchange).
 *   -2 a length is not the expected one: a long-term key length not 0, a
 *      state length not the one the previous step left (0 before pass 1
 *      and pass 2, the dk size for derive_ss_a, 32 for derive_ss_b), M1
 *      (pass 2's m1, derive_ss_b's ma) not the encapsulation key size, M2
 *      (derive_ss_a's mb) not the ciphertext size.  derive_ss_b checks
 *      the length of ma but does not read it.
 *   -3 M1 (ek) fails the FIPS 203 section 7.2 modulus check (pass 2).
 *   -4 state A (dk) fails the FIPS 203 section 7.3 hash check (derive_ss_a).
 *   -5 get_random_number failed.
 *   -6 NULL pointer argument where a buffer or length is needed.
 * An invalid M2 is not an error: derive_ss_a gives the implicit-rejection
 * key and 0, as ML-KEM's decapsulation does.
 */
#ifndef KEX_ALGORITHMINSTANCE_H
#define KEX_ALGORITHMINSTANCE_H

#define OUTPUT_BLANK_TEST_VECTORS 0

#ifndef NGCC_MLKEM_K
#define NGCC_MLKEM_K 3
#endif
#if NGCC_MLKEM_K == 2
#define ALGORITHM_INSTANCE "ML-KEM-512-KEX"
#elif NGCC_MLKEM_K == 3
#define ALGORITHM_INSTANCE "ML-KEM-768-KEX"
#elif NGCC_MLKEM_K == 4
#define ALGORITHM_INSTANCE "ML-KEM-1024-KEX"
#else
#error "NGCC_MLKEM_K must be 2, 3 or 4"
#endif

#ifdef __cplusplus
extern "C" {
#endif

unsigned long long kex_get_passes_num(void);
unsigned long long kex_get_pk_len_bytes(void);
unsigned long long kex_get_sk_len_bytes(void);
unsigned long long kex_get_sta_len_bytes(void);
unsigned long long kex_get_stb_len_bytes(void);
unsigned long long kex_get_ss_len_bytes(void);
unsigned long long kex_get_total_msg_len_bytes(void);

int kex_init_a(unsigned char *pka, unsigned long long *pka_len_bytes,
               unsigned char *ska, unsigned long long *ska_len_bytes,
               unsigned char *sta, unsigned long long *sta_len_bytes);
int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len_bytes,
               unsigned char *skb, unsigned long long *skb_len_bytes,
               unsigned char *stb, unsigned long long *stb_len_bytes);
int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len_bytes,
                             unsigned char *pkb, unsigned long long pkb_len_bytes,
                             unsigned char *sta, unsigned long long *sta_len_bytes,
                             unsigned char *m1, unsigned long long *m1_len_bytes);
int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len_bytes,
                             unsigned char *pka, unsigned long long pka_len_bytes,
                             unsigned char *m1, unsigned long long m1_len_bytes,
                             unsigned char *stb, unsigned long long *stb_len_bytes,
                             unsigned char *m2, unsigned long long *m2_len_bytes);
int kex_generate_pass3_msg_a(unsigned char *ska, unsigned long long ska_len_bytes,
                             unsigned char *pkb, unsigned long long pkb_len_bytes,
                             unsigned char *m2, unsigned long long m2_len_bytes,
                             unsigned char *sta, unsigned long long *sta_len_bytes,
                             unsigned char *m3, unsigned long long *m3_len_bytes);
int kex_generate_pass4_msg_b(unsigned char *skb, unsigned long long skb_len_bytes,
                             unsigned char *pka, unsigned long long pka_len_bytes,
                             unsigned char *m3, unsigned long long m3_len_bytes,
                             unsigned char *stb, unsigned long long *stb_len_bytes,
                             unsigned char *m4, unsigned long long *m4_len_bytes);
int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len_bytes,
                    unsigned char *pkb, unsigned long long pkb_len_bytes,
                    unsigned char *mb, unsigned long long mb_len_bytes,
                    unsigned char *sta, unsigned long long sta_len_bytes,
                    unsigned char *ssa, unsigned long long *ssa_len_bytes);
int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len_bytes,
                    unsigned char *pka, unsigned long long pka_len_bytes,
                    unsigned char *ma, unsigned long long ma_len_bytes,
                    unsigned char *stb, unsigned long long stb_len_bytes,
                    unsigned char *ssb, unsigned long long *ssb_len_bytes);

#ifdef __cplusplus
}
#endif

#endif
