# report/robust.awk -- what the pages show of the per-call distribution,
# the robust figure, the ratio to the reference workload and the
# instruction counts (doc/robust.md): table 4a of the candidate pages,
# the summary's robust and ratio columns, the method page's paragraph.
#
# Part of ngcc-perf.  Loaded by scripts/ngcc-report after
# report/evidence.awk for every page.

function has(x) { return x != "" && !isnull(x) }

# The reference workload as the pages name it (reference.h).
function reference_name() { return "SM3-64" }

# Does any record of the system have per-call figures, a ratio, counts?
function any_record(name,   k) {
    for (k = 1; k <= NROWS["record"]; k++)
        if (has(V["record", ROWKEY["record", k], name])) return 1
    return 0
}

# Does a record of scheme ID have the field NAME?
function id_has(id, name,   k, o) {
    for (k = 1; k <= NLABELS[id]; k++)
        for (o = 1; o <= NOPS; o++)
            if (has(R(id, LABELS[id, k], OPS[o], name))) return 1
    return 0
}

# A ratio to the reference: the summary's one format for ratios
# (report/format.awk): 6.67, 66.7, 667, 6671.
function fmt_ratio(x) { return fmt_sig3(x) }

# ---- 4a. Per-call distribution (candidate pages) ----------------------------------

# Shown when a record of the scheme has per-call figures or counts.
function per_call_table(id,   k, o, label, op, row, ci) {
    if (!id_has(id, "per_call.p10") && !id_has(id, "instructions.source")) return
    heading(2, "4a. Per-call distribution")
    para("Per call, in the unit of section 4. min: the fastest call of all kept trials; p10, median, p90: the median over the trials of each trial's quantile (nearest rank over all its timed calls); robust figure: the median over the trials of each trial's p10, the figure a noisy host moves least; 95 % CI: a Student-t interval of the mean from the trial means (section 4's mean lies inside it). instructions: user-mode instructions per call, the same from run to run (the method page gives the source).")
    table_begin("instance\toperation\tmin\tp10\tmedian\tp90\trobust figure\t95 % CI of the mean\tinstructions")
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        for (o = 1; o <= NOPS; o++) {
            op = OPS[o]
            if (!has_op(id, label, op)) continue
            if (buildfail(id, label) || R(id, label, op, "present") != "1" || R(id, label, op, "status") != "ok") {
                table_row(fmt_label(label) "\t" op "\t–\t–\t–\t–\t–\t–\t–")
                continue
            }
            if (has(R(id, label, op, "per_call.p10"))) {
                row = fmt_cycles(R(id, label, op, "per_call.min")) "\t" fmt_cycles(R(id, label, op, "per_call.p10")) \
                      "\t" fmt_cycles(R(id, label, op, "per_call.p50")) "\t" fmt_cycles(R(id, label, op, "per_call.p90")) \
                      "\t" fmt_cycles(R(id, label, op, "per_call.robust_ticks"))
                if (R(id, label, op, "per_call.timing") == "blocks")
                    row = row " " note(fmt_label(label) " " op ": timed in blocks of up to " R(id, label, op, "per_call.block_max") \
                                       " calls (one pair of counter reads costs more than 1 % of a call): the quantiles are of block means")
            } else {
                row = "–\t–\t–\t–\t– " note("no per-call figures in the record (timed as one loop)")
            }
            ci = has(R(id, label, op, "per_call.mean_ci95.lo")) ? \
                 fmt_cycles(R(id, label, op, "per_call.mean_ci95.lo")) " – " fmt_cycles(R(id, label, op, "per_call.mean_ci95.hi")) : "–"
            row = row "\t" ci
            if (has(R(id, label, op, "instructions.instructions")))
                row = row "\t" fmt_cycles(R(id, label, op, "instructions.instructions"))
            else if (has(R(id, label, op, "instructions.reason")))
                row = row "\t– " note("instructions " R(id, label, op, "instructions.reason"))
            else
                row = row "\t– " note("instructions not counted for this campaign (make bench ICOUNT=0, or an earlier ngcc-bench)")
            table_row(fmt_label(label) "\t" op "\t" row)
        }
    }
    table_end()
    notes_flush()
}

# ---- the summary's columns -----------------------------------------------------

# The robust column is shown when the host had problems, the ratio column
# when the records have ratios: the robust figure's beside the robust
# column, else the mean's.
function summary_robust_shown() { return host_problems_text() != "" && any_record("per_call.robust_ticks") }
function summary_ratio_shown() { return any_record("per_call.mean_ratio") }

