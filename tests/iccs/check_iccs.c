/* check_iccs.c - unit tests of the ICCS hash helpers and DRNG (libcheck).
 *
 * Part of ngcc-perf.
 *
 * Oracles:
 *  - the test vectors of shared/spec/iccs.md section 4, bit for bit;
 *  - byte-aligned SM3 and HMAC-SM3 values computed once with OpenSSL
 *    ("openssl dgst -sm3", "openssl mac -digest SM3 ... HMAC") and embedded
 *    here (the test never runs openssl);
 *  - an independent, deliberately naive model of SM3 in this file: the
 *    message is expanded to one byte per bit, padded at bit level, packed and
 *    compressed with a textbook loop.  The model is itself checked against
 *    the OpenSSL values, and the expected values of pseudohash, pseudoXOF and
 *    the DRNG are built from it following the formulas of the spec, never
 *    from the code under test.
 */
#include <check.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "auxfunc.h"
#include "drng.h"
#include "sm3.h"

/* ------------------------------------------------------------------------ */
/* small utilities                                                           */

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;

static void rng_seed(uint64_t s)
{
    rng_state = s ? s : 0x9e3779b97f4a7c15ULL;
}

static uint64_t rng_next(void)
{
    /* xorshift64* */
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 0x2545f4914f6cdd1dULL;
}

static void rng_fill(unsigned char *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (unsigned char)(rng_next() >> 56);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    ck_assert_ptr_nonnull(p);
    return p;
}

/* bytes i*31+7, the pattern hashed with openssl for the embedded values */
static unsigned char *pattern(size_t n)
{
    unsigned char *p = xmalloc(n);
    size_t i;
    for (i = 0; i < n; i++)
        p[i] = (unsigned char)(i * 31 + 7);
    return p;
}

