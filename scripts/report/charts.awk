# report/charts.awk -- the charts of one system, as gnuplot scripts and
# data under OUTDIR/charts/ (doc/report-html.md, "Charts"), and the list
# of the charts each page shows (OUTDIR/charts/pages.tsv: page, chart,
# caption).
#
# Part of ngcc-perf.  Run by scripts/ngcc-report as
#   awk -f report/format.awk -f report/markup.awk -f report/evidence.awk \
#       -f report/gnuplot.awk -f report/charts.awk ROWS
# then scripts/report/charts.sh renders every NAME.gp into NAME.svg.
#
# Charts: cycles (mean cycles of every instance and operation, log scale,
# grouped by candidate, the yardstick's rows as reference lines), shares
# (the hash-helper and DRNG shares as stacked bars), rss and sizes (peak
# RSS, and the curated sizes summed, against the cycles of all the kind's
# operations summed, one point per instance); for the summary all schemes, for each
# candidate page its own (cycles-<id>, shares-<id>).  Only figures of
# records with status ok are drawn; a chart with none is left out.

END {
    if (FAILED) exit 1
    index_evidence()
    CHART_DIR = outdir "/charts"
    PAGES_TSV = CHART_DIR "/pages.tsv"
    printf "" > PAGES_TSV
    NSORTED = NIDS
    for (c = 1; c <= NIDS; c++) SORTED[c] = IDS[c]
    natsort(SORTED, NSORTED)
    unit = cycles_unit()
    if (cycles_chart("cycles", SORTED, NSORTED, unit))
        chart_on("summary", "cycles", "Mean " unit " per operation, log scale; dashed: the package's " OWN_NAME)
    if (shares_chart("shares", SORTED, NSORTED))
        chart_on("summary", "shares", "Share of each operation in the hash functions and the DRNG")
    opsum = ops_text(" + "); sizesum = curated_text(" + ")
    if (scatter_chart("rss", SORTED, NSORTED, "peak RSS (bytes)", unit))
        chart_on("summary", "rss", "Peak RSS against the " unit " of " opsum ", one point per instance")
    if (scatter_chart("sizes", SORTED, NSORTED, sizesum " (bytes)", unit))
        chart_on("summary", "sizes", toupper(substr(sizesum, 1, 1)) substr(sizesum, 2) " against the " unit " of " opsum ", one point per instance")
    for (c = 1; c <= NIDS; c++) {
        one[1] = IDS[c]
        if (cycles_chart("cycles-" IDS[c], one, 1, unit))
            chart_on(IDS[c], "cycles-" IDS[c], "Mean " unit " per operation, log scale" \
                     (IDS[c] != OWN_ID && (OWN_ID in NLABELS) ? "; dashed: the package's " OWN_NAME : ""))
        if (shares_chart("shares-" IDS[c], one, 1))
            chart_on(IDS[c], "shares-" IDS[c], "Share of each operation in the hash functions and the DRNG")
    }
    close(PAGES_TSV)
}

function chart_on(page, chart, caption) {
    print page "\t" chart "\t" caption > PAGES_TSV
}

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

# The instances of the schemes IDS[1..N] on one category axis, a gap
# between schemes: POS[id, label], and the tics in TL[]/TP[] (count NT);
# separators and scheme names as settings.
function lay_out(ids, n, pos,   i, k, x, id, first) {
    x = 0; NT = 0
    delete TL; delete TP
    for (i = 1; i <= n; i++) {
        id = ids[i]
        if (i > 1) { x++; gp_cmd("set arrow from first " x - 0.5 ", graph 0 to first " x - 0.5 ", graph 1 nohead lc rgb \"#bbbbbb\"") }
        first = x + 1
        for (k = 1; k <= NLABELS[id]; k++) {
            pos[id, LABELS[id, k]] = ++x
            TL[++NT] = LABELS[id, k]; TP[NT] = x
        }
        if (n > 1) gp_cmd("set label " gp_str(id) " at first " (first + x) / 2 ", graph 0.97 center font \",9\" tc rgb \"#555555\"")
    }
    return x
}

