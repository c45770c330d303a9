# campaign/shards.sh -- the measuring part of ngcc-campaign (sourced): the
# plan of every record, instances assigned to CPUs longest first, one lock
# per CPU machine-wide, and one worker per CPU running one measuring
# process at a time.  Uses the driver's variables.  Part of ngcc-perf.

# default_cpu: the highest-numbered CPU this process may use (CPU 0 takes
# most interrupts), as ngcc-bench chooses.
default_cpu() { allowed_cpus | awk 'NF { print $NF }'; }

# The machine-wide CPU locks: one file per CPU, shared by every build tree
# and user (flock(1) on a file anybody may open).
lock_dir=${NGCC_LOCK_DIR:-/tmp/ngcc-perf-locks}
cpu_lock() { printf '%s/cpu%s.lock' "$lock_dir" "$1"; }
have_flock=yes
command -v flock >/dev/null 2>&1 || have_flock=no
prepare_lock() {
    [ "$have_flock" = yes ] || return 0
    [ -d "$lock_dir" ] || { mkdir -p "$lock_dir" && chmod 0777 "$lock_dir"; } 2>/dev/null
    f=$(cpu_lock "$1")
    [ -e "$f" ] || { : > "$f" && chmod 0666 "$f"; } 2>/dev/null
    [ -r "$f" ] || die 4 "$f: cannot create the CPU lock (set NGCC_LOCK_DIR)"
}
# cpu_busy CPU: another campaign holds the CPU's lock now.
cpu_busy() {
    [ "$have_flock" = yes ] || return 1
    flock -n -E 75 "$(cpu_lock "$1")" true
    [ $? -eq 75 ]
}

