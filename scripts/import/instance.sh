# import/instance.sh -- sourced by ngcc-import: one block of the
# description per reference instance, each decision with its reason:
# header, the build files' defines and flags, ALGORITHM_INSTANCE (as the
# compiler sees it with them) and label, sources, helpers, the KAT file.
#
#   describe_instances   reads $tmp/inst, writes $tmp/body (the blocks in
#                        label order), $tmp/fillin (fields left to the
#                        user), $tmp/notes; sets n_inst, prefix_common
#
# Needs from the driver and the other libraries: root, id, tmp, manifest,
# scan_c, parse_make, parse_cmake, parse_sh, probe_instance, driver_re,
# relpath, canon_sha, kat_count, the kind tables (lib/kinds.sh) and
# discover's $tmp/api_headers.<kind>.

describe_instances() {
    : > "$tmp/labels"
    mkdir "$tmp/blocks" || exit 1
    : > "$tmp/fillin"
    : > "$tmp/notes"
    n_inst=0
    prefix_common=$(awk -F/ 'NR == 1 { n = NF - 1; for (i = 1; i <= n; i++) p[i] = $i; next }
                             { for (i = 1; i <= n && i < NF; i++) if (p[i] != $i) break; n = i - 1 }
                             END { s = ""; for (i = 1; i <= n; i++) s = s (i > 1 ? "/" : "") p[i]; print s }' "$tmp/inst")

    while IFS= read -r d; do
        n_inst=$((n_inst + 1))
        dir=$root/$d
        name=${d##*/}
        : > "$tmp/cmt"
        cmt() { printf '# %s\n' "$*" >> "$tmp/cmt"; }
        more() { printf '#   %s\n' "$*" >> "$tmp/cmt"; }

        # The kind: the first (kind_names order) with an API header here;
        # then its API header.
        headers=
        for k in $(kind_names); do
            [ -f "$tmp/api_headers.$k" ] || continue
            headers=$(awk -v d="$d" '{ x = $0; sub(/\/[^\/]*$/, "", x); if (x == d) { sub(/^.*\//, ""); print } }' "$tmp/api_headers.$k")
            [ -z "$headers" ] || break
        done
        kind_load "$k" || die 2 "$kinds_dir/$k.sh: not a kind table (a broken installation)"
        header= header_why= header_fill=
        nh=$(printf '%s\n' "$headers" | grep -c .)
        if [ "$nh" -eq 1 ]; then
            header=$headers
            header_why="the only header here declaring $kind_marker"
        elif printf '%s\n' "$headers" | grep -qxF "$kind_header"; then
            header=$kind_header
            header_why="the ICCS name, among $(echo $headers)"
        else
            # The one the file defining the kind's API includes.
            inc=
            for f in "$dir"/*.c; do
                [ -f "$f" ] || continue
                scan_c "$f" | grep -qx api || continue
                for h in $headers; do
                    grep -q "#[[:space:]]*include[[:space:]]*\"$h\"" "$f" && inc="$inc $h"
                done
            done
            inc=$(printf '%s\n' $inc | sort -u)
            if [ "$(printf '%s\n' "$inc" | grep -c .)" -eq 1 ]; then
                header=$inc
                header_why="included by the source defining $kind_marker, among $(echo $headers)"
            else
                header_fill="several headers declare $kind_marker: $(echo $headers)"
            fi
        fi
        case $header in *' '*) header_fill="the header '$header' has a space in its name, which the description cannot hold"; header= ;; esac

        # The submitters' build files, read and never run (buildfiles.sh),
        # in this order: Makefile, CMakeLists.txt, then the shell scripts
        # with a compiler line.  A define set to different values by two of
        # them is left to the user (FILL IN); the last -std= read is used;
        # include dirs and libraries are all taken; the sources are a
        # CMake library's list, else the Makefile's and the scripts' lists.
        : > "$tmp/claims"
        bfiles=
        for bf in Makefile makefile GNUmakefile CMakeLists.txt; do
            [ -f "$dir/$bf" ] || continue
            case " $bfiles " in *" $bf "*) continue ;; esac
            # makefile and Makefile may be one file on a case-insensitive copy.
            bfiles="$bfiles $bf"
            case $bf in
                CMakeLists.txt) parse_cmake "$dir/$bf" ;;
                *) parse_make "$dir/$bf" | sed "s/	Makefile/	$bf/" ;;
            esac >> "$tmp/claims"
        done
        for bf in "$dir"/*.sh; do
            [ -f "$bf" ] || continue
            parse_sh "$bf" "${bf##*/}" > "$tmp/claims.sh"
            [ -s "$tmp/claims.sh" ] || continue
            bfiles="$bfiles ${bf##*/}"
            cat "$tmp/claims.sh" >> "$tmp/claims"
        done
        bfiles=${bfiles# }
        defines= cflags= includes= libs= conflicts= std= stds= ignored=
        if [ -n "$bfiles" ]; then
            conflicts=$(awk -F'\t' '$1 == "define" {
                    n = $2; sub(/=.*/, "", n); v = ($2 ~ /=/) ? $2 : n "=1"; sub(/^[^=]*=/, "", v)
                    if ((n in val) && val[n] != v && org[n] != $3) print n ": " org[n] " says " val[n] ", " $3 " says " v
                    val[n] = v; org[n] = $3 }' "$tmp/claims")
            defines=$(awk -F'\t' '$1 == "define" { n = $2; sub(/=.*/, "", n); if (!(n in pos)) ord[++k] = n; pos[n] = 1; last[n] = $2 }
                                  END { for (i = 1; i <= k; i++) printf "%s ", last[ord[i]] }' "$tmp/claims" | sed 's/ $//')
            std=$(awk -F'\t' '$1 == "std" { s = $2; o = $3 } END { if (s != "") print s "\t" o }' "$tmp/claims")
            stds=$(awk -F'\t' '$1 == "std" { print $2 }' "$tmp/claims" | sort -u | tr '\n' ' ' | sed 's/ $//')
            includes=$(awk -F'\t' '$1 == "include" && $2 != "." && $2 != "" && !seen[$2]++ { printf "%s ", $2 }' "$tmp/claims" | sed 's/ $//')
            libs=$(awk -F'\t' '$1 == "lib" && !seen[$2]++ { printf "%s ", $2 }' "$tmp/claims" | sed 's/ $//')
            ignored=$(awk -F'\t' '$1 == "ignored" && !seen[$2]++ { printf "%s ", $2 }' "$tmp/claims" | sed 's/ $//')
            [ -z "$std" ] || cflags=-std=${std%%	*}
        fi
        # Nested source folders (a src/ tree with an include directory per
        # level, as several key-exchange submissions keep them): without
        # include dirs from the build files, every folder of the tree that
        # holds a header, in path order (nested_tree, discover.sh).
        nested=$(nested_tree "$dir")
        nested_incs=
        if [ -n "$nested" ] && [ -z "$includes" ]; then
            nested_incs=$(nested_headers "$dir" "$nested")
            includes=$nested_incs
        fi

        # ALGORITHM_INSTANCE: as the compiler sees it with these flags
        # (probe.sh); else, and to say where they differ, a text search of
        # the header (else of any header here).
        inst= inst_why= probe_note= probe_state=none
        [ -z "$header" ] || probe_instance "$dir" "$header"
        ai_file=$dir/$header
        [ -n "$header" ] || ai_file=/dev/null
        values=$(awk '{ sub(/\r$/, "") }
            /^[ \t]*#[ \t]*define[ \t]+ALGORITHM_INSTANCE([ \t]|$)/ {
                v = $0; sub(/^[ \t]*#[ \t]*define[ \t]+ALGORITHM_INSTANCE[ \t]*/, "", v)
                if (match(v, /^"[^"]*"/)) print substr(v, 2, RLENGTH - 2); else print "?" v }' "$ai_file" | sort -u)
        if [ -z "$values" ]; then
            values=$(for h in "$dir"/*.h; do [ -f "$h" ] && cat "$h"; done | awk '{ sub(/\r$/, "") }
                /^[ \t]*#[ \t]*define[ \t]+ALGORITHM_INSTANCE[ \t]+"/ {
                    v = $0; sub(/^[^"]*"/, "", v); sub(/".*$/, "", v); print v }' | sort -u)
        fi
        nv=$(printf '%s\n' "$values" | grep -c .)
        if [ "$probe_state" = value ]; then
            inst=$probe_value
            inst_why="ALGORITHM_INSTANCE \"$inst\" in $header as the compiler sees it $probe_how"
            if [ "$values" != "$inst" ]; then
                found=$(printf '%s\n' "$values" | awk 'NF { printf "%s%s", (n++ ? ", " : ""), (/^\?/ ? substr($0, 2) " (no string)" : "\"" $0 "\"") }')
                more "a text search of the headers finds ${found:-no ALGORITHM_INSTANCE}: the compiler's value is used"
            fi
        elif [ "$nv" -eq 1 ] && [ "${values#\?}" = "$values" ]; then
            inst=$values
            inst_why="ALGORITHM_INSTANCE \"$inst\" in $header"
        elif [ "$nv" -gt 1 ] && printf '%s\n' "$values" | grep -qxF "$name"; then
            inst=$name
            inst_why="ALGORITHM_INSTANCE has several values ($(echo $values)); \"$name\" is the directory's name"
        elif [ "$nv" -eq 0 ]; then
            inst_why="no ALGORITHM_INSTANCE in the headers"
        else
            inst_why="ALGORITHM_INSTANCE not decided: $(echo $values)"
        fi
        # Why the compiler did not decide, in the provenance; a note when
        # the text search gave the name.
        case $probe_state in
            value|none) ;;
            undefined) probe_note="$header does not define ALGORITHM_INSTANCE as the compiler sees it $probe_how" ;;
            other) probe_note="ALGORITHM_INSTANCE is no string as the compiler sees it $probe_how: $probe_value" ;;
            nocc) probe_note=$probe_value ;;
            *) probe_note="$header does not preprocess $probe_how: $probe_value" ;;
        esac
        if [ -n "$probe_note" ]; then
            inst_why="$inst_why (a text search: $probe_note)"
            [ -z "$inst" ] || probe_note="$probe_note; the name \"$inst\" is a text search's"
        fi

        # The label: the directory's name when it is a valid label, else the
        # instance name; the package's manifest decides between the two.  A
        # generic directory name (src, Reference_Implementation) names nothing.
        # A valid label (lib/scheme-conf.awk): [A-Za-z0-9._-], not starting
        # with '.' or '-', no '..'.
        valid() { printf '%s\n' "$1" | grep -Eq '^[A-Za-z0-9_][A-Za-z0-9_.-]*$' && ! printf '%s\n' "$1" | grep -q '\.\.'; }
        in_manifest() { [ -f "$manifest" ] && awk -v l="$1" '$3 ~ /\// && index($3, l "/") == 1 { f = 1 } END { exit !f }' "$manifest"; }
        generic=no
        printf '%s\n' "$name" | grep -Eiq '^(src|source|sources|code|c|lib|impl|implementation|ref|reference|.*reference.?implementation.*)$' && generic=yes
        if [ $generic = yes ] && [ -z "$inst" ]; then
            parent=${d%/*}; parent=${parent##*/}
            if [ "$parent" != "$d" ] && valid "$parent"; then name=$parent; fi
        fi
        # as_label TEXT: TEXT with what a label cannot hold replaced by '_'.
        as_label() { printf '%s' "$1" | tr -c 'A-Za-z0-9_.-' '_' | sed 's/\.\.*/./g; s/^[^A-Za-z0-9_]/_/'; }
        label= label_why= label_fill= label_note=
        if [ $generic = yes ] && [ -n "$inst" ] && valid "$inst"; then
            label=$inst; label_why="ALGORITHM_INSTANCE (the directory's name, $name, is generic)"
        elif valid "$name" && { ! [ -n "$inst" ] || ! in_manifest "$inst" || in_manifest "$name"; }; then
            label=$name; label_why="the directory's name"
            in_manifest "$name" && label_why="$label_why (the package's manifest knows it)"
        elif [ -n "$inst" ] && valid "$inst"; then
            label=$inst; label_why="ALGORITHM_INSTANCE"
            if valid "$name"; then label_why="$label_why (the package's manifest knows it)"
            else label_why="$label_why (the directory's name is not a valid label)"; fi
        elif [ -n "$inst" ] && [ -n "$(as_label "$inst")" ]; then
            label=$(as_label "$inst")
            label_why="ALGORITHM_INSTANCE \"$inst\", with the characters a label cannot hold replaced by '_'"
            label_note="labelled $label: neither the directory's name ($name) nor ALGORITHM_INSTANCE (\"$inst\") is a valid label"
        else
            label=$(as_label "$name")
            [ -n "$label" ] || label=instance-$n_inst
            label_fill="the directory's name is not a valid label and ALGORITHM_INSTANCE is unknown: '$label' stands in"
            label_why="a stand-in"
        fi
        if grep -qxF "$label" "$tmp/labels"; then
            parent=${d%/*}; parent=${parent##*/}
            new=$(as_label "$parent-$label")
            printf '%s\t%s\n' "$id/$new" "two instance directories are named $label: this one ($d) is labelled $new" >> "$tmp/notes"
            label_why="$label_why; renamed $new: another instance has that label"
            label=$new
        fi
        printf '%s\n' "$label" >> "$tmp/labels"
        where="$id/$label"
        fillin() { printf '%s: %s: %s\n' "$where" "$1" "$2" >> "$tmp/fillin"; }
        note() { printf '%s\t%s\n' "$where" "$*" >> "$tmp/notes"; }
        [ -z "$label_note" ] || note "$label_note"
        [ -z "$label_fill" ] || fillin instance "$label_fill; write the instance's name on the 'instance' line"
        [ -z "$header_fill" ] || fillin header "$header_fill; write 'header NAME'"
        [ -n "$inst" ] || [ -z "$values" ] || note "$inst_why"
        [ -z "$probe_note" ] || [ -z "$inst" ] || note "$probe_note"

        # The API header's size macros (a hash header's DIGEST_BIT_LENGTH),
        # as the compiler sees them with these flags (probe.sh).
        if [ -n "$probe_sizes" ]; then
            cmt "sizes      $(printf '%s\n' "$probe_sizes" | awk '{ v = substr($0, length($1) + 2); if (v == "?") v = "(not defined with these flags)"
                printf "%s%s %s", (NR > 1 ? ", " : ""), $1, v }') in $header as the compiler sees it"
        fi

        # The default source set, and what the C files define.
        : > "$tmp/default"
        : > "$tmp/drivers"
        : > "$tmp/exclude"
        : > "$tmp/scan"
        for f in "$dir"/*.c; do
            [ -f "$f" ] || continue
            b=${f##*/}
            if printf '%s\n' "$b" | grep -Eq "$driver_re"; then
                printf '%s\n' "$b" >> "$tmp/drivers"
                continue
            fi
            printf '%s\n' "$b" >> "$tmp/default"
        done
        # The nested tree's sources too (its tests, examples and programs
        # left out as at the top).
        [ -z "$nested" ] || nested_sources "$dir" "$nested" | while IFS= read -r f; do
            if printf '%s\n' "${f##*/}" | grep -Eq "$driver_re"; then
                printf '%s\n' "$f" >> "$tmp/drivers"
            else
                printf '%s\n' "$f" >> "$tmp/default"
            fi
        done
        # scan FILE (relative to the instance directory): cached scan_c.
        scan() {
            awk -F'\t' -v f="$1" '$1 == f { print $2; found = 1 } END { exit !found }' "$tmp/scan" && return
            [ -f "$dir/$1" ] || return
            scan_c "$dir/$1" | while IFS= read -r s; do printf '%s\t%s\n' "$1" "$s"; done >> "$tmp/scan"
            awk -F'\t' -v f="$1" '$1 == f { print $2 }' "$tmp/scan"
        }

        # Sources: an explicit list from the build files, else the default rule.
        src_origin= list=
        for pat in '^list	CMakeLists' '^list	' '^listexe	'; do
            list=$(grep "$pat" "$tmp/claims" | cut -f3- | tr '\t' '\n' | awk '!seen[$0]++')
            if [ -n "$list" ]; then
                src_origin=$(grep "$pat" "$tmp/claims" | cut -f2 | awk '!seen[$0]++' | tr '\n' ',' | sed 's/,$//; s/,/, /g')
                break
            fi
        done
        : > "$tmp/sources"
        dropped= kept_drivers= missing= spaced= import_note=
        if [ -n "$list" ]; then
            printf '%s\n' "$list" | while IFS= read -r f; do
                [ -n "$f" ] || continue
                printf '%s\n' "$f"
            done > "$tmp/list"
            while IFS= read -r f; do
                if [ ! -f "$dir/$f" ]; then missing="$missing $f"; continue; fi
                s=$(scan "$f")
                if printf '%s\n' "$s" | grep -qx main && ! printf '%s\n' "$s" | grep -qx api; then
                    dropped="$dropped $f"; continue
                fi
                case $f in *' '*) spaced="$spaced '$f'" ;; esac
                b=${f##*/}
                printf '%s\n' "$b" | grep -Eq "$driver_re" && kept_drivers="$kept_drivers $f"
                printf '%s\n' "$f" >> "$tmp/sources"
            done < "$tmp/list"
            if [ ! -s "$tmp/sources" ]; then
                note "the list in $src_origin names no usable source: the default rule is used"
                src_origin=
            fi
        fi
        if [ -n "$src_origin" ]; then
            cmt "sources    the list in $src_origin (the submitters' build names the library's files)"
            [ -z "$missing" ] || { more "listed but not in the directory, left out:$missing"; note "$src_origin lists files that are not there:$missing"; }
            # The likely cause of a build failure: the build says so (import_note).
            if [ -n "$missing" ]; then
                import_note="$src_origin lists $(echo $missing | sed 's/ /, /g'), which $([ "$(echo $missing | wc -w)" -eq 1 ] && echo is || echo are) not in the submission"
            fi
            [ -z "$dropped" ] || more "listed but programs (they define main()), left out:$dropped"
            [ -z "$kept_drivers" ] || more "kept although the default rule would leave them out (listed, no main()):$kept_drivers"
            notlisted=$(awk 'FILENAME == ARGV[1] { l[$0] = 1; next } !($0 in l)' "$tmp/sources" "$tmp/default" | tr '\n' ' ' | sed 's/ $//')
            [ -z "$notlisted" ] || more "not listed, so not built although the default rule would: $notlisted"
            if [ -z "$notlisted" ] && [ -z "$kept_drivers" ] &&
               [ "$(sort "$tmp/sources")" = "$(sort "$tmp/default")" ]; then
                more "(the same files as the default rule)"
            fi
            unused=$(grep '^list' "$tmp/claims" | cut -f2 |
                     awk -v u=", $src_origin, " '!seen[$0]++ && index(u, ", " $0 ", ") == 0' | tr '\n' ',' | sed 's/,$//; s/,/, /g')
            [ -z "$unused" ] || more "other lists, not used: $unused"
            if [ -n "$spaced" ]; then
                fillin sources "$src_origin lists$spaced, whose space a 'sources' list cannot hold; copy the directory without spaces in file names, or write an 'exclude' list instead"
            fi
        else
            cp "$tmp/default" "$tmp/sources"
            while IFS= read -r f; do
                s=$(scan "$f")
                if printf '%s\n' "$s" | grep -qx main && ! printf '%s\n' "$s" | grep -qx api; then
                    printf '%s\n' "$f" >> "$tmp/exclude"
                fi
            done < "$tmp/default"
            if [ -s "$tmp/exclude" ]; then
                awk 'FILENAME == ARGV[1] { x[$0] = 1; next } !($0 in x)' "$tmp/exclude" "$tmp/default" > "$tmp/sources"
            fi
            why="default rule (every .c here minus drivers and tools)"
            [ -z "$nested" ] || why="$why, with the nested tree $(echo $nested | sed 's/ /, /g')"
            [ -z "$bfiles" ] || why="$why; no explicit list in $bfiles"
            nl=$(grep '^nolist' "$tmp/claims" | cut -f2,3 | sed 's/	/: /' | tr '\n' ';' | sed 's/;$//; s/;/; /g')
            [ -z "$nl" ] || why="$why ($nl)"
            cmt "sources    $why:"
            more "$(tr '\n' ' ' < "$tmp/sources" | sed 's/ $//')"
            [ ! -s "$tmp/drivers" ] || more "drivers and tools left out: $(tr '\n' ' ' < "$tmp/drivers" | sed 's/ $//')"
            if [ -s "$tmp/exclude" ]; then
                more "programs left out (they define main()): $(tr '\n' ' ' < "$tmp/exclude" | sed 's/ $//')"
                if grep -q ' ' "$tmp/exclude"; then
                    fillin exclude "$(grep ' ' "$tmp/exclude" | sed 1q) defines main() but an 'exclude' list cannot hold a name with a space; write a 'sources' list without it"
                fi
            fi
        fi
        while IFS= read -r f; do
            s=$(scan "$f")
            printf '%s\n' "$s" | grep -qx main_cond && more "$f has a main() under #if: kept (check its build file's defines)"
            printf '%s\n' "$s" | grep -qx drng &&
                more "$f defines drng_algorithm, as the package's glue does: they merge only under -fcommon (harness-default flags)"
            printf '%s\n' "$s" | grep -q '^osrand ' &&
                more "$f draws OS randomness ($(printf '%s\n' "$s" | sed -n 's/^osrand //p')): randomness must come from drng_algorithm; a KAT MISMATCH points here"
            printf '%s\n' "$s" | grep -qx openssl && more "$f needs OpenSSL (libs -lcrypto)"
        done < "$tmp/sources"

        # The DRNG and hash helpers: its own (sources defining them), or the
        # package's; 'auto' (decided from the objects) when it has only one.
        # A submission may ship drng.c alone (hash packages do: no auxfunc);
        # whether any source calls the hash helpers is said, not guessed.
        own_drng= own_aux= use_aux=
        while IFS= read -r f; do
            s=$(scan "$f")
            printf '%s\n' "$s" | grep -qx defdrng && own_drng="$own_drng $f"
            printf '%s\n' "$s" | grep -qx defaux && own_aux="$own_aux $f"
            printf '%s\n' "$s" | grep -qx useaux && use_aux="$use_aux $f"
        done < "$tmp/sources"
        no_aux="no source calls the hash helpers (sm3hash, pseudohash, pseudoXOF)"
        if [ -n "$own_drng" ] && [ -n "$own_aux" ]; then
            helpers=own
            helpers_why="its own: DRNG in$own_drng, hash helpers in$own_aux"
        elif [ -n "$own_drng" ] && [ -z "$use_aux" ]; then
            helpers=auto
            helpers_why="its own DRNG (in$own_drng) and no auxfunc: $no_aux (auto)"
        elif [ -n "$own_drng" ]; then
            helpers=auto
            helpers_why="its own DRNG (in$own_drng), the package's hash helpers (auto)"
        elif [ -n "$own_aux" ]; then
            helpers=auto
            helpers_why="its own hash helpers (in$own_aux), the package's DRNG (auto)"
        elif [ -z "$use_aux" ]; then
            helpers=package
            helpers_why="none of its own: the package's drng ($no_aux: auxfunc unused)"
        else
            helpers=package
            helpers_why="none of its own: the package's drng and auxfunc"
        fi
        cmt "helpers    $helpers_why"

        # What the build files say of defines, -std=, include dirs, libraries.
        if [ -n "$bfiles" ]; then
            cmt "build files  $bfiles: read, never run"
            if [ -n "$defines" ]; then
                awk -F'\t' '$1 == "define" { n = $2; sub(/=.*/, "", n); last[n] = $2; if (!(n in o)) { o[n] = $3; ord[++k] = n } else if (index(o[n], $3) == 0) o[n] = o[n] ", " $3 }
                           END { for (i = 1; i <= k; i++) printf "#   define %s (%s)\n", last[ord[i]], o[ord[i]] }' "$tmp/claims" >> "$tmp/cmt"
                for dd in $defines; do
                    dn=${dd%%=*}
                    hd=$(for h in "$dir"/*.h; do [ -f "$h" ] && awk -v n="$dn" -v f="${h##*/}" '{ sub(/\r$/, "") }
                        $1 == "#define" && $2 == n && NF >= 3 { print f " has " n " " $3; exit }' "$h"; done | sed 1q)
                    [ -z "$hd" ] || more "$dd overrides a default: $hd"
                done
            fi
            if [ -n "$conflicts" ]; then
                printf '%s\n' "$conflicts" | while IFS= read -r c; do more "conflict: $c"; done
                fillin defines "the build files disagree ($(printf '%s' "$conflicts" | tr '\n' ';' | sed 's/;$//; s/;/; /g')); write the right 'defines'"
            fi
            if [ -n "$std" ]; then
                more "$cflags from ${std#*	}"
                case $stds in *' '*) more "the build files name several standards ($stds): the last one read is used" ;; esac
            fi
            [ -z "$includes" ] || [ -n "$nested_incs" ] || more "include dirs from the build files: $includes"
            [ -z "$libs" ] || more "libraries from the build files: $libs"
            [ -z "$ignored" ] || more "flags not taken (the guide's flags apply): $ignored"
            grep '^note' "$tmp/claims" | cut -f2 | awk '!seen[$0]++' | while IFS= read -r c; do more "$c"; done
        else
            cmt "build files  none here: no defines, default flags"
        fi
        [ -z "$nested_incs" ] || more "include dirs: the folders of the nested source tree $(echo $nested | sed 's/ /, /g') that hold headers: $nested_incs"
        case $defines in *[\"\']*) note "a define carries quotes ($defines): kept as written, check it" ;; esac
        if [ -n "$includes" ]; then
            case $dir in *' '*|*'	'*)
                fillin includes "the include dirs ($includes) sit below a path with spaces, which 'includes' cannot hold; copy the submission to a path without spaces"
                ;;
            esac
        fi

        # The KAT file: the kind's name for the instance (kind_kat_file),
        # best placed first.
        kname=${inst:-$label}
        kat_name=$(kind_kat_name "$kname")
        kat= kat_fill= kat_why=
        for want in "$kname" "$name"; do
            awk -v w="$(kind_kat_name "$want")" -v ci=0 '{ b = $0; sub(/^.*\//, "", b); if (b == w) print }' "$tmp/kat_files" > "$tmp/kc"
            [ -s "$tmp/kc" ] || awk -v w="$(kind_kat_name "$want")" '{ b = tolower($0); sub(/^.*\//, "", b); if (b == tolower(w)) print }' "$tmp/kat_files" > "$tmp/kc"
            [ -s "$tmp/kc" ] && break
        done
        if [ -s "$tmp/kc" ]; then
            # Rank: 1 Test_Vector*/...Reference..., 2 Test_Vector* (not
            # optimised or additional), 3 the instance directory, 4 elsewhere
            # outside optimised/additional trees, 5 anywhere.
            sub_path=${d#*[Rr]eference?[Ii]mplementation/}
            [ "$sub_path" != "$d" ] || sub_path=
            sub_path=${sub_path%/*}
            [ "$sub_path" != "$name" ] || sub_path=
            awk -v d="$d" -v sp="$sub_path" '{
                p = tolower($0); r = 5
                tv = (p ~ /(^|\/)test[ _-]?vectors?[^\/]*\//)
                oa = (p ~ /(^|\/)(optimi[sz]ed|additional)[ _-]?implementation/)
                if (tv && p ~ /reference[ _-]?implementation/ && !oa) r = 1
                else if (tv && !oa) r = 2
                else if (index($0, d "/") == 1) r = 3
                else if (!oa) r = 4
                m = (sp != "" && index($0, "/" sp "/") > 0) ? 0 : 1
                printf "%d\t%d\t%s\n", r, m, $0 }' "$tmp/kc" | sort -t'	' -k1,1n -k2,2n -k3 > "$tmp/kr"
            best=$(sed -n '1p' "$tmp/kr" | cut -f1,2)
            grep "^$best	" "$tmp/kr" | cut -f3 > "$tmp/kbest"
            kat=$(sed -n '1p' "$tmp/kbest")
            if [ "$(grep -c . "$tmp/kbest")" -gt 1 ]; then
                digests=$(while IFS= read -r k; do canon_sha "$root/$k"; done < "$tmp/kbest" | sort -u | grep -c .)
                if [ "$digests" -gt 1 ]; then
                    kat_fill="several different files: $(sed "s/.*/'&'/" "$tmp/kbest" | tr '\n' ' ' | sed 's/ $//')"
                    kat=
                else
                    kat_why=" ($(grep -c . "$tmp/kbest") identical copies; the first is used)"
                fi
            fi
            nworse=$(grep -vc "^$best	" "$tmp/kr")
            [ "$nworse" -eq 0 ] || kat_why="$kat_why ($nworse more found, less well placed: $(grep -v "^$best	" "$tmp/kr" | cut -f3 | sed 1q)$([ "$nworse" -eq 1 ] || echo ', ...'))"
        fi
        records=
        if [ -n "$kat" ]; then
            records=$(kat_count "$root/$kat")
            [ "$records" = 1 ] && recs="1 record" || recs="$records records"
            if [ "$records" -eq 0 ]; then
                note "$kat has no record ('Count =' or 'Key = value' lines): not a KAT file, not used"
                kat=
                records=
            fi
        fi
        # The manifest's line of the kind's first file: the exact name, else
        # the label's line of a file named like it (the first file of a kind
        # with several), else the label's first, else the bare file name.
        mline=
        if [ -f "$manifest" ]; then
            mline=$(awk -v l="$label" -v f="$kat_name" -v pre="${kind_kat_file%%%s*}" '
                /^#/ || NF < 3 { next }
                $3 == l "/" f { exact = $0 }
                index($3, l "/" pre) == 1 && like == "" { like = $0 }
                index($3, l "/") == 1 && first == "" { first = $0 }
                { b = $3; sub(/^.*\//, "", b); if (b == f) bare = $0 }
                END { if (exact != "") print exact; else if (like != "") print like
                      else if (first != "") print first; else if (bare != "") print bare }' "$manifest")
        fi
        if [ -n "$mline" ]; then
            # Without ':N' the digest covers the kind's own record count
            # (ngcc-kat's default): the description leaves it unsaid.
            mrec=$(printf '%s\n' "$mline" | awk '$2 ~ /:/ { n = $2; sub(/^[^:]*:/, "", n); print n }')
            cmt "KAT        reference: the package's manifest kat/$id/kat.sha256 ($(printf '%s\n' "$mline" | awk '{ print $2 " " $3 }'))"
            if [ -n "$kat" ]; then
                more "the submitted file, second reference: $kat ($recs)$kat_why"
                [ -z "$mrec" ] || [ "$records" -ge "$mrec" ] || note "$kat has $records records, the manifest's digest covers $mrec"
            fi
            [ -n "$mrec" ] || more "records: the manifest's line gives no count: the kind's own (the KAT gate's default)"
            records=$mrec
        elif [ -n "$kat" ]; then
            cmt "KAT        reference: the submitted file $kat ($recs)$kat_why"
            kdir=${kat%/*}; [ "$kdir" != "$kat" ] || kdir=.
            more "KAT directory: $kdir; no line for $label in the package's manifest"
        elif [ -n "$kat_fill" ]; then
            cmt "KAT        FILL IN: $kat_name: $kat_fill"
            fillin kat_file "$kat_name: $kat_fill; write 'kat_file PATH' and 'kat_records N'"
        else
            cmt "KAT        none: no $kat_name in the submission and no manifest line (the KAT reports NOKAT)"
            note "no $kat_name and no manifest line: its KAT will report NOKAT"
        fi

        # The kind's other KAT files (kind_kat_files: the hash driver writes
        # four): the KAT gate takes each from beside kat_file, so say which
        # are there, which elsewhere, which the manifest gives.
        others=
        for pat in ${kind_kat_files:-}; do
            [ "$pat" != "$kind_kat_file" ] || continue
            # shellcheck disable=SC2059
            oname=$(printf "$pat" "$kname")
            okey=${pat%%_%s*}
            if [ -n "$kat" ] && [ -f "$root/${kat%/*}/$oname" ] && [ "${kat%/*}" != "$kat" ]; then
                where_o="beside it ($(kat_count "$root/${kat%/*}/$oname") records)"
            elif [ -n "$kat" ] && [ "${kat%/*}" = "$kat" ] && [ -f "$root/$oname" ]; then
                where_o="beside it ($(kat_count "$root/$oname") records)"
            else
                elsewhere=$(awk -v w="$oname" '{ b = tolower($0); sub(/^.*\//, "", b); if (b == tolower(w)) print }' "$tmp/files" | sed 1q)
                if [ -n "$elsewhere" ]; then
                    where_o="at $elsewhere, not beside kat_file: the KAT gate will not find it there"
                    note "$oname is at $elsewhere, not beside $(if [ -n "$kat" ]; then echo "$kat"; else echo "a $kat_name"; fi): the KAT gate looks for it beside kat_file"
                else
                    where_o="not submitted"
                fi
            fi
            if [ -f "$manifest" ] && awk -v l="$label" -v k="$okey" '!/^#/ && index($3, l "/" k "_") == 1 { f = 1 } END { exit !f }' "$manifest"; then
                where_o="$where_o; the manifest has its line"
            fi
            others="$others; $oname $where_o"
        done
        [ -z "$others" ] || more "the kind's other KAT files:${others#;}"

        # The block.
        {
            printf '\n# --- %s %s\n' "$label" "$(printf '%*s' $((66 - ${#label})) '' | tr ' ' '-')"
            printf '# directory  %s\n' "$d"
            printf '# label      %s\n' "$label_why"
            [ -z "$label_fill" ] || printf '# FILL IN    instance: %s\n' "$label_fill"
            if [ -n "$header" ]; then
                printf '# header     %s; %s\n' "$header_why" "$inst_why"
            else
                printf '# header     FILL IN: %s\n' "$header_fill"
            fi
            cat "$tmp/cmt"
            printf 'instance    %s\n' "$label"
            [ "$kind_name" = "$kind_default" ] || printf 'type        %s\n' "$kind_name"
            printf 'srcdir      %s\n' "$(relpath "$dir")"
            if [ -n "$header" ]; then printf 'header      %s\n' "$header"; else printf '#header\n'; fi
            # A nested tree's sources are beyond the build's default rule
            # (the top folder's .c files): listed.
            if { [ -n "$src_origin" ] || [ -n "$nested" ]; } && [ -z "$spaced" ]; then
                printf 'sources     %s\n' "$(tr '\n' ' ' < "$tmp/sources" | sed 's/ $//')"
            else
                printf '#sources\n'
            fi
            if [ -s "$tmp/exclude" ] && ! grep -q ' ' "$tmp/exclude"; then
                printf 'exclude     %s\n' "$(tr '\n' ' ' < "$tmp/exclude" | sed 's/ $//')"
            else
                printf '#exclude\n'
            fi
            if [ -n "$defines" ]; then printf 'defines     %s\n' "$defines"; else printf '#defines\n'; fi
            if [ -n "$cflags" ]; then printf 'cflags      %s\n' "$cflags"; else printf '#cflags\n'; fi
            if [ -n "$includes" ]; then printf 'includes    %s\n' "$includes"; else printf '#includes\n'; fi
            if [ -n "$libs" ]; then printf 'libs        %s\n' "$libs"; else printf '#libs\n'; fi
            printf 'helpers     %s\n' "$helpers"
            if [ -n "$records" ]; then printf 'kat_records %s\n' "$records"; else printf '#kat_records\n'; fi
            if [ -n "$kat" ]; then printf 'kat_file    %s\n' "$(relpath "$root/$kat")"; else printf '#kat_file\n'; fi
            [ -z "$import_note" ] || printf 'import_note %s\n' "$import_note"
        } > "$tmp/blocks/$label"
    done < "$tmp/inst"
    # The blocks in label order.
    sort "$tmp/labels" > "$tmp/labels.sorted"
    while IFS= read -r l; do
        cat "$tmp/blocks/$l"
    done < "$tmp/labels.sorted" > "$tmp/body"
}
