# campaign/evidence.sh -- the KATs of a campaign run and the evidence it
# adds to the system: this run's build.json entries and its element of
# campaign.json's runs, both folded in by ngcc-merge (doc/campaign.md).
# Sourced by ngcc-campaign; uses its variables.  Part of ngcc-perf.

# kat_log_of ID LABEL KEY: the KAT log of one of the instance's KAT files
# (the kind's first: <label>.log; another: <label>.<KEY>.log).
kat_log_of() {
    if [ "$3" = "$(kind_kat_keys all | sed 1q)" ]; then printf '%s\n' "$sysdir/kat/$1/$2.log"
    else printf '%s\n' "$sysdir/kat/$1/$2.$3.log"; fi
}

# kat_file_run INFO KEY: one KAT file of the instance into its log; prints
# the RESULT text ("PASS", "MISMATCH ...") or, when the tool itself
# failed, "TOOL why".
kat_file_run() {
    katlog=$(kat_log_of "$id" "$label" "$2")
    out=$sysdir/.kat-output/$id/$label.$2
    mkdir -p "$(dirname "$katlog")" "$(dirname "$out")" || { echo "TOOL cannot create $(dirname "$katlog")"; return; }
    rm -f "$katlog"
    NGCC_KAT_LOG=$katlog ${SHELL:-/bin/sh} "$kat_instance" --file="$2" "$1" > "$out" 2>&1
    rc=$?
    if [ $rc -eq 99 ] || [ ! -s "$katlog" ]; then
        echo "TOOL the KAT driver failed (exit $rc): $(grep -v '^\$ ' "$out" | tail -n 1) (see $(rel "$out"))"
        return
    fi
    # The driver's own RESULT line: the last one not prefixed as candidate output.
    result=$(sed -n "s/^RESULT [^ ]* [^ ]* //p" "$katlog" | tail -n 1)
    [ -n "$result" ] || result="TOOL no RESULT line in $(rel "$katlog")"
    printf '%s\n' "$result"
}

# kat_one INFO: the KAT files make check runs (kind_kat_keys check: the
# kind's first, a hash's KAT_2_23 too), one after the other, each into its
# log; prints the instance's result: the first file's, unless it passed
# (or had no reference) and a later one failed: then that one's, its
# reason after "KEY: "; a later NOKAT is said after a PASS.
kat_one() {
    id= label= library= build_status= build_reason= type=
    # shellcheck disable=SC1090
    . "$1"
    kind_load "${type:-$kind_default}" || { echo "TOOL type '$type' has no kind table"; return; }
    combined=
    for key in $(kind_kat_keys check); do
        r=$(kat_file_run "$1" "$key")
        case $r in TOOL*) printf '%s\n' "$r"; return ;; esac
        if [ -z "$combined" ]; then combined=$r; continue; fi
        st=${r%% *} why=${r#"$st"}; why=${why# }
        case $combined:$st in
            *:PASS|NOKAT*:NOKAT) ;;
            PASS:NOKAT) combined="PASS $key: NOKAT${why:+ $why}" ;;
            PASS*:NOKAT) combined="$combined; $key: NOKAT${why:+ $why}" ;;
            PASS*:*|NOKAT*:*) combined="$st $key: ${why:-$st}" ;;
        esac
    done
    printf '%s\n' "$combined"
}

