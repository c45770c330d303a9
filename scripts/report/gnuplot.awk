# report/gnuplot.awk -- writing one chart: a gnuplot script NAME.gp and its
# data NAME.dat, which scripts/report/charts.sh turns into NAME.svg.
#
# Part of ngcc-perf.  Included with -f by the programs that draw charts
# (report/charts.awk, report/compare.awk, report/ratio.awk).  POSIX awk,
# LC_ALL=C.
#
# Every chart has the same frame, so that a test can map a point of the
# SVG back to its value: a GP_W × GP_H canvas with the plot area between
# the screen fractions GP_L..GP_R (x) and GP_B..GP_T (y), and explicit
# ranges ("set xrange", "set yrange", logarithmic where "set logscale" says
# so).  Each data point is a hypertext label whose text ends in its value
# ("<what>: <value> <unit>"); report/charts.sh turns those into SVG
# <title> elements, which browsers show as tooltips.
#
# Use: gp_begin(DIR, NAME, TITLE, WIDTH); gp_data(line) for each
# tab-separated data line (gp_block() between data sets, addressed as
# "index N"); gp_cmd(text) for settings; gp_plot(clauses); gp_end().

BEGIN {
    GP_H = 440
    GP_L = 0.12; GP_R = 0.96; GP_B = 0.30; GP_T = 0.90
    GP_PALETTE = "#1f77b4 #d95f02 #1b9e77 #7570b3 #e7298a #66a61e #e6ab02 #a6761d #666666"
}

function gp_begin(dir, name, title, width) {
    GP_NAME = name
    GP_DAT = dir "/" name ".dat"
    GP_SCRIPT = dir "/" name ".gp"
    GP_W = width < 720 ? 720 : width
    GP_H = 440
    GP_L = 0.12; GP_R = 0.96; GP_B = 0.30; GP_T = 0.90
    GP_KEY = "set key at screen 0.5, screen 0.985 center top horizontal"
    GP_BLOCKS = 0
    GP_TITLE = title
    GP_CMDS = ""
    printf "" > GP_DAT
}

# The frame in pixels: a W × H canvas, the plot area LPX, RPX, BPX, TPX
# pixels in from the left, right, bottom and top edges.
function gp_frame(w, h, lpx, rpx, bpx, tpx) {
    GP_W = w; GP_H = h
    GP_L = lpx / w; GP_R = 1 - rpx / w; GP_B = bpx / h; GP_T = 1 - tpx / h
}

# The settings that open the script, written by gp_end (the frame is
# final by then).
function gp_header(   t) {
    t = "# " GP_NAME ".gp -- written by ngcc-report from the evidence; gnuplot " GP_NAME ".gp writes " GP_NAME ".svg\n"
    t = t "set terminal svg size " GP_W "," GP_H " fixed noenhanced font \"sans,11\" background \"#ffffff\"\n"
    t = t "set output " gp_str(GP_NAME ".svg") "\n"
    t = t "set datafile separator \"\\t\"\n"
    t = t "set lmargin at screen " gp_frac(GP_L) "\n"
    t = t "set rmargin at screen " gp_frac(GP_R) "\n"
    t = t "set bmargin at screen " gp_frac(GP_B) "\n"
    t = t "set tmargin at screen " gp_frac(GP_T) "\n"
    t = t "# " GP_TITLE "\n"
    t = t GP_KEY "\n"
    t = t "set grid ytics lc rgb \"#dddddd\"\n"
    t = t "set border 3\n"
    t = t "set tics nomirror\n"
    return t
}

function gp_frac(f) { return sprintf("%.6g", f) }

function gp_cmd(text) { GP_CMDS = GP_CMDS text "\n" }

function gp_data(line) { print line > GP_DAT }

# The next data set: two blank lines.
function gp_block() { printf "\n\n" > GP_DAT; GP_BLOCKS++ }

