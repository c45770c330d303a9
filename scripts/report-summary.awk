# report-summary.awk -- the summary page of one system: OUTDIR/summary.txt
# (or .md), one row per instance of every scheme measured there, the
# package's ML-KEM included as the reference point (doc/report.md,
# "Summary page").
#
# Part of ngcc-perf.  Run by scripts/ngcc-report as
#   awk -f report-format.awk -f report-evidence.awk -f report-summary.awk ROWS

END {
    if (FAILED) exit 1
    index_evidence()
    summary_page()
}

function summary_page(   ids, n, k, s, c) {
    page_begin()
    para(breadcrumb("summary"))
    heading(1, "Summary — performance on " arch_name() " (system " sysid ")")
    if (emulated_note() != "") para(emulated_note())
    s = "Measured on " processor_text() "; clock " clock_text() "."
    c = counter_sentence("")
    if (c != "") s = s " " c
    if (quick_note() != "") s = s " " quick_note()
    para(s)
    if (host_state_sentence("") != "") para(host_state_sentence(""))
    para("Notation: a cell gives the mean cycles of one operation, as in section 4 of the candidate pages (k = 10^3, M = 10^6, G = 10^9), and in parentheses the share of that operation spent in the hash helpers (pseudohash, pseudoXOF and sm3hash; for ML-KEM its SHA-3/SHAKE functions), as in their Symmetric primitives section; – marks a figure that was not measured and * one with a caveat (trials kept although disturbed, or noisy), and the notes say why. Public key and ciphertext in bytes, as in section 6; stack: the deepest stack of the three operations in bytes, as in section 5. Screening (not part of the guide): the candidate's own memory-safety and secret-dependence findings, as in the Implementation screening section of the candidate pages (clean, or their numbers); – where not screened." \
         ((OWN_ID in NLABELS) ? " The ML-KEM rows (" OWN_ID ") are the package's own implementation of FIPS 203, the reference point." : ""))
    heading(2, "Key encapsulation")
    n = NIDS
    for (k = 1; k <= n; k++) ids[k] = IDS[k]
    natsort(ids, n)
    table_begin("id\talgorithm\tinstance\tkeygen cycles (sym %)\tenc cycles (sym %)\tdec cycles (sym %)" summary_extra_header() "\tpublic key (B)\tciphertext (B)\tstack (B)\tscreening\tnotes")
    for (k = 1; k <= n; k++) summary_rows(ids[k])
    table_end()
    if (summary_extra_note() != "") para(summary_extra_note())
    para("Pages: " pages_list(ids, n) ".")
    page_write(page_file(outdir, "summary"))
}

function pages_list(ids, n,   k, t) {
    for (k = 1; k <= n; k++) t = t (k > 1 ? ", " : "") page_link(ids[k], ids[k])
    return t ", " page_link(sysid " method", "method")
}

function summary_rows(id,   k, label, o, op, row, notes, np, nok, pk, ct, miss, stk) {
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        notes = ""
        if (buildfail(id, label)) {
            table_row(page_link(id, id) "\t" algorithm_of(id) "\t" fmt_label(label) "\t–\t–\t–" summary_extra_empty() "\t–\t–\t–\t–\tBUILDFAIL: " I(id, label, "build.reason"))
            continue
        }
        if (I(id, label, "kat.status") != "PASS") notes = add(notes, "KAT " I(id, label, "kat.status"))
        if (I(id, label, "flags_class") != "guide") notes = add(notes, I(id, label, "flags_class") " flags")
        row = page_link(id, id) "\t" algorithm_of(id) "\t" fmt_label(label)
        np = 0; nok = 0; miss = ""
        for (o = 1; o <= NOPS; o++) {
            op = OPS[o]
            if (R(id, label, op, "present") != "1") {
                row = row "\t–"
                notes = add(notes, op " not measured")
                continue
            }
            if (R(id, label, op, "status") != "ok") {
                row = row "\t–"
                notes = add(notes, op " " R(id, label, op, "status"))
                continue
            }
            nok++
            row = row "\t" fmt_cycles(R(id, label, op, "stats.mean_ticks"))
            if (figure_marks(id, label, op) != "") {
                if (R(id, label, op, "disturbed_kept") + 0 > 0)
                    notes = add(notes, op " kept disturbed trials (on the CPU " fmt_pct(R(id, label, op, "disturbed_cpu_share")) " of the time)")
                if (R(id, label, op, "reruns.noisy") == "true") notes = add(notes, op " noisy")
                row = row " *"
            }
            if (P(id, label, op, "status") == "ok")
                row = row " (" fmt_pct(P(id, label, op, "hash_share")) ")"
            else {
                row = row " (–)"
                np++
                miss = miss (miss != "" ? ", " : "") op
            }
        }
        if (np > 0 && np == nok) notes = add(notes, "not profiled")
        else if (np > 0) notes = add(notes, miss " not profiled")
        pk = catalog_has(id, label) ? CAT_PK[id, label] : I(id, label, "sizes.pk")
        ct = catalog_has(id, label) ? CAT_CT[id, label] : I(id, label, "sizes.ct")
        if (catalog_has(id, label) && ((!isnull(I(id, label, "sizes.pk")) && I(id, label, "sizes.pk") + 0 != pk + 0) ||
                                       (!isnull(I(id, label, "sizes.ct")) && I(id, label, "sizes.ct") + 0 != ct + 0)))
            notes = add(notes, "getters disagree with the size catalog")
        stk = deepest_stack(id, label)
        row = row summary_extra_cells(id, label) "\t" (isnull(pk) ? "–" : fmt_int(pk)) "\t" (isnull(ct) ? "–" : fmt_int(ct)) \
              "\t" (stk == "" ? "–" : stk) "\t" screening_cell(id, label) "\t" notes
        table_row(row)
    }
}

# The candidate's findings of an instance's screening, in a few words, one
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
