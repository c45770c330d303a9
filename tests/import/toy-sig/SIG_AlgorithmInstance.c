/* SIG_AlgorithmInstance.c - the toy signature scheme of the import test's submission
 * (ngcc-perf tests).  Insecure on purpose (anyone with pk can sign):
 *
 * keygen: s = 32 random bytes; pk = SM3(s); sk = s || pk.
 * sign:   r = 16 random bytes; sn = r || SM3(pk || r || m).
 * verify: recompute SM3(pk || r || m) and compare; 0 valid, -1 invalid,
 *         -2 wrong lengths.
 * Randomness comes only from drng_algorithm, hashing only through the
 * ICCS helper sm3hash, as the ICCS API asks. */
#include <stdlib.h>
#include <string.h>

#include "SIG_AlgorithmInstance.h"
#include "auxfunc.h"
#include "drng.h"

extern DRNG_ctx drng_algorithm;

#define PK_BYTES 32
#define SK_BYTES 64
#define R_BYTES 16
#define SN_BYTES (R_BYTES + 32)

unsigned long long sig_get_pk_len_bytes(void) { return PK_BYTES; }
unsigned long long sig_get_sk_len_bytes(void) { return SK_BYTES; }
unsigned long long sig_get_sn_len_bytes(void) { return SN_BYTES; }

/* SM3(pk || r || m) into TAG; 0 or -2. */
static int tag_of(const unsigned char *pk, const unsigned char *r,
                  const unsigned char *m, unsigned long long m_len,
                  unsigned char *tag)
{
    unsigned char *buf = malloc((size_t)(PK_BYTES + R_BYTES + m_len));
    int rc;

    if (!buf)
        return -2;
    memcpy(buf, pk, PK_BYTES);
    memcpy(buf + PK_BYTES, r, R_BYTES);
    if (m_len)
        memcpy(buf + PK_BYTES + R_BYTES, m, (size_t)m_len);
    rc = sm3hash(256, buf, (PK_BYTES + R_BYTES + m_len) * 8, tag);
    free(buf);
    return rc == 0 ? 0 : -2;
}

int sig_keygen(unsigned char *pk, unsigned long long *pk_len_bytes,
               unsigned char *sk, unsigned long long *sk_len_bytes)
{
    unsigned char s[32];

    if (get_random_number(&drng_algorithm, s, 256) != 0)
        return -1;
    if (sm3hash(256, s, 256, pk) != 0)
        return -1;
    memcpy(sk, s, 32);
    memcpy(sk + 32, pk, PK_BYTES);
    *pk_len_bytes = PK_BYTES;
    *sk_len_bytes = SK_BYTES;
    return 0;
}

int sig_sign(unsigned char *sk, unsigned long long sk_len_bytes,
             unsigned char *m, unsigned long long m_len_bytes,
             unsigned char *sn, unsigned long long *sn_len_bytes)
{
    if (sk_len_bytes != SK_BYTES || *sn_len_bytes < SN_BYTES)
        return -2;
    if (get_random_number(&drng_algorithm, sn, R_BYTES * 8) != 0)
        return -1;
    if (tag_of(sk + 32, sn, m, m_len_bytes, sn + R_BYTES) != 0)
        return -1;
    *sn_len_bytes = SN_BYTES;
    return 0;
}

int sig_verify(unsigned char *pk, unsigned long long pk_len_bytes,
               unsigned char *sn, unsigned long long sn_len_bytes,
               unsigned char *m, unsigned long long m_len_bytes)
{
    unsigned char tag[32];

    if (pk_len_bytes != PK_BYTES || sn_len_bytes != SN_BYTES)
        return sn_len_bytes != SN_BYTES ? -1 : -2;
    if (tag_of(pk, sn, m, m_len_bytes, tag) != 0)
        return -2;
    return memcmp(tag, sn + R_BYTES, sizeof tag) == 0 ? 0 : -1;
}
