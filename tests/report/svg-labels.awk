# svg-labels.awk -- the visible texts of a chart of ngcc-report, read
# from its SVG, and whether a reader can read them: each text's box
# estimated from its font size (the width from its characters, width(),
# the height from 0.75 × size above the baseline to 0.2 × size below,
# turned by its rotate()), and checked: no two boxes overlap, each lies on the canvas,
# no font is smaller than MIN px (default 9) and the canvas is no wider
# than MAXW px (default 1100: the page's column on a 1280 px desktop, so
# the chart is shown at its own size and MIN holds on the screen).
#
# Part of ngcc-perf's tests (report/charts-many.test).  Usage:
#   awk [-v min=9] [-v maxw=1100] -f svg-labels.awk NAME.svg
# Output: "text<TAB>STRING" for every text, then one line per problem:
# "overlap<TAB>A<TAB>B", "small<TAB>SIZE<TAB>A", "outside<TAB>A",
# "wide<TAB>WIDTH".  Exit 0 no problem, 1 a problem, 2 no text found.

BEGIN {
    if (min == "") min = 9; if (maxw == "") maxw = 1100; n = 0
    # The advances of width(), class by class.
    advances("ABCDEFGHJKLNOPQRSTUVXYZ", 0.68); advances("MW", 0.86); advances("I", 0.29)
    advances("0123456789", 0.63); advances("abcdeghknopqsuvxyz", 0.59); advances("ijl", 0.27)
    advances("frt", 0.35); advances("mw", 0.8); advances("-", 0.36); advances(" .,:", 0.31)
}

function advances(chars, a,   i) { for (i = 1; i <= length(chars); i++) ADV[substr(chars, i, 1)] = a }

# The canvas: the viewBox (gnuplot's "dynamic" SVG), else width and height.
W == "" && /viewBox="0 0 [0-9.]+ [0-9.]+"/ {
    s = $0; sub(/.*viewBox="0 0 /, "", s); sub(/".*/, "", s); split(s, wh, " "); W = wh[1] + 0; H = wh[2] + 0
}
W == "" && /<svg .*width="[0-9.]+/ {
    s = $0; match(s, /width="[0-9.]+/); W = substr(s, RSTART + 7, RLENGTH - 7) + 0
    s = $0; match(s, /height="[0-9.]+/); H = substr(s, RSTART + 8, RLENGTH - 8) + 0
}

/<g transform="translate\(/ {
    g = $0; sub(/.*<g transform="translate\(/, "", g)
    tx = g; sub(/,.*/, "", tx)
    ty = g; sub(/^[^,]*,/, "", ty); sub(/\).*/, "", ty)
    rot = 0
    if (g ~ /^[^"]*rotate\(/) { rot = g; sub(/^[^"]*rotate\(/, "", rot); sub(/\).*/, "", rot) }
    fs = 11; if (match(g, /font-size="[0-9.]+/)) fs = substr(g, RSTART + 11, RLENGTH - 11) + 0
    anchor = "start"; if (match(g, /text-anchor="[a-z]+/)) anchor = substr(g, RSTART + 13, RLENGTH - 13)
    pending = 1
}

pending && /<text>/ {
    t = $0; sub(/.*<text>/, "", t); sub(/<\/text>.*/, "", t)
    pending = 0
    if (t == "" || t ~ /^ +$/) next
    shown = t
    gsub(/&lt;/, "<", t); gsub(/&gt;/, ">", t); gsub(/&quot;/, "\"", t); gsub(/&apos;/, "'", t); gsub(/&amp;/, "\\&", t)
    gsub(/[\200-\277]/, "", t)    # UTF-8: count characters, not bytes
    w = width(t) * fs
    x0 = anchor == "end" ? -w : anchor == "middle" ? -w / 2 : 0
    n++; T[n] = shown; F[n] = fs
    box(n, x0, -0.75 * fs, x0 + w, 0.2 * fs, tx + 0, ty + 0, rot * 3.14159265358979 / 180)
    next
}

# The advance of text T in font sizes: DejaVu Sans's (Debian's "sans")
# rounded down a little: capitals 0.68 (I 0.29, M and W 0.86), digits
# 0.63, small letters 0.59 (i, j, l 0.27; f, r, t 0.35; m, w 0.8), the
# hyphen 0.36, a space or a stop 0.31, anything else 0.6.
function width(t,   i, c, w) {
    w = 0
    for (i = 1; i <= length(t); i++) { c = substr(t, i, 1); w += (c in ADV) ? ADV[c] : 0.6 }
    return w
}

# The corners of box K: the local rectangle turned by A and moved to (X, Y).
function box(k, a, b, c, d, x, y, ang,   cs, sn) {
    cs = cos(ang); sn = sin(ang)
    CX[k, 1] = x + a * cs - b * sn; CY[k, 1] = y + a * sn + b * cs
    CX[k, 2] = x + c * cs - b * sn; CY[k, 2] = y + c * sn + b * cs
    CX[k, 3] = x + c * cs - d * sn; CY[k, 3] = y + c * sn + d * cs
    CX[k, 4] = x + a * cs - d * sn; CY[k, 4] = y + a * sn + d * cs
}

# Boxes I and J overlap: no separating axis among their edges' normals.
function overlap(i, j,   k, e, nx, ny, lo1, hi1, lo2, hi2, p, q, v) {
    for (k = 0; k < 2; k++) for (e = 1; e <= 2; e++) {
        p = k ? j : i
        nx = -(CY[p, e + 1] - CY[p, e]); ny = CX[p, e + 1] - CX[p, e]
        lo1 = hi1 = ""; lo2 = hi2 = ""
        for (q = 1; q <= 4; q++) {
            v = CX[i, q] * nx + CY[i, q] * ny
            if (lo1 == "" || v < lo1) lo1 = v; if (hi1 == "" || v > hi1) hi1 = v
            v = CX[j, q] * nx + CY[j, q] * ny
            if (lo2 == "" || v < lo2) lo2 = v; if (hi2 == "" || v > hi2) hi2 = v
        }
        if (hi1 <= lo2 || hi2 <= lo1) return 0
    }
    return 1
}

END {
    if (n == 0 || W == "") { print "svg-labels.awk: " FILENAME ": no text or no canvas size" > "/dev/stderr"; exit 2 }
    bad = 0
    for (i = 1; i <= n; i++) print "text\t" T[i]
    if (W > maxw) { print "wide\t" W; bad = 1 }
    for (i = 1; i <= n; i++) {
        if (F[i] < min) { print "small\t" F[i] "\t" T[i]; bad = 1 }
        for (q = 1; q <= 4; q++)
            if (CX[i, q] < 0 || CX[i, q] > W || CY[i, q] < 0 || CY[i, q] > H) { print "outside\t" T[i]; bad = 1; break }
        for (j = i + 1; j <= n; j++)
            if (overlap(i, j)) { print "overlap\t" T[i] "\t" T[j]; bad = 1 }
    }
    exit bad
}
