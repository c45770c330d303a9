# report/compare.awk -- the comparison of two sets of timing records
# (make compare A=... B=...): per record the robust figure of each side as
# a multiple of the reference workload (robust × SM3-64), the ratio B / A
# with its uncertainty, a change called only beyond both noises, whether
# both sides measured the same library; then what differs between the
# sides in CPUs, host state and settings (doc/report-html.md, "Comparing
# systems and runs").
#
# Part of ngcc-perf.  Run by scripts/ngcc-compare as
#   awk -v format=txt|html -v name_a=A -v name_b=B -v outdir=DIR -v page=NAME \
#       -f report/format.awk -f report/markup.awk -f report/gnuplot.awk \
#       -f report/compare.awk ROWS-A ROWS-B
# over the rows of ngcc-trials of both sides (types run, host, instance,
# trials); writes DIR/NAME.txt or DIR/NAME.html, and with format=txt the
# chart DIR/charts/NAME.gp and .dat with DIR/charts/pages.tsv.
#
# The robust figure's relative uncertainty u: over k ≥ 2 kept trials
# with a per-call p10 and a reference p10, 1.2533 × s / (√k × R), s the
# standard deviation of the trials' ratios and R the record's robust
# ratio (their median; 1.2533 = √(π/2), the standard error of a median);
# else from the per-call distribution, the sampling error of a p10 from n
# samples, 0.3 / √n × (p50 − p10) / 0.4 / p10.  The ratio's is
# r × √(uA² + uB²).  A change is called when |r − 1| exceeds MIN_CHANGE
# and twice the ratio's uncertainty.

BEGIN {
    FS = "\t"   # the operations' order: the kindop rows (OP_RANK)
    # The scatter of robust × SM3-64 between campaigns of one library on
    # one machine reached 14 % (median 2 %, issue 27; doc/robust.md: 3.7 %
    # over three quiet campaigns): below this no change is called.
    MIN_CHANGE = 0.15
    K_SIGMA = 2
}

FNR == 1 { side = side == "" ? "a" : "b" }

$1 == "columns" {
    if (FNR == 1 && $2 != "trials" && $2 != "run" && $2 != "host" && $2 != "instance")
        bad_input("line " FNR ": not the rows of ngcc-trials")
    # Columns of a row TYPE: $3 keys after the type, then the values.
    for (i = 4; i <= NF; i++) COL[side, $2, $i] = i - 2
    NFW[side, $2] = NF - 2
    next
}

FNR == 1 { bad_input("line 1: not the rows of ngcc-trials") }

{
    t = $1
    if (!((side, t) in NFW) || NF != NFW[side, t]) bad_input("line " FNR ": not a row of ngcc-trials")
}

t == "trials" {
    key = $2 SUBSEP $3 SUBSEP $4
    if (!(key in SEEN)) { SEEN[key] = 1; KEYS[++NK] = key }
    HAS[side, key] = 1
    for (i = 2; i <= NF; i++) V[side, key, i] = $i
    next
}

# The kinds' operations, in the kind table's order: the records' order.
t == "kindop" { if (!($3 in OP_RANK)) OP_RANK[$3] = ++NOPRANK; next }
t == "kind" || t == "kindsize" || t == "kindpage" || t == "kindcounter" || t == "kindkat" || t == "katfile" { next }
# A kind's counters and functional checks are not compared (yet).
t == "counter" || t == "functional" { next }

t == "run" { NRUN[side]++; RUNCPUS[side, NRUN[side]] = $(COL[side, "run", "settings.cpus"]); next }

t == "host" {
    HOST[side, $2] = 1
    for (i = 2; i <= NF; i++) HV[side, $2, i] = $i
    next
}

t == "instance" {
    INST[side, $2 SUBSEP $3] = 1
    ISHA[side, $2 SUBSEP $3] = $(COL[side, "instance", "library.sha256"])
    ICOMP[side, $2 SUBSEP $3] = $(COL[side, "instance", "compiler"])
    IFLC[side, $2 SUBSEP $3] = $(COL[side, "instance", "flags_class"])
    IFLAGS[side, $2 SUBSEP $3] = $(COL[side, "instance", "flags"])
    next
}

