/* query.h -- read values out of JSON evidence for shell scripts. */
#ifndef NGCC_BENCH_QUERY_H
#define NGCC_BENCH_QUERY_H

#include <stdio.h>
#include <json.h>

/* Print the value at PATH in ROOT as one line on OUT.  PATH is a dotted
 * list of object keys and array indexes ("stats.sum_seconds",
 * "environment.checks.0.name").  Strings print as they are (tabs and
 * newlines as \t and \n), numbers in shortest exact form, booleans as
 * true/false, null as an empty line, an array of scalars as its items
 * separated by spaces, anything else as compact JSON.
 * Returns 0, or -1 (and prints nothing) when PATH does not exist. */
int query_print(json_object *root, const char *path, FILE *out);

#endif
