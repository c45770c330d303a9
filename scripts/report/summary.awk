# report/summary.awk -- the summary page of one system: OUTDIR/summary.txt
# (or .md), one row per instance of every scheme measured there, the
# package's yardstick of the kind included as the reference point
# (doc/report.md, "Summary page"): its security level, its figures, their
# ratio to the yardstick's instance of that level, sizes, stack,
# screening; the columns, headings and words come from the kind rows
# (report-evidence.awk, kind_use); the columns are
# defined and the caveats that every row shares said once above the
# table, a row's own caveats in a numbered note below it; the robust
# figures and the ratios to the reference workload in a second table.
# Text lines are folded at SUMMARY_WIDTH (tables excepted).
#
# Part of ngcc-perf.  Run by scripts/ngcc-report as
#   awk -f report/format.awk -f report/markup.awk -f report/evidence.awk \
#       -f report/kind.awk -f report/robust.awk -f report/summary.awk ROWS

END {
    if (FAILED) exit 1
    index_evidence()
    summary_page()
}

function summary_page(   ids, n, k, s, c) {
    SUMMARY_WIDTH = 100
    page_begin()
    notes_begin()
    para(breadcrumb("summary"))
    heading(1, "Summary — performance on " arch_name() " (system " sysid ")")
    if (emulated_note() != "") spara(emulated_note())
    s = "Measured on " processor_text() "; clock " clock_text() "."
    c = counter_sentence("")
    if (c != "") s = s " " c
    if (quick_note() != "") s = s " " quick_note()
    spara(s)
    if (host_state_sentence("") != "") spara(host_state_sentence(""))
    # One section per kind (report/kind.awk), each with its own yardstick.
    for (k = 1; k <= NKINDS; k++) summary_kind(KINDS[k])
    TABLE_CLASS = ""
    n = NIDS
    for (k = 1; k <= n; k++) ids[k] = IDS[k]
    natsort(ids, n)
    spara("Pages: " pages_list(ids, n) ".")
    page_write(page_file(outdir, "summary"))
}

# The section of KIND: its heading, the columns, the table of its
# instances and its robust figures.
function summary_kind(kind,   ids, n, k) {
    kind_use(kind)
    heading(2, K(KIND, "heading"))
    n = kind_ids(kind, ids)
    own_levels()
    NSR = 0; NMEASURED = 0; NOK = 0; NDIST = 0; NNOISY = 0; DIST_LO = ""; DIST_HI = ""
    delete SHARED; delete SHARED_KIND
    for (k = 1; k <= n; k++) summary_collect(ids[k])
    summary_shared()
    spara("Columns:")
    slines(per_input() ? throughput_columns() : summary_columns())
    if (SHARED_TEXT != "") spara("Caveats of every row, said once here: " SHARED_TEXT ".")
    TABLE_CLASS = "fit"
    # A kind over message sizes: its throughput table (report/throughput.awk).
    if (per_input()) {
        table_begin(throughput_head())
        for (k = 1; k <= NSR; k++) table_row(throughput_row(k))
    } else {
        table_begin(summary_head())
        for (k = 1; k <= NSR; k++) table_row(summary_row(k))
    }
    table_end()
    snotes_flush()
    if (summary_extra_header() != "") {
        heading(2, (summary_robust_shown() ? "Robust figures and ratios to " : "Ratios to ") reference_name() \
                   (NKINDS > 1 ? ": " tolower(K(KIND, "heading")) : ""))
        spara(summary_extra_note())
        table_begin("id\tinstance" summary_extra_header())
        for (k = 1; k <= NSR; k++)
            table_row(page_link(SR_ID[k], SR_ID[k]) "\t" fmt_label(SR_LABEL[k]) \
                      nb(buildfail(SR_ID[k], SR_LABEL[k]) ? summary_extra_empty() : summary_extra_cells(SR_ID[k], SR_LABEL[k])))
        table_end()
    }
}

