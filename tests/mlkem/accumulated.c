/*
 * accumulated.c - the C2SP/CCTV "accumulated" ML-KEM vectors (final
 * FIPS 203) against an instance library.
 *
 * usage: accumulated LIBRARY.so K [COUNT]
 *   LIBRARY.so  instance library exporting ngcc_mlkem_{keygen,encaps,decaps}_internal
 *   K           2, 3 or 4 (ML-KEM-512/768/1024), the set the library was built for
 *   COUNT       number of tests, default 10000; the final digest is compared for
 *               10000 and 1000000, other counts only check Decaps(Encaps) == K.
 *
 * A SHAKE128 instance with empty input, squeezed incrementally, gives for each
 * test d, z, m (32 bytes each) and an invalid ciphertext; ek, dk, ct, k and the
 * implicit-rejection key of the invalid ciphertext are absorbed into a second
 * SHAKE128 whose first 32 output bytes are the digest.  SHAKE128 comes from
 * schemes/mlkem/fips202.c compiled into this program.
 *
 * Exit: 0 pass, 1 fail, 99 setup error.
 */
#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../schemes/common/fips202.h"

typedef int (*keygen_fn)(unsigned char *, unsigned char *, const unsigned char *,
                         const unsigned char *);
typedef int (*encaps_fn)(unsigned char *, unsigned char *, const unsigned char *,
                         const unsigned char *);
typedef int (*decaps_fn)(unsigned char *, const unsigned char *, const unsigned char *);

struct params {
    const char *name;
    size_t ek, dk, ct;
    const char *digest_1e4, *digest_1e6;
};

static const struct params sets[3] = {
    {"ML-KEM-512", 800, 1632, 768,
     "705dcffc87f4e67e35a09dcaa31772e86f3341bd3ccf1e78a5fef99ae6a35a13",
     "21dd330d4355f2ae2876b9fa2b9de62ecaf76aca1d598de8db2b467d36e36a6a"},
    {"ML-KEM-768", 1184, 2400, 1088,
     "f959d18d3d1180121433bf0e05f11e7908cf9d03edc150b2b07cb90bef5bc1c1",
     "3b108396a277f2952ff3243a985c9709bcb95788c39b7b36a2c4e19d1a41e51e"},
    {"ML-KEM-1024", 1568, 3168, 1568,
     "e3bf82b013307b2e9d47dde791ff6dfc82e694e6382404abdb948b908b75bad5",
     "6377c4f0ecfdb32e63f7b58227960828784fe0b3e0e5e5e9f77be300f003512a"},
};

int main(int argc, char **argv)
{
    const struct params *p;
    void *lib;
    keygen_fn keygen;
    encaps_fn encaps;
    decaps_fn decaps;
    unsigned char d[32], z[32], m[32], k[32], k1[32], k2[32], out[32];
    unsigned char *ek, *dk, *ct, *ct_bad;
    char hex[65];
    unsigned long count = 10000, i, done;
    ngcc_sha3_ctx rng, acc;
    const char *expected = NULL;
    int kpar, bad = 0;

    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: %s LIBRARY.so K [COUNT]\n", argv[0]);
        return 99;
    }
    kpar = atoi(argv[2]);
    if (kpar < 2 || kpar > 4) {
        fprintf(stderr, "%s: K must be 2, 3 or 4\n", argv[0]);
        return 99;
    }
    p = &sets[kpar - 2];
    if (argc == 4) {
        char *end;
        count = strtoul(argv[3], &end, 10);
        if (*end != '\0' || count == 0) {
            fprintf(stderr, "%s: bad COUNT '%s'\n", argv[0], argv[3]);
            return 99;
        }
    }
    if (count == 10000)
        expected = p->digest_1e4;
    else if (count == 1000000)
        expected = p->digest_1e6;

    lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        fprintf(stderr, "%s: %s\n", argv[0], dlerror());
        return 99;
    }
    /* object-to-function pointer conversion through memcpy (ISO C) */
    {
        void *s1 = dlsym(lib, "ngcc_mlkem_keygen_internal");
        void *s2 = dlsym(lib, "ngcc_mlkem_encaps_internal");
        void *s3 = dlsym(lib, "ngcc_mlkem_decaps_internal");
        if (s1 == NULL || s2 == NULL || s3 == NULL) {
            fprintf(stderr, "%s: %s lacks the ngcc_mlkem_*_internal functions\n",
                    argv[0], argv[1]);
            return 99;
        }
        memcpy(&keygen, &s1, sizeof keygen);
        memcpy(&encaps, &s2, sizeof encaps);
        memcpy(&decaps, &s3, sizeof decaps);
    }

    ek = malloc(p->ek);
    dk = malloc(p->dk);
    ct = malloc(p->ct);
    ct_bad = malloc(p->ct);
    if (ek == NULL || dk == NULL || ct == NULL || ct_bad == NULL) {
        fprintf(stderr, "%s: out of memory\n", argv[0]);
        return 99;
    }

    ngcc_shake128_init(&rng);
    ngcc_sha3_finalize(&rng);
    ngcc_shake128_init(&acc);

    for (i = 0; i < count; i++) {
        ngcc_sha3_squeeze(&rng, d, 32);
        ngcc_sha3_squeeze(&rng, z, 32);
        ngcc_sha3_squeeze(&rng, m, 32);
        ngcc_sha3_squeeze(&rng, ct_bad, p->ct);
        if (keygen(ek, dk, d, z) != 0 || encaps(k, ct, ek, m) != 0 ||
            decaps(k1, dk, ct) != 0 || decaps(k2, dk, ct_bad) != 0) {
            fprintf(stderr, "test %lu: an internal function returned an error\n", i);
            bad = 1;
            break;
        }
        if (memcmp(k, k1, 32) != 0) {
            fprintf(stderr, "test %lu: Decaps(dk, Encaps(ek)) differs from K\n", i);
            bad = 1;
            break;
        }
        ngcc_sha3_absorb(&acc, ek, p->ek);
        ngcc_sha3_absorb(&acc, dk, p->dk);
        ngcc_sha3_absorb(&acc, ct, p->ct);
        ngcc_sha3_absorb(&acc, k, 32);
        ngcc_sha3_absorb(&acc, k2, 32);
    }
    done = i;
    ngcc_sha3_finalize(&acc);
    ngcc_sha3_squeeze(&acc, out, 32);
    for (i = 0; i < 32; i++)
        sprintf(hex + 2 * i, "%02x", out[i]);

    printf("%s, %lu tests: Decaps(Encaps) %s\n", p->name, done, bad ? "FAILED" : "ok");
    printf("%s, %lu tests: digest %s\n", p->name, count, hex);
    if (!bad && expected != NULL) {
        if (strcmp(hex, expected) != 0) {
            printf("%s: expected      %s: FAIL\n", p->name, expected);
            bad = 1;
        } else {
            printf("%s: matches the published digest: PASS\n", p->name);
        }
    } else if (!bad) {
        printf("%s: no published digest for %lu tests (10000 and 1000000 are known)\n",
               p->name, count);
    }
    free(ek); free(dk); free(ct); free(ct_bad);
    dlclose(lib);
    return bad ? 1 : 0;
}
