# campaign/lib.sh -- small helpers of ngcc-campaign (sourced): messages,
# arithmetic, JSON text, atomic writes, paths.  POSIX sh.  Part of ngcc-perf.

die() { code=$1; shift; printf '%s: %s\n' "$prog" "$*" >&2; exit "$code"; }
say() { printf '%s\n' "$*" >&2; }

utc() { date -u +%Y-%m-%dT%H:%M:%SZ; }
now() { date +%s.%N; }
# calc EXPR: awk arithmetic on numbers.
calc() { awk "BEGIN { printf \"%.6g\", ($*) }"; }
# seconds_text S: S rounded as the progress lines show it.
seconds_text() { awk -v s="$1" 'BEGIN { if (s < 0) s = 0; printf(s < 10 ? "%.1f" : "%.0f", s) }'; }
sha256() { sha256sum "$1" 2>/dev/null | cut -d' ' -f1; }

# is_number TEXT: a non-negative decimal of at most 12 digits before the point.
is_number() {
    case $1 in ''|*[!0-9.]*|*.*.*|.) return 1 ;; esac
    [ "${#1}" -le 20 ] && [ "$(printf '%s' "${1%%.*}" | wc -c)" -le 12 ]
}
# is_id TEXT: a scheme id, label or system id: [A-Za-z0-9._-], not . or ..
is_id() {
    case $1 in ''|.|..|*..*|*[!A-Za-z0-9._-]*) return 1 ;; esac
    return 0
}

# rel PATH: PATH relative to the root when it lies under it (the tools run
# in the root).
rel() { case $1 in "$root"/*) printf '%s' "${1#"$root"/}" ;; *) printf '%s' "$1" ;; esac; }
# pkgpath PATH: for the evidence, a package file's path relative to the build
# directory or, for a source file, to the source directory.
pkgpath() {
    case $1 in
        "$root"/*) printf '%s' "${1#"$root"/}" ;;
        "$srcroot"/*) printf '%s' "${1#"$srcroot"/}" ;;
        *) printf '%s' "$1" ;;
    esac
}

# json_str TEXT: TEXT as a JSON string.
json_str() {
    printf '"'
    printf '%s' "$1" | tr -d '\000-\010\013\014\016-\037' |
        sed 's/\\/\\\\/g; s/"/\\"/g; s/	/\\t/g; s/\r/\\r/g' |
        awk 'NR > 1 { printf "\\n" } { printf "%s", $0 }'
    printf '"'
}
# json_num VALUE: VALUE, or null when empty.
json_num() { if [ -n "$1" ]; then printf '%s' "$1"; else printf null; fi; }
json_bool() { if [ "$1" = yes ]; then printf true; else printf false; fi; }
# json_file FILE: FILE's JSON, or null when it is missing.
json_file() { if [ -s "$1" ]; then cat "$1"; else printf null; fi; }
# json_list WORD...: the words as a JSON array of strings.
json_list() {
    printf '['
    sep=
    for w in "$@"; do printf '%s%s' "$sep" "$(json_str "$w")"; sep=', '; done
    printf ']'
}
# write_atomic FILE: standard input to FILE, whole or not at all.
write_atomic() {
    mkdir -p "$(dirname "$1")" && cat > "$1.tmp.$$" && mv -f "$1.tmp.$$" "$1" ||
        { rm -f "$1.tmp.$$"; die 4 "$1: cannot write"; }
}
# log_field LOG KEY: the value of 'KEY: value' in a KAT log.
log_field() { sed -n "s/^$2: //p" "$1" 2>/dev/null | sed 1q; }

# The tools, through the emulator when cross-built (TEST_EMULATOR, e.g.
# qemu-aarch64: a command with arguments, split on purpose).
bench() { ${TEST_EMULATOR:-} "$NGCC_BENCH" "$@"; }
profiler() { ${TEST_EMULATOR:-} "$NGCC_PROFILE" "$@"; }
merge() { ${TEST_EMULATOR:-} "$NGCC_MERGE" "$@"; }
get() { bench get "$@" 2>/dev/null; }

# allowed_cpus: the CPUs this process may run on (Cpus_allowed_list of
# /proc/self/status, as ngcc-bench host --cpu checks them), one per word;
# nothing where /proc does not say.
allowed_cpus() {
    awk '/^Cpus_allowed_list:/ {
        n = split($2, part, ",")
        for (i = 1; i <= n; i++) {
            if (split(part[i], r, "-") == 1) r[2] = r[1]
            for (c = r[1] + 0; c <= r[2] + 0; c++) printf "%d ", c
        } }' /proc/self/status 2>/dev/null
}

# instance_ops INFO KATLOG: the operations of the instance INFO (a
# build.info) describes, from its kind's table (scripts/kinds/): its 'ops',
# else, for a build.info written before there were kinds, those of its
# type's table; of those with needs (a key exchange's pass3), only those
# its KAT log's sizes allow.
instance_ops() {
    (
        ops= type=
        # shellcheck disable=SC1090
        . "$1" > /dev/null 2>&1
        kind_load "${type:-$kind_default}" || exit 0
        for op in ${ops:-$kind_ops}; do
            kind_op_exists "$op" "$2" && printf '%s ' "$op"
        done
        echo
    )
}

# instance_profiled INFO OP: 0 when the campaign profiles OP of the
# instance INFO describes (its kind's kind_profile_ops).
instance_profiled() {
    (
        type=
        # shellcheck disable=SC1090
        . "$1" > /dev/null 2>&1
        kind_load "${type:-$kind_default}" || exit 0
        case " $kind_profile_ops " in *" $2 "*) exit 0 ;; *) exit 1 ;; esac
    )
}