# The header of the kind's table.
function summary_head(   k, head) {
    head = "id\talgorithm\tinstance\tlevel"
    for (k = 1; k <= NSOPS; k++) head = head "\t" SOPS[k] " cycles (sym %)"
    head = head "\t× " OWN_NAME " " sops_text(" / ")
    for (k = 1; k <= NCURATED; k++) head = head "\t" size_label(CURATED[k]) (size_counts(CURATED[k]) ? "" : " (B)")
    return head "\tstack (B)\tscreening\tnotes"
}

# Figure cells in HTML, where the table's cells wrap: a number keeps its
# unit (134.8 k), a "> N" its sign, and a triple breaks after its slashes.
function nb(s) {
    if (format != "html") return s
    gsub(/ k/, "\302\240k", s); gsub(/ M/, "\302\240M", s); gsub(/ G/, "\302\240G", s)
    gsub(/ \//, "\302\240/", s); gsub(/> /, ">\302\240", s)
    return s
}

# A paragraph, and lines, folded on the text page.
function spara(text) { para(format == "txt" ? fold_text(text, SUMMARY_WIDTH, "") : text) }
function slines(text) { lines(format == "txt" ? fold_text(text, SUMMARY_WIDTH, "    ") : text) }
function snotes_flush(   k, t, n) {
    if (format == "txt") for (k = 1; k <= NPENDING; k++) PENDING[k] = fold_text(PENDING[k], SUMMARY_WIDTH, "    ")
    if (format != "html" || NPENDING == 0) { notes_flush(); return }
    # HTML: each note an anchor that its marker in the table links to.
    t = "<ul class=\"notes\">"
    for (k = 1; k <= NPENDING; k++) {
        n = PENDING[k]; sub(/^\[/, "", n); sub(/\].*/, "", n)
        t = t "\n<li id=\"note-" n "\">" html_text(PENDING[k]) "</li>"
    }
    page_block(t "\n</ul>")
    NPENDING = 0
}

# A note's marker ([2]); in HTML a link to the note under the table.
function note_link(m,   n) {
    if (format != "html") return m
    n = m; gsub(/[^0-9]/, "", n)
    return link(m, "#note-" n)
}

function summary_columns(   t, std, own, k, n) {
    std = K(KIND, "standard"); own = OWN_NAME
    t = "id, algorithm, instance: the catalog id (its page), the algorithm, the parameter set" \
        ((OWN_ID in NLABELS) ? "; the " OWN_ID " rows are the package's own implementation of " std ", the reference point" : "") "."
    t = t "\nlevel: the security level the instance targets, in bits, as " K(KIND, "size_catalog") " gives it" \
        (OWN_LEVELS != "" ? " (" own ": " OWN_LEVELS ", " std " categories " K(KIND, "categories") ")" : "") "; – where the catalog gives none."
    t = t "\n" sops_text(", ") " cycles (sym %): the mean cycles of one operation, as in section 4 of the candidate pages " \
        "(k = 10^3, M = 10^6, G = 10^9), and in parentheses the share of it spent in the hash helpers (pseudohash, pseudoXOF " \
        "and sm3hash; for " own " its " K(KIND, "hash") " functions), as in their Symmetric primitives section; – not measured; " \
        "* a caveat of that figure alone, in the row's note."
    t = t "\n× " own " " sops_text(" / ") ": the mean cycles of each operation over those of the package's " own " instance of " \
        "the same level measured on this system (1.00 on the " own " rows), three significant digits (0.213, 6.79, 67.9, 679); " \
        "– where the instance has no level or no " own " instance of its level was measured here (the row's note says which)."
    t = t "\n"
    n = 0
    for (k = 1; k <= NCURATED; k++) if (size_counts(CURATED[k])) t = t size_label(CURATED[k]) ": a count, as in section 6; "
    for (k = 1; k <= NCURATED; k++) if (!size_counts(CURATED[k])) t = t (n++ ? ", " : "") size_label(CURATED[k]) " (B)"
    t = t ": bytes, as in section 6" (produced_sentence() != "" ? " (the claimed maximum, and in parentheses the lengths produced when they varied)" : "") "; stack (B): the deepest stack of the " count_word(NOPS) " operations in " \
        "bytes, as in section 5 (> N: the call reached the end of its N-byte region)."
    t = t "\nscreening (not part of the guide): the unexplained findings in the scheme's own code (not the official " \
        "helpers'), as in the Implementation screening section of its page: memory serious N (sanitizer errors, invalid " \
        "accesses, leaks), UB notes N (UBSan's other undefined behaviour), secret N; findings that " \
        "data/screening-patterns.txt explains, alike for every scheme, are not counted; clean, or – where not screened."
    t = t "\nnotes: [n], a note under the table on this row alone; what every row shares is said once above the table."
    return t
}

# The pages beside this one: links, or in text their file names.
function pages_list(ids, n,   k, t, linked) {
    linked = format == "md" || format == "html"
    for (k = 1; k <= n; k++) t = t (k > 1 ? ", " : "") (linked ? page_link(ids[k], ids[k]) : ids[k] "." page_ext())
    return t ", " (linked ? page_link(sysid " method", "method") : sysid " method (method." page_ext() ")")
}

# The yardstick's instance of each level (OWN_AT[level]), from the size
# catalog, and the levels as words ("128 (ML-KEM-512), ...").
function own_levels(   k, f, lv, n, i, j, t) {
    n = 0
    delete OWN_AT
    for (k in CAT_LEVEL) {
        split(k, f, SUBSEP)
        if (f[1] != OWN_ID || CAT_LEVEL[k] == "") continue
        OWN_AT[CAT_LEVEL[k]] = f[2]
        lv[++n] = CAT_LEVEL[k] + 0
    }
    for (i = 2; i <= n; i++) { t = lv[i]; for (j = i - 1; j >= 1 && lv[j] > t; j--) lv[j + 1] = lv[j]; lv[j + 1] = t }
    OWN_LEVELS = ""
    for (i = 1; i <= n; i++) OWN_LEVELS = OWN_LEVELS (i > 1 ? (i == n ? " and " : ", ") : "") lv[i] " (" OWN_AT[lv[i]] ")"
    OWN_LIST = ""
    for (i = 1; i <= n; i++) OWN_LIST = OWN_LIST (i > 1 ? (i == n ? " and " : ", ") : "") lv[i]
}

function level_of(id, label) { return ((id, label) in CAT_LEVEL) ? CAT_LEVEL[id, label] : "" }

# ---- the rows: first every caveat, then what every row shares, then the cells ----

# Caveats of row r: SR_N[r] items, each SR_KIND[r, i] ("instance", or
# "disturbed" / "noisy" of one record) and SR_TEXT[r, i].
function sr_add(r, kind, text) { SR_KIND[r, ++SR_N[r]] = kind; SR_TEXT[r, SR_N[r]] = text }

function summary_collect(id,   k, label, o, op, r, np, nok, miss, sh, c, key, v, differ) {
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        r = ++NSR
        SR_ID[r] = id; SR_LABEL[r] = label; SR_N[r] = 0
        if (buildfail(id, label)) { sr_add(r, "buildfail", "BUILDFAIL: " I(id, label, "build.reason")); continue }
        NMEASURED++
        if (I(id, label, "kat.status") != "PASS") sr_add(r, "instance", "KAT " I(id, label, "kat.status"))
        if (I(id, label, "flags_class") != "guide") sr_add(r, "instance", I(id, label, "flags_class") " flags")
        if (functional_caveat(id, label) != "") sr_add(r, "instance", functional_caveat(id, label))
        np = 0; nok = 0; miss = ""
        for (o = 1; o <= NOPS; o++) {
            op = OPS[o]
            if (!has_op(id, label, op)) continue
            if (R(id, label, op, "present") != "1") { sr_add(r, "instance", op " not measured"); continue }
            if (R(id, label, op, "status") != "ok") { sr_add(r, "instance", op " " R(id, label, op, "status")); continue }
            nok++
            NOK++
            if (R(id, label, op, "disturbed_kept") + 0 > 0) {
                NDIST++
                sh = R(id, label, op, "disturbed_cpu_share")
                sr_add(r, "disturbed", op " kept disturbed trials" (isnull(sh) ? "" : " (on the CPU " fmt_pct(sh) " of the time)"))
                dist_range(R(id, label, op, "disturbed_cpu_share"))
            }
            if (R(id, label, op, "reruns.noisy") == "true") { NNOISY++; sr_add(r, "noisy", op " noisy") }
            if (has_profile(id, label, op) && P(id, label, op, "status") != "ok") { np++; miss = miss (miss != "" ? ", " : "") op }
        }
        if (np > 0 && np == nok) sr_add(r, "instance", "not profiled")
        else if (np > 0) sr_add(r, "instance", miss " not profiled")
        differ = 0
        for (c = 1; c <= NCURATED; c++) {
            key = CURATED[c]
            v = catalog_has(id, label) ? CAT_SIZE[key, id, label] : I(id, label, "sizes." key)
            if (catalog_has(id, label) && !isnull(I(id, label, "sizes." key)) && I(id, label, "sizes." key) + 0 != v + 0)
                differ = 1
            SR_SIZE[r, c] = v
        }
        if (differ) sr_add(r, "instance", "getters disagree with the size catalog")
        if (!per_input()) SR_RATIO[r] = own_ratio(r, id, label)
    }
}