static int hexdigit(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* decode a hex string (spaces ignored) into out; returns the byte count */
static size_t unhex(const char *s, unsigned char *out)
{
    size_t n = 0;
    int hi = -1;
    for (; *s; s++) {
        int v;
        if (*s == ' ')
            continue;
        v = hexdigit(*s);
        ck_assert_int_ge(v, 0);
        if (hi < 0) {
            hi = v;
        } else {
            out[n++] = (unsigned char)(hi * 16 + v);
            hi = -1;
        }
    }
    ck_assert_int_lt(hi, 0);
    return n;
}

static void assert_hex(const unsigned char *got, const char *hex)
{
    unsigned char want[512];
    size_t n = unhex(hex, want);
    ck_assert_mem_eq(got, want, n);
}

/* keep only the first nbits bits of a ceil(nbits/8)-byte string */
static void mask_tail(unsigned char *p, uint64_t nbits)
{
    if (nbits % 8)
        p[nbits / 8] &= (unsigned char)(0xff00u >> (nbits % 8));
}

/* ------------------------------------------------------------------------ */
/* the naive model: bit strings as one byte per bit                          */

typedef struct {
    unsigned char *b; /* each element 0 or 1 */
    size_t n, cap;
} bits_t;

static void bits_init(bits_t *v)
{
    v->n = 0;
    v->cap = 1024;
    v->b = xmalloc(v->cap);
}

static void bits_free(bits_t *v)
{
    free(v->b);
    v->b = NULL;
}

static void bits_push(bits_t *v, int bit)
{
    if (v->n == v->cap) {
        v->cap *= 2;
        v->b = realloc(v->b, v->cap);
        ck_assert_ptr_nonnull(v->b);
    }
    v->b[v->n++] = (unsigned char)(bit != 0);
}

/* append the first nbits bits of p, MSB first */
static void bits_cat(bits_t *v, const unsigned char *p, uint64_t nbits)
{
    uint64_t i;
    for (i = 0; i < nbits; i++)
        bits_push(v, (p[i / 8] >> (7 - i % 8)) & 1);
}

/* append a whole-byte string */
static void bits_cat_bytes(bits_t *v, const unsigned char *p, size_t n)
{
    bits_cat(v, p, (uint64_t)n * 8);
}

/* append an unsigned integer of w bits, big-endian */
static void bits_cat_uint(bits_t *v, uint64_t x, int w)
{
    int i;
    for (i = w - 1; i >= 0; i--)
        bits_push(v, (int)((x >> i) & 1));
}

/* pack the bits from 'from' to 'from + n' into bytes, low bits zero */
static void bits_pack(const bits_t *v, size_t from, size_t n,
                      unsigned char *out)
{
    size_t i;
    memset(out, 0, (n + 7) / 8);
    for (i = 0; i < n; i++)
        if (v->b[from + i])
            out[i / 8] |= (unsigned char)(0x80 >> (i % 8));
}

static uint32_t m_rotl(uint32_t x, unsigned int n)
{
    n %= 32;
    if (n == 0)
        return x;
    return (x << n) | (x >> (32 - n));
}

static uint32_t m_p0(uint32_t x) { return x ^ m_rotl(x, 9) ^ m_rotl(x, 17); }
static uint32_t m_p1(uint32_t x) { return x ^ m_rotl(x, 15) ^ m_rotl(x, 23); }

static uint32_t m_ff(int j, uint32_t x, uint32_t y, uint32_t z)
{
    if (j < 16)
        return x ^ y ^ z;
    return (x & y) | (x & z) | (y & z);
}

static uint32_t m_gg(int j, uint32_t x, uint32_t y, uint32_t z)
{
    if (j < 16)
        return x ^ y ^ z;
    return (x & y) | (~x & z);
}

static uint32_t m_t(int j)
{
    return j < 16 ? 0x79cc4519u : 0x7a879d8au;
}

/* GB/T 32905-2016 section 5.3, as written */
static void model_cf(uint32_t v[8], const unsigned char blk[64])
{
    uint32_t w[68], w1[64];
    uint32_t a, b, c, d, e, f, g, h, ss1, ss2, tt1, tt2;
    int j;

    for (j = 0; j < 16; j++)
        w[j] = (uint32_t)blk[4 * j] << 24 | (uint32_t)blk[4 * j + 1] << 16 |
               (uint32_t)blk[4 * j + 2] << 8 | (uint32_t)blk[4 * j + 3];
    for (j = 16; j < 68; j++)
        w[j] = m_p1(w[j - 16] ^ w[j - 9] ^ m_rotl(w[j - 3], 15)) ^
               m_rotl(w[j - 13], 7) ^ w[j - 6];
    for (j = 0; j < 64; j++)
        w1[j] = w[j] ^ w[j + 4];

    a = v[0]; b = v[1]; c = v[2]; d = v[3];
    e = v[4]; f = v[5]; g = v[6]; h = v[7];
    for (j = 0; j < 64; j++) {
        ss1 = m_rotl(m_rotl(a, 12) + e + m_rotl(m_t(j), (unsigned int)j), 7);
        ss2 = ss1 ^ m_rotl(a, 12);
        tt1 = m_ff(j, a, b, c) + d + ss2 + w1[j];
        tt2 = m_gg(j, e, f, g) + h + ss1 + w[j];
        d = c;
        c = m_rotl(b, 9);
        b = a;
        a = tt1;
        h = g;
        g = m_rotl(f, 19);
        f = e;
        e = m_p0(tt2);
    }
    v[0] ^= a; v[1] ^= b; v[2] ^= c; v[3] ^= d;
    v[4] ^= e; v[5] ^= f; v[6] ^= g; v[7] ^= h;
}

/* SM3 of a bit string: pad at bit level, then compress block by block */
static void model_sm3(const bits_t *m, unsigned char out[32])
{
    static const uint32_t iv[8] = {
        0x7380166fu, 0x4914b2b9u, 0x172442d7u, 0xda8a0600u,
        0xa96f30bcu, 0x163138aau, 0xe38dee4du, 0xb0fb0e4eu,
    };
    bits_t p;
    uint32_t v[8];
    unsigned char blk[64];
    size_t i;
    int k;

    bits_init(&p);
    for (i = 0; i < m->n; i++)
        bits_push(&p, m->b[i]);
    bits_push(&p, 1);
    while (p.n % 512 != 448)
        bits_push(&p, 0);
    bits_cat_uint(&p, (uint64_t)m->n, 64);

    memcpy(v, iv, sizeof v);
    for (i = 0; i < p.n; i += 512) {
        bits_pack(&p, i, 512, blk);
        model_cf(v, blk);
    }
    for (k = 0; k < 8; k++) {
        out[4 * k] = (unsigned char)(v[k] >> 24);
        out[4 * k + 1] = (unsigned char)(v[k] >> 16);
        out[4 * k + 2] = (unsigned char)(v[k] >> 8);
        out[4 * k + 3] = (unsigned char)v[k];
    }
    bits_free(&p);
}

static void model_sm3_buf(const unsigned char *p, uint64_t nbits,
                          unsigned char out[32])
{
    bits_t m;
    bits_init(&m);
    bits_cat(&m, p, nbits);
    model_sm3(&m, out);
    bits_free(&m);
}

/* HMAC-SM3 (64-byte block) of a bit string */
static void model_hmac(const unsigned char *key, size_t keylen,
                       const bits_t *x, unsigned char out[32])
{
    unsigned char k[64], inner[32];
    bits_t m;
    size_t i;

    memset(k, 0, sizeof k);
    if (keylen > 64)
        model_sm3_buf(key, (uint64_t)keylen * 8, k);
    else
        memcpy(k, key, keylen);

    bits_init(&m);
    for (i = 0; i < 64; i++)
        bits_cat_uint(&m, k[i] ^ 0x36u, 8);
    for (i = 0; i < x->n; i++)
        bits_push(&m, x->b[i]);
    model_sm3(&m, inner);
    bits_free(&m);

    bits_init(&m);
    for (i = 0; i < 64; i++)
        bits_cat_uint(&m, k[i] ^ 0x5cu, 8);
    bits_cat_bytes(&m, inner, 32);
    model_sm3(&m, out);
    bits_free(&m);
}

/* K = SM3("3.14159265358979") || SM3("2.71828182845904") */
static void model_key(unsigned char k[64])
{
    static const char pi[] = "3.14159265358979";
    static const char e[] = "2.71828182845904";
    model_sm3_buf((const unsigned char *)pi, (uint64_t)strlen(pi) * 8, k);
    model_sm3_buf((const unsigned char *)e, (uint64_t)strlen(e) * 8, k + 32);
}

static void model_hmac_k(const unsigned char *x, uint64_t xbits,
                         unsigned char out[32])
{
    unsigned char k[64];
    bits_t m;
    model_key(k);
    bits_init(&m);
    bits_cat(&m, x, xbits);
    model_hmac(k, 64, &m, out);
    bits_free(&m);
}

/* pseudoXOF(L, M) = SM3(M || <1>32) || SM3(M || <2>32) || ..., truncated */
static void model_xof(uint64_t outbits, const unsigned char *msg,
                      uint64_t msgbits, unsigned char *out)
{
    bits_t all, m;
    unsigned char h[32];
    uint64_t i;

    bits_init(&all);
    for (i = 1; all.n < outbits; i++) {
        bits_init(&m);
        bits_cat(&m, msg, msgbits);
        bits_cat_uint(&m, i, 32);
        model_sm3(&m, h);
        bits_free(&m);
        bits_cat_bytes(&all, h, 32);
    }
    bits_pack(&all, 0, (size_t)outbits, out);
    bits_free(&all);
}

/* SM3 of the concatenation of up to three 32-byte strings */
static void model_sm3_cat(const unsigned char *a, const unsigned char *b,
                          const unsigned char *c, unsigned char out[32])
{
    bits_t m;
    bits_init(&m);
    bits_cat_bytes(&m, a, 32);
    bits_cat_bytes(&m, b, 32);
    if (c)
        bits_cat_bytes(&m, c, 32);
    model_sm3(&m, out);
    bits_free(&m);
}

/* pseudohash per spec section 2 */
static void model_pseudohash(int L, const unsigned char *msg,
                             uint64_t msgbits, unsigned char *out)
{
    unsigned char key[64], k1[32], k2[32], k3[32], k4[32];
    unsigned char h1[32], h2[32], h3[32], h4[32];
    unsigned int d = L == 512 ? 0x02 : L == 768 ? 0x03 : 0x04;
    bits_t m;

    model_key(key);

    bits_init(&m); /* D || M */
    bits_cat_uint(&m, d, 8);
    bits_cat_uint(&m, 0, 8);
    bits_cat(&m, msg, msgbits);
    model_hmac(key, 64, &m, k1);
    bits_free(&m);

    bits_init(&m); /* M || D */
    bits_cat(&m, msg, msgbits);
    bits_cat_uint(&m, d, 8);
    bits_cat_uint(&m, 0, 8);
    model_sm3(&m, h1);
    bits_free(&m);

    model_sm3_cat(k1, h1, NULL, h2);
    memcpy(out, h1, 32);
    memcpy(out + 32, h2, 32);
    if (L == 512)
        return;
    model_hmac_k(h1, 256, k2);
    model_sm3_cat(h2, k2, NULL, h3);
    memcpy(out + 64, h3, 32);
    if (L == 768)
        return;
    model_hmac_k(h2, 256, k3);
    model_hmac_k(h3, 256, k4);
    model_sm3_cat(k3, h3, k4, h4);
    memcpy(out + 96, h4, 32);
}

/* --- DRNG model: 440-bit integers as arrays of 440 bits, MSB first ------ */

typedef struct {
    unsigned char v[440], c[440], rc[440];
} model_drng;

static void m_from_bytes(unsigned char dst[440], const unsigned char *p,
                         size_t nbytes)
{
    /* right-aligned big-endian */
    size_t i;
    memset(dst, 0, 440);
    for (i = 0; i < nbytes * 8 && i < 440; i++) {
        size_t bit = nbytes * 8 - 1 - i; /* bit index from the LSB */
        dst[439 - i] = (p[bit / 8] >> (7 - bit % 8)) & 1;
    }
}

static void m_to_bytes(const unsigned char src[440], unsigned char out[55])
{
    size_t i;
    memset(out, 0, 55);
    for (i = 0; i < 440; i++)
        if (src[i])
            out[i / 8] |= (unsigned char)(0x80 >> (i % 8));
}

/* acc = acc + x mod 2^440, bit by bit */
static void m_add(unsigned char acc[440], const unsigned char x[440])
{
    int i, carry = 0;
    for (i = 439; i >= 0; i--) {
        int s = acc[i] + x[i] + carry;
        acc[i] = (unsigned char)(s & 1);
        carry = s >> 1;
    }
}

static void m_hash_df(const bits_t *x, unsigned char out[55])
{
    unsigned char h[64];
    int i;
    for (i = 1; i <= 2; i++) {
        bits_t m;
        size_t k;
        bits_init(&m);
        bits_cat_uint(&m, (uint64_t)i, 8);
        bits_cat_uint(&m, 440, 32);
        for (k = 0; k < x->n; k++)
            bits_push(&m, x->b[k]);
        model_sm3(&m, h + 32 * (i - 1));
        bits_free(&m);
    }
    memcpy(out, h, 55);
}

static void model_drng_init(model_drng *d, const unsigned char *seed,
                            size_t seedlen)
{
    unsigned char v[55], c[55], one = 1;
    bits_t x;

    bits_init(&x);
    bits_cat_bytes(&x, seed, seedlen);
    m_hash_df(&x, v);
    bits_free(&x);

    bits_init(&x);
    bits_cat_uint(&x, 0, 8);
    bits_cat_bytes(&x, v, 55);
    m_hash_df(&x, c);
    bits_free(&x);

    m_from_bytes(d->v, v, 55);
    m_from_bytes(d->c, c, 55);
    m_from_bytes(d->rc, &one, 1);
}

static void model_drng_get(model_drng *d, unsigned char *out, uint64_t nbits)
{
    unsigned char data[440], one[440], bytes[55], h[32], hh[440];
    uint64_t m = (nbits + 255) / 256, i;
    bits_t all, x;

    memcpy(data, d->v, 440);
    memset(one, 0, 440);
    one[439] = 1;
    bits_init(&all);
    for (i = 0; i < m; i++) {
        m_to_bytes(data, bytes);
        model_sm3_buf(bytes, 440, h);
        bits_cat_bytes(&all, h, 32);
        m_add(data, one);
    }
    if (nbits)
        bits_pack(&all, 0, (size_t)nbits, out);
    bits_free(&all);

    bits_init(&x);
    bits_cat_uint(&x, 3, 8);
    m_to_bytes(d->v, bytes);
    bits_cat_bytes(&x, bytes, 55);
    model_sm3(&x, h);
    bits_free(&x);
    m_from_bytes(hh, h, 32);
    m_add(d->v, hh);
    m_add(d->v, d->c);
    m_add(d->v, d->rc);
    m_add(d->rc, one);
}

/* ------------------------------------------------------------------------ */
/* expected values                                                           */

#define SPEC_SM3_ABC \
    "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"
#define SPEC_XOF256_ABC \
    "fe1ea80dac6f100c33537bd24619ec7c72a1e8b1ffeaefb1eb52a37791fdaf61"
#define SPEC_XOF300_ABC \
    "fe1ea80dac6f100c33537bd24619ec7c72a1e8b1ffeaefb1eb52a37791fdaf61" \
    "9db16c0ac7b0"
#define SPEC_XOF256_EMPTY \
    "88c0cffa4c713446a03f1fff1630aa6353bdb53e2a9272146be7a82fde06afa3"
#define SPEC_K \
    "5307f6d5eb6a3ced3d24c53cc9c82cce2f8936397023f0695c26c80c1ab182a7" \
    "1db02ba92f544018115a96e719662ca32b7c7efc0a6d2482150766ba6f655b8e"
#define SPEC_PH512_ABC \
    "9ae35811886caf801bfc6089ffb7c0a0fbeb8ebd14a5261f28474d7a5814970a" \
    "865ef8ace55461c19e953e9d36a560994b126366bbb2942eb6818523e82f1e95"

/* openssl dgst -sm3 of pattern(n) */
static const struct {
    size_t n;
    const char *hex;
} openssl_pattern[] = {
    { 0, "1ab21d8355cfa17f8e61194831e81a8f22bec8c728fefb747ed035eb5082aa2b" },
    { 1, "e16b16a9a43625b8513f74bea54ff8e3166ccd74e4d62e2bcab0b96ffeb6f194" },
    { 55, "897427ca734b1d5f3e13f034079acce59746280594583d02c5a6c44acf45163b" },
    { 56, "d68962ebd2d25fd44ad79243d7ace9a4763c73259d1b2f377396039bf9ea8c42" },
    { 63, "69a0724e840c3ad96fcdef408de542bc2cf4177cabc0fce981eb056c65b0561d" },
    { 64, "b70475527d5844676c0e31e20a8c19274da05078205227806eaeec4f4c204841" },
    { 65, "4e083a92ce6a78f9d531ff4e1066d67c58ea58d9a3db6e43c5ad1d409ba69465" },
    { 119, "da5909e87479d80b6453925a22ad81fe9a67bd173d4796ef4159d42b6427e4e7" },
    { 120, "36781c4d79793a9180a68778ec8692f7bed3ae454425731340be59e5325cee23" },
    { 1000, "253ed38e3f7092f8b7dde2297e3bea8c9e6b25c984345cc80ba1f0ca443bffd5" },
    { 1048576,
      "d0b2cd4a34e3fe514d41a3546f8f88a8541ccf89b2243ae1a663f077ae225fb7" },
};

/* openssl dgst -sm3 of "abcd" x 16 (GB/T 32905 example 2) */
#define OPENSSL_ABCD16 \
    "debe9ff92275b8a138604889c18e5a4d6fdb70e5387e5765293dcba39c0c5732"
/* openssl mac -digest SM3 -macopt hexkey:K HMAC of "abc" */
#define OPENSSL_HMAC_K_ABC \
    "eb355042bdc3185c6d3e8b2290255f36945356f5649f495440652a1232310b9c"
/* openssl mac -digest SM3 -macopt hexkey:0b*100 HMAC of "Hi There" */
#define OPENSSL_HMAC_LONGKEY \
    "6f58292128d72fe0918d3d61c10d187184635f98b61e9cefb1150a16bce37514"

static const uint64_t edge_bits[] = {
    0, 1, 7, 8, 9, 255, 256, 257, 447, 448, 511, 512, 513
};
#define N_EDGE (sizeof edge_bits / sizeof edge_bits[0])

static const unsigned char abc[] = { 'a', 'b', 'c' };

/* ------------------------------------------------------------------------ */
/* suite sm3: the internal SM3 (ngcc_sm3_*)                                  */

START_TEST(sm3_spec_abc)
{
    unsigned char d[32];
    ck_assert_int_eq(ngcc_sm3(abc, 3, d), 0);
    assert_hex(d, SPEC_SM3_ABC);
    ck_assert_int_eq(ngcc_sm3_bits(abc, 24, d), 0);
    assert_hex(d, SPEC_SM3_ABC);
    model_sm3_buf(abc, 24, d);
    assert_hex(d, SPEC_SM3_ABC);
}
END_TEST

/* the fast code and the model against the embedded OpenSSL digests */
START_TEST(sm3_openssl_vectors)
{
    size_t i;
    unsigned char d[32];
    unsigned char abcd[64];

    for (i = 0; i < sizeof openssl_pattern / sizeof openssl_pattern[0]; i++) {
        size_t n = openssl_pattern[i].n;
        unsigned char *p = pattern(n);
        ck_assert_int_eq(ngcc_sm3(p, n, d), 0);
        assert_hex(d, openssl_pattern[i].hex);
        ck_assert_int_eq(ngcc_sm3_bits(p, (uint64_t)n * 8, d), 0);
        assert_hex(d, openssl_pattern[i].hex);
        model_sm3_buf(p, (uint64_t)n * 8, d);
        assert_hex(d, openssl_pattern[i].hex);
        free(p);
    }
    for (i = 0; i < 64; i++)
        abcd[i] = (unsigned char)("abcd"[i % 4]);
    ck_assert_int_eq(ngcc_sm3(abcd, 64, d), 0);
    assert_hex(d, OPENSSL_ABCD16);
    model_sm3_buf(abcd, 512, d);
    assert_hex(d, OPENSSL_ABCD16);
}
END_TEST

START_TEST(sm3_edge_lengths)
{
    unsigned char msg[80], d1[32], d2[32];
    size_t i;
    rng_seed(1);
    for (i = 0; i < N_EDGE; i++) {
        rng_fill(msg, sizeof msg);
        mask_tail(msg, edge_bits[i]);
        ck_assert_int_eq(ngcc_sm3_bits(msg, edge_bits[i], d1), 0);
        model_sm3_buf(msg, edge_bits[i], d2);
        ck_assert_mem_eq(d1, d2, 32);
    }
}
END_TEST

/* every bit length up to ~4.3 blocks, fast code against the model */
START_TEST(sm3_all_lengths)
{
    unsigned char msg[300], d1[32], d2[32];
    uint64_t n;
    rng_seed(2);
    rng_fill(msg, sizeof msg);
    for (n = 0; n <= 2200; n++) {
        ck_assert_int_eq(ngcc_sm3_bits(msg, n, d1), 0);
        model_sm3_buf(msg, n, d2);
        ck_assert_msg(memcmp(d1, d2, 32) == 0, "SM3 differs at %u bits",
                      (unsigned int)n);
    }
}
END_TEST

/* bits past msg_len_bits must not matter */
START_TEST(sm3_ignores_trailing_bits)
{
    unsigned char ones[70], zeros[70], d1[32], d2[32];
    uint64_t n;
    for (n = 0; n <= 8 * 69; n++) {
        memset(ones, 0xff, sizeof ones);
        memcpy(zeros, ones, sizeof zeros);
        memset(zeros + n / 8, 0, sizeof zeros - n / 8);
        if (n % 8)
            zeros[n / 8] = (unsigned char)(0xff00u >> (n % 8));
        ck_assert_int_eq(ngcc_sm3_bits(ones, n, d1), 0);
        ck_assert_int_eq(ngcc_sm3_bits(zeros, n, d2), 0);
        ck_assert_mem_eq(d1, d2, 32);
    }
}
END_TEST

/* copy bits from..from+len of msg to the start of out (outsize bytes),
 * random junk after them */
static void extract_bits(const unsigned char *msg, uint64_t from,
                         uint64_t len, unsigned char *out, size_t outsize)
{
    uint64_t k;
    ck_assert_uint_le((len + 7) / 8, outsize);
    rng_fill(out, outsize);
    for (k = 0; k < len; k++) {
        uint64_t b = from + k;
        if ((msg[b / 8] >> (7 - b % 8)) & 1)
            out[k / 8] |= (unsigned char)(0x80 >> (k % 8));
        else
            out[k / 8] &= (unsigned char)~(0x80 >> (k % 8));
    }
}

/* a message cut in two (and three) at every bit position, for totals at and
 * around the padding and block boundaries */
START_TEST(sm3_split_every_offset)
{
    static const uint64_t totals[] = { 8, 440, 447, 448, 505, 511, 512, 513,
                                       1024, 1031 };
    unsigned char msg[130], a[140], b[140], c[140], d1[32], d2[32];
    size_t i;
    uint64_t k;

    rng_seed(15);
    rng_fill(msg, sizeof msg);
    for (i = 0; i < sizeof totals / sizeof totals[0]; i++) {
        uint64_t n = totals[i];
        ck_assert_int_eq(ngcc_sm3_bits(msg, n, d2), 0);
        for (k = 0; k <= n; k++) {
            ngcc_sm3_ctx ctx;
            uint64_t k2 = k + (n - k) / 3;
            ngcc_sm3_init(&ctx);
            extract_bits(msg, 0, k, a, sizeof a);
            extract_bits(msg, k, n - k, b, sizeof b);
            ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, a, k), 0);
            ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, b, n - k), 0);
            ck_assert_int_eq(ngcc_sm3_final(&ctx, d1), 0);
            ck_assert_msg(memcmp(d1, d2, 32) == 0, "%u-bit split at %u",
                          (unsigned int)n, (unsigned int)k);

            ngcc_sm3_init(&ctx);
            extract_bits(msg, k, k2 - k, b, sizeof b);
            extract_bits(msg, k2, n - k2, c, sizeof c);
            ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, a, k), 0);
            ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, b, k2 - k), 0);
            ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, c, n - k2), 0);
            ck_assert_int_eq(ngcc_sm3_final(&ctx, d1), 0);
            ck_assert_msg(memcmp(d1, d2, 32) == 0, "%u-bit split at %u, %u",
                          (unsigned int)n, (unsigned int)k,
                          (unsigned int)k2);
        }
        model_sm3_buf(msg, n, d1);
        ck_assert_mem_eq(d1, d2, 32);
    }
}
END_TEST