{ bad_input("line " FNR ": a row of unknown type " t) }

function bad_input(msg) {
    printf "ngcc-compare: %s: %s\n", FILENAME, msg | "cat 1>&2"
    FAILED = 1
    exit 1
}

function known(x) { return x != "\\N" && x != "" }

# A field of a record of side S, by its column name ("" when null).
function f(s, key, name,   v) {
    if (!((s, "trials", name) in COL)) return ""
    v = V[s, key, COL[s, "trials", name]]
    return known(v) ? v : ""
}

function h(s, src, name,   v) {
    if (!HOST[s, src] || !((s, "host", name) in COL)) return ""
    v = HV[s, src, COL[s, "host", name]]
    return known(v) ? v : ""
}

function usable(s, key) { return HAS[s, key] && f(s, key, "status") == "ok" }
function has_mean(s, key) { return usable(s, key) && f(s, key, "mean_ticks") + 0 > 0 }
function has_robust(s, key) { return usable(s, key) && f(s, key, "robust_ratio") + 0 > 0 }

# The relative uncertainty of a side's robust figure, or ""; BASIS[s, key]
# says where it came from.
function robust_u(s, key,   k, var, r, p10, p50, n, blk) {
    r = f(s, key, "robust_ratio") + 0
    k = f(s, key, "robust_kept") + 0
    var = f(s, key, "robust_var")
    if (k >= 2 && var != "") { BASIS[s, key] = "trials"; return 1.2533 * sqrt(var) / (sqrt(k) * r) }
    p10 = f(s, key, "per_call.p10"); p50 = f(s, key, "per_call.p50"); n = f(s, key, "stats.n")
    blk = f(s, key, "per_call.block_max"); if (blk + 0 < 1) blk = 1
    if (p10 + 0 > 0 && p50 != "" && p50 + 0 >= p10 + 0 && n / blk >= 1) {
        BASIS[s, key] = "calls"
        return 0.3 / sqrt(n / blk) * (p50 - p10) / 0.4 / p10
    }
    BASIS[s, key] = ""
    return ""
}

# The SHA-256 of the library a record measured: its own, else build.json's.
function sha(s, key,   v, p) {
    v = f(s, key, "library.sha256")
    if (v != "") return v
    split(key, p, SUBSEP)
    return known(ISHA[s, p[1] SUBSEP p[2]]) ? ISHA[s, p[1] SUBSEP p[2]] : ""
}

# Robust × SM3-64: four significant digits, never an exponent.
function fmt_rr(x) { return x >= 10000 ? sprintf("%.0f", x) : sprintf("%.4g", x) }

function pm(u, basis) { return u == "" ? "–" : "± " fmt_pct(u) (basis == "calls" ? " (calls)" : "") }

function order_keys(   i, j, t) {
    for (i = 2; i <= NK; i++) {
        t = KEYS[i]
        for (j = i - 1; j >= 1 && key_cmp(KEYS[j], t) > 0; j--) KEYS[j + 1] = KEYS[j]
        KEYS[j + 1] = t
    }
}

function op_rank(op) { return (op in OP_RANK) ? OP_RANK[op] : NOPRANK + 1 }

function key_cmp(a, b,   fa, fb) {
    split(a, fa, SUBSEP); split(b, fb, SUBSEP)
    if (fa[1] != fb[1]) return natcmp(fa[1], fb[1])
    if (fa[2] != fb[2]) return natcmp(fa[2], fb[2])
    return op_rank(fa[3]) - op_rank(fb[3])
}

# ---- what a side was measured with ---------------------------------------