function dist_range(x) {
    if (isnull(x) || x == "") return
    if (DIST_LO == "" || x + 0 < DIST_LO + 0) DIST_LO = x
    if (DIST_HI == "" || x + 0 > DIST_HI + 0) DIST_HI = x
}

# The × yardstick cell of row r; a row without a match gets a caveat saying why.
function own_ratio(r, id, label,   lv, ref, o, op, t, a, b) {
    if (!(OWN_ID in NLABELS)) {
        sr_add(r, "instance", "× " OWN_NAME " –: no " OWN_NAME " instance was measured on this system")
        return "–"
    }
    lv = level_of(id, label)
    if (lv == "") return "–"
    if (!(lv in OWN_AT)) {
        sr_add(r, "instance", "× " OWN_NAME " –: no " OWN_NAME " instance targets level " lv \
               (OWN_LIST != "" ? " (" K(KIND, "standard") " has " OWN_LIST ")" : ""))
        return "–"
    }
    ref = OWN_AT[lv]
    if (!(("instance", OWN_ID SUBSEP ref) in SEEN) || buildfail(OWN_ID, ref)) {
        sr_add(r, "instance", "× " OWN_NAME " –: " ref ", of level " lv ", was not measured on this system")
        return "–"
    }
    for (o = 1; o <= NSOPS; o++) {
        op = SOPS[o]
        a = R(id, label, op, "stats.mean_ticks"); b = R(OWN_ID, ref, op, "stats.mean_ticks")
        t = t (o > 1 ? " / " : "") \
            (R(id, label, op, "status") == "ok" && R(OWN_ID, ref, op, "status") == "ok" && b + 0 > 0 ? fmt_sig3(a / b) : "–")
    }
    return t
}

