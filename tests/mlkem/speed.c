/*
 * speed.c - benchmark of the ML-KEM internals of an instance library
 * (not a test).
 *
 * usage: speed LIBRARY.so K [CALLS]
 *   times ngcc_mlkem_keygen_internal, _encaps_internal and _decaps_internal,
 *   CALLS (default 10001) timed calls each after 1000 warm-up calls, and
 *   prints the median per operation: TSC ticks on x86 (rdtsc), nanoseconds
 *   of CLOCK_MONOTONIC_RAW elsewhere.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int (*keygen_fn)(unsigned char *, unsigned char *, const unsigned char *,
                         const unsigned char *);
typedef int (*encaps_fn)(unsigned char *, unsigned char *, const unsigned char *,
                         const unsigned char *);
typedef int (*decaps_fn)(unsigned char *, const unsigned char *, const unsigned char *);

#if defined(__x86_64__) || defined(__i386__)
#define UNIT "ticks"
static uint64_t now(void)
{
    uint32_t lo, hi;
    __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
    return ((uint64_t)hi << 32) | lo;
}
#else
#define UNIT "ns"
static uint64_t now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}
#endif

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static uint64_t median(uint64_t *t, size_t n)
{
    qsort(t, n, sizeof *t, cmp_u64);
    return t[n / 2];
}

#define WARMUP 1000

int main(int argc, char **argv)
{
    static const size_t ek_len[3] = {800, 1184, 1568}, dk_len[3] = {1632, 2400, 3168},
                        ct_len[3] = {768, 1088, 1568};
    static const char *names[3] = {"ML-KEM-512", "ML-KEM-768", "ML-KEM-1024"};
    unsigned char d[32], z[32], m[32], k[32], k1[32];
    unsigned char *ek, *dk, *ct;
    uint64_t *t;
    size_t calls = 10001, i;
    keygen_fn keygen;
    encaps_fn encaps;
    decaps_fn decaps;
    void *lib, *s1, *s2, *s3;
    int kp;

    if (argc < 3 || argc > 4 || (kp = atoi(argv[2])) < 2 || kp > 4) {
        fprintf(stderr, "usage: %s LIBRARY.so K [CALLS]\n", argv[0]);
        return 99;
    }
    if (argc == 4 && (calls = strtoul(argv[3], NULL, 10)) == 0)
        calls = 10001;
    lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL) {
        fprintf(stderr, "%s: %s\n", argv[0], dlerror());
        return 99;
    }
    s1 = dlsym(lib, "ngcc_mlkem_keygen_internal");
    s2 = dlsym(lib, "ngcc_mlkem_encaps_internal");
    s3 = dlsym(lib, "ngcc_mlkem_decaps_internal");
    if (s1 == NULL || s2 == NULL || s3 == NULL) {
        fprintf(stderr, "%s: %s lacks the ngcc_mlkem_*_internal functions\n", argv[0], argv[1]);
        return 99;
    }
    memcpy(&keygen, &s1, sizeof keygen);
    memcpy(&encaps, &s2, sizeof encaps);
    memcpy(&decaps, &s3, sizeof decaps);

    ek = malloc(ek_len[kp - 2]);
    dk = malloc(dk_len[kp - 2]);
    ct = malloc(ct_len[kp - 2]);
    t = malloc(calls * sizeof *t);
    if (ek == NULL || dk == NULL || ct == NULL || t == NULL) {
        fprintf(stderr, "%s: out of memory\n", argv[0]);
        return 99;
    }
    for (i = 0; i < 32; i++) {
        d[i] = (unsigned char)i;
        z[i] = (unsigned char)(i + 32);
        m[i] = (unsigned char)(i + 64);
    }

    for (i = 0; i < WARMUP; i++)
        keygen(ek, dk, d, z);
    for (i = 0; i < calls; i++) {
        uint64_t t0 = now();
        keygen(ek, dk, d, z);
        t[i] = now() - t0;
        d[i % 32] ^= (unsigned char)i;
    }
    printf("%s keygen %llu %s\n", names[kp - 2], (unsigned long long)median(t, calls), UNIT);

    for (i = 0; i < WARMUP; i++)
        encaps(k, ct, ek, m);
    for (i = 0; i < calls; i++) {
        uint64_t t0 = now();
        encaps(k, ct, ek, m);
        t[i] = now() - t0;
        m[i % 32] ^= (unsigned char)i;
    }
    printf("%s encaps %llu %s\n", names[kp - 2], (unsigned long long)median(t, calls), UNIT);

    for (i = 0; i < WARMUP; i++)
        decaps(k1, dk, ct);
    for (i = 0; i < calls; i++) {
        uint64_t t0 = now();
        decaps(k1, dk, ct);
        t[i] = now() - t0;
    }
    printf("%s decaps %llu %s\n", names[kp - 2], (unsigned long long)median(t, calls), UNIT);
    if (memcmp(k, k1, 32) != 0) {
        fprintf(stderr, "%s: decaps does not reproduce the encapsulated key\n", argv[0]);
        return 1;
    }

    free(ek); free(dk); free(ct); free(t);
    dlclose(lib);
    return 0;
}
