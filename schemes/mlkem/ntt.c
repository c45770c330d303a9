/*
 * ntt.c - the number-theoretic transform of FIPS 203 (Algorithms 9-12) on
 * polynomials of 256 int16 coefficients, plus the base-case products.
 *
 * zetas[k] = zeta^BitRev7(k) * R mod q (R = 2^16, zeta = 17), centred, and
 * zetas_q[k] = zetas[k] * q^-1 mod 2^16 for the high/low product form of
 * reduce.h; gammas[i] = zeta^(2 BitRev7(i) + 1) * R mod q likewise.
 *
 * The last two forward layers and the first two inverse layers are fused and
 * written out per block of 8 coefficients (so that compilers vectorize them
 * across blocks); the last inverse layer includes the final scaling.
 *
 * Bounds.  ngcc_mlkem_ntt takes |a| < q; every layer adds at most q, so
 * after 7 layers |a| < 8q < 2^15, and a final pass reduces to [0, q).
 * ngcc_mlkem_invntt takes |a| < q; the sums double per layer, so the sums of
 * the third and sixth layers are Barrett-reduced (all inputs of a layer stay
 * below 4q, differences below 8q).
 */
#include <stdint.h>

#include "ntt.h"
#include "reduce.h"

static const int16_t zetas[128] = {
    -1044, -758, -359, -1517, 1493, 1422, 287, 202, -171, 622,
    1577, 182, 962, -1202, -1474, 1468, 573, -1325, 264, 383,
    -829, 1458, -1602, -130, -681, 1017, 732, 608, -1542, 411,
    -205, -1571, 1223, 652, -552, 1015, -1293, 1491, -282, -1544,
    516, -8, -320, -666, -1618, -1162, 126, 1469, -853, -90,
    -271, 830, 107, -1421, -247, -951, -398, 961, -1508, -725,
    448, -1065, 677, -1275, -1103, 430, 555, 843, -1251, 871,
    1550, 105, 422, 587, 177, -235, -291, -460, 1574, 1653,
    -246, 778, 1159, -147, -777, 1483, -602, 1119, -1590, 644,
    -872, 349, 418, 329, -156, -75, 817, 1097, 603, 610,
    1322, -1285, -1465, 384, -1215, -136, 1218, -1335, -874, 220,
    -1187, -1659, -1185, -1530, -1278, 794, -1510, -854, -870, 478,
    -108, -308, 996, 991, 958, -1460, 1522, 1628
};

static const int16_t zetas_q[128] = {
    -20, 31498, 14745, 787, 13525, -12402, 28191, -16694, -20907, 27758,
    -3799, -15690, 10690, 1358, -11202, 31164, -5827, 17363, -26360, -29057,
    5571, -1102, 21438, -26242, -28073, 24313, -10532, 8800, 18426, 8859,
    26675, -16163, -5689, -6516, 1496, 30967, -23565, 20179, 20710, 25080,
    -12796, 26616, 16064, -12442, 9134, -650, -25986, 27837, 19883, -28250,
    -15887, -8898, -28309, 9075, -30199, 18249, 13426, 14017, -29156, -12757,
    16832, 4311, -24155, -17915, -335, 11182, -11477, 13387, -32227, -14233,
    20494, -21655, -27738, 13131, 945, -4587, -14883, 23092, 6182, 5493,
    32010, -32502, 10631, 30317, 29175, -18741, -28762, 12639, -18486, 20100,
    17560, 18525, -14430, 19529, -5276, -12619, -31183, 20297, 25435, 2146,
    -7382, 15355, 24391, -32384, -20927, -6280, 10946, -14903, 24214, -11044,
    16989, 14469, 10335, -21498, -7934, -20198, -22502, 23210, 10906, -17442,
    31636, -23860, 28644, -20257, 23998, 7756, -17422, 23132
};

/* izetas[k] = zetas[127 - k]: the order in which the inverse NTT uses them */
static const int16_t izetas[128] = {
    1628, 1522, -1460, 958, 991, 996, -308, -108, 478, -870,
    -854, -1510, 794, -1278, -1530, -1185, -1659, -1187, 220, -874,
    -1335, 1218, -136, -1215, 384, -1465, -1285, 1322, 610, 603,
    1097, 817, -75, -156, 329, 418, 349, -872, 644, -1590,
    1119, -602, 1483, -777, -147, 1159, 778, -246, 1653, 1574,
    -460, -291, -235, 177, 587, 422, 105, 1550, 871, -1251,
    843, 555, 430, -1103, -1275, 677, -1065, 448, -725, -1508,
    961, -398, -951, -247, -1421, 107, 830, -271, -90, -853,
    1469, 126, -1162, -1618, -666, -320, -8, 516, -1544, -282,
    1491, -1293, 1015, -552, 652, 1223, -1571, -205, 411, -1542,
    608, 732, 1017, -681, -130, -1602, 1458, -829, 383, 264,
    -1325, 573, 1468, -1474, -1202, 962, 182, 1577, 622, -171,
    202, 287, 1422, 1493, -1517, -359, -758, -1044
};

