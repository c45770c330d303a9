# report/ratio.awk -- the ratio chart between two systems on the index
# page: per instance and operation measured on both, the mean cycles of
# system B over those of system A (OUTDIR/CHART.gp and .dat; no chart
# when no record is in both).
#
# Part of ngcc-perf.  Run by scripts/ngcc-report as
#   awk -v name_a=A -v name_b=B -v outdir=DIR -v chart=NAME -f report/format.awk \
#       -f report/markup.awk -f report/gnuplot.awk -f report/ratio.awk ROWS-A ROWS-B
# over the rows of ngcc-evidence of both systems.  The comparison with the
# trials' uncertainty is make compare (scripts/ngcc-compare).

BEGIN { FS = "\t" }

FNR == 1 { side = side == "" ? "a" : "b" }

$1 == "columns" && $2 == "record" {
    for (i = 4; i <= NF; i++) C[side, $i] = i - 2
    next
}

$1 == "record" {
    if (!((side, "stats.mean_ticks") in C)) exit 1
    if ($(C[side, "status"]) != "ok" || $(C[side, "present"]) != "1") next
    key = $2 SUBSEP $3 SUBSEP $4
    M[side, key] = $(C[side, "stats.mean_ticks"]) + 0
    if (side == "a") { KEYS[++NK] = key; UNIT_A = $(C[side, "counter.unit"]) }
    else UNIT_B = $(C[side, "counter.unit"])
}

END {
    n = 0
    for (k = 1; k <= NK; k++) {
        key = KEYS[k]
        if (!(("b", key) in M) || M["a", key] <= 0) continue
        split(key, f, SUBSEP)
        n++
        RL[n] = f[2] " " f[3]
        RV[n] = M["b", key] / M["a", key]
        RU[n] = ""
        RT[n] = f[1] " " f[2] " " f[3] ": " gp_num(RV[n]) " (" name_b " / " name_a ")"
    }
    if (n == 0) exit 0
    gp_ratio_chart(outdir, chart, "Mean cycles on " name_b " / on " name_a " (" UNIT_B " / " UNIT_A ")", \
                   n, RL, RV, RU, RT, name_b " / " name_a)
}
