/*
 * KEX_AlgorithmInstance.c - ML-KEM-768-KEX: the ICCS key exchange API on
 * top of the package's ML-KEM internals (schemes/mlkem/kem.c, FIPS 203
 * section 6): randomness from the driver's DRNG, drawn as kem_keygen and
 * kem_enc draw it, the input checks of section 7, then the deterministic
 * internal functions.  Not schemes/mlkem's KEM_AlgorithmInstance.c: an
 * instance library exports one kind's API only.  The protocol and the
 * return codes are in KEX_AlgorithmInstance.h.
 */
#include <string.h>

#include "KEX_AlgorithmInstance.h"
#include "drng.h"
#include "mlkem_internal.h"
#include "params.h"

extern DRNG_ctx drng_algorithm;

#define ERR_NO_PASS (-1)
#define ERR_LENGTH (-2)
#define ERR_EK_CHECK (-3)
#define ERR_DK_CHECK (-4)
#define ERR_RANDOM (-5)
#define ERR_NULL (-6)

/* The state each party keeps: A the decapsulation key, B the secret. */
#define STA_BYTES MLKEM_DKBYTES
#define STB_BYTES MLKEM_SSBYTES

unsigned long long kex_get_passes_num(void) { return 2; }
unsigned long long kex_get_pk_len_bytes(void) { return 0; }
unsigned long long kex_get_sk_len_bytes(void) { return 0; }
unsigned long long kex_get_sta_len_bytes(void) { return STA_BYTES; }
unsigned long long kex_get_stb_len_bytes(void) { return STB_BYTES; }
unsigned long long kex_get_ss_len_bytes(void) { return MLKEM_SSBYTES; }
unsigned long long kex_get_total_msg_len_bytes(void) { return MLKEM_EKBYTES + MLKEM_CTBYTES; }

/* No long-term keys, an empty state: nothing is written to the buffers. */
static int init(unsigned long long *pk_len, unsigned long long *sk_len,
                unsigned long long *st_len)
{
    if (pk_len == NULL || sk_len == NULL || st_len == NULL)
        return ERR_NULL;
    *pk_len = 0;
    *sk_len = 0;
    *st_len = 0;
    return 0;
}

int kex_init_a(unsigned char *pka, unsigned long long *pka_len_bytes,
               unsigned char *ska, unsigned long long *ska_len_bytes,
               unsigned char *sta, unsigned long long *sta_len_bytes)
{
    (void)pka; (void)ska; (void)sta;
    return init(pka_len_bytes, ska_len_bytes, sta_len_bytes);
}

int kex_init_b(unsigned char *pkb, unsigned long long *pkb_len_bytes,
               unsigned char *skb, unsigned long long *skb_len_bytes,
               unsigned char *stb, unsigned long long *stb_len_bytes)
{
    (void)pkb; (void)skb; (void)stb;
    return init(pkb_len_bytes, skb_len_bytes, stb_len_bytes);
}

/* Pass 1 (A): M1 = ek, state A = dk. */
int kex_generate_pass1_msg_a(unsigned char *ska, unsigned long long ska_len_bytes,
                             unsigned char *pkb, unsigned long long pkb_len_bytes,
                             unsigned char *sta, unsigned long long *sta_len_bytes,
                             unsigned char *m1, unsigned long long *m1_len_bytes)
{
    unsigned char dz[2 * MLKEM_SYMBYTES];
    int ret;

    (void)ska; (void)pkb;
    if (sta == NULL || sta_len_bytes == NULL || m1 == NULL || m1_len_bytes == NULL)
        return ERR_NULL;
    if (ska_len_bytes != 0 || pkb_len_bytes != 0 || *sta_len_bytes != 0)
        return ERR_LENGTH;
    /* one 512-bit draw, as kem_keygen: d = first 32 bytes, z = last 32 */
    if (get_random_number(&drng_algorithm, dz, 8 * sizeof dz) != 0)
        return ERR_RANDOM;
    ret = ngcc_mlkem_keygen_internal(m1, sta, dz, dz + MLKEM_SYMBYTES);
    memset(dz, 0, sizeof dz);
    if (ret != 0)
        return ret;
    *m1_len_bytes = MLKEM_EKBYTES;
    *sta_len_bytes = STA_BYTES;
    return 0;
}

