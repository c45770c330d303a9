/* drng.c - SM3 Hash_DRBG (NIST SP 800-90A) as specified by ICCS.
 *
 * Part of ngcc-perf.  Uses the package-internal SM3 (ngcc_sm3_*), never the
 * public helpers, and allocates nothing.
 */
#include "drng.h"
#include "sm3.h"

#include <stddef.h>
#include <string.h>

#define DRNG_OK 0
#define DRNG_BAD_ARG (-1)

/* Feed LEN bytes (an unsigned long long) in pieces that fit a size_t. */
static void update_long(ngcc_sm3_ctx *ctx, const unsigned char *p,
                        unsigned long long len)
{
    const unsigned long long chunk = 1ULL << 28;
    while (len > chunk) {
        (void)ngcc_sm3_update(ctx, p, (size_t)chunk);
        p += chunk;
        len -= chunk;
    }
    (void)ngcc_sm3_update(ctx, p, (size_t)len);
}

/* out = Hash_df(pre || x, 440): the leftmost 55 bytes of
 * SM3(0x01 || <440>32 || pre || x) || SM3(0x02 || <440>32 || pre || x).
 * PRE is 0 or 1 byte. */
static void hash_df(const unsigned char *pre, size_t prelen,
                    const unsigned char *x, unsigned long long xlen,
                    unsigned char out[SEEDLEN])
{
    unsigned char head[5] = { 0x01, 0x00, 0x00, 0x01, 0xb8 };
    unsigned char second[32];
    ngcc_sm3_ctx ctx, ctx2;

    /* the two hashes differ only in the first byte: absorb the rest once
     * into two states */
    ngcc_sm3_init(&ctx);
    (void)ngcc_sm3_update(&ctx, head, 5);
    head[0] = 0x02;
    ngcc_sm3_init(&ctx2);
    (void)ngcc_sm3_update(&ctx2, head, 5);
    if (prelen != 0) {
        (void)ngcc_sm3_update(&ctx, pre, prelen);
        (void)ngcc_sm3_update(&ctx2, pre, prelen);
    }
    if (xlen != 0) {
        update_long(&ctx, x, xlen);
        update_long(&ctx2, x, xlen);
    }
    (void)ngcc_sm3_final(&ctx, out);
    (void)ngcc_sm3_final(&ctx2, second);
    memcpy(out + 32, second, SEEDLEN - 32);
}

/* acc = (acc + x) mod 2^440; X is XLEN <= SEEDLEN bytes, big-endian */
static void add_be(unsigned char acc[SEEDLEN], const unsigned char *x,
                   size_t xlen)
{
    unsigned int carry = 0;
    size_t i;
    for (i = 0; i < SEEDLEN; i++) {
        unsigned int s = acc[SEEDLEN - 1 - i] + carry;
        if (i < xlen)
            s += x[xlen - 1 - i];
        acc[SEEDLEN - 1 - i] = (unsigned char)s;
        carry = s >> 8;
    }
}

/* v = (v + 1) mod 2^440 */
static void inc_be(unsigned char v[SEEDLEN])
{
    int i;
    for (i = SEEDLEN - 1; i >= 0; i--)
        if (++v[i] != 0)
            break;
}

int init_random_number(DRNG_ctx *drng, const unsigned char *seed,
                       unsigned long long seed_len_bytes)
{
    const unsigned char zero = 0x00;

    if (drng == NULL || (seed == NULL && seed_len_bytes != 0))
        return DRNG_BAD_ARG;
    hash_df(NULL, 0, seed, seed_len_bytes, drng->V);     /* V = Hash_df(seed) */
    hash_df(&zero, 1, drng->V, SEEDLEN, drng->C);        /* C = Hash_df(0x00 || V) */
    memset(drng->reseed_counter, 0, SEEDLEN);
    drng->reseed_counter[SEEDLEN - 1] = 1;
    return DRNG_OK;
}

int get_random_number(DRNG_ctx *drng, unsigned char *random_number,
                      unsigned long long random_number_len_bits)
{
    unsigned char data[SEEDLEN], block[32];
    unsigned long long left = (random_number_len_bits + 7) / 8;
    unsigned char *out = random_number;
    unsigned int tail = (unsigned int)(random_number_len_bits & 7);
    ngcc_sm3_ctx ctx;
    const unsigned char three = 0x03;

    if (drng == NULL || (random_number == NULL && random_number_len_bits != 0))
        return DRNG_BAD_ARG;

    /* Hashgen: SM3(data) || SM3(data + 1) || ..., data = V */
    memcpy(data, drng->V, SEEDLEN);
    while (left != 0) {
        if (left >= 32) {
            (void)ngcc_sm3(data, SEEDLEN, out);
            out += 32;
            left -= 32;
        } else {
            (void)ngcc_sm3(data, SEEDLEN, block);
            memcpy(out, block, (size_t)left);
            out += left;
            left = 0;
        }
        inc_be(data);
    }
    if (tail != 0)
        out[-1] = (unsigned char)(out[-1] & (0xff00u >> tail));

    /* H = SM3(0x03 || V); V = V + H + C + reseed_counter; counter += 1 */
    ngcc_sm3_init(&ctx);
    (void)ngcc_sm3_update(&ctx, &three, 1);
    (void)ngcc_sm3_update(&ctx, drng->V, SEEDLEN);
    (void)ngcc_sm3_final(&ctx, block);
    add_be(drng->V, block, 32);
    add_be(drng->V, drng->C, SEEDLEN);
    add_be(drng->V, drng->reseed_counter, SEEDLEN);
    inc_be(drng->reseed_counter);
    return DRNG_OK;
}
