# report/csv.awk -- OUTDIR/figures.csv: one row per instance and operation
# of one system with every figure the evidence has, unformatted: the
# instance's fields (instance.*), the timing record's (record.*), the hash
# profile's (profile.*) as ngcc-evidence names them, and the size
# catalog's curated sizes (the kinds': catalog.pk, catalog.ct for a KEM)
# and security level; null is an empty cell.  A system with a kind that
# counts (report/kind.awk) has a column counter.NAME per counter of its
# records, and one with a functional check functional.NAME (the KAT log's
# line, "5 of 5 rejected in 0.000010 s"); one with a kind over message
# sizes (report/throughput.awk) throughput.input_bytes, .cycles_per_byte
# and .mb_per_s (10^6 bytes per second), empty for the other kinds.
#
# Part of ngcc-perf.  Run by scripts/ngcc-report (--format csv) as
#   awk -f report/format.awk -f report/markup.awk -f report/evidence.awk \
#       -f report/kind.awk -f report/robust.awk -f report/throughput.awk \
#       -f report/csv.awk ROWS

END {
    if (FAILED) exit 1
    index_evidence()
    file = outdir "/figures.csv"
    head = "system\tid\talgorithm\tinstance\toperation"
    for (t = 1; t <= 3; t++) {
        type = t == 1 ? "instance" : t == 2 ? "record" : "profile"
        for (c = NKEY[type] + 1; c <= NCOL[type]; c++) head = head "\t" type "." COL[type, c]
    }
    csv_columns()
    for (c = 1; c <= NCUR; c++) head = head "\tcatalog." CUR[c]
    head = head "\tcatalog.security_target"
    for (c = 1; c <= NCNT; c++) head = head "\tcounter." CNTN[c]
    for (c = 1; c <= NFUN; c++) head = head "\tfunctional." FUNN[c]
    if (NTP) head = head "\tthroughput.input_bytes\tthroughput.cycles_per_byte\tthroughput.mb_per_s"
    printf "%s\r\n", csv_row(head) > file
    for (p = 1; p <= NIDS; p++) {
        id = IDS[p]
        kind_use(id_kind(id))
        for (k = 1; k <= NLABELS[id]; k++) {
            label = LABELS[id, k]
            for (o = 1; o <= NOPS; o++) {
                op = OPS[o]
                row = sysid "\t" id "\t" algorithm_of(id) "\t" label "\t" op
                row = row fields("instance", id SUBSEP label) fields("record", id SUBSEP label SUBSEP op) \
                    fields("profile", id SUBSEP label SUBSEP op)
                for (c = 1; c <= NCUR; c++) row = row "\t" (catalog_has(id, label) && is_curated(CUR[c]) ? CAT_SIZE[CUR[c], id, label] : "")
                row = row "\t" (catalog_has(id, label) ? CAT_LEVEL[id, label] : "")
                for (c = 1; c <= NCNT; c++) row = row "\t" (has_counter(id, label, op, CNTN[c]) ? CNT(id, label, op, CNTN[c]) : "")
                for (c = 1; c <= NFUN; c++) row = row "\t" V["functional", id SUBSEP label SUBSEP FUNN[c], "text"]
                if (NTP) row = row (!per_input() ? "\t\t\t" : "\t" input_of(op) "\t" \
                    (tp_ok(id, label, op) ? sprintf("%.10g\t%.10g", cpb_of(id, label, op), mbps_of(id, label, op)) : "\t"))
                printf "%s\r\n", csv_row(row) > file
            }
        }
    }
    close(file)
}

# The non-key fields of a row as tab-separated cells ("" for null or a
# row that is not there).
function fields(type, key,   c, t, v) {
    t = ""
    for (c = NKEY[type] + 1; c <= NCOL[type]; c++) {
        v = ((type, key, COL[type, c]) in V) ? V[type, key, COL[type, c]] : ""
        if (isnull(v)) v = ""
        gsub(/\t/, " ", v)
        t = t "\t" v
    }
    return t
}

# The columns beyond the rows' fields: the curated sizes of every kind of
# the system CUR[1..NCUR] (in the order of the kinds), the counters the
# records carry CNTN[1..NCNT] and the functional checks FUNN[1..NFUN] (in
# the order of the rows); the first kind in use after.
function csv_columns(   k, c, seen, key, f) {
    NCUR = 0; NCNT = 0; NFUN = 0
    for (k = 1; k <= NKINDS; k++) {
        kind_use(KINDS[k])
        for (c = 1; c <= NCURATED; c++) if (!(CURATED[c] in seen)) { seen[CURATED[c]] = 1; CUR[++NCUR] = CURATED[c] }
    }
    NTP = 0
    for (k = 1; k <= NKINDS; k++) { kind_use(KINDS[k]); if (per_input()) NTP = 1 }
    kind_use(KINDS[1])
    for (k = 1; k <= NROWS["counter"]; k++) {
        split(ROWKEY["counter", k], f, SUBSEP)
        if (!(("c", f[4]) in seen)) { seen["c", f[4]] = 1; CNTN[++NCNT] = f[4] }
    }
    for (k = 1; k <= NROWS["functional"]; k++) {
        split(ROWKEY["functional", k], f, SUBSEP)
        if (!(("f", f[3]) in seen)) { seen["f", f[3]] = 1; FUNN[++NFUN] = f[3] }
    }
}
