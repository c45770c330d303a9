/*
 * params.h - ML-DSA parameter sets (FIPS 204, Table 1) and sizes (Table 2),
 * chosen at compile time with -DNGCC_MLDSA_MODE=44|65|87 (default 65), and
 * the name prefix of the instance's non-static functions (ngcc_mldsa44_...).
 */
#ifndef NGCC_MLDSA_PARAMS_H
#define NGCC_MLDSA_PARAMS_H

#ifndef NGCC_MLDSA_MODE
#define NGCC_MLDSA_MODE 65
#endif

#define MLDSA_N 256
#define MLDSA_Q 8380417
#define MLDSA_D 13
#define MLDSA_SEEDBYTES 32
#define MLDSA_CRHBYTES 64
#define MLDSA_TRBYTES 64
#define MLDSA_RNDBYTES 32

#if NGCC_MLDSA_MODE == 44
#define MLDSA_K 4
#define MLDSA_L 4
#define MLDSA_ETA 2
#define MLDSA_TAU 39
#define MLDSA_LAMBDA 128
#define MLDSA_GAMMA1 (1 << 17)
#define MLDSA_GAMMA2 ((MLDSA_Q - 1) / 88)
#define MLDSA_OMEGA 80
#elif NGCC_MLDSA_MODE == 65
#define MLDSA_K 6
#define MLDSA_L 5
#define MLDSA_ETA 4
#define MLDSA_TAU 49
#define MLDSA_LAMBDA 192
#define MLDSA_GAMMA1 (1 << 19)
#define MLDSA_GAMMA2 ((MLDSA_Q - 1) / 32)
#define MLDSA_OMEGA 55
#elif NGCC_MLDSA_MODE == 87
#define MLDSA_K 8
#define MLDSA_L 7
#define MLDSA_ETA 2
#define MLDSA_TAU 60
#define MLDSA_LAMBDA 256
#define MLDSA_GAMMA1 (1 << 19)
#define MLDSA_GAMMA2 ((MLDSA_Q - 1) / 32)
#define MLDSA_OMEGA 75
#else
#error "NGCC_MLDSA_MODE must be 44, 65 or 87"
#endif

#define MLDSA_BETA (MLDSA_TAU * MLDSA_ETA)
#define MLDSA_CTILDEBYTES (MLDSA_LAMBDA / 4)

/* bit lengths of the packed coefficients */
#define MLDSA_T1_BITS 10                                 /* bitlen(q-1) - d */
#define MLDSA_T0_BITS MLDSA_D
#define MLDSA_ETA_BITS (MLDSA_ETA == 2 ? 3 : 4)          /* bitlen(2 eta)  */
#define MLDSA_Z_BITS (MLDSA_GAMMA1 == (1 << 17) ? 18 : 20) /* 1 + bitlen(gamma1 - 1) */
#define MLDSA_W1_BITS (MLDSA_GAMMA2 == (MLDSA_Q - 1) / 88 ? 6 : 4)
#define MLDSA_W1_MAX ((MLDSA_Q - 1) / (2 * MLDSA_GAMMA2)) /* 44 or 16 */

#define MLDSA_POLY_BYTES(bits) (32 * (bits))
#define MLDSA_PKBYTES (MLDSA_SEEDBYTES + MLDSA_K * MLDSA_POLY_BYTES(MLDSA_T1_BITS))
#define MLDSA_SKBYTES (2 * MLDSA_SEEDBYTES + MLDSA_TRBYTES + \
                       (MLDSA_K + MLDSA_L) * MLDSA_POLY_BYTES(MLDSA_ETA_BITS) + \
                       MLDSA_K * MLDSA_POLY_BYTES(MLDSA_T0_BITS))
#define MLDSA_SIGBYTES (MLDSA_CTILDEBYTES + MLDSA_L * MLDSA_POLY_BYTES(MLDSA_Z_BITS) + \
                        MLDSA_OMEGA + MLDSA_K)
#define MLDSA_W1_PACKEDBYTES (MLDSA_K * MLDSA_POLY_BYTES(MLDSA_W1_BITS))

/* ngcc_mldsa44_NAME etc.: every non-static function of an instance */
#define MLDSA_CAT3(a, b, c) a##b##_##c
#define MLDSA_XCAT3(a, b, c) MLDSA_CAT3(a, b, c)
#define MLDSA_FN(name) MLDSA_XCAT3(ngcc_mldsa, NGCC_MLDSA_MODE, name)

#endif
