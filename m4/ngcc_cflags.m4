# ngcc_cflags.m4 -- compiler flag probes and the NICCS guide's build flags.

# NGCC_CHECK_CFLAG(FLAG, [ACTION-IF-OK], [ACTION-IF-NOT])
# Does the C compiler accept FLAG (with -Werror, so unknown flags fail)?
AC_DEFUN([NGCC_CHECK_CFLAG], [
  AS_VAR_PUSHDEF([ngcc_var], [ngcc_cv_cflag_$1])
  AC_CACHE_CHECK([whether $CC accepts $1], [ngcc_var], [
    ngcc_save_CFLAGS=$CFLAGS
    CFLAGS="$CFLAGS -Werror $1"
    AC_COMPILE_IFELSE([AC_LANG_PROGRAM([], [])],
                      [AS_VAR_SET([ngcc_var], [yes])],
                      [AS_VAR_SET([ngcc_var], [no])])
    CFLAGS=$ngcc_save_CFLAGS])
  AS_VAR_IF([ngcc_var], [yes], [$2], [$3])
  AS_VAR_POPDEF([ngcc_var])
])

# NGCC_GUIDE_FLAGS(VARIABLE)
# The reference ("guide") build of measurement.md section 1 for the host
# architecture, plus what a shared library needs.  Also sets PERF_CFLAGS and
# RESOURCE_CFLAGS, the guide's performance and resource builds, recorded in
# the evidence.  GUIDE_ARCH names the architecture family (x86-64, AArch64).
AC_DEFUN([NGCC_GUIDE_FLAGS], [
  AC_REQUIRE([AC_CANONICAL_HOST])
  ngcc_guide="-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -D_GNU_SOURCE"
  for flag in -Wno-error=implicit-function-declaration \
              -Wno-error=incompatible-pointer-types \
              -Wno-error=int-conversion -Wno-error=implicit-int; do
    NGCC_CHECK_CFLAG([$flag], [ngcc_guide="$ngcc_guide $flag"])
  done
  AS_CASE([$host_cpu],
    [x86_64|amd64],
      [GUIDE_ARCH=x86-64
       PERF_CFLAGS="-O3 -march=x86-64 -mavx2 -mtune=native -flto -fomit-frame-pointer -std=c99 -Wpedantic -Wall -Wextra"
       RESOURCE_CFLAGS="-Os -march=x86-64 -mavx2 -flto -fomit-frame-pointer -std=c99 -Wpedantic -Wall -Wextra"],
    [aarch64|arm64],
      [GUIDE_ARCH=AArch64
       PERF_CFLAGS="-O3 -march=armv8.2-a+sve -flto -fomit-frame-pointer -std=c99 -Wpedantic -Wall -Wextra"
       RESOURCE_CFLAGS="-Os -march=armv8.2-a+sve -flto -fomit-frame-pointer -std=c99 -Wpedantic -Wall -Wextra"],
    [GUIDE_ARCH=$host_cpu
     PERF_CFLAGS="-O3 -std=c99 -Wpedantic -Wall -Wextra"
     RESOURCE_CFLAGS="-Os -std=c99 -Wpedantic -Wall -Wextra"
     AC_MSG_WARN([no NICCS guide flags for $host_cpu; using the portable reference build])])
  $1=$ngcc_guide
  AC_SUBST([$1])
  AC_SUBST([GUIDE_ARCH])
  AC_SUBST([PERF_CFLAGS])
  AC_SUBST([RESOURCE_CFLAGS])
  AC_MSG_CHECKING([for the guide's reference flags])
  AC_MSG_RESULT([$ngcc_guide])
])

# NGCC_HARNESS_DEFAULT_FLAGS(VARIABLE)
# Permissive flags for an instance that does not build, or does not pass its
# KATs, with the guide's flags (recorded as "harness-default").
AC_DEFUN([NGCC_HARNESS_DEFAULT_FLAGS], [
  ngcc_harness="-O2 -std=gnu11 -fno-strict-aliasing -fwrapv -fcommon -fPIC -D_GNU_SOURCE -w"
  $1=$ngcc_harness
  AC_SUBST([$1])
])