/* the same message fed in pieces of random bit sizes, at every offset */
START_TEST(sm3_incremental_random_splits)
{
    enum { MAXBITS = 6000 };
    unsigned char msg[MAXBITS / 8 + 1], piece[MAXBITS / 8 + 2];
    unsigned char d1[32], d2[32];
    int iter;

    rng_seed(3);
    for (iter = 0; iter < 400; iter++) {
        uint64_t total = rng_next() % MAXBITS, pos = 0;
        ngcc_sm3_ctx ctx;
        rng_fill(msg, sizeof msg);
        ngcc_sm3_init(&ctx);
        while (pos < total) {
            uint64_t len;
            switch (rng_next() % 4) {
            case 0: len = rng_next() % 9; break;
            case 1: len = rng_next() % 80; break;
            case 2: len = 8 * (rng_next() % 40); break;
            default: len = rng_next() % 1500; break;
            }
            if (len > total - pos)
                len = total - pos;
            extract_bits(msg, pos, len, piece, sizeof piece);
            ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, piece, len), 0);
            pos += len;
        }
        ck_assert_int_eq(ngcc_sm3_final(&ctx, d1), 0);
        ck_assert_int_eq(ngcc_sm3_bits(msg, total, d2), 0);
        ck_assert_msg(memcmp(d1, d2, 32) == 0, "split hash differs (%u bits)",
                      (unsigned int)total);
        if (iter % 20 == 0) {
            model_sm3_buf(msg, total, d2);
            ck_assert_mem_eq(d1, d2, 32);
        }
    }
}
END_TEST