function cycles_chart(name, ids, n, unit,   i, k, o, id, label, op, x, pos, lo, hi, v, any, b, plot, refs, r) {
    any = 0
    for (i = 1; i <= n; i++) for (k = 1; k <= NLABELS[ids[i]]; k++) for (o = 1; o <= NOPS; o++)
        if (ok(ids[i], LABELS[ids[i], k], OPS[o])) any = 1
    if (!any) return 0
    gp_begin(CHART_DIR, name, "Mean " unit " per operation (system " sysid ")", 0)
    x = lay_out(ids, n, pos)
    gp_begin_width(x)
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
                gp_data(gp_num(pos[id, label] + (o - (NOPS + 1) / 2) * 0.22) "\t" gp_num(v) "\t" gp_text(id " " label " " op ": " gp_num(v) " " unit))
            }
        }
    }
    # The package's yardstick as reference lines on the other schemes' charts.
    refs = 0
    if (!(n == 1 && ids[1] == OWN_ID) && (OWN_ID in NLABELS)) {
        for (k = 1; k <= NLABELS[OWN_ID]; k++) for (o = 1; o <= NOPS; o++) {
            label = LABELS[OWN_ID, k]; op = OPS[o]
            if (!ok(OWN_ID, label, op)) continue
            v = R(OWN_ID, label, op, "stats.mean_ticks") + 0
            if (v <= 0) continue
            if (lo == "" || v < lo) lo = v
            if (hi == "" || v > hi) hi = v
            gp_cmd("set arrow from graph 0, first " gp_num(v) " to graph 1, first " gp_num(v) " nohead dt 2 lw 1 lc rgb \"" gp_op_color(o) "\"")
            gp_cmd("set label " gp_str(label " " op) " at graph 0.995, first " gp_num(v) " right offset 0,0.45 font \",8\" tc rgb \"" gp_op_color(o) "\"")
            refs++
        }
    }
    if (lo == "") { gp_end(); return 0 }
    gp_cmd("set logscale y")
    gp_cmd("set yrange " gp_logrange(lo, hi))
    gp_cmd("set format y \"%.0s %c\"")
    gp_cmd("set xrange [0.4:" x + 0.6 "]")
    gp_cmd("set ylabel " gp_str("mean " unit))
    gp_cmd(gp_xtics(TL, TP, NT))
    plot = ""
    for (o = 1; o <= NOPS; o++)
        plot = plot (o > 1 ? ", " : "") gp_str(name ".dat") " index " o - 1 " using 1:2:3 with labels hypertext point pt 7 ps 0.9 lc rgb \"" gp_op_color(o) "\" title \"" OPS[o] "\""
    gp_plot(plot)
    gp_end()
    return 1
}

# Wider canvases for many categories.
function gp_begin_width(ncat,   w) {
    w = 140 + 26 * ncat
    if (w > GP_W) { GP_W = w; sub(/size [0-9]+,/, "size " GP_W ",", GP_CMDS) }
}

