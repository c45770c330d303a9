# campaign/plan.sh -- ngcc-campaign --plan (make bench-plan), sourced: the
# estimate of a campaign without measuring anything or writing anything
# under data/: every record calibrated (one call, ngcc-bench run
# --estimate), the instances assigned to the CPUs as the campaign would,
# and the time per candidate and in all printed, screening, instruction
# counts, KATs and host checks included.  The working files live in a
# temporary directory removed on exit.  The model and its constants are in
# doc/campaign.md ("The plan").  Uses the driver's variables and
# campaign/shards.sh (make_plan, assign).  Part of ngcc-perf.

# Per-process constants and slowdown factors (seconds; measured on the
# fixtures and ML-KEM on a 2-CPU VM, doc/campaign.md).
plan_host_s=1.2          # the host checks at the start (steadiness) and end
plan_kat_s=0.3           # one KAT process, beside its records' calls
plan_kat_records=100     # KAT records assumed when the file's count is unknown
plan_build_s=0.2         # one screening variant of one instance ...
plan_build_file_s=0.3    # ... plus this per C file (its sources and helpers)
plan_asan_s=0.1          # one sanitizer child's start
plan_asan_factor=3       # AddressSanitizer + UBSan slowdown of a call
plan_vg_s=0.4            # one valgrind child's start
plan_vg_factor=50        # memcheck slowdown of a call
plan_icount_s=0.4        # one counting process (callgrind's start)
plan_icount_factor=100   # callgrind slowdown of a call (setup + 4 calls)