/* long messages through the non-aligned path (prefix of 1..7 bits) */
START_TEST(sm3_long_unaligned)
{
    size_t n = 1000;
    unsigned char *p = pattern(1 << 20), d1[32], d2[32];
    unsigned int s;
    for (s = 1; s < 8; s++) {
        unsigned char pre = 0xa5;
        ngcc_sm3_ctx ctx;
        bits_t m;
        ngcc_sm3_init(&ctx);
        ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, &pre, s), 0);
        ck_assert_int_eq(ngcc_sm3_update(&ctx, p, n), 0);
        ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, p, 13), 0);
        ck_assert_int_eq(ngcc_sm3_final(&ctx, d1), 0);
        bits_init(&m);
        bits_cat(&m, &pre, s);
        bits_cat_bytes(&m, p, n);
        bits_cat(&m, p, 13);
        model_sm3(&m, d2);
        bits_free(&m);
        ck_assert_mem_eq(d1, d2, 32);
    }
    /* 1 MiB behind 3 bits */
    {
        unsigned char pre = 0x60;
        ngcc_sm3_ctx ctx;
        bits_t m;
        ngcc_sm3_init(&ctx);
        ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, &pre, 3), 0);
        ck_assert_int_eq(ngcc_sm3_update(&ctx, p, 1 << 20), 0);
        ck_assert_int_eq(ngcc_sm3_final(&ctx, d1), 0);
        bits_init(&m);
        bits_cat(&m, &pre, 3);
        bits_cat_bytes(&m, p, 1 << 20);
        model_sm3(&m, d2);
        bits_free(&m);
        ck_assert_mem_eq(d1, d2, 32);
    }
    free(p);
}
END_TEST

