/* locate.h -- where a screening run's inputs are: values of a build.info,
 * the system directory of the evidence file, a library's file record,
 * the sanitizer runtime and valgrind.  Part of ngcc-perf. */
#ifndef NGCC_SCREEN_LOCATE_H
#define NGCC_SCREEN_LOCATE_H

#include <stddef.h>

#include <json.h>

/* The value of KEY in a build.info (sh assignments) into OUT; 1 if found. */
int screen_info_get(const char *text, const char *key, char *out, size_t size);

/* PATH's directory ("." when it has none); malloc'd, NULL: no memory. */
char *screen_dir_of(const char *path);

/* SYS of OUT, SYS/screen/ID/LABEL.json; malloc'd. */
char *screen_system_dir_of(const char *out);

struct screen_kat_time;
/* The KAT time of instance ID/LABEL into T: from GIVEN (--kat-log) when
 * not NULL; else the campaign's SYSDIR/kat/ID/LABEL.log, else make check's
 * log beside the build directory of BUILD_INFO (schemes/ID/LABEL.log). */
void screen_kat_time_find(const char *given, const char *sysdir, const char *id,
                          const char *label, const char *build_info, struct screen_kat_time *t);

/* A library's file as {path (relative to ROOT), sha256}, or NULL when it
 * cannot be read. */
json_object *screen_file_json(const char *path, const char *root);

/* The AddressSanitizer runtime LIBRARY needs, as its soname; 1 if any. */
int screen_asan_runtime(const char *library, char *out, size_t size);

/* The valgrind program: $VALGRIND, else valgrind on PATH; NULL if none. */
const char *screen_find_valgrind(void);

#endif