# kat_files_json ID LABEL: '"files": [...], ' each KAT file the campaign
# ran for the instance (key, status, reason, log), when its kind's make
# check runs more than one (a hash); nothing for a KEM or a signature.
kat_files_json() {
    [ "$(kind_kat_keys check | wc -l)" -gt 1 ] || return 0
    printf '\n               "files": ['
    kf_sep=
    for key in $(kind_kat_keys check); do
        kf_log=$(kat_log_of "$1" "$2" "$key")
        kf_r=$(sed -n "s/^RESULT [^ ]* [^ ]* //p" "$kf_log" 2>/dev/null | tail -n 1)
        kf_st=${kf_r%% *} kf_why=${kf_r#"$kf_st"}; kf_why=${kf_why# }
        printf '%s\n                 { "key": %s, "status": %s, "reason": %s, "log": { "path": %s, "sha256": %s } }' \
            "$kf_sep" "$(json_str "$key")" "$(json_str "$kf_st")" "$(json_str "$kf_why")" \
            "$(json_str "$kf_log")" "$(json_str "$(sha256 "$kf_log")")"
        kf_sep=,
    done
    printf ' ],'
}

# kat_phase INFO...: the KATs, up to $ncpus at a time, then one line per
# instance in $instances: ID LABEL LIBRARY PLIB INFO RESULT (tab-separated,
# no field empty: sh's read merges adjacent tabs).
kat_phase() {
    : > "$instances"
    total=$# n=0 batch= running=0
    kat_started=$(now)
    mkdir -p "$sysdir/.kat-results" || die 4 "$sysdir/.kat-results: cannot create"
    for info in "$@"; do
        n=$((n + 1))
        id= label= build_status=
        # shellcheck disable=SC1090
        . "$info"
        if [ "${build_status:-ok}" = BUILDFAIL ]; then
            say "[kat $n/$total] $id/$label  BUILDFAIL: $build_reason"
            printf 'BUILDFAIL %s\n' "$build_reason" > "$sysdir/.kat-results/$n"
            continue
        fi
        say "[kat $n/$total] $id/$label"
        ( kat_one "$info" > "$sysdir/.kat-results/$n" ) &
        batch="$batch $!" running=$((running + 1))
        # shellcheck disable=SC2086
        if [ $running -ge "$ncpus" ]; then wait $batch; batch= running=0; fi
    done
    # shellcheck disable=SC2086
    wait $batch
    kat_s=$(calc "$(now) - $kat_started")
    n=0
    for info in "$@"; do
        n=$((n + 1))
        id= label= library= profile_library= build_status=
        # shellcheck disable=SC1090
        . "$info"    # a KAT fallback rebuilds with other flags
        result=$(cat "$sysdir/.kat-results/$n" 2>/dev/null)
        case $result in
            TOOL*) say "$prog: $id/$label: ${result#TOOL }"; tool_failed=yes; continue ;;
            '') say "$prog: $id/$label: no KAT result"; tool_failed=yes; continue ;;
        esac
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$label" "${library:--}" "${profile_library:--}" \
            "$info" "$result" >> "$instances"
    done
    rm -rf "$sysdir/.kat-results"
}

# source_json CONF: what the scheme was imported from, from the provenance
# ngcc-import writes beside its description; null when there is none (the
# package's own schemes, a hand-written description, an older import).
prov_field() { sed -n "s/^$2: //p" "$1" | sed 1q; }
source_json() {
    prov=$(dirname "$1")/provenance
    if [ -z "$1" ] || [ ! -f "$prov" ]; then printf 'null'; return; fi
    sha=$(prov_field "$prov" sha256)
    printf '{ "name": %s, "kind": %s, "sha256": %s, "catalog": %s }' \
        "$(json_str "$(prov_field "$prov" name)")" "$(json_str "$(prov_field "$prov" kind)")" \
        "$(if [ -n "$sha" ]; then json_str "$sha"; else printf null; fi)" "$(json_str "$(prov_field "$prov" catalog)")"
}

