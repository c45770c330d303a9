# report/kind.awk -- what the kind table's page data decides on the pages
# (ngcc-evidence's kindpage and kindcounter rows, doc/report.md): the
# kinds of a system and their catalogs; the counters of the timed calls
# (op_counters: a signature's sign retries and signature lengths) in
# section 4; the lengths a size's calls produced in section 6; the
# functional check after the KAT (a signature's forgery check) in
# section 3 and the summary.  No kind, counter or check is named here.
#
# Part of ngcc-perf.  Included after report/evidence.awk by every page
# program (scripts/ngcc-report, render).

# The kind of scheme ID: its first instance's (a scheme is of one kind).
function id_kind(id) { return kind_of(id, LABELS[id, 1]) }

# A package file of the kind in use (K's catalog, size_catalog): its path,
# "" when the package has none for this kind yet.
function kind_file(name,   f, line) {
    f = pkgdir "/" K(KIND, name)
    if ((getline line < f) < 0) return ""
    close(f)
    return f
}

# The kinds of the system, KINDS[1..NKINDS], in the order of their first
# scheme, each put in use once to load its catalogs (--catalog and --sizes
# are the first kind's); the first kind is in use after.
function kinds_load(   i, k, seen) {
    NKINDS = 0
    for (i = 1; i <= NIDS; i++) {
        k = id_kind(IDS[i])
        if (k in seen) continue
        seen[k] = 1
        KINDS[++NKINDS] = k
        kind_use(k)
        load_catalog(NKINDS == 1 && catalog != "" ? catalog : kind_file("catalog"))
        load_sizes(NKINDS == 1 && sizes != "" ? sizes : kind_file("size_catalog"))
    }
    kind_use(KINDS[1])
}

# The schemes of kind KIND, natural order, into A; their number.
function kind_ids(kind, A,   i, n) {
    n = 0
    for (i = 1; i <= NIDS; i++) if (id_kind(IDS[i]) == kind) A[++n] = IDS[i]
    natsort(A, n)
    return n
}

function KPAGE(name,   v) { v = V["kindpage", KIND, name]; return isnull(v) ? "" : v }

# ---- counters (op_counters) ---------------------------------------------------

# The counters the kind in use shows: KC_OP, KC_KEY, KC_LABEL, KC_RANGE,
# KC_SIZE [1..n], in the table's order; n.
function kind_counters(   k, key, f, n) {
    n = 0
    for (k = 1; k <= NROWS["kindcounter"]; k++) {
        key = ROWKEY["kindcounter", k]
        split(key, f, SUBSEP)
        if (f[1] != KIND) continue
        n++
        KC_OP[n] = f[2]; KC_KEY[n] = f[3]
        KC_LABEL[n] = V["kindcounter", key, "label"]
        KC_RANGE[n] = V["kindcounter", key, "range"] + 0
        KC_SIZE[n] = V["kindcounter", key, "size"]
    }
    return n
}

function has_counter(id, label, op, name) { return ("counter", id SUBSEP label SUBSEP op SUBSEP name) in SEEN }
function CNT(id, label, op, name) { return V["counter", id SUBSEP label SUBSEP op SUBSEP name, "value"] }

# Counter C of a record as a cell: N, or min / mean / max for a range
# (the mean over the record's calls); – where the record has none.
function counter_cell(c, id, label,   op, k, n) {
    op = KC_OP[c]; k = KC_KEY[c]
    if (R(id, label, op, "status") != "ok") return "–"
    if (!KC_RANGE[c]) return has_counter(id, label, op, k) ? fmt_int(CNT(id, label, op, k)) : "–"
    n = R(id, label, op, "stats.n")
    if (!has_counter(id, label, op, k "_min") || !has_counter(id, label, op, k "_total") || n + 0 <= 0) return "–"
    return fmt_int(CNT(id, label, op, k "_min")) " / " sprintf("%.1f", CNT(id, label, op, k "_total") / n) \
        " / " fmt_int(CNT(id, label, op, k "_max"))
}

# Section 4's table of the counters, for a kind that has any.
function counters_table(id,   n, c, k, label, ops, nop, seen, o, row) {
    n = kind_counters()
    if (n == 0) return
    nop = 0
    for (o = 1; o <= NOPS; o++)
        for (c = 1; c <= n; c++)
            if (KC_OP[c] == OPS[o] && !(OPS[o] in seen)) { seen[OPS[o]] = 1; ops[++nop] = OPS[o] }
    para("Counted over the timed calls of each record (the record's op_counters; min / mean / max over the calls):")
    row = "instance\toperation"
    for (c = 1; c <= n; c++) row = row "\t" KC_LABEL[c]
    table_begin(row)
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        for (o = 1; o <= nop; o++) {
            row = fmt_label(label) "\t" ops[o]
            for (c = 1; c <= n; c++) row = row "\t" (KC_OP[c] == ops[o] && !buildfail(id, label) ? counter_cell(c, id, label) : "–")
            table_row(row)
        }
    }
    table_end()
}

# ---- produced lengths (section 6) ------------------------------------------------

