/*
 * params.h - ML-KEM parameter sets (FIPS 203, Table 2), chosen at compile
 * time with -DNGCC_MLKEM_K=2|3|4 (ML-KEM-512/768/1024); default 3.
 */
#ifndef NGCC_MLKEM_PARAMS_H
#define NGCC_MLKEM_PARAMS_H

#ifndef NGCC_MLKEM_K
#define NGCC_MLKEM_K 3
#endif

#define MLKEM_N 256
#define MLKEM_Q 3329
#define MLKEM_K NGCC_MLKEM_K

#if MLKEM_K == 2
#define MLKEM_ETA1 3
#define MLKEM_DU 10
#define MLKEM_DV 4
#elif MLKEM_K == 3
#define MLKEM_ETA1 2
#define MLKEM_DU 10
#define MLKEM_DV 4
#elif MLKEM_K == 4
#define MLKEM_ETA1 2
#define MLKEM_DU 11
#define MLKEM_DV 5
#else
#error "NGCC_MLKEM_K must be 2, 3 or 4"
#endif
#define MLKEM_ETA2 2

#define MLKEM_SYMBYTES 32                       /* seeds, m, K, h, z      */
#define MLKEM_POLYBYTES 384                     /* ByteEncode_12          */
#define MLKEM_POLYVECBYTES (MLKEM_K * MLKEM_POLYBYTES)
#define MLKEM_POLYCOMP_DU (32 * MLKEM_DU)       /* ByteEncode_du, 1 poly  */
#define MLKEM_POLYCOMP_DV (32 * MLKEM_DV)

#define MLKEM_EKBYTES (MLKEM_POLYVECBYTES + MLKEM_SYMBYTES)
#define MLKEM_DKPKEBYTES MLKEM_POLYVECBYTES
#define MLKEM_DKBYTES (MLKEM_DKPKEBYTES + MLKEM_EKBYTES + 2 * MLKEM_SYMBYTES)
#define MLKEM_CTBYTES (MLKEM_K * MLKEM_POLYCOMP_DU + MLKEM_POLYCOMP_DV)
#define MLKEM_SSBYTES 32

#endif
