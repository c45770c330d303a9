# report/charts.awk -- the charts of one system, as gnuplot scripts and
# data under OUTDIR/charts/ (doc/report-html.md, "Charts"), and the list
# of the charts each page shows (OUTDIR/charts/pages.tsv: page, chart,
# caption, and the anchor of the section that shows it, when not after
# the page's title).
#
# Part of ngcc-perf.  Run by scripts/ngcc-report as
#   awk -f report/format.awk -f report/markup.awk -f report/evidence.awk \
#       -f report/gnuplot.awk -f report/charts.awk ROWS
# then scripts/report/charts.sh renders every NAME.gp into NAME.svg.
#
# Charts: cycles (mean cycles of every instance and operation, log scale,
# one row per instance grouped by candidate, the yardstick's rows as
# reference lines named in lanes above the plot), shares (the hash-helper
# and DRNG shares as stacked horizontal bars, one named row per instance
# and operation), rss and sizes (peak RSS, and the curated sizes summed,
# against the cycles of all the kind's operations summed, one point per
# instance, named where there is room, else numbered with a legend); for
# the summary all schemes of each kind of the system, a set per kind
# (the kind table's first kind's cycles, shares, rss, sizes; another's
# prefixed with its name, sig-cycles, ...), shown in the kind's section
# when the system has several; for each candidate page its own
# (cycles-<id>, shares-<id>) of its kind's operations.  The heights grow with the rows, the widths stay within
# the page's column; every label's place is decided here from the frame's
# pixels (report/gnuplot.awk), not left to gnuplot.  Only figures of
# records with status ok are drawn; a chart with none is left out.

END {
    if (FAILED) exit 1
    index_evidence()
    CHART_DIR = outdir "/charts"
    PAGES_TSV = CHART_DIR "/pages.tsv"
    printf "" > PAGES_TSV
    unit = cycles_unit()
    # No chart wider than the page's column on a desktop (doc/report-html.md),
    # so that it is shown at its own size.
    CHART_MAX_W = 1100
    # One set of summary charts per kind, each of the kind's own schemes,
    # operations and yardstick, named after the kind (sig-cycles) but for
    # the kind table's first (the KEM's cycles, as ever); on a system of
    # several kinds each set is shown in its kind's section.
    for (kk = 1; kk <= NKINDS; kk++) {
        kind_use(KINDS[kk])
        NSORTED = kind_ids(KIND, SORTED)
        summary_charts(KIND == ROWKEY["kind", 1] ? "" : KIND "-", NKINDS > 1 ? slug(K(KIND, "heading")) : "", unit)
    }
    # A candidate's own charts, of its kind's operations and yardstick.
    for (c = 1; c <= NIDS; c++) {
        kind_use(id_kind(IDS[c]))
        one[1] = IDS[c]
        if (per_input()) {
            if (cpb_chart("cpb-" IDS[c], one, 1, unit)) chart_on(IDS[c], "cpb-" IDS[c], cpb_caption(IDS[c]))
            continue
        }
        if (cycles_chart("cycles-" IDS[c], one, 1, unit))
            chart_on(IDS[c], "cycles-" IDS[c], "Mean " unit " per operation, log scale" \
                     (IDS[c] != OWN_ID && (OWN_ID in NLABELS) ? "; dashed: the package's " OWN_NAME : ""))
        if (shares_chart("shares-" IDS[c], one, 1))
            chart_on(IDS[c], "shares-" IDS[c], "Share of each operation in the hash functions and the DRNG")
    }
    close(PAGES_TSV)
}

