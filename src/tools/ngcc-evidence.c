/* ngcc-evidence -- flatten the evidence of one system into tab-separated rows.
 *
 * Part of ngcc-perf.  Reads DIR/campaign.json, DIR/build.json and, for every
 * instance that build.json lists, DIR/records/<id>/<label>__<op>.json,
 * DIR/profile/<id>/<label>__<op>.json, DIR/screen/<id>/<label>.json and
 * the KAT log (doc/campaign.md, doc/evidence.md, doc/screen.md), checks what the report pages rely on, and prints one
 * row per line on standard output for scripts/ngcc-report's awk programs.
 *
 * Rows: the first field is the row type.  Before any data row, one row
 *
 *     columns TYPE NKEYS NAME...
 *
 * per type names its fields (after the type): the first NKEYS identify the
 * row, the others are the values, named by their dotted path in the JSON
 * file.  Values are exact and unformatted: integers as integers, other
 * numbers in the shortest form that reads back as the same double, booleans
 * true/false, arrays of names joined by single spaces, null (or absent) as
 * \N.  In strings, a backslash is written \\, tab \t, newline \n, carriage
 * return \r, any other control character \?.  Formatting belongs to the
 * pages (scripts/report/format.awk), not here.
 *
 * First come the kind table's rows (kind, kindop, kindsize, kindpage,
 * kindcounter: each kind's operations, sizes and page words,
 * doc/report.md), and after each instance row its katfile rows (each KAT
 * file the campaign ran, build.json kat.files: a hash's), kindof row and the
 * functional row of its KAT log's functional check (a signature's
 * forgery line), after each record its counter rows (op_counters): the
 * pages ask these instead of naming a kind's operations.
 *
 * A file that is missing, is not JSON, lacks a field the pages need, has a
 * field of the wrong type or disagrees with itself (statistics against
 * their sums, shares against their ticks, a KAT log against its SHA-256)
 * is an error "ngcc-evidence: FILE: message"; every error is reported and
 * the exit status is 1.  A timing record or a profile that is absent is not
 * an error: its row says present 0, and the pages show it as not measured;
 * so is a screening file (not screened).
 */
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif
#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 700 /* POSIX.1-2008 with realpath */
#endif

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "evidence.h"
#include "gnu_cli.h"

/* ---- main ------------------------------------------------------------------ */

static void usage(FILE *f)
{
    fprintf(f,
"Usage: " PROG " [--root DIR] SYSTEMDIR\n"
"       " PROG " --help | --version\n"
"\n"
"Print the evidence of one system (SYSTEMDIR = data/<system>: campaign.json,\n"
"build.json, records/, profile/, kat/) as tab-separated rows on standard\n"
"output, for the report pages (scripts/ngcc-report).  Each row type is\n"
"announced by a row 'columns TYPE NKEYS NAME...'; values are exact, \\N is\n"
"null, strings escape \\\\, \\t, \\n, \\r.  Every file is checked: present,\n"
"valid JSON, the fields the pages need, statistics against their sums,\n"
"shares against their ticks, KAT logs against their SHA-256.\n"
"\n"
"Options:\n"
"  --root DIR     the package root that paths in build.json are relative to\n"
"                 (default: .)\n"
"  -h, --help     display this help and exit\n"
"  -V, --version  output version information and exit\n"
"\n"
"Exit status:\n"
"  0  the evidence is complete and consistent; the rows are on stdout\n"
"  1  evidence missing or damaged: each problem as 'FILE: message' on stderr\n"
"  2  usage error\n"
"  3  system error (standard output could not be written)\n"
"\n");
    gnu_cli_bug_lines(f);
}

int main(int argc, char **argv)
{
    struct evidence ev;
    const char *dir = NULL;
    int i;

    memset(&ev, 0, sizeof ev);
    ev.root = ".";
    for (i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            usage(stdout);
            return gnu_cli_stdout_status(PROG, EXIT_OK, EXIT_SYSTEM);
        } else if (strcmp(a, "--version") == 0 || strcmp(a, "-V") == 0) {
            gnu_cli_version(PROG);
            return gnu_cli_stdout_status(PROG, EXIT_OK, EXIT_SYSTEM);
        } else if (strcmp(a, "--root") == 0) {
            if (++i >= argc)
                die(EXIT_USAGE, "option '--root' needs an argument (try '" PROG " --help')");
            ev.root = argv[i];
        } else if (strncmp(a, "--root=", 7) == 0) {
            ev.root = a + 7;
        } else if (strcmp(a, "--") == 0) {
            i++;
            break;
        } else if (a[0] == '-' && a[1]) {
            die(EXIT_USAGE, "unknown option '%s' (try '" PROG " --help')", a);
        } else {
            break;
        }
    }
    if (argc - i != 1)
        die(EXIT_USAGE, "%s (try '" PROG " --help')",
            argc - i < 1 ? "no system directory given" : "one system directory only");
    dir = argv[i];
    ev.dir = dir;
    ev.dir_real = realpath(dir, NULL);
    if (!ev.dir_real) {
        fprintf(stderr, PROG ": %s: no evidence here: %s\n", dir, strerror(errno));
        return EXIT_EVIDENCE;
    }

    put_all_columns();
    put_kinds();
    read_campaign(&ev);
    read_build(&ev);
    /* The host state: the campaign's, else what the first record saw. */
    if (ev.campaign && ev.first_record) {
        json_object *h;
        if (!(lookup(ev.campaign, "host_start", &h) && h))
            put_host(ev.first_record_file, ev.first_record, "record");
    }
    json_object_put(ev.first_record);
    json_object_put(ev.campaign);
    free(ev.first_record_file);
    free(ev.dir_real);

    if (fflush(stdout) != 0 || ferror(stdout))
        die(EXIT_SYSTEM, "standard output: %s", strerror(errno));
    if (nerrors) {
        fprintf(stderr, PROG ": %s: %lu problem%s: no report from this evidence\n", dir,
                nerrors, nerrors == 1 ? "" : "s");
        return EXIT_EVIDENCE;
    }
    return EXIT_OK;
}