# Add VALUE to property P of side S (one per record, run or instance).
function add(s, p, value) {
    if (value == "") value = "–"
    if (!((s, p, value) in PCOUNT)) PVALS[s, p] = PVALS[s, p] (PVALS[s, p] == "" ? "" : "\n") value
    PCOUNT[s, p, value]++
}

# The distinct values of P on side S, sorted; with their counts (UNIT)
# when there are several.  SHOWN = 0: without counts, for the comparison.
function pvalue(s, p, unit, shown,   n, v, i, out) {
    n = split(PVALS[s, p], v, "\n")
    if (n == 0) return "–"
    bytesort(v, n)
    out = ""
    for (i = 1; i <= n; i++)
        out = out (i > 1 ? (shown ? ", " : "\n") : "") v[i] \
              (shown && n > 1 ? " (" PCOUNT[s, p, v[i]] " " unit (PCOUNT[s, p, v[i]] == 1 ? "" : "s") ")" : "")
    return out
}

function prop(label, p, unit,   a, b, d) {
    a = pvalue("a", p, unit, 0); b = pvalue("b", p, unit, 0)
    d = a != b && a != "–" && b != "–"
    if (d) DIFFS = DIFFS (DIFFS == "" ? "" : ", ") label
    table_row(label "\t" pvalue("a", p, unit, 1) "\t" pvalue("b", p, unit, 1) "\t" (d ? "differs" : ""))
}

function hostprops(s,   src, w) {
    for (src = 1; src <= 2; src++) {
        w = src == 1 ? "start" : "end"
        if (!HOST[s, w]) continue
        add(s, "hp_" w, h(s, w, "environment.problems") == "" ? "none" : h(s, w, "environment.problems"))
        if (w != "start") continue
        add(s, "gov", h(s, w, "environment.clock.governor"))
        add(s, "boost", h(s, w, "environment.clock.boost"))
        add(s, "fixed", h(s, w, "fixed_clock_hz") == "" ? "none" : fmt_hz(h(s, w, "fixed_clock_hz")))
        add(s, "model", h(s, w, "environment.cpu_model"))
        add(s, "kernel", h(s, w, "environment.kernel"))
    }
}

function side_props(s, key,   p, ik) {
    add(s, "cpu", f(s, key, "plan.cpu"))
    add(s, "counter", f(s, key, "counter.name"))
    add(s, "target", f(s, key, "plan.trial_target_s") == "" ? "" : sprintf("%.6g", f(s, key, "plan.trial_target_s")) " s")
    add(s, "budget", f(s, key, "plan.op_budget_s") == "" ? "" : sprintf("%.6g", f(s, key, "plan.op_budget_s")) " s")
    add(s, "quick", f(s, key, "plan.quick"))
    add(s, "rp", f(s, key, "environment.problems") == "" ? "none" : f(s, key, "environment.problems"))
    split(key, p, SUBSEP); ik = p[1] SUBSEP p[2]
    if (INST[s, ik] && !DONE_INST[s, ik]++) {
        add(s, "compiler", known(ICOMP[s, ik]) ? ICOMP[s, ik] : "")
        add(s, "flags_class", known(IFLC[s, ik]) ? IFLC[s, ik] : "")
    }
}

# The flags of each instance on both sides, instance by instance (they
# differ from one instance to the next: -DNGCC_MLKEM_K=2).
function flags_row(   i, ik, fa, fb, p, na, ca, cb, nd) {
    ca = ""; cb = ""; na = 0; nd = 0
    for (i = 1; i <= NBI; i++) {
        ik = BI[i]
        if (!INST["a", ik] || !INST["b", ik]) continue
        na++
        fa = known(IFLAGS["a", ik]) ? IFLAGS["a", ik] : "–"
        fb = known(IFLAGS["b", ik]) ? IFLAGS["b", ik] : "–"
        if (fa == fb) continue
        nd++
        split(ik, p, SUBSEP)
        ca = ca (ca == "" ? "" : "; ") p[1] "/" p[2] ": " fa
        cb = cb (cb == "" ? "" : "; ") p[1] "/" p[2] ": " fb
    }
    if (na == 0) { table_row("flags (build.json)\t–\t–\t"); return }
    if (nd == 0) {
        ca = "the same as B for each of the " na " instance" (na == 1 ? "" : "s")
        table_row("flags (build.json)\t" ca "\tthe same as A\t")
        return
    }
    DIFFS = DIFFS (DIFFS == "" ? "" : ", ") "flags (build.json)"
    table_row("flags (build.json)\t" ca "\t" cb "\tdiffers")
}