# What every measured row shares (at least two of them): an instance caveat
# of the same text, trials kept although disturbed or noisy on every
# record; SHARED[text] and SHARED_KIND[kind] mark them, SHARED_TEXT says them.
function summary_shared(   r, i, cnt, seen, t, order, n, k) {
    SHARED_TEXT = ""
    if (NMEASURED < 2) return
    n = 0
    for (r = 1; r <= NSR; r++) {
        delete seen
        for (i = 1; i <= SR_N[r]; i++) {
            if (SR_KIND[r, i] != "instance" || (SR_TEXT[r, i] in seen)) continue
            seen[SR_TEXT[r, i]] = 1
            if (!(SR_TEXT[r, i] in cnt)) order[++n] = SR_TEXT[r, i]
            cnt[SR_TEXT[r, i]]++
        }
    }
    if (NOK >= 2 && NDIST == NOK) {
        SHARED_KIND["disturbed"] = 1
        t = "every figure kept trials although disturbed (on its CPU " \
            (DIST_LO == "" ? "" : fmt_pct(DIST_LO) (fmt_pct(DIST_HI) != fmt_pct(DIST_LO) ? "–" fmt_pct(DIST_HI) : "") " of the time") \
            "): the rerun limits were reached, and the figures may be too high"
        sub(/ \(on its CPU \)/, "", t)
        SHARED_TEXT = t
    }
    if (NOK >= 2 && NNOISY == NOK) {
        SHARED_KIND["noisy"] = 1
        SHARED_TEXT = SHARED_TEXT (SHARED_TEXT != "" ? "; " : "") "every figure is noisy (its trials stayed more than 5 % apart after the reruns allowed)"
    }
    for (k = 1; k <= n; k++)
        if (cnt[order[k]] == NMEASURED) {
            SHARED[order[k]] = 1
            SHARED_TEXT = SHARED_TEXT (SHARED_TEXT != "" ? "; " : "") "every instance: " order[k]
        }
}

