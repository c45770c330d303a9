/* check_reaper.c - unit tests of the child watcher (reaper.c), the guard
 * bytes (guard.c) and the sandbox's output capture (libcheck).
 *
 * Part of ngcc-perf.  Fork mode: each test runs in a process of its own, so
 * making it a subreaper touches nothing else.  Oracles: pids the children
 * report about themselves, kill(pid, 0) for "still there", fixed byte
 * offsets for the guards.
 */
#define _GNU_SOURCE 1

#include <check.h>

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "guard.h"
#include "reaper.h"
#include "sandbox.h"

/* What the parent saw: message lines and output lines, each "[...]". */
struct seen {
    char msg[1024];
    char out[1024];
    long pids[4];
    int npids;
};

static void on_msg(const char *line, size_t len, void *arg)
{
    struct seen *s = arg;
    long pid;
    (void)len;
    if (sscanf(line, "pid %ld", &pid) == 1 && s->npids < 4)
        s->pids[s->npids++] = pid;
    strncat(s->msg, "[", sizeof s->msg - strlen(s->msg) - 1);
    strncat(s->msg, line, sizeof s->msg - strlen(s->msg) - 1);
    strncat(s->msg, "]", sizeof s->msg - strlen(s->msg) - 1);
}

static void on_out(const char *line, size_t len, void *arg)
{
    struct seen *s = arg;
    (void)len;
    strncat(s->out, "[", sizeof s->out - strlen(s->out) - 1);
    strncat(s->out, line, sizeof s->out - strlen(s->out) - 1);
    strncat(s->out, "]", sizeof s->out - strlen(s->out) - 1);
}

static void nap(double s)
{
    struct timespec ts;
    ts.tv_sec = (time_t)s;
    ts.tv_nsec = (long)((s - (double)ts.tv_sec) * 1e9);
    nanosleep(&ts, NULL);
}