# The summary's charts of the kind in use, its schemes SORTED[1..NSORTED]:
# named PREFIX CHART, shown in the section SECTION ("": after the title).
function summary_charts(prefix, section, unit,   opsum, sizesum) {
    # A kind over message sizes: cycles per byte against the size instead
    # (its shares and sizes against the cycles of every size summed mean little).
    if (per_input()) {
        if (cpb_chart(prefix "cpb", SORTED, NSORTED, unit))
            chart_on("summary", prefix "cpb", cpb_caption(0), section)
        if (scatter_chart(prefix "rss", 1, SORTED, NSORTED, "peak RSS (bytes)", unit))
            chart_on("summary", prefix "rss", "Peak RSS against the " unit " of " ops_text(" + ") ", one point per instance", section)
        return
    }
    if (cycles_chart(prefix "cycles", SORTED, NSORTED, unit))
        chart_on("summary", prefix "cycles", "Mean " unit " per operation, log scale" \
                 ((OWN_ID in NLABELS) ? "; dashed: the package's " OWN_NAME : ""), section)
    if (shares_chart(prefix "shares", SORTED, NSORTED))
        chart_on("summary", prefix "shares", "Share of each operation in the hash functions and the DRNG", section)
    opsum = ops_text(" + "); sizesum = curated_text(" + ")
    if (scatter_chart(prefix "rss", 1, SORTED, NSORTED, "peak RSS (bytes)", unit))
        chart_on("summary", prefix "rss", "Peak RSS against the " unit " of " opsum ", one point per instance", section)
    if (scatter_chart(prefix "sizes", 0, SORTED, NSORTED, sizesum " (bytes)", unit))
        chart_on("summary", prefix "sizes", toupper(substr(sizesum, 1, 1)) substr(sizesum, 2) " against the " unit " of " opsum ", one point per instance", section)
}

# A line of pages.tsv: the page, the chart, its caption, and when the
# chart goes in a section of the page rather than after its title, the
# section's anchor.
function chart_on(page, chart, caption, section) {
    print page "\t" chart "\t" caption (section != "" ? "\t" section : "") > PAGES_TSV
}

# The words of the kind in the charts' titles on a system of several kinds
# (" of digital signatures"), "" on a system of one.
function kind_title() { return NKINDS > 1 ? " of " tolower(K(KIND, "heading")) : "" }

# The unit of the cycles: the counter's, when every ok record has one.
function cycles_unit(   k, key, u, t) {
    u = ""
    for (k = 1; k <= NROWS["record"]; k++) {
        key = ROWKEY["record", k]
        if (V["record", key, "status"] != "ok") continue
        t = V["record", key, "counter.unit"]
        if (u == "") u = t
        else if (t != u) return "cycles or ticks"
    }
    return u == "" || isnull(u) ? "cycles" : u
}

function ok(id, label, op) { return R(id, label, op, "present") == "1" && R(id, label, op, "status") == "ok" }

# The instances of the schemes IDS[1..N] as rows from the top, PER rows
# per instance (one per operation for the shares, then labelled "LABEL
# OP"), and when N > 1 a heading row with the scheme's id above each
# scheme's rows, a separator line above it: POS[id, label] the instance's
# first row, the tics in TL[]/TP[] (count NT); returns the rows' count.
function lay_rows(ids, n, pos, per,   i, k, o, y, id) {
    y = 0; NT = 0
    delete TL; delete TP
    for (i = 1; i <= n; i++) {
        id = ids[i]
        if (n > 1) {
            y++
            if (i > 1) gp_cmd("set arrow from graph 0, first " y - 0.5 " to graph 1, first " y - 0.5 " nohead lc rgb \"#bbbbbb\"")
            gp_cmd("set label " gp_str(id) " at graph 0.008, first " y " left font \",9\" tc rgb \"#555555\"")
        }
        for (k = 1; k <= NLABELS[id]; k++) {
            pos[id, LABELS[id, k]] = y + 1
            for (o = 1; o <= per; o++) { TL[++NT] = LABELS[id, k] (per > 1 ? " " OPS[o] : ""); TP[NT] = ++y }
        }
    }
    return y
}

# The left margin that holds the widest tic label of TL[1..NT] (font 9).
function tics_margin(   i, w, m) {
    m = 0
    for (i = 1; i <= NT; i++) { w = gp_textw(TL[i], 9); if (w > m) m = w }
    return int(m + 24)
}