# Row r's own caveats, "; "-joined (what every row shares left out unless
# ALL).
function row_caveats(r, all,   i, t, k) {
    for (i = 1; i <= SR_N[r]; i++) {
        k = SR_KIND[r, i]
        if (!all && k == "instance" && (SR_TEXT[r, i] in SHARED)) continue
        if (!all && (k in SHARED_KIND)) continue
        t = add(t, SR_TEXT[r, i])
    }
    return t
}

# The mark of a record's figure: " *" for a caveat that not every row shares.
function own_mark(id, label, op) {
    if (R(id, label, op, "disturbed_kept") + 0 > 0 && !("disturbed" in SHARED_KIND)) return " *"
    if (R(id, label, op, "reruns.noisy") == "true" && !("noisy" in SHARED_KIND)) return " *"
    return ""
}

function summary_row(r,   id, label, row, o, op, notes, stk, c, v) {
    id = SR_ID[r]; label = SR_LABEL[r]
    row = page_link(id, id) "\t" algorithm_of(id) "\t" fmt_label(label) "\t" (level_of(id, label) == "" ? "–" : level_of(id, label))
    # CSV has no notes under its table: the cell gives them all, shared ones too.
    notes = row_caveats(r, format == "csv")
    if (format != "csv") notes = notes == "" ? "" : (buildfail(id, label) ? "BUILDFAIL " : "") note_link(note(id " " fmt_label(label) ": " notes))
    if (buildfail(id, label)) {
        for (c = 1; c <= NSOPS + 1 + NCURATED + 2; c++) row = row "\t–"
        return row "\t" notes
    }
    for (o = 1; o <= NSOPS; o++) {
        op = SOPS[o]
        if (R(id, label, op, "present") != "1" || R(id, label, op, "status") != "ok") { row = row "\t–"; continue }
        row = row "\t" nb(fmt_cycles(R(id, label, op, "stats.mean_ticks")) own_mark(id, label, op)) \
              " (" (P(id, label, op, "status") == "ok" ? fmt_pct(P(id, label, op, "hash_share")) : "–") ")"
    }
    row = row "\t" nb(SR_RATIO[r])
    for (c = 1; c <= NCURATED; c++) { v = SR_SIZE[r, c]; row = row "\t" (isnull(v) ? "–" : fmt_int(v) produced_text(id, label, CURATED[c])) }
    stk = deepest_stack(id, label)
    return row "\t" nb(stk == "" ? "–" : stk) "\t" screening_cell(id, label) "\t" notes
}

# The scheme's own findings of an instance's screening, in a few words, one
# format: "clean", else "memory serious N, UB notes N, secret N" (the
# parts that are not 0; "memory N" from a file of before the severities).
function screening_cell(id, label,   m, s, t, ms, mn) {
    if (!screened(id, label)) return "–"
    m = SC(id, label, "memory.counts.candidate") + 0
    s = SC(id, label, "secret.counts.candidate") + 0
    ms = SC(id, label, "memory.counts.serious"); mn = SC(id, label, "memory.counts.notes")
    if (SC(id, label, "memory.status") == "not screened" && SC(id, label, "secret.status") == "not screened") return "–"
    if (m == 0 && s == 0) t = "clean"
    else {
        if (m > 0 && (isnull(ms) || isnull(mn))) t = "memory " m
        else if (m > 0) {
            ms += 0; mn += 0
            t = (ms > 0 ? "memory serious " ms : "") (ms > 0 && mn > 0 ? ", " : "") (mn > 0 ? "UB notes " mn : "")
        }
        t = t (t != "" && s > 0 ? ", " : "") (s > 0 ? "secret " s : "")
    }
    if (SC(id, label, "memory.status") == "not screened" || SC(id, label, "secret.status") == "not screened") t = t " (partly)"
    return t
}

