# lib/kat-estimate.sh -- make check-full's estimate of its full-only KAT files' time, before they run.
#
# Part of ngcc-perf.  Usage: sh kat-estimate.sh TOP TEST...
# TEST: ID/LABEL.KEY.kat, run from the schemes directory after make check's
# tests of the same instances (their automake logs ID/LABEL.log and
# ID/LABEL.K.log hold ngcc-kat's "time: N records in S s").  Each file's
# time is its kind's kind_kat_cost formula over those times (a hash:
# KAT_2_33 = 1024 x KAT_2_23); one line per file, then the total.  Always
# exits 0: an estimate is information.

top=$1; shift
kinds_dir=$top/scripts/kinds
# shellcheck source=kinds.sh
. "$top/scripts/lib/kinds.sh"

# dur SECONDS: "42 s", "3 min 5 s", "2 h 10 min".
dur() {
    awk -v s="$1" 'BEGIN { s = int(s + 0.5)
        if (s < 60) printf "%d s", s
        else if (s < 3600) printf "%d min %d s", s / 60, s % 60
        else printf "%d h %d min", s / 3600, (s % 3600) / 60 }'
}

# gen_time LOG: the seconds the KAT file took to generate, from its log.
gen_time() {
    sed -n 's/^time: [0-9]* records in \([0-9.e+-]*\) s.*/\1/p' "$1" 2>/dev/null | tail -n 1
}

total=0 known=0 unknown=0
for t in "$@"; do
    base=${t%.kat}; key=${base##*.}; inst=${base%.*}
    id=${inst%%/*} label=${inst#*/}
    info=$id/$label/build.info
    type=
    # shellcheck disable=SC1090
    [ -f "$info" ] && . "./$info"
    if ! kind_load "${type:-$kind_default}"; then
        echo "  ESTIMATE $inst $key: not known (no kind table for '$type')"; unknown=$((unknown + 1)); continue
    fi
    first=$(kind_kat_keys all | sed 1q)
    formula=$(kind_kat_cost_of "$key")
    if [ -z "$formula" ]; then
        echo "  ESTIMATE $inst $key: not known (the kind $kind_name gives no cost for it)"; unknown=$((unknown + 1)); continue
    fi
    secs=0 why= missing=
    for term in $(printf '%s' "$formula" | tr '+' ' '); do
        factor=${term%%\**} from=${term#*\*}
        if [ "$from" = "$first" ]; then log=$inst.log; else log=$inst.$from.log; fi
        s=$(gen_time "$log")
        if [ -z "$s" ]; then missing="$missing $from"; continue; fi
        secs=$(awk -v a="$secs" -v f="$factor" -v s="$s" 'BEGIN { printf "%.6f", a + f * s }')
        why="$why${why:+ + }$factor x $from's $(awk -v s="$s" 'BEGIN { printf "%.3g", s }') s"
    done
    if [ -n "$missing" ]; then
        echo "  ESTIMATE $inst $key: not known (no time of$missing: did make check's KAT pass?)"
        unknown=$((unknown + 1)); continue
    fi
    echo "  ESTIMATE $inst $key: about $(dur "$secs") ($why)"
    total=$(awk -v a="$total" -v s="$secs" 'BEGIN { printf "%.6f", a + s }')
    known=$((known + 1))
done
msg="make check-full: $# full-only KAT files, one at a time: about $(dur "$total") for the $known whose time is known"
[ "$unknown" -eq 0 ] || msg="$msg, $unknown not known"
echo "$msg (from make check's times; each file's progress line then says its time left)"
exit 0