/* Is PID gone (no such process, or not ours to signal)? */
static int gone(long pid)
{
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* A grandchild that keeps the message pipe open and sleeps; with ESCAPE it
 * leaves the group and the session first (double fork). */
static int leave_one(int fd, int escape)
{
    pid_t p = fork();
    if (p == 0) {
        if (escape) {
            setsid();
            if (fork() != 0)
                _exit(0);
        }
        ngcc_sandbox_send(fd, "pid %ld", (long)getpid());
        for (;;)
            nap(60);
    }
    nap(0.2); /* let it report */
    ngcc_sandbox_send(fd, "done");
    return 0;
}

static int child_leaves(int fd, void *arg)
{
    (void)arg;
    return leave_one(fd, 0);
}

static int child_escapes(int fd, void *arg)
{
    (void)arg;
    return leave_one(fd, 1);
}

static int child_prints(int fd, void *arg)
{
    (void)arg;
    printf("RESULT fake PASS\n");
    fflush(stdout);
    fprintf(stderr, "on stderr\n");
    ngcc_sandbox_send(fd, "mine");
    return 0;
}

static void run_and_check_strays(ngcc_sandbox_fn fn)
{
    struct ngcc_sandbox_limits lim = {30, 0, NULL, NULL, NULL};
    struct ngcc_sandbox_io io = {on_msg, NULL, NULL};
    struct ngcc_sandbox_result res;
    struct seen s;
    char err[128];

    memset(&s, 0, sizeof s);
    io.arg = &s;
    ck_assert_int_eq(ngcc_sandbox_run(&lim, fn, NULL, &io, &res, err, sizeof err), 0);
    /* Ended with the child, not at the limit nor with the grandchild. */
    ck_assert_int_eq(res.outcome, NGCC_SANDBOX_EXITED);
    ck_assert_int_eq(res.exit_code, 0);
    ck_assert(res.elapsed_s < 20);
    if (ngcc_reaper_init() != 0) {
        /* qemu-user does not emulate PR_SET_CHILD_SUBREAPER: strays that
         * leave the child's group are not seen there (README, ARM). */
        int i;
        printf("skipped: this process cannot be a child subreaper (an emulator?)\n");
        for (i = 0; i < s.npids; i++)
            kill((pid_t)s.pids[i], SIGKILL); /* the test's own grandchild, not left running */
        return;
    }
    ck_assert_int_ge(res.strays, 1);
    ck_assert_int_eq(s.npids, 1);
    ck_assert_msg(strstr(s.msg, "[done]") != NULL, "messages: %s", s.msg);
    ck_assert_msg(gone(s.pids[0]), "grandchild %ld still there", s.pids[0]);
}

START_TEST(reaper_lingering_child)
{
    run_and_check_strays(child_leaves);
}
END_TEST

START_TEST(reaper_escaped_child)
{
    run_and_check_strays(child_escapes);
}
END_TEST

START_TEST(reaper_output_is_not_a_message)
{
    struct ngcc_sandbox_limits lim = {30, 0, NULL, NULL, NULL};
    struct ngcc_sandbox_io io = {on_msg, on_out, NULL};
    struct ngcc_sandbox_result res;
    struct seen s;
    char err[128];

    memset(&s, 0, sizeof s);
    io.arg = &s;
    ck_assert_int_eq(ngcc_sandbox_run(&lim, child_prints, NULL, &io, &res, err, sizeof err), 0);
    ck_assert_str_eq(s.msg, "[mine]");
    ck_assert_msg(strstr(s.out, "[RESULT fake PASS]") != NULL, "output: %s", s.out);
    ck_assert_msg(strstr(s.out, "[on stderr]") != NULL, "output: %s", s.out);
    ck_assert_int_eq(res.strays, 0);
}
END_TEST

START_TEST(reaper_no_strays_reaps_nothing)
{
    ngcc_reaper_init();
    ck_assert_int_eq(ngcc_reaper_kill_strays(0), 0);
}
END_TEST

START_TEST(guard_detects_both_sides)
{
    struct ngcc_guarded b;
    unsigned char *d;
    char msg[256];
    size_t off = 0;

    ck_assert_int_eq(ngcc_guarded_alloc(&b, "ct", 40), 0);
    d = ngcc_guarded_data(&b);
    memset(d, 0x55, 40); /* inside: fine */
    ck_assert_int_eq(ngcc_guarded_check(&b, &off), 0);
    ck_assert_int_eq(ngcc_guarded_damage(&b, "kem_enc", msg, sizeof msg), 0);
    d[42] ^= 1;
    ck_assert_int_eq(ngcc_guarded_check(&b, &off), 1);
    ck_assert_uint_eq(off, 3);
    ck_assert_int_eq(ngcc_guarded_damage(&b, "kem_enc", msg, sizeof msg), 1);
    ck_assert_str_eq(msg, "kem_enc wrote past the end of ct (ct[42] of a 40-byte buffer changed)");
    d[42] ^= 1;
    d[-1] ^= 1;
    ck_assert_int_eq(ngcc_guarded_check(&b, &off), -1);
    ck_assert_uint_eq(off, 1);
    ck_assert_int_eq(ngcc_guarded_check_all(&b, 1, "kem_dec", msg, sizeof msg), 1);
    ck_assert_str_eq(msg, "kem_dec wrote before the start of ct (ct[-1] changed)");
    ngcc_guarded_free(&b);
    ck_assert_ptr_null(b.base);
}
END_TEST

static Suite *suite_reaper(void)
{
    Suite *s = suite_create("reaper");
    TCase *tc = tcase_create("strays");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, reaper_lingering_child);
    tcase_add_test(tc, reaper_escaped_child);
    tcase_add_test(tc, reaper_output_is_not_a_message);
    tcase_add_test(tc, reaper_no_strays_reaps_nothing);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *suite_guard(void)
{
    Suite *s = suite_create("guard");
    TCase *tc = tcase_create("guard");
    tcase_add_test(tc, guard_detects_both_sides);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr = srunner_create(suite_reaper());
    int failed;

    srunner_add_suite(sr, suite_guard());
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}
