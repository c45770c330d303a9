/* confine_cli.c -- `ngcc-bench confinement`: what a child started now
 * would run under, and what confining one costs.  Part of ngcc-perf. */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1
#endif
#ifdef HAVE_CONFIG_H
#include <config.h>
#endif

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "confine.h"

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* Seconds per child of N children that exit at once, each confined (with
 * its scratch directory made and removed) when CONFINED. */
static double per_child(long n, int confined)
{
    struct ngcc_confine_spec *s = malloc(sizeof *s);
    char err[256];
    double t0 = now_s();
    long i;

    if (!s)
        return -1;
    for (i = 0; i < n; i++) {
        pid_t pid;
        int st;
        if (confined && ngcc_confine_prepare(s, NULL, NULL, NULL, NULL, NULL, err, sizeof err) != 0) {
            fprintf(stderr, "ngcc-bench: %s\n", err);
            free(s);
            return -1;
        }
        pid = fork();
        if (pid == 0)
            _exit(confined && ngcc_confine_apply(s) != 0 ? 1 : 0);
        if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st) || WEXITSTATUS(st) != 0) {
            fprintf(stderr, "ngcc-bench: a child could not be %s\n", confined ? "confined" : "started");
            free(s);
            return -1;
        }
        if (confined)
            ngcc_confine_finish(s, NULL, 0);
    }
    free(s);
    return (now_s() - t0) / (double)n;
}

/* confinement [--cost N]: 0 confined, 1 unconfined, 2 usage, 3 failure. */
int ngcc_confine_main(int argc, char **argv)
{
    struct ngcc_confinement c;
    char line[512];
    long n = 0;

    if (argc == 3 && strcmp(argv[1], "--cost") == 0)
        n = strtol(argv[2], NULL, 10);
    if ((argc != 1 && n <= 0) || n > 1000000) {
        fprintf(stderr, "usage: ngcc-bench confinement [--cost N]\n");
        return 2;
    }
    ngcc_confine_current(&c);
    ngcc_confine_describe(&c, line, sizeof line);
    printf("%s\n", line);
    if (n > 0 && c.restricted) {
        double plain = per_child(n, 0), confined = per_child(n, 1);
        if (plain < 0 || confined < 0)
            return 3;
        printf("fork+exit %.1f us/child, fork+scratch+confine+exit %.1f us/child: %+.1f us\n",
               plain * 1e6, confined * 1e6, (confined - plain) * 1e6);
    }
    if (fflush(stdout) != 0)
        return 3;
    return c.restricted ? 0 : 1;
}
