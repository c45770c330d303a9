# ngcc_cross.m4 -- cross-compiling ngcc-perf (e.g. --host=aarch64-linux-gnu
# on an x86-64 machine): libraries through pkg-config, and the emulator that
# runs the host programs for make check and make bench.

# NGCC_MULTIARCH: the Debian multiarch triplet of the host (aarch64-linux-gnu).
AC_DEFUN([NGCC_MULTIARCH], [
  AC_REQUIRE([AC_CANONICAL_HOST])
  ngcc_multiarch=$host_cpu-$host_os
  AS_CASE([$host_cpu], [arm*], [ngcc_multiarch=arm-$host_os])
])

# NGCC_CROSS_PKG_CONFIG
# Cross-compiling with the build machine's pkg-config (no <host>-pkg-config
# wrapper) would find the build machine's libraries.  When the user set
# neither PKG_CONFIG_LIBDIR nor PKG_CONFIG_SYSROOT_DIR, point it at the
# host's multiarch directory if there is one (Debian: libjson-c-dev:arm64
# and check:arm64 install into /usr/lib/aarch64-linux-gnu/pkgconfig).
# Call after PKG_PROG_PKG_CONFIG, before PKG_CHECK_MODULES.
AC_DEFUN([NGCC_CROSS_PKG_CONFIG], [
  AC_REQUIRE([NGCC_MULTIARCH])
  AS_IF([test "x$cross_compiling" = xyes && test -n "$PKG_CONFIG" &&
         test "x${PKG_CONFIG_LIBDIR+set}" != xset &&
         test "x${PKG_CONFIG_SYSROOT_DIR+set}" != xset], [
    AS_CASE([`basename "$PKG_CONFIG"`],
      [$host_alias-pkg-config|$host_alias-pkgconf|$host-pkg-config|$ngcc_multiarch-pkg-config], [],
      [AS_IF([test -d "/usr/lib/$ngcc_multiarch/pkgconfig"],
         [PKG_CONFIG_LIBDIR=/usr/lib/$ngcc_multiarch/pkgconfig:/usr/share/pkgconfig
          export PKG_CONFIG_LIBDIR
          AC_MSG_NOTICE([cross-compiling with $PKG_CONFIG: PKG_CONFIG_LIBDIR=$PKG_CONFIG_LIBDIR])],
         [AC_MSG_WARN([cross-compiling with $PKG_CONFIG and no /usr/lib/$ngcc_multiarch/pkgconfig: set PKG_CONFIG_LIBDIR to the host's pkgconfig directory (Debian: dpkg --add-architecture ARCH; apt-get install libjson-c-dev:ARCH check:ARCH)])])])])
])

# NGCC_TEST_EMULATOR
# How make check and make bench run the programs built for the host.
# Natively: directly (also when binfmt_misc runs them: autoconf then does
# not consider the build a cross build).  Cross-compiling, unless TEST_EMULATOR is given: the
# first that runs a test program which forks a child (the tools' trial
# processes do) among qemu-<cpu>, qemu-<cpu> -L /usr/<triplet> (the
# cross libc; the multiarch libc6:<arch> is used first: qemu 7.2 hangs
# after fork with some glibc builds), qemu-<cpu>-static, and the program
# itself (binfmt_misc).  TEST_EMULATOR is then a command with arguments,
# or empty.
AC_DEFUN([NGCC_TEST_EMULATOR], [
  AC_REQUIRE([NGCC_MULTIARCH])
  AC_REQUIRE([AC_CANONICAL_BUILD])
  AC_MSG_CHECKING([how to run $host_cpu programs])
  AS_IF([test "x$cross_compiling" != xyes],
    [AS_IF([test -n "$TEST_EMULATOR"],
       [AC_MSG_RESULT([through $TEST_EMULATOR (given)])],
       [test -n "$build_cpu" && test "x$host_cpu" != "x$build_cpu"],
       [AC_MSG_RESULT([directly (binfmt_misc: they run on this $build_cpu machine)])],
       [AC_MSG_RESULT([natively])])],
   [test "x${TEST_EMULATOR+set}" = xset],
    [AC_MSG_RESULT([through ${TEST_EMULATOR:-nothing (binfmt_misc)} (given)])],
   [AS_CASE([$host_cpu],
      [aarch64*|arm64], [ngcc_qemu=qemu-aarch64],
      [arm*], [ngcc_qemu=qemu-arm],
      [i?86], [ngcc_qemu=qemu-i386],
      [powerpc64le|ppc64le], [ngcc_qemu=qemu-ppc64le],
      [powerpc64|ppc64], [ngcc_qemu=qemu-ppc64],
      [ngcc_qemu=qemu-$host_cpu])
    ngcc_timeout=
    (timeout 5 true) >/dev/null 2>&1 && ngcc_timeout="timeout 60"
    ngcc_emulator=no
    AC_LINK_IFELSE([AC_LANG_PROGRAM([[#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>]], [[
  int st = 0;
  pid_t p = fork();
  if (p == 0)
    _exit(42);
  if (p < 0 || waitpid(p, &st, 0) != p)
    return 1;
  return !(WIFEXITED(st) && WEXITSTATUS(st) == 42);]])],
      [for ngcc_try in "$ngcc_qemu" "$ngcc_qemu -L /usr/$ngcc_multiarch" "$ngcc_qemu-static" ""; do
         AS_IF([test -n "$ngcc_try"],
           [set dummy $ngcc_try
            AS_IF([command -v "$[]2" >/dev/null 2>&1], [], [continue])])
         AS_IF([$ngcc_timeout $ngcc_try ./conftest$EXEEXT >/dev/null 2>&1],
           [ngcc_emulator=$ngcc_try; break])
       done])
    AS_IF([test "x$ngcc_emulator" = xno],
      [TEST_EMULATOR=
       AC_MSG_RESULT([cannot run them])
       AC_MSG_WARN([cannot run $host_cpu programs here: make check and make bench will fail. Install qemu-user (Debian: apt-get install qemu-user) or set TEST_EMULATOR])],
     [test -z "$ngcc_emulator"],
      [TEST_EMULATOR=
       AC_MSG_RESULT([directly (binfmt_misc)])],
      [TEST_EMULATOR=$ngcc_emulator
       AC_MSG_RESULT([through $TEST_EMULATOR])])])
])
