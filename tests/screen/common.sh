# common.sh -- shared by the screening tests (sourced): the tools, the
# fixture builds and the assertions.  Environment from tests/Makefile.am:
# NGCC_SCREEN (else $top_builddir/src/ngcc-screen), FIXTURE_LIBDIR,
# top_srcdir, top_builddir, the build environment (LIBTOOL, CC, ...),
# SANITIZER_CFLAGS, TEST_EMULATOR.

fail() { echo "FAIL: $*"; exit 1; }
hard_error() { echo "ERROR: $*"; exit 99; }
skip() { echo "SKIP: $*"; exit 77; }

: "${FIXTURE_LIBDIR:?}" "${top_srcdir:?}"
screen_prog=${NGCC_SCREEN:-${top_builddir:-..}/src/ngcc-screen}
[ -x "$screen_prog" ] || hard_error "no ngcc-screen at $screen_prog"
# The screening runs candidates under sanitizer runtimes and valgrind of
# this machine: not under an emulator.
[ -z "${TEST_EMULATOR:-}" ] || skip "the screening is not run under an emulator ($TEST_EMULATOR)"
screen() { "$screen_prog" "$@"; }
fixtures=$top_srcdir/tests/fixtures
# The screening variants of screen-faults, built by tests/Makefile.am.
variants=$FIXTURE_LIBDIR/screen-variants

# build_variants WORK CONF [LABEL]...: the screening variants of CONF
# under WORK.
build_variants() {
    bw=$1; shift
    NGCC_TOP_SRCDIR=$top_srcdir "${SHELL:-/bin/sh}" "$top_srcdir/scripts/ngcc-screen-build" \
        --quiet --outdir "$bw" "$@" > "$bw.build.out" 2>&1 ||
        { cat "$bw.build.out"; hard_error "ngcc-screen-build $* failed"; }
}

# screen_instance WORK LIBDIR VARIANTS LABEL [OPTION]...: screen one
# fixture instance (normal build in LIBDIR, screening variants in VARIANTS)
# into WORK/LABEL.json and its 'show' lines into WORK/LABEL.show.
screen_instance() {
    w=$1 l=$2 v=$3 lab=$4; shift 4
    [ -f "$v/asan/$lab/build.info" ] || hard_error "no screening variants in $v"
    screen run -q --quick --root "$w" --build-info "$l/$lab/build.info" \
        --asan-info "$v/asan/$lab/build.info" --memcheck-info "$v/memcheck/$lab/build.info" \
        --out "$w/$lab.json" "$@" > "$w/$lab.out" 2>&1
    rc=$?
    [ $rc -eq 0 ] || { cat "$w/$lab.out"; fail "$lab: ngcc-screen run exited $rc"; }
    screen show "$w/$lab.json" > "$w/$lab.show" || fail "$lab: ngcc-screen show failed"
}

# fault_line TAG: the line of screen_kem.c marked FAULT_LINE TAG.
fault_line() {
    n=$(grep -n "FAULT_LINE $1 \*/" "$fixtures/screen-kem/screen_kem.c" | cut -d: -f1)
    [ -n "$n" ] || hard_error "no FAULT_LINE $1 in screen_kem.c"
    echo "$n"
}

# expect_finding SHOW AREA KIND LOCATION ATTRIBUTION: such a line is there.
expect_finding() {
    awk -F '\t' -v a="$2" -v k="$3" -v l="$4" -v w="$5" \
        '$1 == a && $2 == k && $3 == l && $4 == w { f = 1 } END { exit !f }' "$1" ||
        { cat "$1"; fail "$(basename "$1" .show): no $2 finding $3 at $4 ($5)"; }
}

# expect_status SHOW AREA STATUS
expect_status() {
    grep -q "^status	$2	$3\$" "$1" || { cat "$1"; fail "$(basename "$1" .show): $2 is not $3"; }
}

# expect_none SHOW AREA: no finding of AREA that is the candidate's or an
# ICCS helper's (the package's own DRNG finding may be there).
expect_none() {
    awk -F '\t' -v a="$2" '$1 == a && ($4 == "candidate" || $4 == "iccs-helpers" || $4 == "system") { f = 1 }
        END { exit f }' "$1" || { cat "$1"; fail "$(basename "$1" .show): unexpected $2 findings"; }
}

# area_count JSON AREA NAME: the count NAME (candidate, serious, notes, ...)
# of AREA (memory, secret) in a screening file (ngcc-screen writes one key
# a line).
area_count() {
    awk -v a="\"$2\":" -v k="\"$3\":" '
        index($0, a) == 3 { in_area = 1 }
        in_area && index($0, k) { v = $0; sub(/^[^:]*: */, "", v); sub(/,$/, "", v); print v; exit }' "$1"
}

# expect_count JSON AREA NAME N
expect_count() {
    got=$(area_count "$1" "$2" "$3")
    [ "$got" = "$4" ] || { grep -A12 "\"$2\":" "$1" | head -n 14; fail "$(basename "$1" .json): $2 $3 is ${got:-missing}, not $4"; }
}