static const int16_t izetas_q[128] = {
    23132, -17422, 7756, 23998, -20257, 28644, -23860, 31636, -17442, 10906,
    23210, -22502, -20198, -7934, -21498, 10335, 14469, 16989, -11044, 24214,
    -14903, 10946, -6280, -20927, -32384, 24391, 15355, -7382, 2146, 25435,
    20297, -31183, -12619, -5276, 19529, -14430, 18525, 17560, 20100, -18486,
    12639, -28762, -18741, 29175, 30317, 10631, -32502, 32010, 5493, 6182,
    23092, -14883, -4587, 945, 13131, -27738, -21655, 20494, -14233, -32227,
    13387, -11477, 11182, -335, -17915, -24155, 4311, 16832, -12757, -29156,
    14017, 13426, 18249, -30199, 9075, -28309, -8898, -15887, -28250, 19883,
    27837, -25986, -650, 9134, -12442, 16064, 26616, -12796, 25080, 20710,
    20179, -23565, 30967, 1496, -6516, -5689, -16163, 26675, 8859, 18426,
    8800, -10532, 24313, -28073, -26242, 21438, -1102, 5571, -29057, -26360,
    17363, -5827, 31164, -11202, 1358, 10690, -15690, -3799, 27758, -20907,
    -16694, 28191, -12402, 13525, 787, 14745, 31498, -20
};

static const int16_t gammas[128] = {
    -1103, 1103, 430, -430, 555, -555, 843, -843, -1251, 1251,
    871, -871, 1550, -1550, 105, -105, 422, -422, 587, -587,
    177, -177, -235, 235, -291, 291, -460, 460, 1574, -1574,
    1653, -1653, -246, 246, 778, -778, 1159, -1159, -147, 147,
    -777, 777, 1483, -1483, -602, 602, 1119, -1119, -1590, 1590,
    644, -644, -872, 872, 349, -349, 418, -418, 329, -329,
    -156, 156, -75, 75, 817, -817, 1097, -1097, 603, -603,
    610, -610, 1322, -1322, -1285, 1285, -1465, 1465, 384, -384,
    -1215, 1215, -136, 136, 1218, -1218, -1335, 1335, -874, 874,
    220, -220, -1187, 1187, -1659, 1659, -1185, 1185, -1530, 1530,
    -1278, 1278, 794, -794, -1510, 1510, -854, 854, -870, 870,
    478, -478, -108, 108, -308, 308, 996, -996, 991, -991,
    958, -958, -1460, 1460, 1522, -1522, 1628, -1628
};

static const int16_t gammas_q[128] = {
    -335, 335, 11182, -11182, -11477, 11477, 13387, -13387, -32227, 32227,
    -14233, 14233, 20494, -20494, -21655, 21655, -27738, 27738, 13131, -13131,
    945, -945, -4587, 4587, -14883, 14883, 23092, -23092, 6182, -6182,
    5493, -5493, 32010, -32010, -32502, 32502, 10631, -10631, 30317, -30317,
    29175, -29175, -18741, 18741, -28762, 28762, 12639, -12639, -18486, 18486,
    20100, -20100, 17560, -17560, 18525, -18525, -14430, 14430, 19529, -19529,
    -5276, 5276, -12619, 12619, -31183, 31183, 20297, -20297, 25435, -25435,
    2146, -2146, -7382, 7382, 15355, -15355, 24391, -24391, -32384, 32384,
    -20927, 20927, -6280, 6280, 10946, -10946, -14903, 14903, 24214, -24214,
    -11044, 11044, 16989, -16989, 14469, -14469, 10335, -10335, -21498, 21498,
    -7934, 7934, -20198, 20198, -22502, 22502, 23210, -23210, 10906, -10906,
    -17442, 17442, 31636, -31636, -23860, 23860, 28644, -28644, -20257, 20257,
    23998, -23998, 7756, -7756, -17422, 17422, 23132, -23132
};

