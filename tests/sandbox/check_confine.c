/* check_confine.c - unit tests of the confinement (src/sandbox/confine.c).
 *
 * Part of ngcc-perf.  Each test confines a forked child and reports what
 * the kernel answered as its exit status: the oracle is errno (EACCES for
 * a denied path or TCP port, EPERM for a signal out of the domain).  Exit
 * 77 (skipped) where the kernel, or an emulator, offers no Landlock.
 */
#define _GNU_SOURCE 1

#include <check.h>

#include <arpa/inet.h>
#include <errno.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "confine.h"

static struct ngcc_confinement kernel;

/* A directory outside any scratch directory, with a file in it. */
static char outside[256], outside_file[300];
static int under_cwd; /* the package's directory is readable */

static void make_outside(void)
{
    const char *tmp = getenv("TMPDIR");
    int fd;
    snprintf(outside, sizeof outside, "%s/check-confine.XXXXXX", tmp && *tmp ? tmp : "/tmp");
    char cwd[4096];
    ck_assert_ptr_nonnull(mkdtemp(outside));
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    under_cwd = strncmp(outside, cwd, strlen(cwd)) == 0;
    snprintf(outside_file, sizeof outside_file, "%s/there", outside);
    fd = open(outside_file, O_WRONLY | O_CREAT, 0644);
    ck_assert_int_ge(fd, 0);
    ck_assert_int_eq(write(fd, "x\n", 2), 2);
    close(fd);
}

static void remove_outside(void)
{
    char p[320];
    unlink(outside_file);
    snprintf(p, sizeof p, "%s/new", outside);
    unlink(p);
    rmdir(outside);
}

/* Run FN in a child confined by S; its exit status (0: as expected). */
static int in_confined_child(struct ngcc_confine_spec *s, int (*fn)(const struct ngcc_confine_spec *, void *),
                             void *arg)
{
    int st;
    pid_t pid = fork();
    ck_assert_int_ge(pid, 0);
    if (pid == 0) {
        if (ngcc_confine_apply(s) != 0)
            _exit(100);
        _exit(fn(s, arg));
    }
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert(WIFEXITED(st));
    return WEXITSTATUS(st);
}

static int try_files(const struct ngcc_confine_spec *s, void *arg)
{
    char p[600];
    int fd;
    (void)arg;
    snprintf(p, sizeof p, "%s/new", outside);
    fd = open(p, O_WRONLY | O_CREAT, 0644);
    if (fd >= 0 || errno != EACCES)
        return 1; /* a write outside the scratch directory */
    fd = open(outside_file, O_WRONLY | O_APPEND);
    if (fd >= 0 || errno != EACCES)
        return 2; /* appending to a file there */
    fd = open(outside_file, O_RDONLY);
    if (!under_cwd && (fd >= 0 || errno != EACCES))
        return 3; /* reading outside the system's and the package's files */
    if (fd >= 0)
        close(fd);
    if (unlink(outside_file) == 0 || errno != EACCES)
        return 4;
    snprintf(p, sizeof p, "%s/left", s->scratch);
    fd = open(p, O_WRONLY | O_CREAT, 0644);
    if (fd < 0 || write(fd, "ok\n", 3) != 3)
        return 5; /* the scratch directory is writable */
    close(fd);
    fd = open("/dev/null", O_WRONLY);
    if (fd < 0)
        return 6;
    close(fd);
    fd = open("/etc/passwd", O_RDONLY);
    if (fd < 0)
        return 7; /* the system's files are readable */
    close(fd);
    return 0;
}

START_TEST(test_writes_only_in_scratch)
{
    struct ngcc_confine_spec s;
    struct stat st;
    char err[256], left[256], scratch[512];

    make_outside();
    ck_assert_int_eq(ngcc_confine_prepare(&s, NULL, NULL, NULL, NULL, NULL, err, sizeof err), 0);
    ck_assert_int_eq(s.on, 1);
    ck_assert(s.c.restricted & NGCC_CONFINE_WRITES);
    ck_assert_int_eq(stat(s.scratch, &st), 0);
    snprintf(scratch, sizeof scratch, "%s", s.scratch);
    ck_assert_int_eq(in_confined_child(&s, try_files, NULL), 0);
    ck_assert_int_eq(stat(outside_file, &st), 0);
    ngcc_confine_finish(&s, left, sizeof left);
    ck_assert_str_eq(left, "left");
    ck_assert_int_ne(stat(scratch, &st), 0); /* removed */
    remove_outside();
}
END_TEST

START_TEST(test_writable_extra)
{
    struct ngcc_confine_spec s;
    char err[256], p[320];
    int fd, st;
    pid_t pid;

    make_outside();
    ck_assert_int_eq(ngcc_confine_prepare(&s, NULL, NULL, NULL, NULL, outside, err, sizeof err), 0);
    snprintf(p, sizeof p, "%s/new", outside);
    pid = fork();
    if (pid == 0) {
        if (ngcc_confine_apply(&s) != 0)
            _exit(100);
        fd = open(p, O_WRONLY | O_CREAT, 0644);
        _exit(fd >= 0 ? 0 : 1);
    }
    ck_assert_int_eq(waitpid(pid, &st, 0), pid);
    ck_assert(WIFEXITED(st) && WEXITSTATUS(st) == 0);
    ngcc_confine_finish(&s, NULL, 0);
    remove_outside();
}
END_TEST