function gp_plot(clauses) { gp_cmd("plot " clauses) }

function gp_end() {
    close(GP_DAT)
    printf "%s%s", gp_header(), GP_CMDS > GP_SCRIPT
    close(GP_SCRIPT)
}

# A string as gnuplot reads it: single-quoted, where only a quote is
# special (doubled) and no `command` is substituted (it would be in double
# quotes); the terminal is noenhanced.
function gp_str(s) {
    gsub(/'/, "''", s)
    return "'" s "'"
}

# Text in a data column (hypertext or a visible label): no tab, no
# newline, and typographic quotes for ' and " (gnuplot puts hypertext
# into a quoted attribute without escaping them).
function gp_text(s) { gsub(/[\t\n]/, " ", s); gsub(/'/, "’", s); gsub(/"/, "”", s); return s }

# A value as the data file and the hypertext give it: full precision.
function gp_num(x) { return sprintf("%.10g", x) }

# A logarithmic range around [LO, HI]: whole decades.
function gp_logrange(lo, hi,   a, b) {
    a = int(log(lo) / log(10) + 100) - 100
    b = int(log(hi) / log(10) + 100) - 100
    if (10 ^ b < hi * 0.999999) b++
    if (b <= a) b = a + 1
    return "[" sprintf("%g", 10 ^ a) ":" sprintf("%g", 10 ^ b) "]"
}

# The Nth colour of the palette (cycling).
# The colour of the N-th operation of a kind: by position, not by name.
function gp_op_color(n) { return gp_palette(n) }

function gp_palette(n,   c, m) {
    m = split(GP_PALETTE, c, " ")
    return c[(n - 1) % m + 1]
}

# The ratio chart of N records: RL[i] the category (instance and
# operation, one row each from the top), RV[i] the ratio, RU[i] its
# uncertainty ("" for none), RT[i] the point's text; a logarithmic x axis
# around 1, a vertical line at 1, error bars where known; the height
# grows with the rows, the width stays 720 px.
function gp_ratio_chart(dir, name, title, n, RL, RV, RU, RT, xlabel,   i, lo, hi, pos, bars, plot, a, b, m, w) {
    gp_begin(dir, name, title, 0)
    lo = 1; hi = 1; bars = 0; m = 0
    for (i = 1; i <= n; i++) {
        pos[i] = i
        a = RV[i]; b = RV[i]
        if (RU[i] != "") { a = RV[i] - RU[i]; b = RV[i] + RU[i]; bars++ }
        if (a <= 0) a = RV[i] / 2
        if (a < lo) lo = a
        if (b > hi) hi = b
        w = gp_textw(RL[i], 9); if (w > m) m = w
        gp_data(i "\t" gp_num(RV[i]) "\t" gp_num(RU[i] == "" ? RV[i] : a) "\t" gp_num(RU[i] == "" ? RV[i] : b) "\t" gp_text(RT[i]))
    }
    gp_frame(720, 30 + 54 + (n < 5 ? 70 : 14 * n), int(m + 24), 24, 54, 30)
    GP_KEY = "set key at screen 0.5, screen " gp_frac(1 - 4 / GP_H) " center top horizontal"
    gp_cmd("unset grid")
    gp_cmd("set grid xtics lc rgb \"#dddddd\"")
    gp_cmd("set logscale x")
    gp_cmd("set xrange " gp_logrange(lo / 1.05, hi * 1.05))
    gp_cmd("set format x \"%g\"")
    gp_cmd("set yrange [" n + 0.5 ":0.5]")
    gp_cmd("set xlabel " gp_str(xlabel))
    gp_cmd(gp_ytics(RL, pos, n))
    gp_cmd("set arrow from first 1, graph 0 to first 1, graph 1 nohead lw 1.5 lc rgb \"#555555\"")
    plot = ""
    if (bars) plot = gp_str(name ".dat") " using 2:1:3:4 with xerrorbars pt -1 lc rgb \"#888888\" title \"uncertainty\", "
    gp_plot(plot gp_str(name ".dat") " using 2:1:5 with labels hypertext point pt 7 ps 1 lc rgb \"#1f77b4\" title \"ratio\"")
    gp_end()
}

# ---- text extents and free room (pixels, y down from the canvas's top) ----
# A label's width is estimated from its characters' advances in font
# sizes, those of DejaVu Sans (the "sans" of Debian) rounded up: capitals
# 0.72 (I 0.30, M and W 1.0), digits 0.64, small letters 0.62 (i, j, l
# 0.28; f, r, t 0.42; m, w 0.98), the hyphen 0.37, a space or a stop 0.32,
# anything else (bytes of UTF-8 too, so a wide glyph is counted more than
# once) 0.72; tests/report/svg-labels.awk estimates the same way.

function gp_textw(s, fs,   i, c, w) {
    w = 0
    for (i = 1; i <= length(s); i++) {
        c = substr(s, i, 1)
        if (c ~ /[MW]/) w += 1.0
        else if (c == "I") w += 0.30
        else if (c ~ /[A-Z]/) w += 0.72
        else if (c ~ /[0-9]/) w += 0.64
        else if (c ~ /[ijl]/) w += 0.28
        else if (c ~ /[frt]/) w += 0.42
        else if (c ~ /[mw]/) w += 0.98
        else if (c ~ /[a-z]/) w += 0.62
        else if (c == "-") w += 0.37
        else if (c ~ /[ .,:]/) w += 0.32
        else w += 0.72
    }
    return w * fs
}

# The pixel of value V on the x axis and on the y axis (from the top) of
# the current frame, for the range LO..HI, logarithmic when LOGF.
function gp_px(v, lo, hi, logf) { return GP_W * (GP_L + gp_axfrac(v, lo, hi, logf) * (GP_R - GP_L)) }
function gp_py(v, lo, hi, logf) { return GP_H * (1 - GP_B - gp_axfrac(v, lo, hi, logf) * (GP_T - GP_B)) }
function gp_axfrac(v, lo, hi, logf) {
    if (logf) return (log(v) - log(lo)) / (log(hi) - log(lo))
    return (v - lo) / (hi - lo)
}
# The bounds of a logarithmic range "[a:b]" of gp_logrange.
function gp_range_lo(r) { sub(/^\[/, "", r); sub(/:.*/, "", r); return r + 0 }
function gp_range_hi(r) { sub(/.*:/, "", r); sub(/\]$/, "", r); return r + 0 }

# Occupied rectangles: gp_room_clear(), gp_room_take(x0, y0, x1, y1),
# gp_room_free(x0, y0, x1, y1): 1 when the rectangle lies inside the plot
# area and overlaps none taken.
function gp_room_clear() { GP_NROOM = 0 }
function gp_room_take(x0, y0, x1, y1) {
    GP_NROOM++; RX0[GP_NROOM] = x0; RY0[GP_NROOM] = y0; RX1[GP_NROOM] = x1; RY1[GP_NROOM] = y1
}
function gp_room_free(x0, y0, x1, y1,   i) {
    if (x0 < GP_W * GP_L + 2 || x1 > GP_W * GP_R - 2 || y0 < GP_H * (1 - GP_T) + 2 || y1 > GP_H * (1 - GP_B) - 2) return 0
    for (i = 1; i <= GP_NROOM; i++)
        if (x0 < RX1[i] && RX0[i] < x1 && y0 < RY1[i] && RY0[i] < y1) return 0
    return 1
}

# The y tics of a category axis drawn across (rows from the top).
function gp_ytics(labels, pos, n,   i, t) {
    t = ""
    for (i = 1; i <= n; i++) t = t (i > 1 ? ", " : "") gp_str(labels[i]) " " pos[i]
    return "set ytics (" t ") font \",9\""
}