START_TEST(sm3_hmac)
{
    unsigned char key[100], d1[32], d2[32], msg[40];
    static const size_t keylens[] = { 0, 1, 10, 63, 64, 65, 100 };
    size_t i;
    ngcc_sm3_hmac_key hk;
    ngcc_sm3_ctx ctx;
    bits_t m;

    /* OpenSSL values */
    unhex(SPEC_K, key);
    ngcc_sm3_hmac_setkey(&hk, key, 64);
    ngcc_sm3_hmac_init(&ctx, &hk);
    ck_assert_int_eq(ngcc_sm3_update(&ctx, abc, 3), 0);
    ck_assert_int_eq(ngcc_sm3_hmac_final(&ctx, &hk, d1), 0);
    assert_hex(d1, OPENSSL_HMAC_K_ABC);
    bits_init(&m);
    bits_cat_bytes(&m, abc, 3);
    model_hmac(key, 64, &m, d2);
    bits_free(&m);
    assert_hex(d2, OPENSSL_HMAC_K_ABC);

    memset(key, 0x0b, 100);
    ngcc_sm3_hmac_setkey(&hk, key, 100);
    ngcc_sm3_hmac_init(&ctx, &hk);
    ck_assert_int_eq(ngcc_sm3_update(&ctx, (const unsigned char *)"Hi There",
                                     8), 0);
    ck_assert_int_eq(ngcc_sm3_hmac_final(&ctx, &hk, d1), 0);
    assert_hex(d1, OPENSSL_HMAC_LONGKEY);
    bits_init(&m);
    bits_cat_bytes(&m, (const unsigned char *)"Hi There", 8);
    model_hmac(key, 100, &m, d2);
    bits_free(&m);
    assert_hex(d2, OPENSSL_HMAC_LONGKEY);

    /* model, various key lengths and bit-string messages */
    rng_seed(4);
    for (i = 0; i < sizeof keylens / sizeof keylens[0]; i++) {
        uint64_t nb = rng_next() % 300;
        rng_fill(key, sizeof key);
        rng_fill(msg, sizeof msg);
        ngcc_sm3_hmac_setkey(&hk, key, keylens[i]);
        ngcc_sm3_hmac_init(&ctx, &hk);
        ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, msg, nb), 0);
        ck_assert_int_eq(ngcc_sm3_hmac_final(&ctx, &hk, d1), 0);
        bits_init(&m);
        bits_cat(&m, msg, nb);
        model_hmac(key, keylens[i], &m, d2);
        bits_free(&m);
        ck_assert_mem_eq(d1, d2, 32);
    }
}
END_TEST

/* a message reaching 2^64 bits is refused (state forged near the limit) */
START_TEST(sm3_length_overflow)
{
    ngcc_sm3_ctx ctx;
    unsigned char d[32], byte = 0;

    ngcc_sm3_init(&ctx);
    ctx.nblocks = (1ULL << 55) - 1;
    ctx.bufbits = 504; /* total 2^64 - 8 bits */
    ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, &byte, 7), 0);
    ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, &byte, 1), -1);
    ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, &byte, 0), -1); /* sticky */
    ck_assert_int_eq(ngcc_sm3_final(&ctx, d), -1);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* suite sm3hash                                                             */

START_TEST(sm3hash_spec)
{
    unsigned char d[32];
    ck_assert_int_eq(sm3hash(256, abc, 24, d), 0);
    assert_hex(d, SPEC_SM3_ABC);
}
END_TEST

START_TEST(sm3hash_lengths)
{
    unsigned char msg[128], d1[32], d2[32];
    size_t i;
    unsigned char *p;

    rng_seed(5);
    for (i = 0; i < N_EDGE; i++) {
        rng_fill(msg, sizeof msg);
        ck_assert_int_eq(sm3hash(256, msg, edge_bits[i], d1), 0);
        model_sm3_buf(msg, edge_bits[i], d2);
        ck_assert_mem_eq(d1, d2, 32);
    }
    /* empty message, with and without a buffer */
    ck_assert_int_eq(sm3hash(256, NULL, 0, d1), 0);
    assert_hex(d1, openssl_pattern[0].hex);
    ck_assert_int_eq(sm3hash(256, msg, 0, d1), 0);
    assert_hex(d1, openssl_pattern[0].hex);
    /* multi-block */
    p = pattern(1000);
    ck_assert_int_eq(sm3hash(256, p, 8000, d1), 0);
    assert_hex(d1, "253ed38e3f7092f8b7dde2297e3bea8c"
                   "9e6b25c984345cc80ba1f0ca443bffd5");
    ck_assert_int_eq(sm3hash(256, p, 7999, d1), 0);
    model_sm3_buf(p, 7999, d2);
    ck_assert_mem_eq(d1, d2, 32);
    free(p);
    p = pattern(1 << 20);
    ck_assert_int_eq(sm3hash(256, p, 8ULL << 20, d1), 0);
    assert_hex(d1, "d0b2cd4a34e3fe514d41a3546f8f88a8"
                   "541ccf89b2243ae1a663f077ae225fb7");
    free(p);
}
END_TEST

