# lib/kat-tests.sh -- the KAT tests of a scheme's instances, one per KAT file, for schemes/Makefile.am.
#
# Part of ngcc-perf.  Usage: sh kat-tests.sh TOP WHICH ID CONF
#   WHICH tests  the tests of make check: ID/LABEL.kat (the kind's first
#                KAT file) and ID/LABEL.KEY.kat for each other file the
#                kind's make check runs (kind_kat_keys check)
#   WHICH full   those only make check-full runs (kind_kat_keys full)
#   WHICH deps   ID/LABEL.KEY.log:ID/LABEL.log for every other file: a
#                file's test runs after the first file's, which may
#                rebuild the library (ngcc-kat-instance)
# Words on one line (make's $(shell)).  Each instance's kind is its 'type'
# (the scheme's, else the first kind); ngcc-build-scheme writes the tests.

top=$1 which=$2 id=$3 conf=$4
kinds_dir=$top/scripts/kinds
# shellcheck source=kinds.sh
. "$top/scripts/lib/kinds.sh"
conf_awk=$top/scripts/lib/scheme-conf.awk
for label in $(awk -f "$conf_awk" -v want=instances "$conf" 2>/dev/null); do
    type=$(awk -f "$conf_awk" -v want=type -v label="$label" "$conf" 2>/dev/null)
    kind_load "${type:-$kind_default}" || continue
    first=$(kind_kat_keys all | sed 1q)
    case $which in
        tests) keys=$(kind_kat_keys check) ;;
        full|deps) keys=$(kind_kat_keys "$which"); [ "$which" = full ] || keys=$(kind_kat_keys all) ;;
        *) echo "kat-tests.sh: WHICH is tests, full or deps, not '$which'" >&2; exit 2 ;;
    esac
    for key in $keys; do
        if [ "$key" = "$first" ]; then
            [ "$which" = deps ] || printf '%s ' "$id/$label.kat"
        elif [ "$which" = deps ]; then
            printf '%s ' "$id/$label.$key.log:$id/$label.log"
        else
            printf '%s ' "$id/$label.$key.kat"
        fi
    done
done
echo
