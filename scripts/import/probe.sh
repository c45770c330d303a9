# import/probe.sh -- sourced by ngcc-import: the instance name as the
# compiler sees it.  A probe file that includes the instance's API header
# and then expands ALGORITHM_INSTANCE between two markers goes through the
# C preprocessor only ($CC -E: nothing is compiled to code, nothing of the
# candidate is run), with the instance's defines, -std= and include
# directories as its build will have them, under limits (time, memory,
# output), in the import's temporary directory, its input /dev/null.
#
#   probe_instance DIR HEADER  sets probe_state and probe_value:
#       value      probe_value is the name (string literals, adjacent ones
#                  joined, through any macros and #if selections)
#       undefined  the header does not define ALGORITHM_INSTANCE (with
#                  these flags)
#       other      ALGORITHM_INSTANCE is no string: probe_value is what it
#                  expands to
#       failed     the header does not preprocess: probe_value says why
#       nocc       no compiler to probe with
#   probe_how      how it was decided, for the description: "with -DX=1
#                  (gcc -E)" or "(gcc -E, no defines)"
#   probe_sizes    the size macros of the API header (its own #defines
#                  named *_LENGTH, *_LEN, *_BYTES or *_BITS, such as a hash
#                  header's DIGEST_BIT_LENGTH, which the glue makes a size
#                  getter) as the same run expands them: "NAME VALUE" lines,
#                  VALUE '?' when not defined with these flags
#
# The compiler: $CC, the configured one the make rules and ngcc-perf pass
# (the cross compiler of a cross build: its predefined macros are the
# target's), else cc.  The flags: $GUIDE_CFLAGS when set (as the build),
# then the instance's -D, -std= and -I (instance.sh's defines, cflags and
# includes, in that order, as ngcc-build-scheme passes them), then the
# instance directory and the package's src/glue and src/iccs.
#
# Needs from the driver: tmp, top; from instance.sh: defines, cflags,
# includes.

probe_cc=${CC:-cc}
probe_timeout=20            # seconds
probe_max_blocks=65536      # of its output (ulimit -f: 32 MiB or more)
probe_max_kib=524288        # of address space (ulimit -v: 512 MiB; a header
                            # that includes /dev/zero fails in seconds)