START_TEST(sm3hash_in_place)
{
    unsigned char buf[64], d[32];
    rng_seed(6);
    rng_fill(buf, sizeof buf);
    model_sm3_buf(buf, 509, d);
    ck_assert_int_eq(sm3hash(256, buf, 509, buf), 0);
    ck_assert_mem_eq(buf, d, 32);
}
END_TEST

START_TEST(sm3hash_errors)
{
    static const int bad[] = { 0, 1, 128, 255, 257, 384, 512, -256, -1 };
    unsigned char d[32];
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        memset(d, 0xaa, sizeof d);
        ck_assert_int_eq(sm3hash(bad[i], abc, 24, d), -4);
    }
    ck_assert_int_eq(sm3hash(256, abc, 24, NULL), -3);
    ck_assert_int_eq(sm3hash(256, NULL, 8, d), -3);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* suite pseudoXOF                                                           */

START_TEST(xof_spec)
{
    unsigned char o[64];
    ck_assert_int_eq(pseudoXOF(256, abc, 24, o), 0);
    assert_hex(o, SPEC_XOF256_ABC);
    ck_assert_int_eq(pseudoXOF(300, abc, 24, o), 0);
    assert_hex(o, SPEC_XOF300_ABC);
    ck_assert_int_eq(pseudoXOF(256, NULL, 0, o), 0);
    assert_hex(o, SPEC_XOF256_EMPTY);
    /* the model agrees */
    model_xof(300, abc, 24, o);
    assert_hex(o, SPEC_XOF300_ABC);
    model_xof(256, abc, 0, o);
    assert_hex(o, SPEC_XOF256_EMPTY);
}
END_TEST

/* odd output lengths: model equality, low bits zero, nothing written past */
START_TEST(xof_output_lengths)
{
    static const uint64_t outs[] = { 1, 7, 8, 9, 255, 256, 257, 300, 511,
                                     512, 513, 1000, 2049 };
    unsigned char msg[40], got[300], want[300];
    size_t i, j;

    rng_seed(7);
    rng_fill(msg, sizeof msg);
    for (i = 0; i < sizeof outs / sizeof outs[0]; i++) {
        size_t nb = (size_t)((outs[i] + 7) / 8);
        memset(got, 0xff, sizeof got);
        ck_assert_int_eq(pseudoXOF(outs[i], msg, 300, got), 0);
        model_xof(outs[i], msg, 300, want);
        ck_assert_mem_eq(got, want, nb);
        if (outs[i] % 8)
            ck_assert_uint_eq(got[nb - 1] & (0xffu >> (outs[i] % 8)), 0);
        for (j = nb; j < sizeof got; j++)
            ck_assert_uint_eq(got[j], 0xff);
    }
}
END_TEST

/* non-byte-aligned messages: the counter follows the last message bit */
START_TEST(xof_message_lengths)
{
    static const uint64_t outs[] = { 9, 256, 300 };
    unsigned char msg[200], got[80], want[80];
    size_t i, k;
    uint64_t n;

    rng_seed(8);
    rng_fill(msg, sizeof msg);
    for (i = 0; i < N_EDGE; i++)
        for (k = 0; k < sizeof outs / sizeof outs[0]; k++) {
            ck_assert_int_eq(pseudoXOF(outs[k], msg, edge_bits[i], got), 0);
            model_xof(outs[k], msg, edge_bits[i], want);
            ck_assert_mem_eq(got, want, (size_t)((outs[k] + 7) / 8));
        }
    for (n = 0; n <= 1100; n += 13) {
        ck_assert_int_eq(pseudoXOF(520, msg, n, got), 0);
        model_xof(520, msg, n, want);
        ck_assert_mem_eq(got, want, 65);
    }
}
END_TEST

START_TEST(xof_long_message)
{
    unsigned char *p = pattern(1 << 20), got[80], want[80];
    ck_assert_int_eq(pseudoXOF(600, p, (8ULL << 20) - 5, got), 0);
    model_xof(600, p, (8ULL << 20) - 5, want);
    ck_assert_mem_eq(got, want, 75);
    free(p);
}
END_TEST

START_TEST(xof_prefix_consistent)
{
    unsigned char msg[20], full[400], part[400];
    uint64_t n;
    rng_seed(9);
    rng_fill(msg, sizeof msg);
    ck_assert_int_eq(pseudoXOF(3200, msg, 155, full), 0);
    for (n = 1; n <= 3200; n += (n < 600 ? 1 : 37)) {
        unsigned char expect_tail;
        ck_assert_int_eq(pseudoXOF(n, msg, 155, part), 0);
        ck_assert_mem_eq(part, full, (size_t)(n / 8));
        if (n % 8) {
            expect_tail = (unsigned char)(full[n / 8] & (0xff00u >> (n % 8)));
            ck_assert_uint_eq(part[n / 8], expect_tail);
        }
    }
}
END_TEST

START_TEST(xof_zero_bits)
{
    unsigned char o[4] = { 0x11, 0x22, 0x33, 0x44 };
    ck_assert_int_eq(pseudoXOF(0, abc, 24, o), 0);
    ck_assert_uint_eq(o[0], 0x11);
    ck_assert_uint_eq(o[3], 0x44);
    ck_assert_int_eq(pseudoXOF(0, abc, 24, NULL), 0);
    ck_assert_int_eq(pseudoXOF(0, NULL, 0, NULL), 0);
}
END_TEST

START_TEST(xof_in_place)
{
    unsigned char buf[100], want[100];
    rng_seed(10);
    rng_fill(buf, sizeof buf);
    model_xof(777, buf, 700, want);
    ck_assert_int_eq(pseudoXOF(777, buf, 700, buf), 0);
    ck_assert_mem_eq(buf, want, 98);
}
END_TEST