# The cycles: one row per instance (grouped by candidate), the mean of
# each operation a point on a logarithmic x axis, one colour per
# operation; the yardstick's records as vertical dashed lines, each named
# once above the plot, in lanes chosen so that no two names overlap and
# no line crosses another's name.
function cycles_chart(name, ids, n, unit,   i, k, o, id, label, op, rows, pos, lo, hi, v, any, plot, nr, rv, rt, rc, lane, nl, r, top, w, h, lpx, xr) {
    any = 0
    for (i = 1; i <= n; i++) for (k = 1; k <= NLABELS[ids[i]]; k++) for (o = 1; o <= NOPS; o++)
        if (ok(ids[i], LABELS[ids[i], k], OPS[o])) any = 1
    if (!any) return 0
    gp_begin(CHART_DIR, name, "Mean " unit " per operation" kind_title() " (system " sysid ")", 0)
    rows = lay_rows(ids, n, pos, 1)
    lo = ""; hi = ""
    # The data: one set per operation.
    for (o = 1; o <= NOPS; o++) {
        op = OPS[o]
        if (o > 1) gp_block()
        for (i = 1; i <= n; i++) {
            id = ids[i]
            for (k = 1; k <= NLABELS[id]; k++) {
                label = LABELS[id, k]
                if (!ok(id, label, op)) continue
                v = R(id, label, op, "stats.mean_ticks") + 0
                if (v <= 0) continue
                if (lo == "" || v < lo) lo = v
                if (hi == "" || v > hi) hi = v
                gp_data(gp_num(v) "\t" gp_num(pos[id, label] + (o - (NOPS + 1) / 2) * 0.25) "\t" gp_text(id " " label " " op ": " gp_num(v) " " unit))
            }
        }
    }
    # The package's yardstick as reference lines on the other schemes' charts.
    nr = 0
    if (!(n == 1 && ids[1] == OWN_ID) && (OWN_ID in NLABELS)) {
        for (k = 1; k <= NLABELS[OWN_ID]; k++) for (o = 1; o <= NOPS; o++) {
            label = LABELS[OWN_ID, k]; op = OPS[o]
            if (!ok(OWN_ID, label, op)) continue
            v = R(OWN_ID, label, op, "stats.mean_ticks") + 0
            if (v <= 0) continue
            if (lo == "" || v < lo) lo = v
            if (hi == "" || v > hi) hi = v
            rv[++nr] = v; rt[nr] = label " " op; rc[nr] = gp_op_color(o)
        }
    }
    if (lo == "") { gp_end(); return 0 }
    xr = gp_logrange(lo, hi)
    lpx = tics_margin()
    w = lpx + 560
    if (w < 720) w = 720
    if (w > CHART_MAX_W) w = CHART_MAX_W
    # Frame first with no lanes, to know the lines' pixels; then the lanes.
    gp_frame(w, 100, lpx, 24, 54, 30)
    nl = ref_lanes(nr, rv, rt, xr, lane)
    top = 30 + 12 * nl + (nl ? 6 : 0)
    h = top + 54 + (rows < 4 ? 72 : 18 * rows)
    gp_frame(w, h, lpx, 24, 54, top)
    GP_KEY = "set key at screen 0.5, screen " gp_frac(1 - 4 / h) " center top horizontal"
    for (r = 1; r <= nr; r++) {
        gp_cmd("set arrow from first " gp_num(rv[r]) ", graph 0 to first " gp_num(rv[r]) ", screen " gp_frac(1 - (top - 9 - 12 * lane[r] + 5) / h) " nohead dt 2 lw 1 lc rgb \"" rc[r] "\"")
        gp_cmd("set label " gp_str(rt[r]) " at first " gp_num(rv[r]) ", screen " gp_frac(1 - (top - 9 - 12 * lane[r]) / h) " " LANE_JUST[r] " font \",9\" tc rgb \"" rc[r] "\"")
    }
    gp_cmd("unset grid")
    gp_cmd("set grid xtics lc rgb \"#dddddd\"")
    gp_cmd("set logscale x")
    gp_cmd("set xrange " xr)
    gp_cmd("set format x \"%.0s %c\"")
    gp_cmd("set yrange [" rows + 0.5 ":0.5]")
    gp_cmd("set xlabel " gp_str("mean " unit))
    gp_cmd(gp_ytics(TL, TP, NT))
    plot = ""
    for (o = 1; o <= NOPS; o++)
        plot = plot (o > 1 ? ", " : "") gp_str(name ".dat") " index " o - 1 " using 1:2:3 with labels hypertext point pt 7 ps 0.9 lc rgb \"" gp_op_color(o) "\" title \"" OPS[o] "\""
    gp_plot(plot)
    gp_end()
    return 1
}

