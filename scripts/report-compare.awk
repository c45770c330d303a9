# report-compare.awk -- the comparison of two sets of timing records
# (make compare A=... B=...): per record the ratio B / A of the mean
# cycles, its uncertainty from the trials, and a flag where the change is
# larger than the noise of either side (doc/report-html.md, "Comparing
# systems and runs").
#
# Part of ngcc-perf.  Run by scripts/ngcc-compare as
#   awk -v format=txt|html -v name_a=A -v name_b=B -v outdir=DIR -v page=NAME \
#       -f report-format.awk -f report-markup.awk -f report-gnuplot.awk \
#       -f report-compare.awk TRIALS-A TRIALS-B
# over the rows of ngcc-trials of both sides; writes DIR/NAME.txt or
# DIR/NAME.html, and with format=txt the chart DIR/charts/NAME.gp and
# .dat with DIR/charts/pages.tsv.
#
# For a record with kept trials m_1..m_k (ticks / calls each): the
# relative uncertainty of its mean is u = s / (mean × sqrt(k)), s the
# trials' sample standard deviation; the ratio's is r × sqrt(uA² + uB²).
# The noise of a side is the spread of its trials' means, (max − min) /
# median.  A change is flagged when |r − 1| exceeds the noise of A, the
# noise of B and twice the ratio's uncertainty.

BEGIN { FS = "\t"; NOPS = split("keygen enc dec", OPS, " ") }

FNR == 1 { side = side == "" ? "a" : "b" }

$1 == "columns" {
    if ($2 != "trials") { bad_input("line " FNR ": not the rows of ngcc-trials") }
    for (i = 4; i <= NF; i++) C[$i] = i - 2
    NF_WANT = NF - 2
    next
}

{
    if (NF != NF_WANT || $1 != "trials") bad_input("line " FNR ": not a trials row")
    key = $(C["id"]) SUBSEP $(C["label"]) SUBSEP $(C["op"])
    if (!((side, key) in ST)) {
        if (!(key in SEEN)) { SEEN[key] = 1; KEYS[++NK] = key }
    }
    ST[side, key] = $(C["status"])
    UNIT[side, key] = $(C["unit"])
    MEAN[side, key] = $(C["mean_ticks"])
    KEPT[side, key] = $(C["kept"])
    TMEAN[side, key] = $(C["trial_mean"])
    TVAR[side, key] = $(C["trial_var"])
    SPREAD[side, key] = $(C["spread"])
}

function bad_input(msg) {
    printf "ngcc-compare: %s: %s\n", FILENAME, msg | "cat 1>&2"
    FAILED = 1
    exit 1
}

function known(x) { return x != "\\N" && x != "" }

# The relative uncertainty of one side's mean, or "".
function rel_uncertainty(s, key) {
    if (KEPT[s, key] + 0 < 2 || !known(TVAR[s, key]) || !known(TMEAN[s, key]) || TMEAN[s, key] + 0 <= 0) return ""
    return sqrt(TVAR[s, key]) / (TMEAN[s, key] * sqrt(KEPT[s, key]))
}

function usable(s, key) { return ((s, key) in ST) && ST[s, key] == "ok" && known(MEAN[s, key]) && MEAN[s, key] + 0 > 0 }

# Sort the records: scheme, natural order of the labels, keygen enc dec.
function order_keys(   i, j, t, fa, fb) {
    for (i = 2; i <= NK; i++) {
        t = KEYS[i]
        for (j = i - 1; j >= 1 && key_cmp(KEYS[j], t) > 0; j--) KEYS[j + 1] = KEYS[j]
        KEYS[j + 1] = t
    }
}

function op_rank(op,   o) { for (o = 1; o <= NOPS; o++) if (OPS[o] == op) return o; return NOPS + 1 }

function key_cmp(a, b,   fa, fb, c) {
    split(a, fa, SUBSEP); split(b, fb, SUBSEP)
    if (fa[1] != fb[1]) return natcmp(fa[1], fb[1])
    if (fa[2] != fb[2]) return natcmp(fa[2], fb[2])
    return op_rank(fa[3]) - op_rank(fb[3])
}

