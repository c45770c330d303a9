# campaign/screen.sh -- the implementation screening of a campaign run
# (sourced by ngcc-campaign, doc/screen.md): once per scheme its screening
# variants (ngcc-screen-build, cached), then every built instance through
# ngcc-screen.  After the KATs (the checks' limits come from them); on the
# allowed CPUs nobody measures on, while the timing runs ("concurrent"),
# else before the timing ("before").  Findings are information; only a
# failure of the tools counts.  Part of ngcc-perf.

# screen_setup: screen_mode (off, before or concurrent) and screen_cpus, the
# allowed CPUs neither this run nor another campaign measures on.  Needs
# taskset(1) and setsid(1) (util-linux) to run off the measuring CPUs.
screen_setup() {
    screen_cpus= screen_pin=
    if [ "$screen" = no ]; then screen_mode=off; return 0; fi
    screen_mode=before
    command -v taskset > /dev/null 2>&1 && command -v setsid > /dev/null 2>&1 || return 0
    for c in $(allowed_cpus); do
        case " $cpus_used " in *" $c "*) continue ;; esac
        cpu_busy "$c" && continue
        screen_cpus="${screen_cpus:+$screen_cpus }$c"
    done
    [ -n "$screen_cpus" ] || return 0
    screen_mode=concurrent
    # Each command in a session of its own: the job kills it whole.
    screen_pin="taskset -c $(printf '%s' "$screen_cpus" | tr ' ' ,) setsid"
}

# screen_settings_json: this run's screening, for campaign.json's settings.
screen_settings_json() {
    printf '{ "mode": "%s", "cpus": [%s] }' "${screen_mode:-off}" \
        "$(printf '%s' "$screen_cpus" | sed 's/ /, /g')"
}

# screen_exec CMD...: CMD, pinned to the screening CPUs when concurrent.
screen_exec() {
    [ -n "$screen_pin" ] || { "$@"; return; }
    # shellcheck disable=SC2086
    $screen_pin "$@" &
    screen_child=$!
    wait "$screen_child"
    screen_rc=$?
    screen_child=
    return $screen_rc
}

# screen_start: the screening, as this run's mode says: now, or as a job
# beside the timing (screen_job; its outcome in $sysdir/.screen-status).
screen_start() {
    screen_job=
    rm -f "$sysdir/.screen-status"
    case $screen_mode in
        before) screen_phase ;;
        concurrent)
            say "[screen] on CPU $(printf '%s' "$screen_cpus" | sed 's/ /, CPU /g') while CPU $(printf '%s' "$cpus_used" | sed 's/ /, CPU /g') measure$( [ "$ncpus" -gt 1 ] || echo s)"
            (
                screen_child=
                trap '[ -z "$screen_child" ] || { kill -TERM "-$screen_child" 2>/dev/null; wait "$screen_child"; }; exit 130' TERM INT HUP
                # The job's own shell off the measuring CPUs too.
                taskset -p -c "$(printf '%s' "$screen_cpus" | tr ' ' ,)" "$(exec sh -c 'echo $PPID')" > /dev/null 2>&1
                screen_phase
                printf 'screen_s=%s\nscreen_tool_failed=%s\n' "$screen_s" "$tool_failed" |
                    write_atomic "$sysdir/.screen-status"
            ) &
            screen_job=$! ;;
    esac
}

# screen_finish: wait for the screening job; its time and tool failures.
screen_finish() {
    [ -n "${screen_job:-}" ] || return 0
    wait "$screen_job"
    screen_job=
    screen_s=0 screen_tool_failed=yes
    # shellcheck disable=SC1090
    [ -f "$sysdir/.screen-status" ] && . "$sysdir/.screen-status"
    [ "$screen_tool_failed" = no ] || tool_failed=yes
    rm -f "$sysdir/.screen-status"
}

# screen_kill: stop the screening job and what it runs (an interruption).
screen_kill() {
    [ -n "${screen_job:-}" ] || return 0
    kill -TERM "$screen_job" 2>/dev/null
    wait "$screen_job" 2>/dev/null
    screen_job=
}

# kat_weight INFO: the wall seconds of the instance's KAT (its log), the
# weight of its screening in the estimate of the time left.
kat_weight() {
    w=$(sed -n 's/^time: .*child \([0-9.][0-9.]*\) s wall$/\1/p' "$sysdir/kat/$1.log" 2>/dev/null | sed 1q)
    [ -n "$w" ] && [ "$(calc "$w > 0.01")" = 1 ] || w=0.01
    printf '%s' "$w"
}

screen_phase() {
    if [ -z "${NGCC_SCREEN:-}" ] || [ -z "${NGCC_SCREEN_BUILD:-}" ]; then
        say "$prog: NGCC_SCREEN or NGCC_SCREEN_BUILD not set: not screened"
        return 0
    fi
    screen_started=$(now) screened_ids= screen_args= n_screen=0 w_left=0
    [ "$quick" = no ] || screen_args=--quick
    # The variants of every scheme first, and the weights of the instances.
    while IFS='	' read -r id label lib plib info result; do
        case $result in BUILDFAIL*) continue ;; esac
        n_screen=$((n_screen + 1)) w_left=$(calc "$w_left + $(kat_weight "$id/$label")")
        case " $screened_ids " in *" $id "*) continue ;; esac
        screened_ids="$screened_ids $id"
        conf=
        # shellcheck disable=SC1090
        . "$info"
        if line=$(${SHELL:-/bin/sh} "$NGCC_SCREEN_BUILD" --dry-run --outdir "screen/$id" "$conf" 2>&1); then
            say "[screen] $line"
            continue
        fi
        say "[screen] $line"
        b0=$(now)
        screen_exec ${SHELL:-/bin/sh} "$NGCC_SCREEN_BUILD" --quiet --outdir "screen/$id" "$conf" \
            > "$sysdir/.screen-build.log" 2>&1 ||
            say "$prog: $id: a screening variant did not build (the screening says which)"
        say "[screen] $id: screening variants built in $(seconds_text "$(calc "$(now) - $b0")") s"
    done < "$instances"
    # Then the instances: the time left from those done, weighted by the
    # KATs' times (none before the first is done).
    i=0 w_done=0 checks_started=$(now)
    while IFS='	' read -r id label lib plib info result; do
        case $result in BUILDFAIL*) continue ;; esac
        i=$((i + 1))
        w=$(kat_weight "$id/$label")
        left=
        [ "$i" -eq 1 ] ||
            left="  ~$(seconds_text "$(calc "($(now) - $checks_started) / $w_done * $w_left")") s left"
        say "[screen] $id/$label $i/$n_screen$left"
        echo "${TEST_EMULATOR:+$TEST_EMULATOR }ngcc-screen run -q --root . --build-info $(rel "$info") --out $sysdir/screen/$id/$label.json $screen_args" >> "$commands_file"
        # shellcheck disable=SC2086
        screen_exec ${TEST_EMULATOR:-} "$NGCC_SCREEN" run -q --root . --build-info "$info" \
            --out "$sysdir/screen/$id/$label.json" $screen_args
        case $? in
            0|1) ;;
            *) say "$prog: $id/$label: ngcc-screen failed"; tool_failed=yes ;;
        esac
        w_done=$(calc "$w_done + $w") w_left=$(calc "$w_left - $w")
    done < "$instances"
    rm -f "$sysdir/.screen-build.log"
    screen_s=$(calc "$(now) - $screen_started")
    [ "$screen_mode" != concurrent ] || say "[screen] done in $(seconds_text "$screen_s") s"
}