# The lanes of the names of N vertical lines at RV[] (texts RT[]) above
# the plot of the current frame, x range XR (logarithmic): LANE[r] (0 the
# nearest to the plot) and LANE_JUST[r] (left: the name starts at its
# line; right: it ends there, near the right edge); returns the lanes'
# count.  From the right, a name goes in the first lane where it overlaps
# no other name, no line rising past it crosses it and its own line
# crosses no name below (lane_ok); when no lane allows that, in the first
# where it overlaps no name.
function ref_lanes(n, rv, rt, xr, lane,   r, q, j, x, a, b, okl, nl, ord, t, p, lo, hi, L0, L1, LX) {
    lo = gp_range_lo(xr); hi = gp_range_hi(xr)
    for (r = 1; r <= n; r++) ord[r] = r
    for (r = 2; r <= n; r++) for (q = r; q > 1 && rv[ord[q]] > rv[ord[q - 1]]; q--) { t = ord[q]; ord[q] = ord[q - 1]; ord[q - 1] = t }
    nl = 0
    for (q = 1; q <= n; q++) {
        r = ord[q]
        x = gp_px(rv[r], lo, hi, 1)
        LANE_JUST[r] = "left"; a = x; b = x + gp_textw(rt[r], 9) + 3
        if (b > GP_W - 4) { LANE_JUST[r] = "right"; a = x - gp_textw(rt[r], 9) - 3; b = x }
        # Every rule in the first n lanes, else only the names apart.
        for (j = 0; j <= n; j++) if (lane_ok(q, j, a, b, x, ord, lane, L0, L1, LX, 1)) break
        if (j > n) for (j = 0; !lane_ok(q, j, a, b, x, ord, lane, L0, L1, LX, 0); j++) ;
        lane[r] = j; L0[r] = a; L1[r] = b; LX[r] = x
        if (j + 1 > nl) nl = j + 1
    }
    return nl
}

# The shares: one horizontal bar per instance and operation (grouped by
# candidate, each bar named), the hash share from 0, the DRNG's after it.
function shares_chart(name, ids, n,   i, k, o, id, label, op, y, h, d, any, rows, pos, lpx) {
    any = 0
    for (i = 1; i <= n; i++) for (k = 1; k <= NLABELS[ids[i]]; k++) for (o = 1; o <= NOPS; o++)
        if (P(ids[i], LABELS[ids[i], k], OPS[o], "status") == "ok") any = 1
    if (!any) return 0
    gp_begin(CHART_DIR, name, "Share of each operation in the hash functions and the DRNG" kind_title() " (system " sysid ")", 0)
    rows = lay_rows(ids, n, pos, NOPS)
    for (i = 1; i <= n; i++) {
        id = ids[i]
        for (k = 1; k <= NLABELS[id]; k++) for (o = 1; o <= NOPS; o++) {
            label = LABELS[id, k]; op = OPS[o]
            y = pos[id, label] + o - 1
            if (P(id, label, op, "status") != "ok") continue
            h = 100 * P(id, label, op, "hash_share"); d = 100 * P(id, label, op, "drng_share")
            gp_data(y "\t" gp_num(h) "\t" gp_num(h + d) \
                    "\t" gp_text(id " " label " " op ": hash " gp_num(h) " %") \
                    "\t" gp_text(id " " label " " op ": DRNG " gp_num(d) " %"))
        }
    }
    lpx = tics_margin()
    gp_frame(lpx + 520 < 720 ? 720 : lpx + 520, 30 + 54 + (rows < 5 ? 70 : 14 * rows), lpx, 24, 54, 30)
    GP_KEY = "set key at screen 0.5, screen " gp_frac(1 - 4 / GP_H) " center top horizontal"
    gp_cmd("unset grid")
    gp_cmd("set grid xtics lc rgb \"#dddddd\"")
    gp_cmd("set xrange [0:100]")
    gp_cmd("set yrange [" rows + 0.5 ":0.5]")
    gp_cmd("set xlabel \"% of the operation\"")
    gp_cmd(gp_ytics(TL, TP, NT))
    gp_cmd("set style fill solid 0.85 noborder")
    gp_plot(gp_str(name ".dat") " using 2:1:(0):2:($1-0.38):($1+0.38) with boxxyerror lc rgb \"#4c72b0\" title \"hash functions\", " \
            "\"\" using 3:1:2:3:($1-0.38):($1+0.38) with boxxyerror lc rgb \"#dd8452\" title \"DRNG\", " \
            "\"\" using 2:1:4 with labels hypertext point pt 7 ps 0.35 lc rgb \"#1b1b1b\" notitle, " \
            "\"\" using 3:1:5 with labels hypertext point pt 7 ps 0.35 lc rgb \"#1b1b1b\" notitle")
    gp_end()
    return 1
}

