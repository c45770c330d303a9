# campaign-screen.sh -- the implementation screening of a campaign run
# (sourced by ngcc-campaign, doc/screen.md): before the timing, once per
# scheme its screening variants (ngcc-screen-build), then every built
# instance through ngcc-screen.  Findings are information; only a failure
# of the tools counts.  Part of ngcc-perf.

screen_phase() {
    if [ -z "${NGCC_SCREEN:-}" ] || [ -z "${NGCC_SCREEN_BUILD:-}" ]; then
        say "$prog: NGCC_SCREEN or NGCC_SCREEN_BUILD not set: not screened"
        return 0
    fi
    screen_started=$(now) screened_ids=
    screen_args=
    [ "$quick" = no ] || screen_args=--quick
    while IFS='	' read -r id label lib plib info result; do
        case $result in BUILDFAIL*) continue ;; esac
        conf=
        # shellcheck disable=SC1090
        . "$info"
        case " $screened_ids " in
            *" $id "*) ;;
            *)  say "[screen] $id: the screening variants"
                ${SHELL:-/bin/sh} "$NGCC_SCREEN_BUILD" --quiet --outdir "screen/$id" "$conf" \
                    > "$sysdir/.screen-build.log" 2>&1 ||
                    say "$prog: $id: a screening variant did not build (the screening says which)"
                screened_ids="$screened_ids $id" ;;
        esac
        say "[screen] $id/$label"
        echo "${TEST_EMULATOR:+$TEST_EMULATOR }ngcc-screen run -q --root . --build-info $(rel "$info") --out $sysdir/screen/$id/$label.json $screen_args" >> "$commands_file"
        # shellcheck disable=SC2086
        ${TEST_EMULATOR:-} "$NGCC_SCREEN" run -q --root . --build-info "$info" \
            --out "$sysdir/screen/$id/$label.json" $screen_args
        case $? in
            0|1) ;;
            *) say "$prog: $id/$label: ngcc-screen failed"; tool_failed=yes ;;
        esac
    done < "$instances"
    rm -f "$sysdir/.screen-build.log"
    screen_s=$(calc "$(now) - $screen_started")
}
