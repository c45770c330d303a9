/* digest.c -- SHA-256 of files and buffers as hex, over the package's
 * SHA-256 (src/util/sha256.c).  Part of ngcc-perf. */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif

#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "digest.h"
#include "sha256.h"

void digest_sha256_hex(const void *data, size_t len, char hex[65])
{
    unsigned char d[32];
    ngcc_sha256(data, len, d);
    ngcc_sha256_hex(d, hex);
}

int digest_file_hex(const char *path, char hex[65])
{
    unsigned char buf[65536], d[32];
    ngcc_sha256_ctx s;
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ngcc_sha256_init(&s);
    for (;;) {
        ssize_t r = read(fd, buf, sizeof buf);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0) {
            int e = errno;
            close(fd);
            errno = e;
            return -1;
        }
        if (r == 0)
            break;
        ngcc_sha256_update(&s, buf, (size_t)r);
    }
    close(fd);
    ngcc_sha256_final(&s, d);
    ngcc_sha256_hex(d, hex);
    return 0;
}
