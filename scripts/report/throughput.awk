# report/throughput.awk -- the pages of a kind whose operations each hash
# a message of a fixed size (kindpage per_input, kindop input_bytes; a hash
# function's eight sizes): section 4 as one table per instance over the
# sizes, with cycles per byte and MB/s; section 6's sizes in bits
# (kindpage bits_size) and its functional column (functional_size); the
# figures of the summary's throughput table (its rows: report/summary.awk).
# No operation, size or kind is named here.
#
# Part of ngcc-perf.  Included after report/kind.awk by every page program
# (scripts/ngcc-report, render).

function per_input() { return KPAGE("per_input") + 0 == 1 }
function input_of(op) { return KOP(KIND, op, "input_bytes") + 0 }

# A message size in words: "64 KiB", "32 bytes".
function bytes_words(b) { return b >= 1024 && b % 1024 == 0 ? (b / 1024) " KiB" : b " bytes" }

# The operations with the largest and the smallest message (TP_BIG, TP_SMALL).
function input_extremes(   o) {
    TP_BIG = ""; TP_SMALL = ""
    for (o = 1; o <= NOPS; o++) {
        if (input_of(OPS[o]) <= 0) continue
        if (TP_BIG == "" || input_of(OPS[o]) > input_of(TP_BIG)) TP_BIG = OPS[o]
        if (TP_SMALL == "" || input_of(OPS[o]) < input_of(TP_SMALL)) TP_SMALL = OPS[o]
    }
}

function tp_ok(id, label, op) {
    return R(id, label, op, "present") == "1" && R(id, label, op, "status") == "ok" && input_of(op) > 0 &&
        R(id, label, op, "stats.mean_seconds") + 0 > 0
}
# Cycles per byte and MB/s (10^6 bytes per second) of a record.
function cpb_of(id, label, op) { return R(id, label, op, "stats.mean_ticks") / input_of(op) }
function mbps_of(id, label, op) { return input_of(op) / R(id, label, op, "stats.mean_seconds") / 1e6 }

# The sentence above section 4's tables.
function per_input_sentence() {
    return "One table per instance, a row per message size: cycles per byte are the mean cycles of one call over the message's bytes, " \
        "MB/s the message's bytes over the mean time of one call, in 10^6 bytes per second (the method page gives the message rule)."
}

# ---- section 6 ---------------------------------------------------------------------

# After size KEY's bytes: its bits, for the kind's bits_size ("").
function bits_text(id, label, key,   v) {
    if (key != KPAGE("bits_size")) return ""
    v = I(id, label, "sizes." key)
    return isnull(v) || v == "" ? "" : " (" fmt_int(v * 8) " bits)"
}

# The functional check shown in section 6 (kindpage functional_size), not
# as a column of section 3.
function functional_in_sizes() { return has_functional() && KPAGE("functional_size") != "" }
function functional_column() { return has_functional() && KPAGE("functional_size") == "" }

# Any instance of ID whose KAT log has the kind's functional line.
function any_functional(id,   k) {
    for (k = 1; k <= NLABELS[id]; k++) if (functional_line(id, LABELS[id, k]) != "") return 1
    return 0
}

# Section 6's cell of the functional line: as the KAT log gives it; the
# instance's own length alone when its log has none.
function functional_size_cell(id, label,   t) {
    if (buildfail(id, label)) return "–"
    t = functional_line(id, label)
    return t == "" ? "its own length only" : t
}
