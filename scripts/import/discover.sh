# import/discover.sh -- sourced by ngcc-import: find the reference
# instances of an unpacked submission.
#
#   discover           every file under $root ($tmp/files), the instance
#                      directories ($tmp/inst), the KAT files
#                      ($tmp/kat_files); exits 1 when there is none
#   relpath ABS        ABS relative to the description's directory
#   canon_sha FILE     the canonical digest of a KAT file
#   kat_count FILE     its records (Count lines, else blocks)
#
# Needs from the driver: root, tmp, src, id, die, the kind tables
# (lib/kinds.sh), and $tmp/linked (the symbolic links of a directory SRC
# that were resolved, read as files).  An API header is of the first kind
# (kind_names order) whose marker it declares: $tmp/api_headers lists every
# one, $tmp/api_headers.<kind> those of one kind.

discover() {
    # Every file, relative to the root, one per line; macOS resource forks and
    # hidden directories are not part of a submission.
    nl='
'
    if [ -n "$(find "$root" -name "*$nl*" | sed 1q)" ]; then
        die 1 "$src: a file name contains a newline: not supported"
    fi
    # Regular files, and the symbolic links check_directory resolved.
    { (cd "$root" && find . -type f) | sed 's|^\./||'; cat "$tmp/linked" 2>/dev/null; } |
        awk '{ n = split($0, c, "/")
               for (i = 1; i <= n; i++) if (c[i] == "__MACOSX" || c[i] ~ /^\./) next
               print }' | sort > "$tmp/files"

    # is_ref PATH: lines under a Reference_Implementation directory, and not
    # under an Optimized or Additional one.
    ref_awk='{ p = tolower($0)
               if (p !~ /(^|\/)[^\/]*reference[ _-]?implementation[^\/]*\//) next
               if (p ~ /(^|\/)(optimi[sz]ed|additional)[ _-]?implementation[^\/]*\//) next
               print }'

    # The kinds: name, marker and label a line; their KAT file names.
    : > "$tmp/kinds"
    : > "$tmp/kat_res"
    for k in $(kind_names); do
        kind_load "$k" || die 2 "$kinds_dir/$k.sh: not a kind table (a broken installation)"
        printf '%s\t%s\t%s\n' "$kind_name" "$kind_marker" "$kind_label" >> "$tmp/kinds"
        kind_kat_re >> "$tmp/kat_res"
        : > "$tmp/api_headers.$kind_name"
    done
    # header_kind PATH: the kind whose marker the header PATH declares.
    header_kind() {
        while IFS='	' read -r hk_name hk_marker _; do
            grep -q "${hk_marker}[[:space:]]*(" "$root/$1" 2>/dev/null && { printf '%s\n' "$hk_name"; return 0; }
        done < "$tmp/kinds"
        return 1
    }

    awk "$ref_awk" "$tmp/files" | grep -i '\.h$' > "$tmp/ref_headers"
    : > "$tmp/api_headers"
    while IFS= read -r h; do
        if k=$(header_kind "$h"); then
            printf '%s\n' "$h" >> "$tmp/api_headers"
            printf '%s\n' "$h" >> "$tmp/api_headers.$k"
        fi
    done < "$tmp/ref_headers"

    # Instance directories: an API header and .c files directly beside it; a
    # candidate nested inside another is the outer one's business.
    sed 's|/[^/]*$||' "$tmp/api_headers" | sort -u > "$tmp/cand_dirs"
    : > "$tmp/inst_dirs"
    : > "$tmp/skipped_dirs"
    while IFS= read -r d; do
        has_c=no
        for f in "$root/$d"/*.c; do
            [ -f "$f" ] && { has_c=yes; break; }
        done
        if [ $has_c = no ]; then
            printf '%s\t%s\n' "$d" "has an API header but no .c file" >> "$tmp/skipped_dirs"
            continue
        fi
        printf '%s\n' "$d" >> "$tmp/inst_dirs"
    done < "$tmp/cand_dirs"
    awk -F'\t' 'NR == FNR { dirs[++n] = $0; next }
                { for (i = 1; i <= n; i++)
                      if (dirs[i] != $0 && index($0 "/", dirs[i] "/") == 1) {
                          printf "%s\tinside the instance directory %s\n", $0, dirs[i] > "/dev/stderr"; next }
                  print }' "$tmp/inst_dirs" "$tmp/inst_dirs" > "$tmp/inst" 2>> "$tmp/skipped_dirs"

    if [ ! -s "$tmp/inst" ]; then
        : > "$tmp/elsewhere"
        grep -i '\.h$' "$tmp/files" | grep -vxF -f "$tmp/ref_headers" |
        while IFS= read -r h; do
            header_kind "$h" > /dev/null && printf '%s\n' "${h%/*}"
        done | sort -u | sed 3q > "$tmp/elsewhere"
        hint=
        if [ -s "$tmp/elsewhere" ]; then
            hint="; API headers only in: $(sed 's/.*/'"'"'&'"'"'/' "$tmp/elsewhere" | tr '\n' ' ' | sed 's/ $//') (not reference instances)"
        fi
        if [ -s "$tmp/skipped_dirs" ]; then
            hint="$hint; not instances: $(sed 's/	/: /' "$tmp/skipped_dirs" | sed 2q | tr '\n' ';' | sed 's/;$//; s/;/; /g')"
        fi
        zips=$(grep -i '\.zip$' "$tmp/files" | sed 1q)
        [ -z "$zips" ] || hint="$hint; the submission holds an archive, '$zips': unpack it and import that directory"
        api=$(awk -F'\t' '{ s = s (NR > 1 ? " or " : "") "a " $3 " API header (declaring " $2 ")" } END { print s }' "$tmp/kinds")
        die 1 "$src: no reference instance: no directory under a Reference_Implementation path holds $api and .c files$hint; write schemes/$id/scheme.conf by hand (README, 'Schemes and their descriptions')"
    fi

    # KAT files: any kind's name (kind_kat_file) anywhere (ranked per
    # instance below).
    grep -i -f "$tmp/kat_res" "$tmp/files" > "$tmp/kat_files"
    manifest=$top/kat/$id/kat.sha256
    confdir=$outdir/schemes/$id
}
# relpath ABS: ABS relative to the description's directory when inside the
# build tree, else ABS.
relpath() {
    case $1 in
        "$outdir"/*) printf '../../%s\n' "${1#"$outdir"/}" ;;
        *) printf '%s\n' "$1" ;;
    esac
}

# canon_sha FILE: the canonical digest of a KAT file (kat.md section 2).
canon_sha() {
    awk '{ sub(/[\r \t]+$/, "") } $0 != "" { print }' "$1" | sha256sum | cut -c1-64
}

# kat_count FILE: its records: the 'Count =' lines (the public-key kinds'
# drivers number their records), else the blocks of 'Key = value' lines
# between empty lines (the hash driver's records have no Count).
kat_count() {
    awk '{ sub(/[\r \t]+$/, "") }
         /^[ \t]*Count[ \t]*=/ { c++ }
         /^[ \t]*[A-Za-z][A-Za-z0-9_]*[ \t]*=/ { if (!open) b++; open = 1; next }
         $0 == "" { open = 0 }
         END { print (c ? c : b) + 0 }' "$1"
}