START_TEST(xof_errors)
{
    unsigned char o[4];
    const unsigned long long limit = (1ULL << 40) - (1ULL << 8);
    ck_assert_int_eq(pseudoXOF(limit, abc, 24, o), -4);
    ck_assert_int_eq(pseudoXOF(limit + 1, abc, 24, o), -4);
    ck_assert_int_eq(pseudoXOF(1ULL << 40, abc, 24, o), -4);
    ck_assert_int_eq(pseudoXOF(~0ULL, abc, 24, o), -4);
    ck_assert_int_eq(pseudoXOF(8, abc, 24, NULL), -3);
    ck_assert_int_eq(pseudoXOF(8, NULL, 24, o), -3);
    /* M || <i>32 would reach 2^64 bits: SM3 cannot hash it */
    ck_assert_int_eq(pseudoXOF(8, abc, ~0ULL - 16, o), -3);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* suite pseudohash                                                          */

START_TEST(ph_spec)
{
    unsigned char o[128];
    ck_assert_int_eq(pseudohash(512, abc, 24, o), 0);
    assert_hex(o, SPEC_PH512_ABC);
    model_pseudohash(512, abc, 24, o);
    assert_hex(o, SPEC_PH512_ABC);
}
END_TEST

/* K recomputed from its definition (with the model SM3) */
START_TEST(ph_key_recomputed)
{
    unsigned char k[64];
    ngcc_sm3_hmac_key hk;

    model_key(k);
    assert_hex(k, SPEC_K);
    ck_assert_mem_eq(ngcc_iccs_pseudohash_key, k, 64);
    /* the precomputed HMAC states are those of the recomputed key */
    ngcc_sm3_hmac_setkey(&hk, k, 64);
    ck_assert_mem_eq(&ngcc_iccs_pseudohash_hmac, &hk, sizeof hk);
    /* ... and the HMAC they give is the model's (itself checked against
     * OpenSSL in sm3_hmac) */
    {
        unsigned char d1[32], d2[32];
        ngcc_sm3_ctx ctx;
        ngcc_sm3_hmac_init(&ctx, &ngcc_iccs_pseudohash_hmac);
        ck_assert_int_eq(ngcc_sm3_update_bits(&ctx, abc, 21), 0);
        ck_assert_int_eq(
            ngcc_sm3_hmac_final(&ctx, &ngcc_iccs_pseudohash_hmac, d1), 0);
        model_hmac_k(abc, 21, d2);
        ck_assert_mem_eq(d1, d2, 32);
    }
}
END_TEST

START_TEST(ph_all_lengths_model)
{
    static const int outs[] = { 512, 768, 1024 };
    unsigned char msg[1000], got[140], want[140];
    size_t i, k;

    rng_seed(11);
    rng_fill(msg, sizeof msg);
    for (k = 0; k < 3; k++) {
        for (i = 0; i < N_EDGE; i++) {
            memset(got, 0xee, sizeof got);
            ck_assert_int_eq(pseudohash(outs[k], msg, edge_bits[i], got), 0);
            model_pseudohash(outs[k], msg, edge_bits[i], want);
            ck_assert_mem_eq(got, want, (size_t)outs[k] / 8);
            ck_assert_uint_eq(got[outs[k] / 8], 0xee); /* nothing past */
        }
        ck_assert_int_eq(pseudohash(outs[k], msg, 8000, got), 0);
        model_pseudohash(outs[k], msg, 8000, want);
        ck_assert_mem_eq(got, want, (size_t)outs[k] / 8);
        ck_assert_int_eq(pseudohash(outs[k], msg, 7997, got), 0);
        model_pseudohash(outs[k], msg, 7997, want);
        ck_assert_mem_eq(got, want, (size_t)outs[k] / 8);
        ck_assert_int_eq(pseudohash(outs[k], NULL, 0, got), 0);
        model_pseudohash(outs[k], msg, 0, want);
        ck_assert_mem_eq(got, want, (size_t)outs[k] / 8);
    }
}
END_TEST

START_TEST(ph_in_place)
{
    unsigned char buf[128], want[128];
    rng_seed(12);
    rng_fill(buf, sizeof buf);
    model_pseudohash(1024, buf, 1021, want);
    ck_assert_int_eq(pseudohash(1024, buf, 1021, buf), 0);
    ck_assert_mem_eq(buf, want, 128);
}
END_TEST

START_TEST(ph_errors)
{
    static const int bad[] = { 0, 256, 511, 513, 640, 767, 1023, 1025,
                               2048, -512 };
    unsigned char o[128];
    size_t i;
    for (i = 0; i < sizeof bad / sizeof bad[0]; i++)
        ck_assert_int_eq(pseudohash(bad[i], abc, 24, o), -4);
    ck_assert_int_eq(pseudohash(512, abc, 24, NULL), -3);
    ck_assert_int_eq(pseudohash(768, NULL, 1, o), -3);
    ck_assert_int_eq(pseudohash(1024, abc, ~0ULL - 8, o), -3);
}
END_TEST

/* ------------------------------------------------------------------------ */
/* suite drng                                                                */

START_TEST(drng_spec)
{
    static const char *want[3] = {
        "927F06B594798A4DDFAA4F03F92AAAF0",
        "58561187CBBF6CDC0ECFB2D25965F936",
        "439838DD1F4B359C4D4BC2E19395DAF5",
    };
    unsigned char seed[64], o[64];
    DRNG_ctx d;
    model_drng m;
    int i;

    for (i = 0; i < 64; i++)
        seed[i] = (unsigned char)("seed"[i % 4]);
    ck_assert_int_eq(init_random_number(&d, seed, 64), 0);
    model_drng_init(&m, seed, 64);
    for (i = 0; i < 3; i++) {
        unsigned char mo[64];
        ck_assert_int_eq(get_random_number(&d, o, 512), 0);
        assert_hex(o, want[i]);
        model_drng_get(&m, mo, 512);
        assert_hex(mo, want[i]);
        ck_assert_mem_eq(o, mo, 64);
    }

    for (i = 0; i < 48; i++)
        seed[i] = (unsigned char)i;
    ck_assert_int_eq(init_random_number(&d, seed, 48), 0);
    ck_assert_int_eq(get_random_number(&d, o, 256), 0);
    assert_hex(o, "b569718fc1f1f82a4c0acf90ff4ac109"
                  "66e11e3750012597bb7ecfd357c962aa");
}
END_TEST

/* compare a sequence of draws of the given sizes with the model */
static void drng_against_model(const unsigned char *seed, size_t seedlen,
                               const uint64_t *draws, size_t ndraws)
{
    DRNG_ctx d;
    model_drng m;
    unsigned char *got, *want;
    unsigned char mv[55];
    size_t i;

    ck_assert_int_eq(init_random_number(&d, seed, seedlen), 0);
    model_drng_init(&m, seed, seedlen);
    for (i = 0; i < ndraws; i++) {
        size_t nb = (size_t)((draws[i] + 7) / 8);
        got = xmalloc(nb + 8);
        want = xmalloc(nb + 8);
        memset(got, 0xff, nb + 8);
        ck_assert_int_eq(get_random_number(&d, got, draws[i]), 0);
        model_drng_get(&m, want, draws[i]);
        ck_assert_mem_eq(got, want, nb);
        if (draws[i] % 8)
            ck_assert_uint_eq(got[nb - 1] & (0xffu >> (draws[i] % 8)), 0);
        ck_assert_uint_eq(got[nb], 0xff);
        ck_assert_uint_eq(got[nb + 7], 0xff);
        free(got);
        free(want);
        m_to_bytes(m.v, mv);
        ck_assert_mem_eq(d.V, mv, 55);
        m_to_bytes(m.c, mv);
        ck_assert_mem_eq(d.C, mv, 55);
        m_to_bytes(m.rc, mv);
        ck_assert_mem_eq(d.reseed_counter, mv, 55);
    }
}

START_TEST(drng_odd_draws)
{
    static const uint64_t draws[] = { 1, 7, 8, 9, 255, 256, 257, 300, 511,
                                      512, 513, 0, 1000, 4097, 3 };
    unsigned char seed[64];
    rng_seed(13);
    rng_fill(seed, sizeof seed);
    drng_against_model(seed, sizeof seed, draws,
                       sizeof draws / sizeof draws[0]);
}
END_TEST

START_TEST(drng_seeds)
{
    static const uint64_t draws[] = { 256, 100, 512 };
    static const size_t lens[] = { 0, 1, 32, 55, 56, 63, 64, 65, 119, 1000,
                                   100000 };
    unsigned char *seed = xmalloc(100000);
    size_t i;

    rng_seed(14);
    rng_fill(seed, 100000);
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++)
        drng_against_model(seed, lens[i], draws, 3);
    free(seed);

    /* a 0-length seed may be NULL */
    {
        DRNG_ctx d1, d2;
        unsigned char one = 0;
        unsigned char o1[32], o2[32];
        ck_assert_int_eq(init_random_number(&d1, NULL, 0), 0);
        ck_assert_int_eq(init_random_number(&d2, &one, 0), 0);
        ck_assert_mem_eq(&d1, &d2, sizeof d1);
        ck_assert_int_eq(get_random_number(&d1, o1, 256), 0);
        ck_assert_int_eq(get_random_number(&d2, o2, 256), 0);
        ck_assert_mem_eq(o1, o2, 32);
    }
}
END_TEST

