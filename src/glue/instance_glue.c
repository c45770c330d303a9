/* instance_glue.c -- compiled into every instance library.
 *
 * Defines drng_algorithm (the driver's object in the ICCS API, never the
 * candidate's), a seed entry point and the metadata query with the sizes of
 * the kind's getters.  Built with the instance's own flags and include
 * path, so "drng.h" and the API header are the candidate's when it ships
 * them.  instance_meta.h is generated per instance by ngcc-build-scheme:
 * NGCC_META_SIZE_GETTERS lists the calls of the getters of the scheme's
 * kind, each converted to unsigned long long, in the order of its table (src/kinds/kind.h, kind->sizes); a hash header's
 * DIGEST_BIT_LENGTH becomes the getters ngcc_hash_digest_len_bytes and
 * ngcc_hash_digest_bits. */
#include "instance_meta.h"
#include "drng.h"
#include NGCC_META_API_HEADER
#include "ngcc_instance.h"

#ifndef OUTPUT_BLANK_TEST_VECTORS
#define OUTPUT_BLANK_TEST_VECTORS 0
#endif
#ifndef ALGORITHM_INSTANCE
#define ALGORITHM_INSTANCE NGCC_META_INSTANCE
#endif

/* A hash instance's digest length (kinds.md: the header's macro), as the
 * size getter of the hash kind's table; the other kinds have none. */
#ifdef DIGEST_BIT_LENGTH
unsigned long long ngcc_hash_digest_len_bytes(void);
int ngcc_hash_digest_bits(void);

unsigned long long ngcc_hash_digest_len_bytes(void)
{
    return ((unsigned long long)(DIGEST_BIT_LENGTH) + 7) / 8;
}

int ngcc_hash_digest_bits(void)
{
    return (int)(DIGEST_BIT_LENGTH);
}
#endif

/* Tentative definition: merges with a candidate's stray one under -fcommon. */
DRNG_ctx drng_algorithm;

int ngcc_drng_seed(const unsigned char *seed, unsigned long long seed_len_bytes)
{
    return init_random_number(&drng_algorithm, seed, seed_len_bytes);
}

const struct ngcc_instance_info *ngcc_instance_info(void)
{
    static struct ngcc_instance_info info = {
        NGCC_INSTANCE_ABI,
        NGCC_META_ID,
        NGCC_META_TYPE,
        NGCC_META_ALGORITHM,
        NGCC_META_INSTANCE,
        ALGORITHM_INSTANCE,
        NGCC_META_VARIANT,
        NGCC_META_SOURCE_DIR,
        NGCC_META_COMPILER,
        NGCC_META_FLAGS,
        NGCC_META_FLAGS_CLASS,
        NGCC_META_FLAGS_REASON,
        OUTPUT_BLANK_TEST_VECTORS,
        0, { 0 }
    };
    /* Each getter called as the header declares it, converted. */
    const unsigned long long values[] = { NGCC_META_SIZE_GETTERS };
    int i, n = (int)(sizeof values / sizeof values[0]);
    for (i = 0; i < n && i < NGCC_INSTANCE_MAX_SIZES; i++)
        info.sizes[i] = values[i];
    info.nsizes = i;
    return &info;
}