function summary_extra_header(   h) {
    if (summary_robust_shown()) h = h "\trobust " sops_text(" / ")
    if (summary_ratio_shown()) h = h "\t" (summary_robust_shown() ? "robust " : "") "× " reference_name() " " sops_text(" / ")
    return h
}

function summary_extra_empty(   c) {
    if (summary_robust_shown()) c = c "\t–"
    if (summary_ratio_shown()) c = c "\t–"
    return c
}

# The summary's operations' NAME, "a / b / c".
function triple(id, label, name, fmt,   o, t, v) {
    for (o = 1; o <= NSOPS; o++) {
        v = R(id, label, SOPS[o], name)
        t = t (o > 1 ? " / " : "") (R(id, label, SOPS[o], "status") == "ok" && has(v) ? (fmt == "ratio" ? fmt_ratio(v) : fmt_cycles(v)) : "–")
    }
    return t
}

function summary_extra_cells(id, label,   c) {
    if (summary_robust_shown()) c = c "\t" triple(id, label, "per_call.robust_ticks", "cycles")
    if (summary_ratio_shown())
        c = c "\t" triple(id, label, summary_robust_shown() ? "per_call.robust_ratio" : "per_call.mean_ratio", "ratio")
    return c
}

function summary_extra_note(   t) {
    if (summary_robust_shown())
        t = "The host had problems (" host_problems_text() "), so the robust figure is given too: the median over the trials of each trial's lower decile of per-call cycles, which moves least when other work takes the CPU (candidate pages, table 4a)."
    if (summary_ratio_shown())
        t = t (t != "" ? " " : "") (summary_robust_shown() ? "robust × " reference_name() ": the robust figure as a multiple of the lower decile of the reference workload" : "× " reference_name() ": the mean of an operation as a multiple of the mean of the reference workload") \
            " (the package's SM3 over 64 bytes), timed in the same trial process just before and after the measured calls, so that a slowdown of the whole process cancels; comparable across machines of one architecture."
    return t
}

# ---- the method page --------------------------------------------------------------

function robust_method(   k, key, secs, n, tool, src, none, why) {
    if (!any_record("per_call.p10") && !any_record("instructions.source")) return
    heading(2, "Per-call distribution, robust figure, instructions")
    para("Every timed call is timed alone between two serialised counter reads (a block of calls where one read pair costs more than 1 % of a call); each trial keeps the count and sum (the mean of section 4 stays the loop's ticks over its calls), the minimum, the nearest-rank quantiles p1 p5 p10 p25 p50 p75 p90 p99 over all its calls (up to 20 000) and the maximum. The robust figure of a record is the median over its trials of each trial's p10: on a shared or virtual host the upper tail of a call's distribution moves from process to process, its lower part does not. The 95 % confidence interval of the mean is mean ± t(0.975, trials − 1) × sd / √trials over the trial means. Each trial process also times the reference workload (SM3 of 64 bytes from the package's src/iccs) for 2 % of the trial's time, 2 to 20 ms, before and after the calls; the summary's ratio is the median over the trials of each trial's p10 divided by the reference's p10 on a host with problems, else the mean over the trials of each trial's mean divided by the reference's mean. doc/robust.md has the measurements behind these choices.")
    for (k = 1; k <= NROWS["record"]; k++) {
        key = ROWKEY["record", k]
        src = V["record", key, "instructions.source"]
        if (!has(src)) continue
        if (src == "none" || !has(V["record", key, "instructions.instructions"])) { none++; why = V["record", key, "instructions.reason"]; continue }
        n++
        secs += V["record", key, "instructions.seconds"]
        tool = V["record", key, "instructions.tool"]
        if (src == "valgrind-callgrind") tool = tool " (callgrind, collection on inside the API call only)"
    }
    if (n > 0)
        para("Instructions per call: user-mode instructions of 3 calls after one warm-up, from " tool ", in a separate process with the DRNG seeded as for the trials, so that the count is the same from run to run; counting " n " record" (n == 1 ? "" : "s") " took " fmt_duration(secs) " of wall time in all." \
             (none > 0 ? " " none " record" (none == 1 ? " was" : "s were") " " why "." : ""))
    else if (none > 0)
        para("Instructions per call: " why " (on this system).")
}