probe_instance() {
    probe_state= probe_value= probe_sizes=
    pi_dir=$1 pi_header=$2
    pi_flags=
    for pi_d in $defines; do pi_flags="$pi_flags -D$pi_d"; done
    [ -z "$cflags" ] || pi_flags="$pi_flags $cflags"
    for pi_i in $includes; do pi_flags="$pi_flags -I$pi_i"; done
    pi_flags=${pi_flags# }
    pi_cc=$(printf '%s' "$probe_cc" | sed 's|^[^ ]*/||')
    if [ -n "$pi_flags" ]; then probe_how="with $pi_flags ($pi_cc -E)"; else probe_how="($pi_cc -E, no defines)"; fi
    set -f
    set -- $probe_cc
    set +f
    if [ $# -eq 0 ] || ! command -v "$1" > /dev/null 2>&1; then
        probe_state=nocc probe_value="no C compiler '$probe_cc' to preprocess with"
        return 0
    fi
    case $pi_header in
        *[\"\\]*|'') probe_state=failed probe_value="the header's name cannot be #included"; return 0 ;;
    esac
    pi_tmp=$tmp/probe
    rm -rf "$pi_tmp" && mkdir "$pi_tmp" || { probe_state=failed probe_value="cannot create $pi_tmp"; return 0; }
    pi_sizes=$(awk '{ sub(/\r$/, "") }
        /^[ \t]*#[ \t]*define[ \t]+[A-Za-z_][A-Za-z0-9_]*(_LENGTH|_LEN|_BYTES|_BITS)([ \t]|$)/ {
            n = $0; sub(/^[ \t]*#[ \t]*define[ \t]+/, "", n); sub(/[ \t].*/, "", n); if (!seen[n]++) print n }' \
        "$pi_dir/$pi_header" 2> /dev/null | sed 8q)
    {
        printf '#include "%s"\nngcc_probe_begin ALGORITHM_INSTANCE ngcc_probe_end\n' "$pi_header"
        for pi_m in $pi_sizes; do printf 'ngcc_size_begin %s ngcc_size_end\n' "$pi_m"; done
    } > "$pi_tmp/probe.c"
    (
        cd "$pi_tmp" || exit 125
        set -f
        set -- ${GUIDE_CFLAGS:-}
        for pi_d in $defines; do set -- "$@" "-D$pi_d"; done
        set -- "$@" $cflags -I"$pi_dir"
        for pi_i in $includes; do
            case $pi_i in /*) set -- "$@" "-I$pi_i" ;; *) set -- "$@" "-I$pi_dir/$pi_i" ;; esac
        done
        for pi_i in "$top/src/glue" "$top/src/iccs"; do [ ! -d "$pi_i" ] || set -- "$@" "-I$pi_i"; done
        ulimit -f "$probe_max_blocks" 2> /dev/null
        ulimit -v "$probe_max_kib" 2> /dev/null
        if command -v timeout > /dev/null 2>&1; then
            exec timeout "$probe_timeout" $probe_cc -E -w "$@" probe.c
        fi
        ulimit -t "$probe_timeout" 2> /dev/null
        exec $probe_cc -E -w "$@" probe.c
    ) < /dev/null > "$pi_tmp/out" 2> "$pi_tmp/err"
    pi_rc=$?
    if [ $pi_rc -eq 124 ] || [ $pi_rc -eq 137 ]; then
        probe_state=failed probe_value="the preprocessor took more than $probe_timeout s"
        return 0
    fi
    if [ $pi_rc -ne 0 ]; then
        # The first error, its paths relative to the instance directory.
        probe_state=failed
        probe_value=$(awk -v d="$pi_dir/" '{ sub(/\r$/, "") } /error/ && e == "" { e = $0 } NF && f == "" { f = $0 }
            END { m = (e != "") ? e : f; while ((i = index(m, d)) > 0) m = substr(m, 1, i - 1) substr(m, i + length(d))
                  if (m == "") m = "exit status '"$pi_rc"'"; print substr(m, 1, 160) }' "$pi_tmp/err")
        return 0
    fi
    # What lies between the markers (outside line markers); string literals
    # (with \" and \\) joined, or what else it is.
    probe_value=$(awk '
        /^#/ { next }
        { sub(/\r$/, ""); text = text " " $0 }
        END {
            b = index(text, "ngcc_probe_begin"); e = index(text, "ngcc_probe_end")
            if (!b || e < b) { print "other\t(no marker in the preprocessor output)"; exit }
            v = substr(text, b + 16, e - b - 16)
            gsub(/^[ \t]+|[ \t]+$/, "", v)
            if (v == "ALGORITHM_INSTANCE") { print "undefined\t"; exit }
            s = ""; ok = (v != ""); i = 1; n = length(v)
            while (ok && i <= n) {
                c = substr(v, i, 1)
                if (c ~ /[ \t]/) { i++; continue }
                if (c != "\"") { ok = 0; break }
                for (i++; i <= n && (c = substr(v, i, 1)) != "\""; i++) {
                    if (c == "\\") {
                        c = substr(v, ++i, 1)
                        if (c != "\"" && c != "\\") { ok = 0; break }
                    }
                    s = s c
                }
                if (i > n) ok = 0
                i++
            }
            if (ok && s != "") print "value\t" s
            else print "other\t" substr(v, 1, 80)
        }' "$pi_tmp/out")
    probe_state=${probe_value%%	*}
    probe_value=${probe_value#*	}
    # Each size macro's expansion, in the order written (its own name
    # when it is not defined with these flags).
    [ -z "$pi_sizes" ] || probe_sizes=$(awk -v names="$pi_sizes" '
        BEGIN { n = split(names, N, /[ \t\n]+/) }
        /^#/ { next }
        { sub(/\r$/, ""); text = text " " $0 }
        END {
            k = 0
            while ((b = index(text, "ngcc_size_begin")) > 0) {
                text = substr(text, b + 15); e = index(text, "ngcc_size_end")
                if (!e) break
                v = substr(text, 1, e - 1); text = substr(text, e + 13)
                gsub(/^[ \t]+|[ \t]+$/, "", v); gsub(/[ \t]+/, " ", v)
                k++
                if (v == N[k]) v = "?"
                print N[k] " " (v == "" ? "(empty)" : substr(v, 1, 40))
            }
        }' "$pi_tmp/out")
    return 0
}