# The cycles of all the operations of an instance summed, or "" when one
# of them has no figure.
function exchange_cycles(id, label,   o, s) {
    s = 0
    for (o = 1; o <= NOPS; o++) {
        if (!ok(id, label, OPS[o])) return ""
        s += R(id, label, OPS[o], "stats.mean_ticks")
    }
    return s
}

# Peak RSS of an instance: the largest of its records'.
function peak_rss(id, label,   o, v, m) {
    m = ""
    for (o = 1; o <= NOPS; o++) {
        v = R(id, label, OPS[o], "memory.peak_rss_bytes")
        if (isnull(v) || v == "") continue
        if (m == "" || v + 0 > m + 0) m = v + 0
    }
    return m
}

# The curated sizes summed: the size catalog's, else the getters'.
function curated_sum(id, label,   c, v, sum) {
    sum = 0
    for (c = 1; c <= NCURATED; c++) {
        v = catalog_has(id, label) ? CAT_SIZE[CURATED[c], id, label] : I(id, label, "sizes." CURATED[c])
        if (isnull(v) || v == "") return ""
        sum += v
    }
    return sum
}

# A scatter of one point per instance, log-log, one colour per
# candidate (the key in a column on the right): y its peak RSS (RSS 1)
# or its curated sizes summed (0).  Each point is named
# where there is room: its label beside it (right, left, above, below or
# a corner), else a number beside it and "number id label" in a legend
# under the chart; rooms are decided here from the points' pixels, so no
# two names overlap and none covers a point.
function scatter_chart(name, rss, ids, n, what, unit,   i, k, id, label, c, y, xlo, xhi, ylo, yhi, plot, np, first, m, PXV, PYV, PCOL, PNAME, PLAB, xr, yr, px, py, j, nn, leg, nleg, colw, cols, lrows, h, tx, ty) {
    np = 0; m = 0
    gp_begin(CHART_DIR, name, what " against " unit kind_title() " (system " sysid ")", 0)
    plot = ""
    for (i = 1; i <= n; i++) {
        id = ids[i]
        first = 1
        for (k = 1; k <= NLABELS[id]; k++) {
            label = LABELS[id, k]
            if (buildfail(id, label)) continue
            c = exchange_cycles(id, label)
            y = rss ? peak_rss(id, label) : curated_sum(id, label)
            if (c == "" || y == "" || c <= 0 || y <= 0) continue
            if (first) {
                if (np) gp_block()
                plot = plot (plot != "" ? ", " : "") gp_str(name ".dat") " index " np " using 1:2:3 with labels hypertext point pt 7 ps 1 lc rgb \"" gp_palette(np + 1) "\" title " gp_str(id)
                np++; first = 0
            }
            if (xlo == "" || c < xlo) xlo = c
            if (xhi == "" || c > xhi) xhi = c
            if (ylo == "" || y < ylo) ylo = y
            if (yhi == "" || y > yhi) yhi = y
            PXV[++m] = c; PYV[m] = y; PCOL[m] = gp_palette(np); PNAME[m] = id " " label; PLAB[m] = label
            gp_data(gp_num(c) "\t" gp_num(y) "\t" gp_text(id " " label ": " gp_num(c) " " unit ", " gp_num(y) " bytes") "\t" gp_text(label))
        }
    }
    if (np == 0) { gp_end(); return 0 }
    xr = gp_logrange(xlo, xhi * 3); yr = gp_logrange(ylo, yhi)
    # Within a decade or two, a range just around the points (more room
    # between them for their names).
    if (yhi / ylo < 20) { yr = "[" gp_num(ylo / 1.4) ":" gp_num(yhi * 1.4) "]"; gp_cmd(narrow_tics("y", ylo / 1.4, yhi * 1.4)) }
    # The frame: 330 px of plot; under it the tics, the axis's name and
    # the legend of the numbered points (known only after placing).
    gp_frame(720, 440, 86, 130, 90, 20)
    gp_room_clear()
    for (j = 1; j <= m; j++) {
        px[j] = gp_px(PXV[j], gp_range_lo(xr), gp_range_hi(xr), 1)
        py[j] = gp_py(PYV[j], gp_range_lo(yr), gp_range_hi(yr), 1)
        gp_room_take(px[j] - 5, py[j] - 5, px[j] + 5, py[j] + 5)
    }
    nleg = 0
    for (j = 1; j <= m; j++) {
        if (place_label(px[j], py[j], gp_text(PLAB[j]), PCOL[j], 44)) { PL_PX[NPLACED] = px[j]; PL_PY[NPLACED] = py[j]; continue }
        leg[++nleg] = nleg " " PNAME[j]
        if (place_label(px[j], py[j], nleg "", PCOL[j], 92)) { PL_PX[NPLACED] = px[j]; PL_PY[NPLACED] = py[j] }
        else leg[nleg] = nleg " " PNAME[j] " (not marked: no room)"
    }
    # The legend: columns of "N id label" (font 9), under the axis's name.
    colw = 0
    for (j = 1; j <= nleg; j++) if (gp_textw(gp_text(leg[j]), 9) + 18 > colw) colw = gp_textw(gp_text(leg[j]), 9) + 18
    cols = nleg ? int((720 - 40) / colw) : 1
    if (cols < 1) cols = 1
    lrows = nleg ? int((nleg + cols - 1) / cols) : 0
    h = 440 + (lrows ? 12 + 13 * lrows : 0)
    # The same plot area on the taller canvas (the labels were placed on it).
    gp_frame(720, h, 86, 130, 90 + h - 440, 20)
    for (j = 1; j <= NPLACED; j++) {
        gp_cmd("set label " gp_str(PL_T[j]) " at screen " gp_frac(PL_X[j] / 720) ", screen " gp_frac(1 - PL_Y[j] / h) " left font \",9\" tc rgb \"" PL_C[j] "\"")
        if (PL_LX[j] != "")
            gp_cmd("set arrow from screen " gp_frac(PL_PX[j] / 720) ", screen " gp_frac(1 - PL_PY[j] / h) " to screen " gp_frac(PL_LX[j] / 720) ", screen " gp_frac(1 - PL_LY[j] / h) " nohead lw 0.5 lc rgb \"#aaaaaa\"")
    }
    NPLACED = 0
    for (j = 1; j <= nleg; j++) {
        tx = 20 + colw * ((j - 1) % cols); ty = 440 + 6 + 13 * int((j - 1) / cols)
        gp_cmd("set label " gp_str(gp_text(leg[j])) " at screen " gp_frac(tx / 720) ", screen " gp_frac(1 - ty / h) " left font \",9\" tc rgb \"#444444\"")
    }
    GP_KEY = "set key at screen " gp_frac(1 - 120 / 720) ", screen " gp_frac(1 - 20 / h) " left top vertical"
    gp_cmd("set logscale xy")
    gp_cmd("set xrange " xr)
    gp_cmd("set yrange " yr)
    gp_cmd("set xlabel " gp_str(unit " of " ops_text(" + ")))
    gp_cmd("set ylabel " gp_str(what))
    gp_cmd("set format x \"%.0s %c\"")
    gp_cmd("set format y \"%.0s %c\"")
    gp_cmd("set grid xtics ytics lc rgb \"#dddddd\"")
    gp_plot(plot)
    gp_end()
    return 1
}

