# lib/kinds.sh -- sourced by the scripts: reading the kind tables of scripts/kinds/.
#
# Part of ngcc-perf.  Set kinds_dir (the folder of the tables) first;
# kinds/kem.sh says what each variable of a table means.
#
#   kind_vars            the variables every table sets
#   kind_default         the kind of a description without 'type' (the
#                        descriptions written before there were kinds)
#   kind_names           the kinds with a table, one a line, in name order
#   kind_load NAME       source NAME's table; 1, with nothing trusted, when
#                        NAME is no kind name, has no table or the table
#                        lacks a variable
#   kind_api_re          the loaded kind's API functions as an ERE: a|b|c
#   kind_kat_name INST   the loaded kind's KAT file name for instance INST
#   kind_kat_files       (optional in a table) every KAT file pattern of
#                        the kind, kind_kat_file first; kind_load
#                        defaults it to kind_kat_file
#   kind_kat_re          a BRE (grep -i) matching, at the end of a path,
#                        every KAT file name of the loaded kind
#   kind_catalogs TOP    every kind's Round 1 catalog under TOP, one a line
#                        (kind_names order; loads each table in turn)
#   kind_of_id ID        the kind whose catalog ids ID looks like
#                        (<kind_id_prefix>-...), loaded; 1 when none
#   kind_kat_keys WHICH  the loaded kind's KAT files as ngcc-kat --file keys
#                        (the pattern less "_%s" and what follows), one a
#                        line in table order: 'check' those make check and
#                        the campaign run, 'full' those only make check-full
#                        runs (kind_kat_full), 'all' both; optional
#                        variables: without kind_kat_files, kind_kat_file
#                        alone; without kind_kat_full, none is full-only
#   kind_op_needs        (optional in a table) 'OP=SIZE:MIN ...': OP exists
#                        only for an instance whose size SIZE is at least
#                        MIN (a key exchange's pass3: passes:3)
#   kind_profile_ops     (optional) the operations the campaign profiles;
#                        kind_load defaults it to kind_ops
#   kind_op_exists OP LOG  0 when the loaded kind's OP exists for the
#                        instance whose KAT log is LOG (its 'SIZE_len: N'
#                        lines); an OP with needs and no such line does not
#   kind_kat_cost_of KEY the loaded kind's estimate of file KEY's time from
#                        others' (kind_kat_cost 'KEY=a*K1+b*K2 ...'), as
#                        'a*K1+b*K2'; empty when the table gives none

kind_vars='kind_name kind_label kind_header kind_marker kind_api kind_kat_file kind_getters kind_sizes kind_ops kind_catalog kind_id_prefix'
kind_default=kem

kind_names() {
    for kind_f in "$kinds_dir"/*.sh; do
        [ -f "$kind_f" ] || continue
        kind_f=${kind_f##*/}
        printf '%s\n' "${kind_f%.sh}"
    done
}

kind_load() {
    # A name, not a path: 'type ../x' must not source a file elsewhere.
    case $1 in ''|[!a-z]*|*[!a-z0-9_]*) return 1 ;; esac
    [ -f "$kinds_dir/$1.sh" ] || return 1
    for kind_v in $kind_vars; do unset "$kind_v"; done
    unset kind_kat_files kind_kat_full kind_kat_cost kind_kat_plan_rounds kind_op_needs \
        kind_profile_ops
    # shellcheck disable=SC1090
    . "$kinds_dir/$1.sh" || return 1
    [ "${kind_name:-}" = "$1" ] || return 1
    for kind_v in $kind_vars; do
        eval "[ -n \"\${$kind_v:-}\" ]" || return 1
    done
    case $kind_kat_file in *%s*%s*|*%[!s]*) return 1 ;; *%s*) ;; *) return 1 ;; esac
    kind_kat_files=${kind_kat_files:-$kind_kat_file}
    kind_profile_ops=${kind_profile_ops:-$kind_ops}
    case " $kind_kat_files " in " $kind_kat_file "*) ;; *) return 1 ;; esac
    for kind_v in $kind_kat_files; do
        case $kind_v in *%s*%s*|*%[!s]*) return 1 ;; *%s*) ;; *) return 1 ;; esac
    done
    case $kind_catalog in /*|*..*) return 1 ;; esac
    case $kind_id_prefix in *[!a-z0-9]*) return 1 ;; esac
}

kind_op_exists() {
    for kind_v in ${kind_op_needs:-}; do
        [ "${kind_v%%=*}" = "$1" ] || continue
        kind_s=${kind_v#*=}
        kind_n=$(sed -n "s/^${kind_s%%:*}_len: \([0-9][0-9]*\)\$/\1/p" "$2" 2>/dev/null | sed 1q)
        [ -n "$kind_n" ] && [ "$kind_n" -ge "${kind_s#*:}" ]
        return
    done
    return 0
}

# shellcheck disable=SC2086 # one function a word
kind_api_re() { printf '%s\n' $kind_api | paste -sd'|' -; }

# shellcheck disable=SC2059
kind_kat_name() { printf "$kind_kat_file" "$1"; }

kind_kat_re() {
    kind_pre=$(printf '%s' "${kind_kat_file%%%s*}" | sed 's|[*.^$\\[]|\\&|g')
    kind_suf=$(printf '%s' "${kind_kat_file#*%s}" | sed 's|[*.^$\\[]|\\&|g')
    printf '\\(^\\|/\\)%s[^/]*%s$\n' "$kind_pre" "$kind_suf"
}

kind_catalogs() {
    for kind_c in $(kind_names); do
        kind_load "$kind_c" || return 1
        printf '%s/%s\n' "$1" "$kind_catalog"
    done
}

kind_of_id() {
    for kind_c in $(kind_names); do
        kind_load "$kind_c" || continue
        case $1 in "$kind_id_prefix"-*) return 0 ;; esac
    done
    return 1
}

kind_kat_keys() {
    for kind_p in ${kind_kat_files:-$kind_kat_file}; do
        case " ${kind_kat_full:-} " in
            *" $kind_p "*) [ "$1" != check ] || continue ;;
            *) [ "$1" != full ] || continue ;;
        esac
        printf '%s\n' "${kind_p%%_%s*}"
    done
}

kind_kat_cost_of() {
    for kind_c in ${kind_kat_cost:-}; do
        case $kind_c in "$1="*) printf '%s\n' "${kind_c#*=}"; return ;; esac
    done
}