function pm(u) { return u == "" ? "–" : "± " fmt_pct(u) }

END {
    if (FAILED) exit 1
    order_keys()
    page_begin()
    para("Performance measurements › compare › " name_a " · " name_b)
    heading(1, "Comparison — " name_b " against " name_a)
    para("Per timing record the mean cycles of B (" name_b ") over those of A (" name_a "), with the uncertainty of that ratio from the kept trials of both (one standard error: r × √(uA² + uB²), u = s / (mean × √k) over the k trials' ticks / calls). " \
         "A change is flagged (slower, faster) when |B / A − 1| is larger than the noise of either side, the spread of its trials' means ((max − min) / median), and than twice the ratio's uncertainty; – marks what cannot be known.")
    table_begin("id\tinstance\toperation\tA mean cycles\tA ±\tB mean cycles\tB ±\tB / A\t±\tchange")
    n = 0; nflag = 0; nboth = 0
    for (k = 1; k <= NK; k++) {
        key = KEYS[k]
        split(key, f, SUBSEP)
        cell_a = usable("a", key) ? fmt_cycles(MEAN["a", key]) : (("a", key) in ST ? "– (" ST["a", key] ")" : "– (not measured)")
        cell_b = usable("b", key) ? fmt_cycles(MEAN["b", key]) : (("b", key) in ST ? "– (" ST["b", key] ")" : "– (not measured)")
        ua = usable("a", key) ? rel_uncertainty("a", key) : ""
        ub = usable("b", key) ? rel_uncertainty("b", key) : ""
        if (!usable("a", key) || !usable("b", key)) {
            table_row(f[1] "\t" fmt_label(f[2]) "\t" f[3] "\t" cell_a "\t" pm(ua) "\t" cell_b "\t" pm(ub) "\t–\t–\t–")
            continue
        }
        nboth++
        r = MEAN["b", key] / MEAN["a", key]
        ur = (ua != "" && ub != "") ? r * sqrt(ua * ua + ub * ub) : ""
        noise = ""
        if (known(SPREAD["a", key])) noise = SPREAD["a", key] + 0
        if (known(SPREAD["b", key]) && (noise == "" || SPREAD["b", key] + 0 > noise)) noise = SPREAD["b", key] + 0
        change = r - 1; if (change < 0) change = -change
        if (noise == "") flag = "–"
        else if (change > noise && (ur == "" || change > 2 * ur)) { flag = r > 1 ? "slower" : "faster"; nflag++ }
        else flag = "within noise"
        if (UNIT["a", key] != UNIT["b", key]) flag = flag " (" UNIT["b", key] " / " UNIT["a", key] ")"
        table_row(f[1] "\t" fmt_label(f[2]) "\t" f[3] "\t" cell_a "\t" pm(ua) "\t" cell_b "\t" pm(ub) "\t" sprintf("%.3f", r) "\t" \
                  (ur == "" ? "–" : sprintf("± %.3f", ur)) "\t" flag)
        n++
        RL[n] = f[2] " " f[3]; RV[n] = r; RU[n] = ur
        RT[n] = f[1] " " f[2] " " f[3] ": " gp_num(r) " " name_b " / " name_a (ur == "" ? "" : " ± " gp_num(ur))
    }
    table_end()
    para(nboth " record" (nboth == 1 ? "" : "s") " measured on both, " nflag " changed beyond the noise." \
         (nboth == 0 ? " No record has figures on both sides: nothing to compare." : ""))
    if (format == "txt") {
        printf "" > (outdir "/charts/pages.tsv")
        if (n > 0) {
            gp_ratio_chart(outdir "/charts", page, "B / A", n, RL, RV, RU, RT, name_b " / " name_a)
            print page "\t" page "\tMean cycles of " name_b " over " name_a " per record, log scale, with one standard error" > (outdir "/charts/pages.tsv")
        }
        close(outdir "/charts/pages.tsv")
    }
    PAGE_TITLE = "Comparison — " name_b " against " name_a
    page_write(outdir "/" page "." (format == "html" ? "html" : "txt"))
}
