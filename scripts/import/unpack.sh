# import/unpack.sh -- sourced by ngcc-import: read a submission safely.
#
# An archive is listed from its central directory (never decompressed just
# to test it) and checked against the limits before anything is written:
# declared total size, per-entry size, compression ratio, entry count, path
# depth and length; an absolute, '..', symbolic-link or encrypted entry is
# refused.  It is then unpacked into a staging directory with the limits
# enforced again, because declared sizes can lie: a file-size rlimit at the
# largest declared size, a watch on the space used, and the unpacked totals
# compared with the declared ones.  Nothing is kept of a refused archive.
#
# A directory is read in place and never followed out of: a symbolic link
# whose target stays inside is resolved, one that leads out or dangles
# refuses the import, each said on a line of its own; so does a file with
# more hard links than names inside (it is also a file outside); a FIFO,
# socket or device refuses it too (a compiler would block on it or read a
# device).
#
# Needs from the driver: prog, tmp, die, say, and the limits max_bytes,
# max_file_bytes, max_ratio, max_entries, max_depth, max_path.

# The ratio limit applies only to members above this size: small files
# (empty ones, padding, tables) often compress far better than 100:1 and
# cannot make a bomb on their own.
ratio_floor=1048576

# list_archive ZIP: the entries of ZIP in $tmp/entries (names) and
# $tmp/listing (size, compressed size, type, name: tab-separated), checked
# against every limit and rule.  Exits 4 (not a ZIP, empty, encrypted), 5
# (unsafe entry) or 6 (over a limit).
list_archive() {
    a=$1
    an=${a##*/}
    zipinfo -l "$a" > "$tmp/zipinfo" 2> "$tmp/unzip.err"
    zrc=$?
    if grep -q '^Empty zipfile\.' "$tmp/zipinfo" "$tmp/unzip.err" 2>/dev/null; then
        die 4 "$an: an empty ZIP archive: it holds no entry, nothing to import"
    fi
    [ $zrc -eq 0 ] ||
        die 4 "$an: not a ZIP archive, or a corrupt one (zipinfo: $(grep -Ehv '^ *$|^ *\[|^Archive:' "$tmp/unzip.err" "$tmp/zipinfo" | sed -n '1{s/^ *//;s/ *$//;p;}'))"
    unzip -Z1 "$a" > "$tmp/entries" 2> "$tmp/unzip.err" ||
        die 4 "$an: not a ZIP archive, or a corrupt one (unzip: $(grep -Ev '^ *$|^ *\[' "$tmp/unzip.err" | sed -n '1{s/^ *//;s/ *$//;p;}'))"
    n_entries=$(grep -c '' "$tmp/entries")
    # The count the central directory gives: a name with a newline would
    # shift one listing against the other.
    n_declared=$(sed -n '2s/.*number of entries: *\([0-9][0-9]*\).*/\1/p' "$tmp/zipinfo")
    [ "$n_declared" = "$n_entries" ] || [ "$n_entries" -eq 0 ] ||
        die 4 "$an: the archive lists ${n_declared:-?} entries but $n_entries names (a newline in a name?): refused"
    [ "$n_entries" -gt 0 ] || die 4 "$an: an empty ZIP archive: it holds no entry, nothing to import"
    [ "$n_entries" -le "$max_entries" ] ||
        die 6 "$an: $n_entries entries exceed the limit $max_entries (--max-entries)"

    # zipinfo -l: perms version os size type csize method date time name;
    # the entry lines are those after its two header lines, in the order of
    # unzip -Z1, whose names are exact (the name is taken from there).
    sed -n "3,$((n_entries + 2))p" "$tmp/zipinfo" |
        awk 'NR == FNR { name[NR] = $0; next }
             { printf "%s\t%s\t%s\t%s\t%s\n", $4, $6, substr($1, 1, 1), $5, name[FNR] }' \
            "$tmp/entries" - > "$tmp/listing"
    [ "$(grep -c '' "$tmp/listing")" -eq "$n_entries" ] ||
        die 4 "$an: the archive's listings disagree on its entries: a corrupt archive"

    # One awk pass: the first entry breaking a rule, as 'CODE<TAB>message'.
    verdict=$(awk -F'\t' -v an="$an" -v maxb="$max_bytes" -v maxf="$max_file_bytes" \
        -v maxr="$max_ratio" -v floor="$ratio_floor" -v maxd="$max_depth" -v maxp="$max_path" '
        function shown(s) { return length(s) > 80 ? substr(s, 1, 77) "..." : s }
        function refuse(code, msg) { printf "%d\t%s\n", code, msg; bad = 1; exit }
        {
            size = $1; csize = $2; type = $3; enc = $4; name = $5
            if (size !~ /^[0-9]+$/ || csize !~ /^[0-9]+$/)
                refuse(4, an ": entry '\''" shown(name) "'\'': no readable size in the listing: a corrupt archive")
            if (name ~ /^[\/\\]/ || name ~ /^[A-Za-z]:/)
                refuse(5, an ": entry '\''" shown(name) "'\'' escapes the target directory (absolute path or '\''..'\''): nothing unpacked")
            n = split(name, c, /[\/\\]/)
            depth = 0
            for (i = 1; i <= n; i++) {
                if (c[i] == "..")
                    refuse(5, an ": entry '\''" shown(name) "'\'' escapes the target directory (absolute path or '\''..'\''): nothing unpacked")
                if (c[i] != "") depth++
            }
            if (type == "l")
                refuse(5, an ": entry '\''" shown(name) "'\'' is a symbolic link: nothing unpacked")
            if (enc ~ /^[TB]/)
                refuse(4, an ": entry '\''" shown(name) "'\'' is encrypted: unpack it yourself and import the directory")
            # Over a limit: the first entry of each kind, reported in
            # the order of the END block.
            if (length(name) > maxp + 0 && over_path == "")
                over_path = an ": entry '\''" shown(name) "'\'' has a path of " length(name) " bytes, over the limit " maxp " (--max-path)"
            if (depth > maxd + 0 && over_depth == "")
                over_depth = an ": entry '\''" shown(name) "'\'' is " depth " levels deep, over the limit " maxd " (--max-depth)"
            if (size + 0 > maxf + 0 && over_file == "")
                over_file = an ": entry '\''" shown(name) "'\'' declares " size " bytes, over the limit " maxf " (--max-file-bytes)"
            if (size + 0 > floor + 0 && size + 0 > maxr * csize && over_ratio == "")
                over_ratio = an ": entry '\''" shown(name) "'\'' expands " (csize > 0 ? int(size / csize) : "infinitely") ":1 (" size " bytes from " csize "), over the limit " maxr ":1 (--max-ratio)"
            total += size
            if (size + 0 > largest + 0) largest = size
        }
        END {
            if (bad) exit
            if (total > maxb + 0)
                printf "6\t%s: declared size %.0f bytes exceeds the limit %s (--max-bytes)\n", an, total, maxb
            else if (over_file != "") print "6\t" over_file
            else if (over_ratio != "") print "6\t" over_ratio
            else if (over_depth != "") print "6\t" over_depth
            else if (over_path != "") print "6\t" over_path
            else
                printf "0\t%.0f %.0f\n", total, largest
        }' "$tmp/listing")
    code=${verdict%%	*}
    msg=${verdict#*	}
    [ "$code" = 0 ] || die "$code" "$msg"
    declared_total=${msg% *}
    declared_largest=${msg#* }
}

# watch_space PID DIR CAP FLAG: a script that kills PID once DIR uses
# more than CAP bytes, and creates FLAG; it ends when PID is gone (a
# zombie still answers kill -0: the caller waits for PID, then for it).
# Never killed: a child killed before its exec would run the driver's
# traps and remove the driver's files.
watch_space='
    while kill -0 "$1" 2>/dev/null; do
        used=$(du -sk "$2" 2>/dev/null | awk "{ printf \"%.0f\", \$1 * 1024 }")
        if [ "${used:-0}" -gt "$3" ]; then
            : > "$4"
            kill "$1" 2>/dev/null
            exit 0
        fi
        sleep 0.2 2>/dev/null || sleep 1
    done'

# unpack_archive ZIP STAGING: unpack the listed ZIP into the new directory
# STAGING under the extraction-time limits (list_archive first).  Removes
# STAGING and exits 4 or 6 on failure.
unpack_archive() {
    a=$1 stage=$2
    an=${a##*/}
    # Writes past the largest declared size fail (EFBIG): a lying entry
    # stops there, never at the disk's end.
    fsize=$((declared_largest + 1))
    # The space watched: the limit plus a block per entry (du counts blocks).
    cap=$((max_bytes + 4096 * n_entries))
    mkdir "$stage" || die 1 "$stage: cannot create"
    if command -v prlimit > /dev/null 2>&1; then
        prlimit --fsize="$fsize" unzip -P '' -qq -o "$a" -d "$stage" < /dev/null > "$tmp/unzip.out" 2>&1 &
    else
        # ulimit -f counts 512-byte blocks in POSIX sh (1024 in bash: twice
        # as lax; the totals below still catch a lie).
        ( ulimit -f $(((fsize + 511) / 512)) && exec unzip -P '' -qq -o "$a" -d "$stage" ) \
            < /dev/null > "$tmp/unzip.out" 2>&1 &
    fi
    upid=$!
    rm -f "$tmp/over"
    sh -c "$watch_space" watch_space $upid "$stage" "$cap" "$tmp/over" 2>/dev/null &
    wpid=$!
    wait $upid
    urc=$?
    wait $wpid 2>/dev/null
    if [ -f "$tmp/over" ]; then
        rm -rf "$stage"
        die 6 "$an: unpacking used more than $max_bytes bytes although the archive declares $declared_total (--max-bytes): its sizes lie; nothing unpacked"
    fi
    # The unpacked tree, measured: each file's size, then the limits again.
    (cd "$stage" && find . -type f -exec wc -c {} + 2>/dev/null) |
        awk '$2 != "total" || NF != 2 { print $1 }' > "$tmp/sizes"
    lied=$(awk -v big="$declared_largest" '$1 + 0 > big + 0 { print $1; exit }' "$tmp/sizes")
    if [ -n "$lied" ]; then
        rm -rf "$stage"
        die 6 "$an: an entry unpacks to more than $declared_largest bytes, the largest size the archive declares (--max-file-bytes $max_file_bytes): its sizes lie; nothing unpacked"
    fi
    if [ $urc -ne 0 ]; then
        rm -rf "$stage"
        why=$(grep -v '^ *$' "$tmp/unzip.out" | sed -n '1{s/^ *//;p;}' | awk -v s="$stage/" '{ i = index($0, s); if (i) $0 = substr($0, 1, i - 1) substr($0, i + length(s)); print }')
        die 4 "$an: corrupt archive (unzip: $why)"
    fi
    real=$(awk '{ t += $1 } END { printf "%.0f", t }' "$tmp/sizes")
    if [ "$real" -gt "$declared_total" ]; then
        rm -rf "$stage"
        die 6 "$an: unpacks to $real bytes, the archive declares $declared_total: its sizes lie; nothing unpacked"
    fi
    if [ -n "$(find "$stage" -type l | sed 1q)" ]; then
        rm -rf "$stage"
        die 5 "$an: the archive unpacks to a symbolic link: refused"
    fi
}

# check_directory ROOT SRC: the symbolic links under ROOT (the directory
# SRC, resolved), each resolved when its target stays inside ROOT and
# refused otherwise, one line each; $tmp/linked lists the resolved links
# to regular files (relative paths), read as files by discovery.  Exits 5
# if any link (symbolic or hard) leads out or a special file is found.
check_directory() {
    r=$1 s=$2
    : > "$tmp/linked"
    refused=0
    (cd "$r" && find . -type l) | sed 's|^\./||' | sort > "$tmp/links"
    while IFS= read -r l; do
        target=$(readlink -f -- "$r/$l" 2>/dev/null) || target=
        case $target in
            "$r"/*)
                if [ -f "$target" ]; then
                    say "$s: symbolic link '$l' -> '${target#"$r"/}' stays inside: resolved"
                    printf '%s\n' "$l" >> "$tmp/linked"
                else
                    say "$s: symbolic link '$l' -> '${target#"$r"/}' stays inside, but is not a regular file: not followed"
                fi ;;
            *)
                if [ -n "$target" ] && [ -e "$target" ]; then where="leads out of the directory (to $target)"
                else where="dangles or leads out of the directory"; fi
                printf '%s: %s: symbolic link '\''%s'\'' %s: refused\n' "$prog" "$s" "$l" "$where" >&2
                refused=$((refused + 1)) ;;
        esac
    done < "$tmp/links"
    special=$(cd "$r" && find . ! -type f ! -type d ! -type l | sed 's|^\./||; 1q')
    [ -z "$special" ] || die 5 "$s: '$special' is not a regular file, directory or symbolic link (a FIFO, socket or device): refused"
    check_hard_links "$r" "$s"
    if [ $refused -gt 0 ] && [ $hard -gt 0 ]; then
        die 5 "$s: $refused symbolic link(s) and $hard hard-linked file(s) lead out of the directory: nothing imported (copy the files in, or import an archive)"
    elif [ $refused -gt 0 ]; then
        die 5 "$s: $refused symbolic link(s) lead out of the directory: nothing imported (copy the files in, or import an archive)"
    elif [ $hard -gt 0 ]; then
        die 5 "$s: $hard hard-linked file(s) lead out of the directory: nothing imported (copy the files in, or import an archive)"
    fi
}

# check_hard_links ROOT SRC: a regular file with more links than it has
# names under ROOT is also reachable from outside, so it may be a file the
# user can read that was never part of the submission.  One line per such
# file (its first name inside); their number in $hard.  Names are counted
# per device and inode; only files with more than one link are looked at.
# A name holding a newline splits into lines that never complete a count,
# so such a file errs towards refusal.
check_hard_links() {
    (cd "$1" && find . -type f -links +1 -exec stat -c '%d:%i %h %n' {} +) > "$tmp/hardlinks.raw" &&
        sort "$tmp/hardlinks.raw" > "$tmp/hardlinks" ||
        die 1 "$2: cannot read the link counts of its files"
    hard=$(awk -v prog="$prog" -v s="$2" -v q="'" '
        { key = $1; links[key] = $2; path = substr($0, length($1) + length($2) + 3)
          sub(/^\.\//, "", path)
          if (!(key in first)) { first[key] = path; order[++n] = key }
          names[key]++ }
        END { bad = 0
              for (i = 1; i <= n; i++) {
                  k = order[i]
                  if (links[k] !~ /^[0-9]+$/ || names[k] < links[k] + 0) {
                      printf "%s: %s: %s%s%s is a hard link to a file outside the directory (%s links, %d name%s inside): refused\n",
                          prog, s, q, first[k], q, links[k], names[k], names[k] == 1 ? "" : "s" > "/dev/stderr"
                      bad++
                  }
              }
              print bad }' "$tmp/hardlinks")
}
