/* digest.h -- SHA-256 (FIPS 180-4) of files, for the SHA-256 that records
 * list and the checker verifies.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_DIGEST_H
#define NGCC_BENCH_DIGEST_H

#include <stddef.h>

/* SHA-256 of LEN bytes at DATA as 64 lowercase hex digits and a NUL. */
void digest_sha256_hex(const void *data, size_t len, char hex[65]);

/* SHA-256 of the file PATH; 0 on success, -1 with errno. */
int digest_file_hex(const char *path, char hex[65]);

#endif