# sizes_json [KATLOG]: '"KEY": N, ' for each size of the loaded kind, in
# its table's order: the KAT log's KEY_len, or null without a log.
sizes_json() {
    for k in $kind_sizes; do
        if [ $# -gt 0 ]; then printf '"%s": %s, ' "$k" "$(json_num "$(log_field "$1" "${k}_len")")"
        else printf '"%s": null, ' "$k"; fi
    done
}

# entry_json ID LABEL LIBRARY PLIB INFO RESULT: one instance of build.json.
entry_json() {
    id=$1 label=$2 lib=$3 plib=$4 info=$5 result=$6
    katlog=$sysdir/kat/$id/$label.log
    build_log= build_status= build_reason= build_diagnosis= algorithm= flags_class= flags= reason= conf=
    kat_manifest= kat_file=
    type=
    # shellcheck disable=SC1090
    . "$info"
    kind_load "${type:-$kind_default}" || { echo "$prog: $info: type '$type' has no kind table" >&2; exit 4; }
    status=${result%% *}
    kat_reason=${result#"$status"}; kat_reason=${kat_reason# }
    blog=$sysdir/build/$id/$label.log
    if [ -n "$build_log" ] && [ -f "$build_log" ]; then
        write_atomic "$blog" < "$build_log"
        blog_json="{ \"path\": $(json_str "$blog"), \"sha256\": $(json_str "$(sha256 "$blog")") }"
    else
        rm -f "$blog"
        blog_json=null
    fi
    # type: the kind (build.info's, else the first kind), for the pages and the checker.
    printf '    {\n      "id": %s,\n      "label": %s,\n      "run": %s,\n      "type": %s,\n' \
        "$(json_str "$id")" "$(json_str "$label")" "$run_no" "$(json_str "${type:-$kind_default}")"
    if [ "$status" = BUILDFAIL ]; then
        # Nothing is planned for it: records of an earlier build go.
        rm -f "$sysdir/records/$id/${label}__"*.json "$sysdir/profile/$id/${label}__"*.json
        printf '      "algorithm": %s,\n      "algorithm_instance": %s,\n      "variant": "",\n      "compiler": "",\n' \
            "$(json_str "$algorithm")" "$(json_str "$label")"
        # diagnosis: the cause the import found (build.info), beside the symptom.
        printf '      "build": { "status": "BUILDFAIL", "reason": %s, "diagnosis": %s, "log": %s },\n' \
            "$(json_str "$kat_reason")" "$(json_str "$build_diagnosis")" "$blog_json"
        printf '      "flags_class": %s,\n      "flags": %s,\n      "flags_reason": %s,\n' \
            "$(json_str "$flags_class")" "$(json_str "$flags")" "$(json_str "$reason")"
        printf '      "library": null,\n      "profile_library": null,\n      "profiled": false,\n      "kat": null,\n'
        printf '      "sizes": { %s"basis": "API getters" },\n' "$(sizes_json)"
        printf '      "source": %s,\n' "$(source_json "$conf")"
        printf '      "description": %s\n    }' "$(json_str "$(pkgpath "$conf")")"
        return
    fi
    for k in algorithm algorithm_instance variant compiler; do
        printf '      "%s": %s,\n' "$k" "$(json_str "$(log_field "$katlog" "$k")")"
    done
    printf '      "build": { "status": "ok", "reason": "", "log": %s },\n' "$blog_json"
    printf '      "flags_class": %s,\n      "flags": %s,\n      "flags_reason": %s,\n' \
        "$(json_str "$flags_class")" "$(json_str "$flags")" "$(json_str "$reason")"
    printf '      "library": { "path": %s, "sha256": %s, "static_bytes": %s },\n' \
        "$(json_str "$(rel "$lib")")" "$(json_str "$(sha256 "$lib")")" \
        "$(json_num "$(bench elf --bytes "$lib" 2>/dev/null)")"
    profiled=no
    if [ "$plib" != - ] && [ -f "$plib" ]; then
        printf '      "profile_library": { "path": %s, "sha256": %s },\n' \
            "$(json_str "$(rel "$plib")")" "$(json_str "$(sha256 "$plib")")"
        # Planned when this run profiles, or an earlier one did.
        if [ "$profile" = yes ] || ls "$sysdir/profile/$id/${label}__"*.json > /dev/null 2>&1; then
            profiled=yes
        fi
    else
        printf '      "profile_library": null,\n'
    fi
    printf '      "profiled": %s,\n' "$(json_bool "$profiled")"
    manifest=null reference=null
    grep -q '^manifest: ' "$katlog" 2>/dev/null && manifest=$(json_str "$(pkgpath "$kat_manifest")")
    grep -q '^reference: ' "$katlog" 2>/dev/null && reference=$(json_str "$(pkgpath "$kat_file")")
    printf '      "kat": { "status": %s, "reason": %s, "manifest": %s, "reference": %s,%s\n' \
        "$(json_str "$status")" "$(json_str "$kat_reason")" "$manifest" "$reference" "$(kat_files_json "$id" "$label")"
    printf '               "log": { "path": %s, "sha256": %s } },\n' \
        "$(json_str "$katlog")" "$(json_str "$(sha256 "$katlog")")"
    printf '      "sizes": { %s"basis": "API getters" },\n' "$(sizes_json "$katlog")"
    printf '      "source": %s,\n' "$(source_json "$conf")"
    printf '      "description": %s\n    }' "$(json_str "$(pkgpath "$conf")")"
}

# merge_build_entries: this run's instances into build.json.
merge_build_entries() {
    {
        printf '{\n  "system": %s,\n  "instances": [\n' "$(json_str "$system")"
        sep=
        while IFS='	' read -r id label lib plib info result; do
            printf '%s' "$sep"
            entry_json "$id" "$label" "$lib" "$plib" "$info" "$result"
            sep=',
'
        done < "$instances"
        printf '\n  ]\n}\n'
    } > "$sysdir/.build-entries.json" || die 4 "$sysdir/.build-entries.json: cannot write"
    merge build "$sysdir" "$sysdir/.build-entries.json" || die 4 "build.json: the merge failed"
    rm -f "$sysdir/.build-entries.json"
}

# run_records: this run's counts over its planned records ($plan) and
# instances; sets ok planned failed kept with_problems disturbed_kept noisy
# buildfail timed rerun_s.
run_records() {
    ok=0 planned=0 kept=0 with_problems=0 disturbed_kept=0 noisy=0 timed=0 rerun_s=0
    while IFS='	' read -r pstate id label op rest; do
        planned=$((planned + 1))
        rec=$sysdir/records/$id/${label}__$op.json
        [ "$pstate" != kept ] || kept=$((kept + 1))
        [ "$(get "$rec" status)" = ok ] || continue
        ok=$((ok + 1))
        [ "$pstate" != kept ] || continue
        timed=$(calc "$timed + $(get "$rec" stats.sum_seconds)")
        rerun_s=$(calc "$rerun_s + 0$(get "$rec" reruns.seconds)")
        [ -z "$(get "$rec" environment.problems)" ] || with_problems=$((with_problems + 1))
        [ "$(get "$rec" reruns.noisy)" != true ] || noisy=$((noisy + 1))
        bench get "$rec" trials 2>/dev/null | grep -q '"reason": "disturbed[^"]*kept' &&
            disturbed_kept=$((disturbed_kept + 1))
    done < "$plan"
    failed=$((planned - ok))
    buildfail=$(awk -F'\t' '$6 ~ /^BUILDFAIL/' "$instances" | wc -l | tr -d ' ')
}

# merge_run STATUS: this run, as it stands, into campaign.json.
merge_run() {
    run_status=$1
    finished=null
    [ "$run_status" != complete ] || finished=$(json_str "$(utc)")
    wall=$(calc "$wall_before + $(now) - $run_start")
    ok=0 planned=0 kept=0 with_problems=0 disturbed_kept=0 noisy=0 timed=0 rerun_s=0 failed=0 buildfail=0
    [ ! -s "$plan" ] || run_records
    ratio=null
    [ "$(calc "$timed > 0")" != 1 ] || ratio=$(calc "$wall / $timed")
    cpu_list=$(printf '%s' "$cpus_used" | tr ' ' ',')
    # shellcheck disable=SC2086
    {
        printf '{\n"campaign": {\n  "tool": %s,\n  "system": %s,\n  "system_description": %s,\n' \
            "$(json_str "$prog ($ngcc_package) $ngcc_version")" "$(json_str "$system")" "$(json_str "$description")"
        printf '  "arch_family": %s,\n  "emulated": %s,\n' "$(json_str "$family")" "$(json_bool "$emulated")"
        printf '  "method": { "trials": 5, "iters_cap": 20000, "min_calls": 100, "outlier_limit": 1.05, "max_reruns_per_trial": 3, "disturbed_limit": 0.95, "rerun_share_limit": 0.2,\n'
        printf '              "kat_seed": "ASCII '"'"'seed'"'"' x 16", "drng_seed_hex": "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f",\n'
        printf '              "profile_ops": "min(1000, max(3, ceil(target / t1))) operations per profile" },\n'
        printf '  "flags": { "guide": %s, "harness_default": %s, "performance": %s, "resource": %s }\n},\n' \
            "$(json_str "${GUIDE_CFLAGS:-}")" "$(json_str "${HARNESS_CFLAGS:-}")" \
            "$(json_str "${PERF_CFLAGS:-}")" "$(json_str "${RESOURCE_CFLAGS:-}")"
        printf '"run": {\n  "run": %s,\n  "started_utc": %s,\n  "finished_utc": %s,\n  "status": %s,\n  "resumed": %s,\n' \
            "$run_no" "$(json_str "$started")" "$finished" "$(json_str "$run_status")" "$resumed"
        printf '  "schemes": %s,\n' "$(json_list $run_schemes)"
        printf '  "settings": { "trial_target_s": %s, "op_budget_s": %s, "quick": %s, "cpus": [%s], "strict": %s, "profile": %s,\n                "screen": %s },\n' \
            "$trial_target" "$budget" "$(json_bool "$quick")" "$cpu_list" "$(json_bool "$strict")" "$(json_bool "$profile")" \
            "$(screen_settings_json)"
        printf '  "host_start": '; json_file "$sysdir/host-start.json"; printf ',\n'
        if [ "$run_status" = complete ]; then
            printf '  "host_end": '; json_file "$sysdir/host-end.json"; printf ',\n'
        else
            printf '  "host_end": null,\n'
        fi
        printf '  "problems": %s,\n' "$(json_list $problems)"
        printf '  "records": { "planned": %s, "ok": %s, "failed": %s, "kept_from_earlier_run": %s, "problems_at_measurement": %s, "disturbed_kept": %s, "noisy": %s, "buildfail": %s },\n' \
            "$planned" "$ok" "$failed" "$kept" "$with_problems" "$disturbed_kept" "$noisy" "$buildfail"
        printf '  "timing": { "wall_s": %s, "timed_s": %s, "kat_s": %s, "profile_s": %s, "screen_s": %s, "rerun_s": %s, "overhead_ratio": %s },\n' \
            "$wall" "$timed" "${kat_s:-0}" "$(profile_seconds)" "${screen_s:-0}" "$rerun_s" "$ratio"
        printf '  "commands": ['
        sep='\n'
        while IFS= read -r c; do printf "$sep    %s" "$(json_str "$c")"; sep=',\n'; done < "$commands_file"
        printf '\n  ]\n}\n}\n'
    } > "$sysdir/.run.json" || die 4 "$sysdir/.run.json: cannot write"
    merge campaign "$sysdir" "$sysdir/.run.json" || die 4 "campaign.json: the merge failed"
    rm -f "$sysdir/.run.json"
}

# profile_seconds: wall seconds the workers spent profiling in this run.
profile_seconds() {
    cat "$sysdir"/.profile-s.* 2>/dev/null | awk '{ s += $1 } END { printf "%.6g", s + 0 }'
}
