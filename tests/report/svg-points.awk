# svg-points.awk -- the data points of a chart of ngcc-report, read back
# from the SVG: for each point its text (the SVG <title>) and the values
# its position stands for on the chart's axes, computed from the frame
# and the ranges the chart's gnuplot script gives.
#
# Part of ngcc-perf's tests.  Usage: awk -f svg-points.awk NAME.gp NAME.svg
# Output: one line per point, TEXT<TAB>X<TAB>Y (%.6g).  Exit 1 when the
# script lacks the frame or the ranges.

BEGIN { FS = "\n" }

FNR == NR {
    if (match($0, /^set terminal svg size [0-9]+,[0-9]+/)) {
        s = substr($0, RSTART, RLENGTH); sub(/.* size /, "", s); split(s, wh, ",")
        W = wh[1]; H = wh[2]
    }
    if ($0 ~ /^set [lrbt]margin at screen /) { s = $0; v = s; sub(/.* /, "", v); M[substr(s, 5, 1)] = v + 0 }
    if ($0 ~ /^set [xy]range \[/) { s = $0; ax = substr(s, 5, 1); sub(/^[^[]*\[/, "", s); sub(/\].*/, "", s); split(s, r, ":"); LO[ax] = r[1] + 0; HI[ax] = r[2] + 0 }
    if ($0 ~ /^set logscale /) { s = $0; sub(/^set logscale /, "", s); if (index(s, "x")) LOG["x"] = 1; if (index(s, "y")) LOG["y"] = 1 }
    next
}

FNR == 1 { if (W == "" || !("l" in M) || !("y" in LO) || !("x" in LO)) { print "svg-points.awk: " FILENAME ": no frame or ranges in the script" > "/dev/stderr"; exit 1 } }

/<g class="point"><title>/ {
    t = $0; sub(/.*<title>/, "", t); sub(/<\/title>.*/, "", t)
    pending = 1
    next
}

pending && /translate\(/ {
    p = $0; sub(/.*translate\(/, "", p); sub(/\).*/, "", p); split(p, xy, ",")
    printf "%s\t%.6g\t%.6g\n", t, value("x", (xy[1] / W - M["l"]) / (M["r"] - M["l"])), value("y", ((H - xy[2]) / H - M["b"]) / (M["t"] - M["b"]))
    pending = 0
}

function value(ax, frac) {
    if (LOG[ax]) return exp(log(LO[ax]) + frac * (log(HI[ax]) - log(LO[ax])))
    return LO[ax] + frac * (HI[ax] - LO[ax])
}