# choose_cpus LIST: cpus_used, the listed CPUs nobody measures on (all of
# them when every one is busy: the workers then wait for their lock).
choose_cpus() {
    cpus_used= busy=
    [ "$have_flock" = yes ] ||
        say "$prog: no flock(1): CPUs are not locked against other campaigns (install util-linux)"
    for c in $1; do
        prepare_lock "$c"
        if cpu_busy "$c"; then busy="$busy $c"; else cpus_used="$cpus_used $c"; fi
    done
    cpus_used=${cpus_used# }
    if [ -n "$busy" ] && [ -n "$cpus_used" ]; then
        say "$prog: CPU$(echo $busy | sed 's/ /, CPU/g') in use by another campaign: measuring on CPU $(echo $cpus_used | sed 's/ /, CPU /g') only"
    elif [ -n "$busy" ]; then
        cpus_used=${busy# }
        say "$prog: every CPU listed ($(echo $busy | tr ' ' ,)) is in use by another campaign: waiting for it"
    fi
    set -- $cpus_used
    ncpus=$#
}

# make_plan: every (instance, operation) of $instances that has a library,
# into $plan: STATE ID LABEL OP LIBRARY PLIB SECONDS T1 ITERS TRIALS with
# STATE new (calibrated), kept (recorded earlier) or failed (calibration).
make_plan() {
    : > "$plan"
    set -- $cpus_used
    first_cpu=$1
    while IFS='	' read -r id label library plib info result; do
        case $result in BUILDFAIL*) continue ;; esac
        for op in $(instance_ops "$info" "$sysdir/kat/$id/$label.log"); do
            rec=$sysdir/records/$id/${label}__$op.json
            state=new
            if [ -f "$rec" ] && [ "$(get "$rec" library.sha256)" = "$(sha256 "$library")" ]; then
                # ngcc-bench keeps it when it checks clean: no calibration.
                state=kept line="0 - - - -"
            else
                # shellcheck disable=SC2086
                line=$(bench run --estimate --op "$op" --root . $bench_args --cpu "$first_cpu" \
                       --out "$rec" "$(rel "$library")" 2>/dev/null) || { state=failed line="0 - - - -"; }
            fi
            set -- $line
            # An op the kind does not profile (a step inside an exchange): no profiling library.
            oplib=$plib
            instance_profiled "$info" "$op" || oplib=-
            printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$state" "$id" "$label" "$op" \
                "$library" "$oplib" "$1" "$2" "$3" "$5" >> "$plan"
        done
    done < "$instances"
}

# assign: instances to CPUs, longest first (estimated seconds of their
# records plus their profiles), each to the least loaded CPU; all
# operations of an instance stay on one CPU.  Writes .plan-cpuN in $plandir
# (the plan's temporary directory) or $sysdir, cheapest record first, and
# prints "CPU SECONDS" per CPU.
assign() {
    rm -f "${plandir:-$sysdir}"/.plan-cpu*
    awk -F'\t' -v cpus="$cpus_used" -v prof="$profile_target" -v dir="${plandir:-$sysdir}" '
        { key = $2 FS $3
          if (!(key in secs)) { order[++n] = key; secs[key] = 0 }
          secs[key] += $7 + ($1 == "new" ? prof : 0); line[key] = line[key] $0 "\n" }
        END {
            nc = split(cpus, cpu, " ")
            for (c = 1; c <= nc; c++) load[c] = 0
            for (i = 1; i <= n; i++) done[i] = 0
            for (k = 1; k <= n; k++) {
                best = 0
                for (i = 1; i <= n; i++)
                    if (!done[i] && (best == 0 || secs[order[i]] > secs[order[best]])) best = i
                done[best] = 1
                c = 1
                for (j = 2; j <= nc; j++) if (load[j] < load[c]) c = j
                load[c] += secs[order[best]]
                printf "%s", line[order[best]] > (dir "/.plan-cpu" cpu[c] ".unsorted")
            }
            for (c = 1; c <= nc; c++) printf "%s %.6g\n", cpu[c], load[c]
        }' "$plan"
    for f in "${plandir:-$sysdir}"/.plan-cpu*.unsorted; do
        [ -f "$f" ] || continue
        sort -t'	' -g -k7,7 -s "$f" > "${f%.unsorted}" && rm -f "$f"
    done
}

# ---- one worker per CPU ---------------------------------------------------

# worker CPU: measure and profile the records of .plan-cpuCPU on CPU, in
# groups of about $group_s seconds whose trials ngcc-bench run-many
# interleaves.  Holds the CPU's lock throughout.
worker() {
    wcpu=$1
    wplan=$sysdir/.plan-cpu$wcpu
    child=
    trap '[ -z "$child" ] || kill "$child" 2>/dev/null; exit 130' TERM INT HUP
    if [ "$have_flock" = yes ]; then
        exec 9< "$(cpu_lock "$wcpu")" || die 4 "$(cpu_lock "$wcpu"): cannot open"
        if ! flock -n 9; then
            say "cpu$wcpu: waiting: another campaign measures on CPU $wcpu"
            flock 9 || die 4 "$(cpu_lock "$wcpu"): cannot lock"
        fi
    fi
    wleft=$(awk -F'\t' -v p="$profile_target" '{ s += $7 + ($1 == "new" ? p : 0) } END { print s + 0 }' "$wplan")
    echo "$wleft" > "$sysdir/.left-cpu$wcpu"
    echo 0 > "$sysdir/.profile-s.cpu$wcpu"
    wgroup=$sysdir/.group-cpu$wcpu
    : > "$wgroup"
    gsum=0 g=0
    while IFS='	' read -r state id label op library plib secs t1 iters trials; do
        [ "$state" = new ] && secs=$(calc "$secs + $profile_target") || t1=-
        printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$secs" "$id" "$label" "$op" "$library" "$plib" "$t1" >> "$wgroup"
        gsum=$(calc "$gsum + $secs")
        if [ "$(calc "$gsum >= $group_s")" = 1 ]; then worker_group; gsum=0; fi
    done < "$wplan"
    worker_group
    echo 0 > "$sysdir/.left-cpu$wcpu"
}

# time_left: the campaign's estimated seconds left, the slowest CPU's.
time_left() { cat "$sysdir"/.left-cpu* 2>/dev/null | awk '$1 > m { m = $1 } END { printf "%.6g", m + 0 }'; }

# worker_group: the records of $wgroup, measured together, then profiled.
worker_group() {
    [ -s "$wgroup" ] || return 0
    g=$((g + 1))
    jobs=$sysdir/jobs/cpu$wcpu-run$run_no-group$g.tsv
    mkdir -p "$sysdir/jobs"
    awk -F'\t' -v d="$sysdir" 'BEGIN { OFS = "\t" }
        { print $4, d "/records/" $2 "/" $3 "__" $4 ".json", $5, $7 }' "$wgroup" |
        sed "s|	$root/|	|" | write_atomic "$jobs"
    gsecs=$(awk -F'\t' '{ s += $1 } END { print s + 0 }' "$wgroup")
    nrec=$(wc -l < "$wgroup" | tr -d ' ')
    names=$(awk -F'\t' '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $3, $4 }' "$wgroup")
    say "cpu$wcpu: group $g: $names  ~$(seconds_text "$gsecs") s"
    echo "${TEST_EMULATOR:+$TEST_EMULATOR }ngcc-bench run-many --root . $bench_args --cpu $wcpu --host $sysdir/host-start.json --jobs $jobs" >> "$commands_file"
    log=$sysdir/.bench-cpu$wcpu.log
    # Created before the child starts: the loop below reads it at once.
    : > "$log"
    # shellcheck disable=SC2086
    bench run-many -q --progress --root . $bench_args --cpu "$wcpu" \
        --host "$sysdir/host-start.json" --jobs "$jobs" > /dev/null 2> "$log" &
    child=$!
    seen=0 shown=
    while :; do
        alive=yes
        kill -0 "$child" 2>/dev/null || alive=no
        lines=$(wc -l < "$log" | tr -d ' ')
        if [ "$lines" -gt "$seen" ]; then
            sed -n "$((seen + 1)),${lines}p" "$log" | while read -r word rest; do
                case $word in
                    progress)
                        d=${rest%/*} t=${rest#*/}
                        [ "$d" -gt 0 ] || continue
                        # A line per pass, and per rerun the first and every nrec-th.
                        r=$((d - nrec * 5))
                        [ $((d % nrec)) -eq 0 ] || [ "$r" -eq 1 ] || continue
                        left=$(calc "$wleft - $gsecs * $d / $t")
                        echo "$left" > "$sysdir/.left-cpu$wcpu"
                        if [ "$d" -le $((nrec * 5)) ]; then
                            say "cpu$wcpu:   pass $((d / nrec))/5 of $nrec records  ~$(seconds_text "$(time_left)") s left"
                        else
                            say "cpu$wcpu:   reruns: $r ($d/$t trials)  ~$(seconds_text "$(time_left)") s left"
                        fi ;;
                    *) say "cpu$wcpu:   $word $rest" ;;
                esac
            done
            seen=$lines
        fi
        [ $alive = yes ] || break
        sleep 0.2 2>/dev/null || sleep 1
    done
    wait "$child"
    child=
    while IFS='	' read -r secs id label op library plib t1; do
        rec=$sysdir/records/$id/${label}__$op.json
        status=$(get "$rec" status)
        [ "$status" = ok ] || say "$prog: $id/$label $op: ${status:-no record}: $(get "$rec" reason)"
        [ "$profile" = yes ] && [ -n "${NGCC_PROFILE:-}" ] && [ "$plib" != - ] && [ -f "$plib" ] || continue
        prof=$sysdir/profile/$id/${label}__$op.json
        mkdir -p "$(dirname "$prof")"
        echo "${TEST_EMULATOR:+$TEST_EMULATOR }ngcc-profile run --op $op --root . $profile_args --cpu $wcpu --out $prof $(rel "$plib")" >> "$commands_file"
        p0=$(now)
        # shellcheck disable=SC2086
        profiler run -q --op "$op" --root . $profile_args --cpu "$wcpu" --out "$prof" "$(rel "$plib")" &
        child=$!
        wait "$child" || say "$prog: $id/$label $op: profile failed: $(get "$prof" reason)"
        child=
        echo "$(calc "$(cat "$sysdir/.profile-s.cpu$wcpu") + $(now) - $p0")" > "$sysdir/.profile-s.cpu$wcpu"
    done < "$wgroup"
    wleft=$(calc "$wleft - $gsecs")
    echo "$wleft" > "$sysdir/.left-cpu$wcpu"
    : > "$wgroup"
}
