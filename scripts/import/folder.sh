# import/folder.sh -- sourced by ngcc-import: a download folder.
#
# import_folder DIR: every ZIP archive directly in DIR (in name order) that
# a catalog names, by its SHA-256 or else its file name, is imported
# under the catalog's id by a fresh ngcc-import, one progress line each:
#   [2/3] PolarLAC.zip -> kem-30 ... imported
# The catalogs are those of every kind (kinds/<kind>.sh kind_catalog) or
# those given: a folder of KEM, signature and hash archives imports each
# under its id in its kind's catalog (kem-30, sign-24, hash-27); the kind of what is
# imported is its API header's, as for one archive.
# followed by that import's own warnings and errors.  An archive the catalog
# does not know is listed with the command that imports it by hand.  Every
# archive is tried; returns 1 if any failed, else 0.  With --ids-file, the
# ids imported go to that file, one a line (make import builds them).
#
# Needs from the driver: prog, libdir, top, catalog_files, catalog_names,
# cat_awk, outdir, overwrite, the limits, ids_file, sha_of, die, valid_id.

# sh_quote TEXT: TEXT single-quoted for sh.
sh_quote() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }

# suggest_id NAME: an id for an archive the catalog does not know, from its
# file name: the characters of an id only, not a catalog id.
suggest_id() {
    s=$(printf '%s' "${1%.[Zz][Ii][Pp]}" | tr -c 'A-Za-z0-9_.-' '-' |
        sed 's/\.\.*/./g; s/--*/-/g; s/^[^A-Za-z0-9_]*//; s/[.-]*$//')
    [ -n "$s" ] || s=candidate
    if [ -n "$catalog_files" ] && cat_awk -F';' -v s="$s" '$1 == s { f = 1 } END { exit !f }'; then
        s=x-$s
    fi
    printf '%s\n' "$s"
}

import_folder() {
    folder_arg=$1
    folder=$(cd "$1" && pwd -P) || die 2 "$1: cannot enter the directory"
    [ -n "$catalog_files" ] || die 2 "$catalog_names: no catalog: a folder is imported by the catalogs' names (give --id for one submission)"
    list=$(mktemp "${TMPDIR:-/tmp}/ngcc-import-folder.XXXXXX") || die 1 "cannot create a temporary file"
    trap 'rm -f "$list" "$list.err" "$list.ids"' 0
    trap 'exit 1' 1 2 13 15
    (cd "$folder" && for f in *; do [ -f "$f" ] && printf '%s\n' "$f"; done) | sort > "$list"
    total=$(grep -ic '\.zip$' "$list")
    others=$(grep -vic '\.zip$' "$list")
    [ "$total" -gt 0 ] ||
        die 2 "$1: no ZIP archive in this folder (a submission's directory needs --id)"
    : > "$list.ids"
    i=0 imported=0 failed=0 unknown=0
    while IFS= read -r name; do
        case $name in *.[Zz][Ii][Pp]) ;; *) continue ;; esac
        i=$((i + 1))
        a=$folder/$name
        sha=$(sha_of "$a") || sha=
        cid=$(cat_awk -F';' -v s="$sha" -v n="$name" '
            /^#/ { next }
            { sub(/\r$/, "") }
            s != "" && tolower($4) == s { print $1; found = 1; exit }
            $3 == n && byname == "" { byname = $1 }
            END { if (!found && byname != "") print byname }')
        if [ -z "$cid" ]; then
            unknown=$((unknown + 1))
            printf '[%d/%d] %s -> ? ... not in the catalog (by name or SHA-256): import it by hand: make import ID=%s SRC=%s\n' \
                "$i" "$total" "$name" "$(suggest_id "$name")" "$(sh_quote "$a")"
            continue
        fi
        if ! valid_id "$cid"; then
            failed=$((failed + 1))
            printf '[%d/%d] %s -> ? ... failed: the catalog gives it a bad id %s\n' "$i" "$total" "$name" "$(sh_quote "$cid")"
            continue
        fi
        if grep -qxF "$cid" "$list.ids"; then
            failed=$((failed + 1))
            printf '[%d/%d] %s -> %s ... failed: %s was imported from another archive of this folder\n' \
                "$i" "$total" "$name" "$cid" "$cid"
            continue
        fi
        printf '[%d/%d] %s -> %s ... ' "$i" "$total" "$name" "$cid"
        # The same catalogs, each as a --catalog.
        set --
        while IFS= read -r c; do set -- "$@" --catalog "$c"; done <<EOF
$catalog_files
EOF
        sh "$libdir/$prog" --quiet --top-srcdir "$top" "$@" --outdir "$outdir" \
            $([ "$overwrite" = yes ] && echo --overwrite) \
            --max-bytes "$max_bytes" --max-file-bytes "$max_file_bytes" --max-ratio "$max_ratio" \
            --max-entries "$max_entries" --max-depth "$max_depth" --max-path "$max_path" \
            --id "$cid" "$a" > /dev/null 2> "$list.err"
        rc=$?
        if [ $rc -eq 0 ]; then
            imported=$((imported + 1))
            printf '%s\n' "$cid" >> "$list.ids"
            echo imported
        else
            failed=$((failed + 1))
            echo "failed (exit $rc)"
        fi
        cat "$list.err" >&2
    done < "$list"
    if [ -n "$ids_file" ]; then
        cp "$list.ids" "$ids_file" || die 1 "$ids_file: cannot write"
    fi
    summary="$imported of $total archive(s) imported"
    [ $failed -eq 0 ] || summary="$summary, $failed failed"
    [ $unknown -eq 0 ] || summary="$summary, $unknown not in the catalog (the command importing each is above)"
    [ "$others" -eq 0 ] || summary="$summary; $others other file(s) ignored"
    printf '%s: %s: %s\n' "$prog" "$folder_arg" "$summary"
    [ $failed -eq 0 ]
}