# The name [A, B] of the Q-th line (at X) in lane J: overlapping no name
# placed before it in that lane, and when STRICT, crossing no line that
# rises past J, its line crossing no name of a lower lane.
function lane_ok(q, j, a, b, x, ord, lane, L0, L1, LX, strict,   t, p) {
    for (t = 1; t < q; t++) {
        p = ord[t]
        if (lane[p] == j && a < L1[p] + 4 && L0[p] < b + 4) return 0
        if (!strict) continue
        if (lane[p] >= j && LX[p] >= a - 2 && LX[p] <= b + 2) return 0
        if (lane[p] < j && x >= L0[p] - 2 && x <= L1[p] + 2) return 0
    }
    return 1
}

# Tics of a logarithmic axis over less than a few decades: at 1, 2 and 5
# times a power of ten, or finer when fewer than three of those fall in
# [LO, HI], labelled as "1.2 M".
function narrow_tics(ax, lo, hi,   mset, ms, k, i, v, t, nt, pass) {
    for (pass = 1; pass <= 2; pass++) {
        mset = pass == 1 ? "1 2 5" : "1 1.2 1.4 1.6 1.8 2 2.5 3 4 5 6 8"
        split(mset, ms, " ")
        t = ""; nt = 0
        for (k = int(log(lo) / log(10)) - 1; 10 ^ k <= hi; k++)
            for (i = 1; ms[i] != ""; i++) {
                v = ms[i] * 10 ^ k
                if (v < lo || v > hi) continue
                t = t (nt++ ? ", " : "") gp_str(si_text(v)) " " gp_num(v)
            }
        if (nt >= 3) break
    }
    return "set " ax "tics (" t ")"
}