function add(list, item) { return list (list != "" ? "; " : "") item }

# The largest stack of the instance's operations (stack_text), "" if none.
function deepest_stack(id, label,   o, t, b, best, more) {
    best = -1
    for (o = 1; o <= NOPS; o++) {
        if (R(id, label, OPS[o], "status") != "ok" || (t = stack_text(id, label, OPS[o])) == "") continue
        b = R(id, label, OPS[o], "memory.stack_bytes") + 0
        if (b > best) { best = b; more = t ~ /^>/ }
    }
    return best < 0 ? "" : (more ? "> " : "") fmt_int(best)
}

# ---- the table of a kind over message sizes (report/throughput.awk) -----------------

function throughput_head() {
    input_extremes()
    return "id\talgorithm\tinstance\tcycles per byte at " bytes_words(input_of(TP_BIG)) "\tcycles per byte at " \
        bytes_words(input_of(TP_SMALL)) "\tMB/s at " bytes_words(input_of(TP_BIG)) \
        (KPAGE("bits_size") != "" ? "\t" size_label(KPAGE("bits_size")) " (bits)" : "") "\tnotes"
}

function throughput_columns(   t, big, small) {
    input_extremes()
    big = bytes_words(input_of(TP_BIG)); small = bytes_words(input_of(TP_SMALL))
    t = "id, algorithm, instance: the catalog id (its page), the algorithm, the parameter set" \
        ((OWN_ID in NLABELS) ? "; the " OWN_ID " rows are the package's own " OWN_NAME " (" K(KIND, "standard") "), the reference point" : "") "."
    t = t "\ncycles per byte at " big ", at " small ": the mean cycles of one call over the message's bytes, as in section 4 " \
        "of the candidate pages (" TP_BIG ", " TP_SMALL "), three significant digits; – not measured; * a caveat of that figure alone, in the row's note."
    t = t "\nMB/s at " big ": the message's bytes over the mean time of one call, in 10^6 bytes per second."
    if (KPAGE("bits_size") != "")
        t = t "\n" size_label(KPAGE("bits_size")) " (bits): the " size_label(KPAGE("bits_size")) " length of the instance (section 6)."
    t = t "\nnotes: [n], a note under the table on this row alone; what every row shares is said once above the table."
    return t
}

function throughput_row(r,   id, label, row, notes, c, op, i, k) {
    id = SR_ID[r]; label = SR_LABEL[r]
    row = page_link(id, id) "\t" algorithm_of(id) "\t" fmt_label(label)
    notes = row_caveats(r, format == "csv")
    if (format != "csv") notes = notes == "" ? "" : (buildfail(id, label) ? "BUILDFAIL " : "") note_link(note(id " " fmt_label(label) ": " notes))
    k = KPAGE("bits_size") != "" ? 4 : 3
    if (buildfail(id, label)) {
        for (c = 1; c <= k; c++) row = row "\t–"
        return row "\t" notes
    }
    for (i = 1; i <= 3; i++) {
        op = i == 2 ? TP_SMALL : TP_BIG
        if (!tp_ok(id, label, op)) { row = row "\t–"; continue }
        row = row "\t" fmt_sig3(i == 3 ? mbps_of(id, label, op) : cpb_of(id, label, op)) own_mark(id, label, op)
    }
    if (k == 4) row = row "\t" (isnull(I(id, label, "sizes." KPAGE("bits_size"))) ? "–" : fmt_int(I(id, label, "sizes." KPAGE("bits_size")) * 8))
    return row "\t" notes
}