static int try_tcp(const struct ngcc_confine_spec *s, void *arg)
{
    struct sockaddr_in a = *(struct sockaddr_in *)arg;
    int fd = socket(AF_INET, SOCK_STREAM, 0);
    (void)s;
    if (fd < 0)
        return 1;
    if (connect(fd, (struct sockaddr *)&a, sizeof a) == 0 || errno != EACCES)
        return 2;
    close(fd);
    fd = socket(AF_INET, SOCK_STREAM, 0);
    a.sin_port = htons(1); /* a fixed port: no bind rule allows any */
    if (bind(fd, (struct sockaddr *)&a, sizeof a) == 0 || errno != EACCES)
        return 3;
    close(fd);
    return 0;
}

START_TEST(test_no_tcp)
{
    struct ngcc_confine_spec s;
    struct sockaddr_in a;
    socklen_t len = sizeof a;
    char err[256];
    int l;

    if (kernel.abi < 4)
        return; /* no network rules before ABI 4 */
    l = socket(AF_INET, SOCK_STREAM, 0);
    ck_assert_int_ge(l, 0);
    memset(&a, 0, sizeof a);
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    ck_assert_int_eq(bind(l, (struct sockaddr *)&a, sizeof a), 0);
    ck_assert_int_eq(listen(l, 4), 0);
    ck_assert_int_eq(getsockname(l, (struct sockaddr *)&a, &len), 0);
    ck_assert_int_eq(ngcc_confine_prepare(&s, NULL, NULL, NULL, NULL, NULL, err, sizeof err), 0);
    ck_assert(s.c.restricted & NGCC_CONFINE_TCP);
    ck_assert_int_eq(in_confined_child(&s, try_tcp, &a), 0);
    ngcc_confine_finish(&s, NULL, 0);
    close(l);
}
END_TEST

static int try_signal(const struct ngcc_confine_spec *s, void *arg)
{
    (void)s;
    (void)arg;
    if (kill(getppid(), SIGTERM) == 0 || errno != EPERM)
        return 1; /* the parent is outside the child's domain */
    if (kill(getpid(), 0) != 0)
        return 2; /* itself is not */
    return 0;
}

START_TEST(test_no_signals_out)
{
    struct ngcc_confine_spec s;
    char err[256];

    if (kernel.abi < 6)
        return; /* no scopes before ABI 6 */
    ck_assert_int_eq(ngcc_confine_prepare(&s, NULL, NULL, NULL, NULL, NULL, err, sizeof err), 0);
    ck_assert(s.c.restricted & NGCC_CONFINE_SIGNALS);
    ck_assert_int_eq(in_confined_child(&s, try_signal, NULL), 0);
    ngcc_confine_finish(&s, NULL, 0);
}
END_TEST

START_TEST(test_off_and_strict)
{
    struct ngcc_confine_spec s;
    char err[256] = "";

    setenv("NGCC_CONFINE", "off", 1);
    ck_assert_int_eq(ngcc_confine_prepare(&s, NULL, NULL, NULL, NULL, NULL, err, sizeof err), 0);
    ck_assert_int_eq(s.on, 0);
    ck_assert_int_eq(s.c.restricted, 0);
    ck_assert_int_eq(ngcc_confine_apply(&s), 0);
    ngcc_confine_finish(&s, NULL, 0);
    setenv("STRICT", "1", 1);
    ck_assert_int_eq(ngcc_confine_prepare(&s, NULL, NULL, NULL, NULL, NULL, err, sizeof err), -1);
    ck_assert_ptr_nonnull(strstr(err, "refusing"));
    unsetenv("STRICT");
    unsetenv("NGCC_CONFINE");
}
END_TEST

START_TEST(test_enter_and_describe)
{
    struct ngcc_confine_spec s;
    struct ngcc_confinement c;
    char err[256], abs[4096], cwd[4096], line[512], want[4096 + 16];
    const char *p;

    ck_assert_int_eq(ngcc_confine_prepare(&s, NULL, NULL, NULL, NULL, NULL, err, sizeof err), 0);
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    snprintf(want, sizeof want, "%s/Makefile", cwd);
    setenv("NGCC_SCRATCH", s.scratch, 1);
    p = ngcc_confine_enter("Makefile", abs, sizeof abs);
    ck_assert_str_eq(p, want);
    ck_assert_ptr_nonnull(getcwd(cwd, sizeof cwd));
    ck_assert_str_eq(cwd, s.scratch);
    unsetenv("NGCC_SCRATCH");
    ngcc_confine_finish(&s, NULL, 0);

    memset(&c, 0, sizeof c);
    c.abi = 4;
    c.restricted = NGCC_CONFINE_WRITES | NGCC_CONFINE_TCP;
    ngcc_confine_describe(&c, line, sizeof line);
    ck_assert_str_eq(line, "Landlock ABI 4: writes only beneath the scratch directory, no TCP bind or connect");
    c.restricted = 0;
    snprintf(c.reason, sizeof c.reason, "because");
    ngcc_confine_describe(&c, line, sizeof line);
    ck_assert_str_eq(line, "unconfined: because");
}
END_TEST

int main(void)
{
    SRunner *sr;
    Suite *s;
    TCase *tc;
    int failed;

    if (ngcc_confine_probe(&kernel) == 0) {
        printf("SKIP: no Landlock here: %s\n", kernel.reason);
        return 77;
    }
    printf("Landlock ABI %d\n", kernel.abi);
    s = suite_create("confine");
    tc = tcase_create("landlock");
    tcase_add_test(tc, test_writes_only_in_scratch);
    tcase_add_test(tc, test_writable_extra);
    tcase_add_test(tc, test_no_tcp);
    tcase_add_test(tc, test_no_signals_out);
    tcase_add_test(tc, test_off_and_strict);
    tcase_add_test(tc, test_enter_and_describe);
    suite_add_tcase(s, tc);
    sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed == 0 ? 0 : 1;
}