/* Pass 2 (B): M2 = c, state B = K; the exchange is finished. */
int kex_generate_pass2_msg_b(unsigned char *skb, unsigned long long skb_len_bytes,
                             unsigned char *pka, unsigned long long pka_len_bytes,
                             unsigned char *m1, unsigned long long m1_len_bytes,
                             unsigned char *stb, unsigned long long *stb_len_bytes,
                             unsigned char *m2, unsigned long long *m2_len_bytes)
{
    unsigned char m[MLKEM_SYMBYTES];
    int ret;

    (void)skb; (void)pka;
    if (m1 == NULL || stb == NULL || stb_len_bytes == NULL || m2 == NULL ||
        m2_len_bytes == NULL)
        return ERR_NULL;
    if (skb_len_bytes != 0 || pka_len_bytes != 0 || *stb_len_bytes != 0 ||
        m1_len_bytes != MLKEM_EKBYTES)
        return ERR_LENGTH;
    if (ngcc_mlkem_check_ek(m1) != 0)
        return ERR_EK_CHECK;
    /* one 256-bit draw, as kem_enc */
    if (get_random_number(&drng_algorithm, m, 8 * sizeof m) != 0)
        return ERR_RANDOM;
    ret = ngcc_mlkem_encaps_internal(stb, m2, m1, m);
    memset(m, 0, sizeof m);
    if (ret != 0)
        return ret;
    *m2_len_bytes = MLKEM_CTBYTES;
    *stb_len_bytes = STB_BYTES;
    return 1;
}

/* Passes 3 and 4 do not exist: pass 2 returned 1. */
int kex_generate_pass3_msg_a(unsigned char *ska, unsigned long long ska_len_bytes,
                             unsigned char *pkb, unsigned long long pkb_len_bytes,
                             unsigned char *m2, unsigned long long m2_len_bytes,
                             unsigned char *sta, unsigned long long *sta_len_bytes,
                             unsigned char *m3, unsigned long long *m3_len_bytes)
{
    (void)ska; (void)ska_len_bytes; (void)pkb; (void)pkb_len_bytes;
    (void)m2; (void)m2_len_bytes; (void)sta; (void)sta_len_bytes;
    (void)m3; (void)m3_len_bytes;
    return ERR_NO_PASS;
}

int kex_generate_pass4_msg_b(unsigned char *skb, unsigned long long skb_len_bytes,
                             unsigned char *pka, unsigned long long pka_len_bytes,
                             unsigned char *m3, unsigned long long m3_len_bytes,
                             unsigned char *stb, unsigned long long *stb_len_bytes,
                             unsigned char *m4, unsigned long long *m4_len_bytes)
{
    (void)skb; (void)skb_len_bytes; (void)pka; (void)pka_len_bytes;
    (void)m3; (void)m3_len_bytes; (void)stb; (void)stb_len_bytes;
    (void)m4; (void)m4_len_bytes;
    return ERR_NO_PASS;
}

/* A: ML-KEM.Decaps_internal(dk, M2), mb being M2. */
int kex_derive_ss_a(unsigned char *ska, unsigned long long ska_len_bytes,
                    unsigned char *pkb, unsigned long long pkb_len_bytes,
                    unsigned char *mb, unsigned long long mb_len_bytes,
                    unsigned char *sta, unsigned long long sta_len_bytes,
                    unsigned char *ssa, unsigned long long *ssa_len_bytes)
{
    int ret;

    (void)ska; (void)pkb;
    if (mb == NULL || sta == NULL || ssa == NULL || ssa_len_bytes == NULL)
        return ERR_NULL;
    if (ska_len_bytes != 0 || pkb_len_bytes != 0 || sta_len_bytes != STA_BYTES ||
        mb_len_bytes != MLKEM_CTBYTES)
        return ERR_LENGTH;
    if (ngcc_mlkem_check_dk(sta) != 0)
        return ERR_DK_CHECK;
    ret = ngcc_mlkem_decaps_internal(ssa, sta, mb);
    if (ret != 0)
        return ret;
    *ssa_len_bytes = MLKEM_SSBYTES;
    return 0;
}

/* B: the K of pass 2 (ma, M1, is not needed again). */
int kex_derive_ss_b(unsigned char *skb, unsigned long long skb_len_bytes,
                    unsigned char *pka, unsigned long long pka_len_bytes,
                    unsigned char *ma, unsigned long long ma_len_bytes,
                    unsigned char *stb, unsigned long long stb_len_bytes,
                    unsigned char *ssb, unsigned long long *ssb_len_bytes)
{
    (void)skb; (void)pka; (void)ma;
    if (stb == NULL || ssb == NULL || ssb_len_bytes == NULL)
        return ERR_NULL;
    if (skb_len_bytes != 0 || pka_len_bytes != 0 || stb_len_bytes != STB_BYTES ||
        ma_len_bytes != MLKEM_EKBYTES)
        return ERR_LENGTH;
    memcpy(ssb, stb, MLKEM_SSBYTES);
    *ssb_len_bytes = MLKEM_SSBYTES;
    return 0;
}