/* R^2 / 128 mod q and its q^-1 companion: final scaling of the inverse NTT,
 * which also removes the R^-1 left by the base-case products. */
#define INVNTT_F 1441
#define INVNTT_FQ (-10079)
/* R^2 mod q: multiplying by it with fqmul maps a to a * R. */
#define TOMONT_F 1353
#define TOMONT_FQ 20553

/* One Cooley-Tukey layer with butterflies (r[j], r[j + len]); len is a
 * compile-time constant at each call so the inner loop can be vectorized. */
static inline void ct_layer(int16_t *r, unsigned int len, unsigned int k)
{
    unsigned int start, j;
    for (start = 0; start < MLKEM_N; start += 2 * len, k++) {
        const int16_t z = zetas[k], zq = zetas_q[k];
        int16_t *a = r + start, *b = r + start + len;
        for (j = 0; j < len; j++) {
            int16_t t = mlkem_fqmul(b[j], z, zq);
            b[j] = (int16_t)(a[j] - t);
            a[j] = (int16_t)(a[j] + t);
        }
    }
}

/* One Gentleman-Sande layer; k counts down as in FIPS 203 Algorithm 10. */
static inline void gs_layer(int16_t *r, unsigned int len, unsigned int k,
                            int reduce_sums)
{
    unsigned int start, j;
    for (start = 0; start < MLKEM_N; start += 2 * len, k--) {
        const int16_t z = zetas[k], zq = zetas_q[k];
        int16_t *a = r + start, *b = r + start + len;
        for (j = 0; j < len; j++) {
            int16_t t = a[j];
            int16_t s = (int16_t)(t + b[j]);
            a[j] = reduce_sums ? mlkem_barrett_reduce(s) : s;
            b[j] = mlkem_fqmul((int16_t)(b[j] - t), z, zq);
        }
    }
}

/* Layers 6 and 7 (len 4 and 2) fused.  The
 * butterflies of a block of 8 coefficients are written out so that the
 * compiler vectorizes across blocks. */
static void ct_layers_4_2(int16_t *r)
{
    unsigned int i;
    for (i = 0; i < MLKEM_N / 8; i++) {
        const int16_t z = zetas[32 + i], zq = zetas_q[32 + i];
        const int16_t y = zetas[64 + 2 * i], yq = zetas_q[64 + 2 * i];
        const int16_t x = zetas[65 + 2 * i], xq = zetas_q[65 + 2 * i];
        int16_t *p = r + 8 * i;
        int16_t t0 = mlkem_fqmul(p[4], z, zq), t1 = mlkem_fqmul(p[5], z, zq);
        int16_t t2 = mlkem_fqmul(p[6], z, zq), t3 = mlkem_fqmul(p[7], z, zq);
        int16_t a0 = (int16_t)(p[0] + t0), a1 = (int16_t)(p[1] + t1);
        int16_t a2 = (int16_t)(p[2] + t2), a3 = (int16_t)(p[3] + t3);
        int16_t a4 = (int16_t)(p[0] - t0), a5 = (int16_t)(p[1] - t1);
        int16_t a6 = (int16_t)(p[2] - t2), a7 = (int16_t)(p[3] - t3);
        t0 = mlkem_fqmul(a2, y, yq);
        t1 = mlkem_fqmul(a3, y, yq);
        t2 = mlkem_fqmul(a6, x, xq);
        t3 = mlkem_fqmul(a7, x, xq);
        p[0] = (int16_t)(a0 + t0);
        p[1] = (int16_t)(a1 + t1);
        p[2] = (int16_t)(a0 - t0);
        p[3] = (int16_t)(a1 - t1);
        p[4] = (int16_t)(a4 + t2);
        p[5] = (int16_t)(a5 + t3);
        p[6] = (int16_t)(a4 - t2);
        p[7] = (int16_t)(a5 - t3);
    }
}

void ngcc_mlkem_ntt(int16_t r[MLKEM_N])
{
    unsigned int j;
    ct_layer(r, 128, 1);
    ct_layer(r, 64, 2);
    ct_layer(r, 32, 4);
    ct_layer(r, 16, 8);
    ct_layer(r, 8, 16);
    ct_layers_4_2(r);
    for (j = 0; j < MLKEM_N; j++)
        r[j] = mlkem_caddq(mlkem_barrett_reduce(r[j]));
}

