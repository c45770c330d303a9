/* confine.h -- what candidate code may touch: Landlock confinement of a
 * child process to a fresh scratch directory (writes), the system's and
 * the package's files (reads), no TCP, no signals out of its domain.
 * Part of ngcc-perf.
 *
 * Every runner of candidate code (src/kat/sandbox.c, src/bench/child.c)
 * does the same three steps: before fork, ngcc_confine_prepare() makes the
 * scratch directory and the rule list (no allocation after fork); in the
 * child, ngcc_confine_apply() restricts the process (inherited across exec,
 * so valgrind and sanitizer runs are confined too); after reaping,
 * ngcc_confine_finish() lists what was left in the scratch directory and
 * removes it.  The process that loads the library calls
 * ngcc_confine_enter() just before dlopen: the scratch directory becomes
 * its working directory.
 *
 * Environment: NGCC_CONFINE=off runs unconfined (a baseline for tests);
 * STRICT=1 (as `make bench STRICT=1`) or NGCC_CONFINE=strict refuses to run
 * candidate code where the kernel has no Landlock. */
#ifndef NGCC_SANDBOX_CONFINE_H
#define NGCC_SANDBOX_CONFINE_H

#include <stddef.h>

/* What was restricted (bits of ngcc_confinement.restricted). */
#define NGCC_CONFINE_WRITES  0x01u /* writes only beneath the scratch directory */
#define NGCC_CONFINE_READS   0x02u /* reads only the system's and the package's files */
#define NGCC_CONFINE_TCP     0x04u /* no TCP bind or connect (ABI >= 4) */
#define NGCC_CONFINE_SIGNALS 0x08u /* no signals out of its domain (ABI >= 6) */
#define NGCC_CONFINE_UNIX    0x10u /* no abstract unix sockets out of it (ABI >= 6) */

#define NGCC_CONFINE_MAX_PATHS 24
#define NGCC_CONFINE_ARENA 8192

/* What the kernel offers and what a child got. */
struct ngcc_confinement {
    int abi;               /* Landlock ABI of the kernel; 0: none */
    unsigned restricted;   /* NGCC_CONFINE_* in force; 0: unconfined */
    int strict;            /* STRICT=1: unconfined is refused */
    char reason[192];      /* unconfined: why; "" otherwise */
};

/* One child's rules, made before fork. */
struct ngcc_confine_spec {
    int on;                             /* 0: run unconfined */
    struct ngcc_confinement c;
    char scratch[512];                  /* "" when none was made */
    char env_scratch[540];              /* "NGCC_SCRATCH=<scratch>" */
    char env_tmpdir[540];               /* "TMPDIR=<scratch>" */
    const char *read[NGCC_CONFINE_MAX_PATHS];
    size_t nread;
    const char *write[4];
    size_t nwrite;
    char arena[NGCC_CONFINE_ARENA];
    size_t used;
};

/* The kernel's Landlock, probed once (no restriction applied): C filled;
 * returns C->abi. */
int ngcc_confine_probe(struct ngcc_confinement *c);

/* What a child started now gets: the probe, with NGCC_CONFINE and STRICT
 * of the environment applied (a record's "confinement"). */
void ngcc_confine_current(struct ngcc_confinement *c);

/* Before fork: probe, make the scratch directory, allow reads of the
 * current directory, of DIR (the child's directory before it enters the
 * scratch one; may be NULL), EXE's directory and the directory of every
 * word of ARGV (or of its value after '=') that names an existing file
 * (relative names taken in DIR), of
 * READABLE (may be NULL) and writes beneath WRITABLE (may be NULL).  0, or
 * -1 with ERR set: the scratch directory could not be made, or STRICT=1
 * and no Landlock. */
int ngcc_confine_prepare(struct ngcc_confine_spec *s, const char *dir, const char *exe,
                         char *const argv[], const char *readable,
                         const char *writable, char *err, size_t errsize);

/* In the child (async-signal-safe: no allocation): no_new_privs, then the
 * Landlock rules of S.  0 (also when S is off or the kernel has no
 * Landlock), -1 with errno when the kernel has Landlock and refused. */
int ngcc_confine_apply(const struct ngcc_confine_spec *s);

/* After the child: the names it left in its scratch directory (", "
 * separated, "" when none; cut to LEFTSIZE), then the directory removed.
 * LEFT may be NULL. */
void ngcc_confine_finish(struct ngcc_confine_spec *s, char *left, size_t leftsize);

/* Add to INTO (a ", " list, as ngcc_confine_finish() writes) the names
 * of NAMES it does not hold yet; cut to SIZE. */
void ngcc_confine_merge_names(char *into, size_t size, const char *names);

/* In the process that loads candidate code, before dlopen: when
 * $NGCC_SCRATCH is set, PATH made absolute (into ABS) and the scratch
 * directory entered.  Returns the path to load. */
const char *ngcc_confine_enter(const char *path, char *abs, size_t size);

/* "Landlock ABI 6: writes only in a scratch directory, ..." or
 * "unconfined: ..." */
void ngcc_confine_describe(const struct ngcc_confinement *c, char *buf, size_t size);

/* `ngcc-bench confinement [--cost N]` (confine_cli.c): the line of
 * ngcc_confine_describe(), and with --cost the time per child process of N
 * plain and N confined children.  0 confined, 1 unconfined, 2 usage, 3 a
 * failure. */
int ngcc_confine_main(int argc, char **argv);

/* The "confinement" object of a record or profile (confine_json.c, with
 * json-c; doc/evidence.md): C, and LEFT (NULL: not kept) what the
 * processes left in their scratch directories. */
struct json_object;
struct json_object *ngcc_confine_json(const struct ngcc_confinement *c, const char *left);

/* The restrictions as words, for JSON arrays: the I-th of BITS or NULL. */
const char *ngcc_confine_word(unsigned bits, size_t i);

#endif