# A value with an SI prefix: 1.2 M, 500 k, 3 G.
function si_text(v,   p, i) {
    split(" k M G T", p, " ")
    for (i = 0; v >= 1000 && i < 4; i++) v /= 1000
    return sprintf("%g", v) (i ? " " p[i] : "")
}

# Text T (font 9, colour COL) beside the point at pixel (X, Y) where the
# room is free: right, left, above, below, then the other directions of
# twelve, nearest first, further out in steps of 12 px up to DMAX (a thin
# grey line then leads from the point to the text); taken and kept in PL_*[1..NPLACED]
# (pixels, y from the top, the label's vertical middle; PL_LX, PL_LY the
# leader's end, "" for none).  1 placed, 0 no room.
function place_label(x, y, t, col, dmax,   w, hh, d, s, a, cx, cy, j, ex, ey, ord) {
    w = gp_textw(t, 9); hh = 6
    split("0 180 90 270 30 330 150 210 60 300 120 240", ord, " ")
    for (d = 8; d <= dmax; d += 12)
        for (s = 1; s <= 12; s++) {
            a = ord[s] * 3.14159265 / 180
            ex = x + d * cos(a); ey = y - d * sin(a)
            # The text on the side of the direction, its middle on the ray.
            cx = cos(a) > 0.2 ? ex : cos(a) < -0.2 ? ex - w : ex - w / 2
            cy = sin(a) > 0.2 ? ey - hh + 2 : sin(a) < -0.2 ? ey + hh - 2 : ey
            if (!gp_room_free(cx, cy - hh, cx + w, cy + hh)) continue
            gp_room_take(cx, cy - hh, cx + w, cy + hh)
            j = ++NPLACED
            PL_T[j] = t; PL_X[j] = cx; PL_Y[j] = cy; PL_C[j] = col
            PL_LX[j] = d > 8 ? ex : ""; PL_LY[j] = ey
            return 1
        }
    return 0
}

# ---- cycles per byte (a kind over message sizes, report/throughput.awk) ----

function cpb_caption(id) {
    return "Mean " CPB_UNIT " per byte against the message size, log scales, one line per instance" \
        (id != OWN_ID && (OWN_ID in NLABELS) ? "; dashed: the package's " OWN_NAME : "")
}