/* 64 bytes at once differ from 32 + 32 (every call updates the state) */
START_TEST(drng_split_draws)
{
    unsigned char seed[64], whole[64], split[64];
    DRNG_ctx a, b;
    int i;

    for (i = 0; i < 64; i++)
        seed[i] = (unsigned char)("seed"[i % 4]);
    ck_assert_int_eq(init_random_number(&a, seed, 64), 0);
    ck_assert_int_eq(init_random_number(&b, seed, 64), 0);
    ck_assert_int_eq(get_random_number(&a, whole, 512), 0);
    ck_assert_int_eq(get_random_number(&b, split, 256), 0);
    ck_assert_int_eq(get_random_number(&b, split + 32, 256), 0);
    ck_assert_mem_eq(whole, split, 32);      /* same V for the first block */
    ck_assert_mem_ne(whole + 32, split + 32, 32);
    ck_assert_mem_ne(&a, &b, sizeof a);      /* one update vs two */
    /* a 0-bit draw still updates the state */
    ck_assert_int_eq(init_random_number(&a, seed, 64), 0);
    ck_assert_int_eq(init_random_number(&b, seed, 64), 0);
    ck_assert_int_eq(get_random_number(&b, NULL, 0), 0);
    ck_assert_mem_ne(&a, &b, sizeof a);
}
END_TEST

/* the Hashgen counter wraps modulo 2^440, as do V and reseed_counter */
START_TEST(drng_wraparound)
{
    DRNG_ctx d;
    model_drng m;
    unsigned char o[96], w[96], mv[55];
    static const unsigned char zero = 0;

    ck_assert_int_eq(init_random_number(&d, &zero, 1), 0);
    model_drng_init(&m, &zero, 1);
    memset(d.V, 0xff, 55);
    memset(d.reseed_counter, 0xff, 55);
    m_from_bytes(m.v, d.V, 55);
    m_from_bytes(m.rc, d.reseed_counter, 55);
    ck_assert_int_eq(get_random_number(&d, o, 768), 0);
    model_drng_get(&m, w, 768);
    ck_assert_mem_eq(o, w, 96);
    /* second block = SM3(55 zero bytes) */
    {
        unsigned char z[55], h[32];
        memset(z, 0, 55);
        model_sm3_buf(z, 440, h);
        ck_assert_mem_eq(o + 32, h, 32);
    }
    m_to_bytes(m.v, mv);
    ck_assert_mem_eq(d.V, mv, 55);
    memset(mv, 0, 55);
    ck_assert_mem_eq(d.reseed_counter, mv, 55);
}
END_TEST

START_TEST(drng_counter_and_errors)
{
    DRNG_ctx d;
    unsigned char o[8];
    unsigned char want[55];
    ck_assert_int_eq(init_random_number(&d, abc, 3), 0);
    memset(want, 0, 55);
    want[54] = 1;
    ck_assert_mem_eq(d.reseed_counter, want, 55);
    ck_assert_int_eq(get_random_number(&d, o, 64), 0);
    want[54] = 2;
    ck_assert_mem_eq(d.reseed_counter, want, 55);

    ck_assert_int_eq(init_random_number(NULL, abc, 3), -1);
    ck_assert_int_eq(init_random_number(&d, NULL, 3), -1);
    ck_assert_int_eq(get_random_number(NULL, o, 8), -1);
    ck_assert_int_eq(get_random_number(&d, NULL, 8), -1);
}
END_TEST

/* ------------------------------------------------------------------------ */

static TCase *make_tcase(const char *name)
{
    TCase *tc = tcase_create(name);
    tcase_set_timeout(tc, 300); /* the naive model is slow under sanitizers */
    return tc;
}

static Suite *suite_sm3(void)
{
    Suite *s = suite_create("sm3");
    TCase *tc = make_tcase("core");
    tcase_add_test(tc, sm3_spec_abc);
    tcase_add_test(tc, sm3_openssl_vectors);
    tcase_add_test(tc, sm3_edge_lengths);
    tcase_add_test(tc, sm3_all_lengths);
    tcase_add_test(tc, sm3_ignores_trailing_bits);
    tcase_add_test(tc, sm3_split_every_offset);
    tcase_add_test(tc, sm3_incremental_random_splits);
    tcase_add_test(tc, sm3_long_unaligned);
    tcase_add_test(tc, sm3_hmac);
    tcase_add_test(tc, sm3_length_overflow);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *suite_sm3hash(void)
{
    Suite *s = suite_create("sm3hash");
    TCase *tc = make_tcase("core");
    tcase_add_test(tc, sm3hash_spec);
    tcase_add_test(tc, sm3hash_lengths);
    tcase_add_test(tc, sm3hash_in_place);
    tcase_add_test(tc, sm3hash_errors);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *suite_xof(void)
{
    Suite *s = suite_create("pseudoXOF");
    TCase *tc = make_tcase("core");
    tcase_add_test(tc, xof_spec);
    tcase_add_test(tc, xof_output_lengths);
    tcase_add_test(tc, xof_message_lengths);
    tcase_add_test(tc, xof_long_message);
    tcase_add_test(tc, xof_prefix_consistent);
    tcase_add_test(tc, xof_zero_bits);
    tcase_add_test(tc, xof_in_place);
    tcase_add_test(tc, xof_errors);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *suite_pseudohash(void)
{
    Suite *s = suite_create("pseudohash");
    TCase *tc = make_tcase("core");
    tcase_add_test(tc, ph_spec);
    tcase_add_test(tc, ph_key_recomputed);
    tcase_add_test(tc, ph_all_lengths_model);
    tcase_add_test(tc, ph_in_place);
    tcase_add_test(tc, ph_errors);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *suite_drng(void)
{
    Suite *s = suite_create("drng");
    TCase *tc = make_tcase("core");
    tcase_add_test(tc, drng_spec);
    tcase_add_test(tc, drng_odd_draws);
    tcase_add_test(tc, drng_seeds);
    tcase_add_test(tc, drng_split_draws);
    tcase_add_test(tc, drng_wraparound);
    tcase_add_test(tc, drng_counter_and_errors);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite_sm3());
    int failed;

    srunner_add_suite(sr, suite_sm3hash());
    srunner_add_suite(sr, suite_xof());
    srunner_add_suite(sr, suite_pseudohash());
    srunner_add_suite(sr, suite_drng());
    srunner_set_fork_status(sr, CK_FORK);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