# After size KEY's cell: the lengths its calls produced, " (produced
# A–B)" when they varied, " (produced A)" when they all differ from the
# claimed maximum; "" when they are the claimed size or not counted.
function produced_text(id, label, key,   n, c, op, mn, mx, claimed) {
    n = kind_counters()
    for (c = 1; c <= n; c++) {
        if (!KC_RANGE[c] || KC_SIZE[c] != key) continue
        op = KC_OP[c]
        if (R(id, label, op, "status") != "ok" || !has_counter(id, label, op, KC_KEY[c] "_min")) return ""
        mn = CNT(id, label, op, KC_KEY[c] "_min"); mx = CNT(id, label, op, KC_KEY[c] "_max")
        claimed = I(id, label, "sizes." key)
        if (mn + 0 != mx + 0) return " (produced " fmt_int(mn) "–" fmt_int(mx) ")"
        if (!isnull(claimed) && mn + 0 != claimed + 0) return " (produced " fmt_int(mn) ")"
        return ""
    }
    return ""
}

# The sentence under section 6's table for a kind whose calls produce a
# size's length ("" for the others).
function produced_sentence(   n, c, t) {
    n = kind_counters()
    for (c = 1; c <= n; c++) {
        if (!KC_RANGE[c] || KC_SIZE[c] == "" || isnull(KC_SIZE[c])) continue
        t = t (t != "" ? " " : "") "The " size_label(KC_SIZE[c]) " column is the claimed maximum (the library's getters); " \
            "in parentheses the lengths the timed " KC_OP[c] " calls produced, when they varied or differ from it (section 4's counters)."
    }
    return t
}

# ---- the functional check after the KAT (section 3, summary) ----------------------

function has_functional() { return KPAGE("functional") != "" }

# The same of the summary's operations (SOPS).
function sops_text(sep,   o, t) {
    for (o = 1; o <= NSOPS; o++) t = t (o > 1 ? sep : "") SOPS[o]
    return t
}
# Whether size KEY is a count (a key exchange's passes), not bytes.
function size_counts(key) { return KSIZE(KIND, key, "count") == "1" }

# The check's log line of an instance ("" when the log has none).
function functional_line(id, label) { return V["functional", id SUBSEP label SUBSEP KPAGE("functional"), "text"] }

# "R of T rejected", the cases accepted in FUNC_ACCEPTED ("" none); FUNC_FAILED 1 when one was.
function functional_parse(id, label,   t, a) {
    FUNC_ACCEPTED = ""; FUNC_FAILED = 0
    t = functional_line(id, label)
    if (t == "" || t ~ /^not run/) return t
    split(t, a, " ")
    if (index(t, "; ACCEPTED ") > 0) FUNC_ACCEPTED = substr(t, index(t, "; ACCEPTED ") + 11)
    FUNC_FAILED = a[1] + 0 < a[3] + 0
    return a[1] " of " a[3] " rejected"
}

# Section 3's cell of the check.
function functional_cell(id, label,   t) {
    t = functional_parse(id, label)
    if (t == "")
        return "– " note(fmt_label(label) ": no " KPAGE("functional_label") " in the KAT log (" fmt_path(I(id, label, "kat.log.file")) ")")
    if (t ~ /^not run/) return "– " note(fmt_label(label) ": " KPAGE("functional_label") " " t)
    if (!FUNC_FAILED) return t
    return t " " note(fmt_label(label) ": " KPAGE("functional_finding") (FUNC_ACCEPTED != "" ? "; accepted: " FUNC_ACCEPTED : ""))
}

# The summary's caveat of an instance whose check found something ("").
function functional_caveat(id, label,   t) {
    if (!has_functional() || KPAGE("functional_size") != "") return ""
    t = functional_parse(id, label)
    return FUNC_FAILED ? KPAGE("functional_label") ": " t : ""
}

# ---- steps timed inside a whole operation (kindpage steps_of) ------------------------

# Section 4's sentence comparing, per instance, the sum of the steps'
# mean cycles (and robust figures, when every record has one) with the
# whole operation's ("" when the kind has no steps).
function steps_sentence(id,   whole, k, o, label, op, sum, rsum, rob, n, t, w) {
    whole = KPAGE("steps_of")
    if (whole == "") return ""
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        if (buildfail(id, label) || R(id, label, whole, "status") != "ok") continue
        sum = 0; rsum = 0; n = 0
        rob = has(R(id, label, whole, "per_call.robust_ticks"))
        for (o = 1; o <= NOPS; o++) {
            op = OPS[o]
            if (op == whole || !has_op(id, label, op)) continue
            if (R(id, label, op, "status") != "ok") { n = -1; break }
            sum += R(id, label, op, "stats.mean_ticks"); n++
            if (has(R(id, label, op, "per_call.robust_ticks"))) rsum += R(id, label, op, "per_call.robust_ticks")
            else rob = 0
        }
        if (n <= 0) continue
        w = R(id, label, whole, "stats.mean_ticks")
        t = t (t != "" ? "; " : "") fmt_label(label) ": " fmt_cycles(sum) " (" n " steps), " \
            fmt_pct(sum / w) " of " whole "'s " fmt_cycles(w)
        if (rob) t = t ", robust figures " fmt_cycles(rsum) ", " fmt_pct(rsum / R(id, label, whole, "per_call.robust_ticks")) \
            " of " fmt_cycles(R(id, label, whole, "per_call.robust_ticks"))
    }
    if (t == "") return ""
    return "The steps are timed inside whole " whole "s, each on its own; the sum of their means against " whole "'s: " t \
        " (the clock runs during the candidate's calls alone in both; what differs is the noise of separate records, which the robust figures, section 4a, resist, and the clock's reads, one pair per step against one per call)."
}