function shares_chart(name, ids, n,   i, k, o, id, label, op, x, h, d, any, cl, cp, nc) {
    any = 0
    for (i = 1; i <= n; i++) for (k = 1; k <= NLABELS[ids[i]]; k++) for (o = 1; o <= NOPS; o++)
        if (P(ids[i], LABELS[ids[i], k], OPS[o], "status") == "ok") any = 1
    if (!any) return 0
    gp_begin(CHART_DIR, name, "Share of each operation in the hash functions and the DRNG (system " sysid ")", 0)
    x = 0; nc = 0
    for (i = 1; i <= n; i++) {
        id = ids[i]
        if (i > 1) x++
        for (k = 1; k <= NLABELS[id]; k++) for (o = 1; o <= NOPS; o++) {
            label = LABELS[id, k]; op = OPS[o]
            x++
            cl[++nc] = (n > 1 ? id " " : "") label " " op; cp[nc] = x
            if (P(id, label, op, "status") != "ok") continue
            h = 100 * P(id, label, op, "hash_share"); d = 100 * P(id, label, op, "drng_share")
            gp_data(x "\t" gp_num(h) "\t" gp_num(h + d) \
                    "\t" gp_text(id " " label " " op ": hash " gp_num(h) " %") \
                    "\t" gp_text(id " " label " " op ": DRNG " gp_num(d) " %"))
        }
    }
    gp_begin_width(x)
    gp_cmd("set yrange [0:100]")
    gp_cmd("set xrange [0.4:" x + 0.6 "]")
    gp_cmd("set ylabel \"% of the operation\"")
    gp_cmd(gp_xtics(cl, cp, nc))
    gp_cmd("set style fill solid 0.85 noborder")
    gp_plot(gp_str(name ".dat") " using 1:(0):($1-0.38):($1+0.38):(0):2 with boxxyerror lc rgb \"#4c72b0\" title \"hash functions\", " \
            "\"\" using 1:2:($1-0.38):($1+0.38):2:3 with boxxyerror lc rgb \"#dd8452\" title \"DRNG\", " \
            "\"\" using 1:2:4 with labels hypertext point pt 7 ps 0.35 lc rgb \"#1b1b1b\" notitle, " \
            "\"\" using 1:3:5 with labels hypertext point pt 7 ps 0.35 lc rgb \"#1b1b1b\" notitle")
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

function scatter_chart(name, ids, n, what, unit,   i, k, id, label, c, y, xlo, xhi, ylo, yhi, plot, np, first) {
    np = 0
    gp_begin(CHART_DIR, name, what " against " unit " (system " sysid ")", 0)
    plot = ""
    for (i = 1; i <= n; i++) {
        id = ids[i]
        first = 1
        for (k = 1; k <= NLABELS[id]; k++) {
            label = LABELS[id, k]
            if (buildfail(id, label)) continue
            c = exchange_cycles(id, label)
            y = name == "rss" ? peak_rss(id, label) : curated_sum(id, label)
            if (c == "" || y == "" || c <= 0 || y <= 0) continue
            if (first) {
                if (np) gp_block()
                plot = plot (plot != "" ? ", " : "") gp_str(name ".dat") " index " np " using 1:2:3 with labels hypertext point pt 7 ps 1 lc rgb \"" gp_palette(np + 1) "\" title " gp_str(id) \
                       ", \"\" index " np " using 1:2:4 with labels left offset 0.7,0 font \",8\" noenhanced tc rgb \"#444444\" notitle"
                np++; first = 0
            }
            if (xlo == "" || c < xlo) xlo = c
            if (xhi == "" || c > xhi) xhi = c
            if (ylo == "" || y < ylo) ylo = y
            if (yhi == "" || y > yhi) yhi = y
            gp_data(gp_num(c) "\t" gp_num(y) "\t" gp_text(id " " label ": " gp_num(c) " " unit ", " gp_num(y) " bytes") "\t" gp_text(label))
        }
    }
    if (np == 0) { gp_end(); return 0 }
    gp_cmd("set logscale xy")
    gp_cmd("set xrange " gp_logrange(xlo, xhi * 3))
    gp_cmd("set yrange " gp_logrange(ylo, yhi))
    gp_cmd("set xlabel " gp_str(unit " of " ops_text(" + ")))
    gp_cmd("set ylabel " gp_str(what))
    gp_cmd("set format x \"%.0s %c\"")
    gp_cmd("set format y \"%.0s %c\"")
    gp_cmd("set grid xtics ytics lc rgb \"#dddddd\"")
    gp_plot(plot)
    gp_end()
    return 1
}