# plan_main BUILD.INFO...: print the estimate; exits 0.
plan_main() {
    ptmp=$(mktemp -d "${TMPDIR:-/tmp}/ngcc-plan.XXXXXX") || die 4 "cannot create a temporary directory"
    # shellcheck disable=SC2064
    trap "rm -rf '$ptmp'" 0
    trap 'exit 130' INT TERM HUP
    instances=$ptmp/instances plan=$ptmp/plan plandir=$ptmp
    : > "$instances"
    : > "$ptmp/extra"
    for info in "$@"; do
        id= label= library= profile_library= build_status= srcdir= helpers= kat_records= conf= type=
        # shellcheck disable=SC1090
        . "$info"
        # The KAT files the campaign runs (a hash: two) and their work in
        # rounds of the kind's operations (kind_kat_plan_rounds), else
        # the description's record count, else plan_kat_records.
        kat_n=1 kat_work=${kat_records:-$plan_kat_records}
        if kind_load "${type:-$kind_default}"; then
            kat_n=$(kind_kat_keys check | wc -l | tr -d ' ')
            [ -z "${kind_kat_plan_rounds:-}" ] || kat_work=$kind_kat_plan_rounds
        fi
        result=planned
        [ "${build_status:-ok}" = ok ] || result=BUILDFAIL
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$label" "${library:--}" "${profile_library:--}" "$info" "$result" >> "$instances"
        # The screening variants: C files to compile, or none when their
        # cache says they are up to date (ngcc-screen-build --dry-run).
        nfiles=0
        for f in "$srcdir"/*.c; do [ -f "$f" ] && nfiles=$((nfiles + 1)); done
        set -- $helpers
        nfiles=$((nfiles + $#))
        built=no
        [ "$screen" = no ] || [ -z "${NGCC_SCREEN_BUILD:-}" ] || [ -z "${conf:-}" ] ||
            ! ${SHELL:-/bin/sh} "$NGCC_SCREEN_BUILD" --dry-run --quiet --outdir "screen/$id" "$conf" "$label" \
                > /dev/null 2>&1 || built=yes
        printf '%s\t%s\t%s\t%s\t%s\t%s\n' "$id" "$label" "$nfiles" "$built" "$kat_work" "$kat_n" >> "$ptmp/extra"
    done
    say "$prog: $system: calibrating every record (one call each)"
    make_plan
    counting=no
    [ "${NGCC_BENCH_ICOUNT:-0}" != 1 ] || counting=yes
    # The instruction count of a new record, on its CPU after its trials:
    # into its seconds (column 7, which assign balances) and apart (11).
    awk -F'\t' -v OFS='\t' -v counting="$counting" -v ic_s="$plan_icount_s" -v ic_f="$plan_icount_factor" '
        { ic = ($1 == "new" && counting == "yes") ? ic_s + ic_f * 5 * $8 : 0
          $7 = $7 + ic; print $0, ic }' "$plan" > "$plan.counted" && mv "$plan.counted" "$plan" ||
        die 4 "$plan: cannot be written"
    assign > "$ptmp/loads.0" || die 4 "the instances could not be assigned to the CPUs"
    while read -r c load; do
        printf '%s %s %s\n' "$c" "$load" "$(awk -F'\t' '{ s += $11 } END { print s + 0 }' "$ptmp/.plan-cpu$c" 2>/dev/null)"
    done < "$ptmp/loads.0" > "$ptmp/loads"
    # A kept record was not calibrated: its call time from the record.
    : > "$ptmp/t1"
    while IFS='	' read -r pstate id label op library plib secs t1 iters trials; do
        [ "$pstate" = kept ] && t1=$(get "$sysdir/records/$id/${label}__$op.json" plan.t1_s)
        case $t1 in ''|-|null) t1=0 ;; esac
        printf '%s\t%s\t%s\t%s\n' "$id" "$label" "$op" "$t1" >> "$ptmp/t1"
    done < "$plan"

    # Screening beside the timing when an allowed CPU does not measure.
    spare=
    for c in $(allowed_cpus); do
        case " $cpus_used " in *" $c "*) ;; *) spare="$spare $c" ;; esac
    done
    spare=${spare# }
    concurrent=no
    [ "$screen" = no ] || [ -z "$spare" ] || concurrent=yes
    valgrind=no
    command -v "${VALGRIND:-valgrind}" > /dev/null 2>&1 && valgrind=yes
    if [ "$quick" = yes ]; then n_kat=1 n_ops=1; else n_kat=10 n_ops=3; fi

    awk -F'\t' -v prof="$profile_target" -v screen="$screen" -v counting="$counting" \
        -v vg="$valgrind" -v conc="$concurrent" -v spare="$(echo $spare | tr ' ' ,)" \
        -v cpus="$(echo $cpus_used | tr ' ' ,)" -v ncpus="$ncpus" -v sysname="$system" \
        -v n_kat="$n_kat" -v n_ops="$n_ops" -v host_s="$plan_host_s" -v kat_s="$plan_kat_s" \
        -v build_s="$plan_build_s" -v build_file_s="$plan_build_file_s" \
        -v asan_s="$plan_asan_s" -v asan_f="$plan_asan_factor" -v vg_s="$plan_vg_s" -v vg_f="$plan_vg_factor" \
'
        function secs(x) { return x < 9.5 ? sprintf("%.1f s", x) : sprintf("%.0f s", x) }
        function row(label, x, what) { printf "  %-44s %9.0f s%s\n", label, x, what == "" ? "" : "  (" what ")" }
        FILENAME == ARGV[1] { key = $1 FS $2; if (!($1 in n)) o[++k] = $1; n[$1]++
                              if ($6 ~ /^BUILDFAIL/) bf[$1]++; else ok[key] = 1; next }
        FILENAME == ARGV[2] { nf[$1 FS $2] = $3; built[$1 FS $2] = $4; katn[$1 FS $2] = $5; katp[$1 FS $2] = $6; next }
        FILENAME == ARGV[3] { round[$1 FS $2] += $4; next }
        FILENAME == ARGV[4] {
            id = $2; time_s[id] += $7 - $11; icount[id] += $11
            if ($1 == "new") { fresh[id]++; time_s[id] += prof }
            else if ($1 == "kept") kept[id]++
            else failed[id]++
            next }
        FILENAME == ARGV[5] { split($0, f, " "); load[f[1]] = f[2]; cnt[f[1]] = f[3]; lo[++nl] = f[1]; next }
        END {
            for (key in ok) { split(key, p, FS); id = p[1]; r = round[key]
                kat[id] += kat_s * katp[key] + katn[key] * r
                if (screen == "no") continue
                if (built[key] != "yes") builds[id] += 2 * (build_s + build_file_s * nf[key])
                else builds[id] += 0.2
                c = 4 * asan_s + asan_f * (n_kat + n_ops + 1) * r + 0.1
                if (vg == "yes") c += 2 * (vg_s + vg_f * n_ops * r)
                checks[id] += c }
            printf "Estimated time on %s, CPU %s: timing (trials, profiles%s), %s, KATs and host checks:\n",
                   sysname, cpus, counting == "yes" ? ", instruction counts" : "",
                   screen == "no" ? "no screening (SCREEN=no)" : "screening"
            for (i = 1; i <= k; i++) { id = o[i]
                sc = builds[id] + checks[id]; tot = time_s[id] + icount[id] + sc
                what = ""
                if (fresh[id]) what = sprintf("timing %s", secs(time_s[id]))
                if (icount[id]) what = what sprintf(", counts %s", secs(icount[id]))
                if (kept[id]) what = what (what == "" ? "" : ", ") sprintf("kept: %d record%s complete, 0 s", kept[id], kept[id] == 1 ? "" : "s")
                if (failed[id]) what = what (what == "" ? "" : ", ") sprintf("%d calibration%s failed", failed[id], failed[id] == 1 ? "" : "s")
                if (screen != "no" && (n[id] > bf[id]))
                    what = what (what == "" ? "" : "; ") sprintf("screening %s (builds %s, checks %s)", secs(sc), secs(builds[id]), secs(checks[id]))
                row(sprintf("%-16s %3d instance%s%s", id, n[id], n[id] == 1 ? "" : "s",
                            bf[id] ? sprintf(" (%d BUILDFAIL)", bf[id]) : ""), tot, what)
                all_time += time_s[id]; all_ic += icount[id]; all_b += builds[id]; all_c += checks[id]; all_kat += kat[id]
            }
            m = 0
            for (j = 1; j <= nl; j++) {
                w = load[lo[j]]
                row("CPU " lo[j], w, cnt[lo[j]] > 0 ? sprintf("timing %s, counts %s", secs(w - cnt[lo[j]]), secs(cnt[lo[j]])) \
                                                  : sprintf("timing %s", secs(w)))
                if (w > m) m = w }
            scr = all_b + all_c
            other = host_s + all_kat / (ncpus > 0 ? ncpus : 1)
            if (screen != "no")
                row("screening", scr, sprintf("variant builds %s, checks %s; %s", secs(all_b), secs(all_c),
                    conc == "yes" ? "on CPU " spare ", beside the timing" : "before the timing: no spare CPU"))
            row("KATs and host checks", other, "")
            total = all_time + all_ic + scr + other
            if (conc == "yes")
                printf "  in all: %.0f s of work, about %.0f s of wall time on %d measuring CPU%s (max(timing %s, screening %s) + KATs and host checks %s)\n",
                       total, (m > scr ? m : scr) + other, nl, nl == 1 ? "" : "s", secs(m), secs(scr), secs(other)
            else
                printf "  in all: %.0f s of work, about %.0f s of wall time on %d measuring CPU%s (timing %s%s + KATs and host checks %s)\n",
                       total, m + scr + other, nl, nl == 1 ? "" : "s", secs(m),
                       screen == "no" ? "" : " + screening " secs(scr), secs(other)
        }' "$instances" "$ptmp/extra" "$ptmp/t1" "$plan" "$ptmp/loads" || die 4 "the plan could not be printed"
}