# Cycles per byte against the message size (log x and y): one line per
# instance of the schemes IDS[1..N], a colour each; the yardstick's
# instances dashed (also on a chart of one candidate); the key under the
# plot, in as many columns as the width holds, so that it grows with the
# instances.
function cpb_chart(name, ids, n, unit,   i, k, o, id, label, op, lo, hi, v, nl, LID, LLAB, ll, own, plot, w, colw, cols, rows, keyh, h, t, xt, b) {
    CPB_UNIT = unit
    nl = 0
    # The lines: the schemes' instances, then the yardstick's when it is
    # not among them.
    for (i = 1; i <= n; i++) if (ids[i] == OWN_ID) own = 1
    for (i = 1; i <= n + (!own && (OWN_ID in NLABELS)); i++) {
        id = i <= n ? ids[i] : OWN_ID
        for (k = 1; k <= NLABELS[id]; k++) {
            label = LABELS[id, k]
            for (o = 1; o <= NOPS; o++) if (tp_ok(id, label, OPS[o])) break
            if (o > NOPS) continue
            LID[++nl] = id; LLAB[nl] = label; LOWN[nl] = id == OWN_ID
        }
    }
    if (nl == 0) return 0
    gp_begin(CHART_DIR, name, "Mean " unit " per byte against the message size" kind_title() " (system " sysid ")", 0)
    lo = ""; hi = ""
    for (ll = 1; ll <= nl; ll++) {
        if (ll > 1) gp_block()
        for (o = 1; o <= NOPS; o++) {
            op = OPS[o]
            if (!tp_ok(LID[ll], LLAB[ll], op)) continue
            v = cpb_of(LID[ll], LLAB[ll], op)
            if (v <= 0) continue
            if (lo == "" || v < lo) lo = v
            if (hi == "" || v > hi) hi = v
            gp_data(input_of(op) "\t" gp_num(v) "\t" gp_text(LID[ll] " " LLAB[ll] " " op ": " gp_num(v) " " unit " per byte"))
        }
    }
    if (lo == "") { gp_end(); return 0 }
    # The key: an entry per line, sample and name (font 9).
    colw = 0
    for (ll = 1; ll <= nl; ll++) { t = cpb_title(ll, LID, LLAB, n); if (gp_textw(t, 9) + 60 > colw) colw = gp_textw(t, 9) + 60 }
    w = 720
    cols = int((w - 40) / colw); if (cols < 1) cols = 1
    rows = int((nl + cols - 1) / cols)
    keyh = 14 * rows + 10
    h = 30 + 300 + 54 + keyh
    gp_frame(w, h, 70, 24, 54 + keyh, 30)
    GP_KEY = "set key at screen 0.5, screen " gp_frac((keyh + 2) / h) " center top horizontal maxcols " cols " width 2 samplen 3 font \",9\""
    # The x tics: the sizes themselves.
    xt = ""
    for (o = 1; o <= NOPS; o++) {
        b = input_of(OPS[o])
        if (b > 0) xt = xt (xt != "" ? ", " : "") gp_str(b >= 1024 && b % 1024 == 0 ? (b / 1024) " Ki" : b "") " " b
    }
    gp_cmd("set xtics (" xt ")")
    gp_cmd("set grid xtics ytics lc rgb \"#dddddd\"")
    gp_cmd("set logscale xy")
    gp_cmd("set xrange [" cpb_xlo() ":" cpb_xhi() "]")
    gp_cmd("set yrange " gp_logrange(lo, hi))
    gp_cmd("set format y \"%g\"")
    gp_cmd("set xlabel \"message size (bytes)\"")
    gp_cmd("set ylabel " gp_str(unit " per byte"))
    plot = ""
    for (ll = 1; ll <= nl; ll++) {
        t = gp_palette(ll)
        plot = plot (ll > 1 ? ", " : "") gp_str(name ".dat") " index " ll - 1 " using 1:2 with lines lw 1.5 " \
            (LOWN[ll] ? "dt 2 " : "") "lc rgb \"" t "\" title " gp_str(cpb_title(ll, LID, LLAB, n)) \
            ", \"\" index " ll - 1 " using 1:2:3 with labels hypertext point pt 7 ps 0.6 lc rgb \"" t "\" notitle"
    }
    gp_plot(plot)
    gp_end()
    return 1
}

# The key's name of line L: its label, with its scheme's id on a chart of several.
function cpb_title(l, LID, LLAB, n) { return (n > 1 || LID[l] == OWN_ID ? LID[l] " " : "") LLAB[l] }

# The x range: the smallest and largest message, a little beyond.
function cpb_xlo(   o, m) { for (o = 1; o <= NOPS; o++) if (input_of(OPS[o]) > 0 && (m == "" || input_of(OPS[o]) < m)) m = input_of(OPS[o]); return gp_num(m / 1.5) }
function cpb_xhi(   o, m) { for (o = 1; o <= NOPS; o++) if (input_of(OPS[o]) > m) m = input_of(OPS[o]); return gp_num(m * 1.5) }
