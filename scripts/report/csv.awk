# report/csv.awk -- OUTDIR/figures.csv: one row per instance and operation
# of one system with every figure the evidence has, unformatted: the
# instance's fields (instance.*), the timing record's (record.*), the hash
# profile's (profile.*) as ngcc-evidence names them, and the size
# catalog's curated sizes (the kind's: catalog.pk, catalog.ct for a KEM)
# and security level; null is an empty cell.
#
# Part of ngcc-perf.  Run by scripts/ngcc-report (--format csv) as
#   awk -f report/format.awk -f report/markup.awk -f report/evidence.awk \
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
    for (c = 1; c <= NCURATED; c++) head = head "\tcatalog." CURATED[c]
    head = head "\tcatalog.security_target"
    printf "%s\r\n", csv_row(head) > file
    for (p = 1; p <= NIDS; p++) {
        id = IDS[p]
        for (k = 1; k <= NLABELS[id]; k++) {
            label = LABELS[id, k]
            for (o = 1; o <= NOPS; o++) {
                op = OPS[o]
                row = sysid "\t" id "\t" algorithm_of(id) "\t" label "\t" op
                row = row fields("instance", id SUBSEP label) fields("record", id SUBSEP label SUBSEP op) \
                    fields("profile", id SUBSEP label SUBSEP op)
                for (c = 1; c <= NCURATED; c++) row = row "\t" (catalog_has(id, label) ? CAT_SIZE[CURATED[c], id, label] : "")
                row = row "\t" (catalog_has(id, label) ? CAT_LEVEL[id, label] : "")
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
