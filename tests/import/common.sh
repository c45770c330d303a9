# common.sh -- sourced by the hostile, folder, mixed and hash tests of ngcc-import:
# their work directory, result counting, running the importer and checking
# what it left behind.
#
# Set before sourcing: work (the test's directory, made afresh here).
# Provides: out (the build tree imports go into), fail, ok, setup,
# run_import, expect, snapshot, unchanged, toy_instance, hash_tree,
# hash_kind_built, lie_about_size.

: "${top_srcdir:?}" "${work:?}"
for t in zip unzip zipinfo sha256sum; do
    command -v $t > /dev/null 2>&1 || { echo "SKIP: $t not installed (apt-get install zip unzip)"; exit 77; }
done
import=$top_srcdir/scripts/ngcc-import
toy=$top_srcdir/tests/import/toy
out=$work/build
failures=0
if [ -d "$work" ]; then chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"; fi
mkdir -p "$out" || exit 99

fail() { echo "FAIL: $*"; failures=$((failures + 1)); }
ok() { echo "ok: $*"; }
setup() { echo "ERROR: $*"; exit 99; }

# run_import EXPECTED_EXIT NAME ARGS...: the importer on the test catalog,
# its stdout and stderr in $work/NAME.out, its wall time in $elapsed;
# fails unless it exits EXPECTED_EXIT within 60 s (a generous bound on a
# loaded machine: every case here takes well under 5 s).
run_import() {
    want=$1 name=$2; shift 2
    start=$(date +%s)
    ${SHELL:-/bin/sh} "$import" --top-srcdir "$top_srcdir" --catalog "$work/catalog.csv" \
        --outdir "$out" "$@" > "$work/$name.out" 2>&1
    rc=$?
    elapsed=$(($(date +%s) - start))
    if [ $rc -ne "$want" ]; then
        fail "$name: ngcc-import exited $rc, expected $want"
        sed 's/^/    /' "$work/$name.out"
        return 1
    fi
    if [ $elapsed -gt 60 ]; then
        fail "$name: took $elapsed s, more than 60"
        return 1
    fi
    return 0
}
# expect NAME REGEX: the output of NAME has a line matching.
expect() {
    grep -Eq -e "$2" "$work/$1.out" && return 0
    fail "$1: output lacks /$2/"
    sed 's/^/    /' "$work/$1.out"
    return 1
}
# snapshot: what the build tree holds now (import/, schemes/ and any
# staging directory), for unchanged.
snapshot() { (cd "$out" && find . | sort) > "$work/before.list"; }
# unchanged NAME: nothing was written into the build tree since snapshot.
unchanged() {
    (cd "$out" && find . | sort) > "$work/after.list"
    if cmp -s "$work/before.list" "$work/after.list"; then return 0; fi
    fail "$1: the build tree changed: $(diff "$work/before.list" "$work/after.list" | grep '^[<>]' | sed 3q | tr '\n' ' ')"
    return 1
}
# refused EXIT NAME REGEX ARGS...: the importer refuses within the time
# bound with EXIT and a message matching REGEX, writing nothing.
refused() {
    want=$1 name=$2 re=$3; shift 3
    snapshot
    run_import "$want" "$name" "$@" && expect "$name" "$re" && unchanged "$name" &&
        ok "$name: refused (exit $want, ${elapsed}s): $(grep -E -e "$re" "$work/$name.out" | sed 1q)"
}

# toy_instance DIR NAME: an instance directory of the toy KEM, its
# ALGORITHM_INSTANCE set to NAME.
toy_instance() {
    mkdir -p "$1" || exit 99
    sed "s/\"ToyKEM-1\"/\"$2\"/" "$toy/KEM_AlgorithmInstance.h" > "$1/KEM_AlgorithmInstance.h" || exit 99
    cp "$toy/KEM_AlgorithmInstance.c" "$toy/toy_xor.c" "$toy/toy_xor.h" "$toy/toy_params.h" "$1/" || exit 99
}

# hash_tree DIR: the hash-doubled fixture's submission (ToyHash/ToyHash/
# Implementations/..., no build file) copied into DIR, with the official
# drng.c/drng.h and no auxfunc in its instance folder, as hash packages
# ship them; hash_inst: that folder.
hash_tree() {
    mkdir -p "$1" && cp -R "$top_srcdir/tests/fixtures/hash-doubled/ToyHash" "$1/" || exit 99
    # The copy is as read-only as the source tree may be (make distcheck).
    chmod -R u+w "$1" || exit 99
    hash_inst=$1/ToyHash/ToyHash/Implementations/Reference_Implementation/ToyHash-256
    cp "$top_srcdir/src/iccs/drng.c" "$top_srcdir/src/iccs/drng.h" "$hash_inst/" || exit 99
    chmod -R u+w "$1" || exit 99
}
# hash_kind_built: the built ngcc-kat knows the hash kind (its KAT files).
hash_kind_built() {
    [ -n "${NGCC_KAT:-}" ] && ${TEST_EMULATOR:-} "$NGCC_KAT" --help 2>/dev/null | grep -q 'KAT_2_12_'
}
# le32 N: N as 4 little-endian bytes (printf octal escapes).
le32() {
    awk -v n="$1" 'BEGIN { for (i = 0; i < 4; i++) { printf "\\%03o", n % 256; n = int(n / 256) } }'
}
# entry_offsets ZIP INDEX: where entry INDEX (1-based) of ZIP starts: its
# local header and its central directory header.  ZIP must be made with
# 'zip -X' (no extra fields, no comments): the offsets follow from the
# listing's names and compressed sizes.
entry_offsets() {
    zipinfo -l "$1" | sed -n '3,$p' | sed '$d' > "$work/zip.listing"
    unzip -Z1 "$1" > "$work/zip.names"
    awk -v want="$2" 'NR == FNR { len[NR] = length($0); n = NR; next }
        { csize[FNR] = $6 }
        END {
            off = 0
            for (i = 1; i <= n; i++) { local[i] = off; off += 30 + len[i] + csize[i] }
            cd = off
            for (i = 1; i <= n; i++) { central[i] = cd; cd += 46 + len[i] }
            print local[want], central[want]
        }' "$work/zip.names" "$work/zip.listing"
}
# patch ZIP OFFSET BYTES: overwrite ZIP at OFFSET with BYTES (printf form).
patch() { printf "$3" | dd of="$1" bs=1 seek="$2" conv=notrunc 2>/dev/null || setup "dd failed"; }
# lie_about_size ZIP INDEX SIZE: rewrite the uncompressed size that entry
# INDEX declares, in its local header and in the central directory.
lie_about_size() {
    set -- "$1" "$2" "$3" $(entry_offsets "$1" "$2")
    patch "$1" $(($4 + 22)) "$(le32 "$3")"
    patch "$1" $(($5 + 24)) "$(le32 "$3")"
    [ "$(zipinfo -l "$1" | sed -n "$(($2 + 2))p" | awk '{ print $4 }')" = "$3" ] ||
        setup "could not make $1 lie about entry $2"
}
# absolute_name ZIP INDEX: the first character of entry INDEX's name
# becomes '/' (zip itself strips a leading '/').
absolute_name() {
    set -- "$1" "$2" $(entry_offsets "$1" "$2")
    patch "$1" $(($3 + 30)) /
    patch "$1" $(($4 + 46)) /
    unzip -Z1 "$1" | sed -n "$2p" | grep -q '^/' || setup "could not give $1 an absolute name"
}