END {
    if (FAILED) exit 1
    order_keys()
    page_begin()
    para("Performance measurements › compare › " name_a " · " name_b)
    heading(1, "Comparison — " name_b " against " name_a)
    para("Per timing record the robust figure of each side as a multiple of the reference workload timed in the same trial processes (robust × SM3-64: the median over the kept trials of each trial's p10 over the p10 of its SM3-64 reference, doc/robust.md), with its relative uncertainty: from the k kept trials, 1.2533 × s / (√k × median), s the standard deviation of their ratios; where the trials are gone, from the per-call distribution (marked calls), the sampling error of the p10, 0.3 / √n × (p50 − p10) / 0.4, a lower bound. " \
         "B / A is the ratio of the two figures, ± r × √(uA² + uB²). " \
         "A change is called slower or faster only when |B / A − 1| is larger than " sprintf("%.0f", 100 * MIN_CHANGE) " % (the run-to-run scatter of this figure between campaigns of one library on one machine reached 14 %) and than twice the ratio's uncertainty; otherwise no change beyond the noise. " \
         "The mean cycles follow the host's load (1.6 × between two campaigns of one library): mean B / A is shown, never judged. " \
         "Library: same library when both records measured a library of the same SHA-256. – marks what cannot be known.")

    # The records on both sides: the scope of the sides' properties.
    nscope = 0
    for (k = 1; k <= NK; k++) if (HAS["a", KEYS[k]] && HAS["b", KEYS[k]]) nscope++

    table_begin("id\tinstance\toperation\tA robust × SM3-64\tA ±\tB robust × SM3-64\tB ±\tB / A\t±\tchange\tlibrary\tmean B / A")
    n = 0; nflag = 0; nboth = 0; nsame = 0; ndiff = 0
    for (k = 1; k <= NK; k++) {
        key = KEYS[k]
        split(key, p, SUBSEP)
        for (si = 1; si <= 2; si++) {
            s = si == 1 ? "a" : "b"
            if (HAS[s, key] && (nscope == 0 || (HAS["a", key] && HAS["b", key]))) side_props(s, key)
            U[s] = has_robust(s, key) ? robust_u(s, key) : ""
            CELL[s] = has_robust(s, key) ? fmt_rr(f(s, key, "robust_ratio")) : \
                      !HAS[s, key] ? "– (not measured)" : usable(s, key) ? "– (no robust figure)" : "– (" f(s, key, "status") ")"
            PM[s] = has_robust(s, key) ? pm(U[s], BASIS[s, key]) : "–"
        }
        sa = sha("a", key); sb = sha("b", key)
        lib = sa == "" || sb == "" ? "–" : sa == sb ? "same library" : "different library"
        if (HAS["a", key] && HAS["b", key] && !COUNTED[p[1], p[2]]++) {
            BI[++NBI] = p[1] SUBSEP p[2]
            if (lib == "same library") nsame++; else if (lib == "different library") ndiff++
        }
        mean = "–"
        if (has_mean("a", key) && has_mean("b", key)) {
            mean = sprintf("%.3f", f("b", key, "mean_ticks") / f("a", key, "mean_ticks"))
            if (f("a", key, "unit") != f("b", key, "unit")) mean = mean " (" f("b", key, "unit") " / " f("a", key, "unit") ")"
        }
        if (!has_robust("a", key) || !has_robust("b", key)) {
            table_row(p[1] "\t" fmt_label(p[2]) "\t" p[3] "\t" CELL["a"] "\t" PM["a"] "\t" CELL["b"] "\t" PM["b"] "\t–\t–\t–\t" lib "\t" mean)
            continue
        }
        nboth++
        r = f("b", key, "robust_ratio") / f("a", key, "robust_ratio")
        ur = (U["a"] != "" && U["b"] != "") ? r * sqrt(U["a"] * U["a"] + U["b"] * U["b"]) : ""
        change = r - 1; if (change < 0) change = -change
        if (change <= MIN_CHANGE) flag = "no change beyond the noise"
        else if (ur == "") flag = "– (uncertainty unknown)"
        else if (change > K_SIGMA * ur) { flag = r > 1 ? "slower" : "faster"; nflag++ }
        else flag = "no change beyond the noise"
        table_row(p[1] "\t" fmt_label(p[2]) "\t" p[3] "\t" CELL["a"] "\t" PM["a"] "\t" CELL["b"] "\t" PM["b"] "\t" sprintf("%.3f", r) "\t" \
                  (ur == "" ? "–" : sprintf("± %.3f", ur)) "\t" flag "\t" lib "\t" mean)
        n++
        RL[n] = p[2] " " p[3]; RV[n] = r; RU[n] = ur
        RT[n] = p[1] " " p[2] " " p[3] ": " gp_num(r) " " name_b " / " name_a (ur == "" ? "" : " ± " gp_num(ur))
    }
    table_end()
    para(nboth " record" (nboth == 1 ? "" : "s") " measured on both, " nflag " changed beyond the noise." \
         (nboth == 0 ? " No record has a robust figure on both sides: nothing to compare." : "") \
         " Instances on both sides: " nsame " with the same library, " ndiff " with " (ndiff == 1 ? "a different one." : "different ones."))

    # What the two sides were measured with.
    for (si = 1; si <= 2; si++) {
        s = si == 1 ? "a" : "b"
        for (i = 1; i <= NRUN[s]; i++) add(s, "runcpus", known(RUNCPUS[s, i]) ? RUNCPUS[s, i] : "")
        hostprops(s)
    }
    heading(2, "What differs between the sides")
    DIFFS = ""
    table_begin("property\tA: " name_a "\tB: " name_b "\tdifference")
    prop("CPU of the records (plan.cpu)", "cpu", "record")
    prop("CPUs of the campaign runs (settings.cpus)", "runcpus", "run")
    prop("counter", "counter", "record")
    prop("trial target", "target", "record")
    prop("operation budget", "budget", "record")
    prop("quick", "quick", "record")
    prop("host problems of the records", "rp", "record")
    prop("host problems at the start (host-start.json)", "hp_start", "file")
    prop("host problems at the end (host-end.json)", "hp_end", "file")
    prop("governor", "gov", "file")
    prop("boost", "boost", "file")
    prop("fixed clock", "fixed", "file")
    prop("CPU model", "model", "file")
    prop("kernel", "kernel", "file")
    prop("compiler (build.json)", "compiler", "instance")
    prop("flags class (build.json)", "flags_class", "instance")
    flags_row()
    table_end()
    para(DIFFS == "" ? "No difference in CPUs, host state or settings." : "Differences: " DIFFS ".")
    para("Over the records on both sides (all records when none is); a property known on one side only is not counted as a difference.")

    if (format == "txt") {
        printf "" > (outdir "/charts/pages.tsv")
        if (n > 0) {
            gp_ratio_chart(outdir "/charts", page, "B / A", n, RL, RV, RU, RT, name_b " / " name_a)
            print page "\t" page "\tRobust × SM3-64 of " name_b " over " name_a " per record, log scale, with one standard error" > (outdir "/charts/pages.tsv")
        }
        close(outdir "/charts/pages.tsv")
    }
    PAGE_TITLE = "Comparison — " name_b " against " name_a
    page_write(outdir "/" page "." (format == "html" ? "html" : "txt"))
}