/* Inverse layers 1 and 2 (len 2 and 4) fused, written out per block of 8
 * like ct_layers_4_2.  Sums stay below 4q. */
static void gs_layers_2_4(int16_t *r)
{
    unsigned int i;
    for (i = 0; i < MLKEM_N / 8; i++) {
        const int16_t y = izetas[2 * i], yq = izetas_q[2 * i];
        const int16_t x = izetas[2 * i + 1], xq = izetas_q[2 * i + 1];
        const int16_t z = izetas[64 + i], zq = izetas_q[64 + i];
        int16_t *p = r + 8 * i;
        int16_t a0 = (int16_t)(p[0] + p[2]), a1 = (int16_t)(p[1] + p[3]);
        int16_t a2 = mlkem_fqmul((int16_t)(p[2] - p[0]), y, yq);
        int16_t a3 = mlkem_fqmul((int16_t)(p[3] - p[1]), y, yq);
        int16_t a4 = (int16_t)(p[4] + p[6]), a5 = (int16_t)(p[5] + p[7]);
        int16_t a6 = mlkem_fqmul((int16_t)(p[6] - p[4]), x, xq);
        int16_t a7 = mlkem_fqmul((int16_t)(p[7] - p[5]), x, xq);
        p[0] = (int16_t)(a0 + a4);
        p[1] = (int16_t)(a1 + a5);
        p[2] = (int16_t)(a2 + a6);
        p[3] = (int16_t)(a3 + a7);
        p[4] = mlkem_fqmul((int16_t)(a4 - a0), z, zq);
        p[5] = mlkem_fqmul((int16_t)(a5 - a1), z, zq);
        p[6] = mlkem_fqmul((int16_t)(a6 - a2), z, zq);
        p[7] = mlkem_fqmul((int16_t)(a7 - a3), z, zq);
    }
}

/* Last inverse layer (len 128, zetas[1]) with the final scaling by
 * INVNTT_F folded in: the difference is multiplied by zetas[1] * INVNTT_F
 * * R^-1 mod q in one step. */
#define INVNTT_Z1F 1397
#define INVNTT_Z1FQ 5237
static void gs_layer_128_scale(int16_t *r)
{
    unsigned int j;
    for (j = 0; j < MLKEM_N / 2; j++) {
        int16_t a = r[j], b = r[j + MLKEM_N / 2];
        r[j] = mlkem_fqmul((int16_t)(a + b), INVNTT_F, INVNTT_FQ);
        r[j + MLKEM_N / 2] = mlkem_fqmul((int16_t)(b - a), INVNTT_Z1F, INVNTT_Z1FQ);
    }
}

void ngcc_mlkem_invntt(int16_t r[MLKEM_N])
{
    gs_layers_2_4(r);
    gs_layer(r, 8, 31, 1);
    gs_layer(r, 16, 15, 0);
    gs_layer(r, 32, 7, 0);
    gs_layer(r, 64, 3, 1);
    gs_layer_128_scale(r);
}

void ngcc_mlkem_tomont(int16_t r[MLKEM_N])
{
    unsigned int j;
    for (j = 0; j < MLKEM_N; j++)
        r[j] = mlkem_fqmul(r[j], TOMONT_F, TOMONT_FQ);
}

void ngcc_mlkem_mulcache(int16_t cache[restrict MLKEM_N / 2],
                         const int16_t b[restrict MLKEM_N])
{
    unsigned int i;
    for (i = 0; i < MLKEM_N / 2; i++)
        cache[i] = mlkem_fqmul(b[2 * i + 1], gammas[i], gammas_q[i]);
}

void ngcc_mlkem_basemul_acc(int32_t acc[restrict MLKEM_N],
                            const int16_t a[restrict MLKEM_N],
                            const int16_t b[restrict MLKEM_N],
                            const int16_t bcache[restrict MLKEM_N / 2])
{
    unsigned int i;
    for (i = 0; i < MLKEM_N / 2; i++) {
        int32_t a0 = a[2 * i], a1 = a[2 * i + 1];
        acc[2 * i] += a0 * b[2 * i] + a1 * bcache[i];
        acc[2 * i + 1] += a0 * b[2 * i + 1] + a1 * b[2 * i];
    }
}

void ngcc_mlkem_acc_reduce(int16_t r[restrict MLKEM_N],
                           const int32_t acc[restrict MLKEM_N])
{
    unsigned int j;
    for (j = 0; j < MLKEM_N; j++)
        r[j] = mlkem_montgomery_reduce(acc[j]);
}
