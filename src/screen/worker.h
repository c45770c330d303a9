/* worker.h -- the child side of the screening: load one instance library
 * and run its operations (ngcc-screen work), under a sanitizer runtime or
 * valgrind.  Part of ngcc-perf. */
#ifndef NGCC_SCREEN_WORKER_H
#define NGCC_SCREEN_WORKER_H

/* Exit codes of the worker. */
enum {
    WORK_OK = 0,
    WORK_CRYPTOFAIL = 1,    /* an operation failed or dec disagreed */
    WORK_USAGE = 2,
    WORK_LOADFAIL = 3,      /* the library or a symbol is missing */
    WORK_NOSECRET = 4       /* secret mode without valgrind's client requests */
};

/* MODE: "kat" (N KAT records to /dev/null), an operation of the
 * instance's kind (N of it, the inputs made first), "all" (N rounds of
 * every operation), "secret" (as "all", the DRNG seed, hence the coins,
 * marked undefined for memcheck: what derives from them stays secret
 * unless the kind's loop declassifies it, the outputs whose sizes the
 * kind's table does not call secret).  Returns an exit code above. */
int screen_work(const char *mode, unsigned long n, const char *library);

#endif
