/*
 * speed.c - benchmark of an instance library's CryptHash (not a test),
 * to compare the hash yardsticks with other implementations (openssl speed).
 *
 * usage: speed LIBRARY.so [--bits=N] [BYTES...]
 *   times CryptHash at its own digest length (--bits, else the glue's
 *   ngcc_hash_digest_bits, else 256) on messages of BYTES bytes (default the eight sizes S1..S8 of the
 *   guide, 32 .. 65536), msg[i] = i*131 + BYTES as the harness; prints per
 *   size the median per call and per byte: TSC ticks on x86 (rdtsc),
 *   nanoseconds of CLOCK_MONOTONIC_RAW elsewhere.  About 0.2 s per size.
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int (*hash_fn)(int, const unsigned char *, unsigned long long, unsigned char *);
typedef int (*bits_fn)(void);

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

static double wall(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

#define MAX_CALLS 20001

int main(int argc, char **argv)
{
    static const unsigned long sizes[] = {32, 128, 512, 1024, 4096, 8192, 16384, 65536};
    static uint64_t t[MAX_CALLS];
    unsigned char digest[128], *msg;
    hash_fn hash;
    bits_fn getbits;
    void *lib, *sym;
    int bits = 256, a, n_sizes, first = 2;

    if (argc < 2) {
        fprintf(stderr, "usage: %s LIBRARY.so [--bits=N] [BYTES...]\n", argv[0]);
        return 99;
    }
    lib = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL);
    if (lib == NULL || (sym = dlsym(lib, "CryptHash")) == NULL) {
        fprintf(stderr, "%s: %s\n", argv[0], lib == NULL ? dlerror() : "no CryptHash");
        return 99;
    }
    memcpy(&hash, &sym, sizeof hash);
    if ((sym = dlsym(lib, "ngcc_hash_digest_bits")) != NULL) {
        memcpy(&getbits, &sym, sizeof getbits);
        bits = getbits();
    }
    if (argc > 2 && strncmp(argv[2], "--bits=", 7) == 0) {
        bits = atoi(argv[2] + 7);
        first = 3;
    }
    if (bits <= 0 || bits > 8 * (int)sizeof digest) {
        fprintf(stderr, "%s: digest of %d bits\n", argv[0], bits);
        return 99;
    }
    n_sizes = argc > first ? argc - first : (int)(sizeof sizes / sizeof sizes[0]);
    for (a = 0; a < n_sizes; a++) {
        unsigned long len = argc > first ? strtoul(argv[a + first], NULL, 10)
                                         : sizes[a];
        size_t calls = 0, i;
        double t0;
        uint64_t med;

        msg = malloc(len + 1);
        if (msg == NULL)
            return 99;
        for (i = 0; i < len; i++)
            msg[i] = (unsigned char)(i * 131 + len);
        for (i = 0; i < 100; i++)       /* warm-up */
            (void)hash(bits, msg, 8ULL * len, digest);
        t0 = wall();
        while (calls < MAX_CALLS && wall() - t0 < 0.2) {
            uint64_t c0 = now();
            if (hash(bits, msg, 8ULL * len, digest) != 0) {
                fprintf(stderr, "%s: CryptHash failed\n", argv[0]);
                return 1;
            }
            t[calls++] = now() - c0;
        }
        qsort(t, calls, sizeof t[0], cmp_u64);
        med = t[calls / 2];
        printf("%lu bytes: %llu %s per call, %.2f %s per byte (%zu calls)\n", len,
               (unsigned long long)med, UNIT, (double)med / (double)len, UNIT, calls);
        free(msg);
    }
    return 0;
}
