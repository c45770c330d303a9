/* sysfile.h -- small helpers for ngcc-bench: reading /proc and /sys files,
 * CPU lists, UTC time stamps, paths.  Part of ngcc-perf. */
#ifndef NGCC_BENCH_SYSFILE_H
#define NGCC_BENCH_SYSFILE_H

#include <stddef.h>

/* The first SIZE-1 bytes of PATH, NUL-terminated, trailing white space
 * removed.  0 on success, -1 if the file cannot be read. */
int sys_read_text(const char *path, char *buf, size_t size);

/* The whole of PATH (malloc'd, NUL-terminated; *LEN without the NUL), or
 * NULL.  Works for /proc files whose size reads as 0. */
char *sys_read_file(const char *path, size_t *len);

/* A decimal integer file (sysfs).  0 on success. */
int sys_read_ll(const char *path, long long *value);

/* In TEXT made of "key : value" lines (/proc/cpuinfo, /proc/self/status),
 * the value of the first line whose key is KEY (white space around the key
 * ignored).  0 if found. */
int sys_text_value(const char *text, const char *key, char *out, size_t size);

/* Is CPU in the kernel CPU list LIST ("0-3,6,8-9")? 1 yes, 0 no. */
int sys_cpu_in_list(const char *list, int cpu);

/* Now, as "YYYY-MM-DDTHH:MM:SSZ". */
void sys_utc_now(char buf[32]);

/* CLOCK_MONOTONIC_RAW in seconds, and in nanoseconds (for durations). */
double sys_now(void);
long long sys_now_ns(void);

/* The first line of the output of the shell command CMD, or "" (0 if a
 * line was read). */
int sys_command_line1(const char *cmd, char *buf, size_t size);

/* Create the directories leading to the file PATH (mkdir -p of its
 * dirname).  0 on success. */
int sys_make_parents(const char *path);

/* PATH relative to ROOT when it lies under ROOT (both resolved), else PATH
 * made absolute; malloc'd.  A PATH that does not exist is returned as
 * given. */
char *sys_relative_path(const char *path, const char *root);

/* PATH resolved against ROOT unless absolute; malloc'd. */
char *sys_join(const char *root, const char *path);

/* Write the NUL-terminated TEXT to PATH atomically: a temporary file in the
 * same directory, fsync, rename.  0 on success, -1 with errno. */
int sys_write_atomic(const char *path, const char *text);

#endif
