# report/page.awk -- the candidate pages of one system: OUTDIR/<id>.txt (or
# .md) for every scheme in the evidence, as doc/report.md and
# shared/examples/ show them: breadcrumb, title, sections 1-7, Symmetric
# primitives and Implementation screening (not part of the guide).
#
# Part of ngcc-perf.  Run by scripts/ngcc-report as
#   awk -f report/format.awk -f report/evidence.awk -f report/kind.awk \
#       -f report/page.awk ROWS

END {
    if (FAILED) exit 1
    index_evidence()
    for (p = 1; p <= NIDS; p++) candidate_page(IDS[p])
}

function candidate_page(id,   file) {
    kind_use(id_kind(id))
    page_begin()
    notes_begin()
    para(breadcrumb(id))
    heading(1, id " " algorithm_of(id) " — performance on " arch_name() " (system " sysid ")")
    if (emulated_note() != "") para(emulated_note())
    para("Independent measurement following the structure of the NICCS " guide_name() \
         " self-assessment guide, §3.5 (1)–(7). Not a submitter self-assessment.")
    basic_information(id)
    heading(2, "2. Assessment environment")
    environment_table(id)
    if (host_state_sentence(id) != "") para(host_state_sentence(id))
    functional_testing(id)
    performance(id)
    per_call_table(id)
    resources(id)
    sizes_section(id)
    symmetric(id)
    screening(id)
    evidence_index(id)
    para(scripts_line(id))
    page_write(page_file(outdir, id))
}

# ---- 1. Basic information ------------------------------------------------------

function basic_information(id,   k, v, seen, variants, nv, t, labels, impl) {
    heading(2, "1. Basic information")
    nv = 0
    for (k = 1; k <= NLABELS[id]; k++) {
        v = I(id, LABELS[id, k], "variant")
        if (isnull(v) || v == "") v = "reference"
        if (!(v in seen)) { seen[v] = 1; variants[++nv] = v }
        labels = labels (k > 1 ? ", " : "") LABELS[id, k]
    }
    natsort(variants, nv)
    for (k = 1; k <= nv; k++) impl = impl (k > 1 ? ", " : "") variants[k]
    if (id == OWN_ID) impl = impl " (the package's own implementation of " K(KIND, "standard") ", measured as the reference point for the candidates)"
    t = "Category: " K(KIND, "category")
    t = t "\nAlgorithm: " algorithm_of(id)
    t = t "\nImplementation versions measured: " impl
    t = t "\nParameter sets: " labels
    t = t "\nSource measured: " source_text(id)
    t = t "\nMeasurement method: " page_link_shown(sysid " method", "method")
    if ((id in NICCS) && NICCS[id] != "") t = t "\nSubmission: " link_shown("NICCS page", NICCS[id])
    lines(t)
}

# What the instances were built from, as the import recorded it in the
# evidence (build.json source): the archive or directory, its SHA-256 and
# the catalog's verdict; each distinct source once, with its instances when
# they differ.  Evidence without it (an older campaign) says unknown.
function source_text(id,   k, label, s, seen, n, list, who, out) {
    if (id == OWN_ID) return "the package's own sources (schemes/" id "/ of ngcc-perf)"
    n = 0
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        if (isnull(I(id, label, "source.name")) || I(id, label, "source.name") == "")
            s = "unknown (the evidence does not record what was imported)"
        else {
            s = I(id, label, "source.name")
            if (!isnull(I(id, label, "source.sha256")) && I(id, label, "source.sha256") != "")
                s = s ", SHA-256 " I(id, label, "source.sha256")
            s = s " (" (isnull(I(id, label, "source.catalog")) || I(id, label, "source.catalog") == "" ? \
                       "unknown" : I(id, label, "source.catalog")) ")"
        }
        if (!(s in seen)) { seen[s] = ++n; list[n] = s; who[n] = "" }
        who[seen[s]] = who[seen[s]] (who[seen[s]] == "" ? "" : ", ") label
    }
    if (n == 1) return list[1]
    for (k = 1; k <= n; k++) out = out (k > 1 ? "; " : "") list[k] " for " who[k]
    return out
}

# ---- 3. Functional testing (KAT) -------------------------------------------------

function functional_testing(id,   k, label, basis, bases, nb, seen, none, nn, s, st, cell, fl, why, nf) {
    heading(2, "3. Functional testing (KAT)")
    nb = 0; nn = 0
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        basis = ""
        if (buildfail(id, label)) continue
        if (!isnull(I(id, label, "kat.manifest")))
            basis = "SHA-256 manifest " I(id, label, "kat.manifest") " in ngcc-perf"
        else if (!isnull(I(id, label, "kat.reference")))
            basis = "submitted KAT file " I(id, label, "kat.reference")
        if (basis == "") { none = none (nn++ ? ", " : "") fmt_label(label); continue }
        if (!(basis in seen)) { seen[basis] = 1; bases = bases (nb++ ? "; " : "") basis }
    }
    nf = 0
    for (k = 1; k <= NLABELS[id]; k++) if (buildfail(id, LABELS[id, k])) nf++
    if (nf == NLABELS[id])
        s = "No instance built (the notes say why): nothing was KAT-checked or measured."
    else if (nb == 0)
        s = "Each library's KAT file was generated before timing; no reference digest or submitted KAT file was there to compare it with."
    else {
        s = "Each library was checked against " (id == OWN_ID ? "the package's own KAT vectors" : "the submitted KAT vectors") \
            " (" bases (nn ? "; none for " none : "") ") before timing."
    }
    if (functional_column()) s = s " " KPAGE("functional_text")
    para(s)
    table_begin("instance\tbuild flags\tKAT" (functional_column() ? "\t" KPAGE("functional_label") : ""))
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        if (buildfail(id, label)) {
            table_row(fmt_label(label) "\t–\tBUILDFAIL " note(buildfail_note(id, label)) (functional_column() ? "\t–" : ""))
            continue
        }
        fl = I(id, label, "flags_class")
        if (fl != "guide") {
            why = I(id, label, "flags_reason")
            fl = fl " " note(fmt_label(label) ": built with " fl " flags" \
                             (isnull(why) || why == "" ? "" : ": " why))
        }
        st = I(id, label, "kat.status")
        cell = st
        if (st != "PASS") {
            why = I(id, label, "kat.reason")
            cell = st " " note(fmt_label(label) ": KAT " st \
                               (isnull(why) || why == "" ? "" : ": " why) \
                               " (" fmt_path(I(id, label, "kat.log.file")) ")")
        }
        table_row(fmt_label(label) "\t" fl "\t" cell (functional_column() ? "\t" functional_cell(id, label) : ""))
    }
    table_end()
    notes_flush()
}

# The note of an instance that did not build: the flags tried, the build's
# own message (the symptom: a compiler's or linker's error) with its log,
# and the import's diagnosis when it found the cause (a source the
# submitters' build lists but the submission lacks).
function buildfail_note(id, label,   why, dx, t) {
    why = I(id, label, "build.reason")
    dx = I(id, label, "build.diagnosis")
    t = fmt_label(label) ": did not build" \
        (I(id, label, "flags_class") == "harness-default" ? " with the guide's nor the harness-default flags" : "") \
        (isnull(why) || why == "" ? "" : ": " why) \
        (isnull(I(id, label, "build.log.file")) ? "" : " (" fmt_path(I(id, label, "build.log.file")) ")")
    if (!isnull(dx) && dx != "") t = t "; the import's diagnosis: " dx
    return t "; not measured"
}

# ---- 4. Performance ---------------------------------------------------------------

# The note of a record without figures ("" when it has them).
function record_gap(id, label, op,   st) {
    if (R(id, label, op, "present") != "1")
        return note(missing_note("timing", id, label, op, "records/" id "/<label>__<op>.json", NUL, ""))
    st = R(id, label, op, "status")
    if (st == "ok") return ""
    return note(missing_note("timing", id, label, op, R(id, label, op, "file"), st, R(id, label, op, "reason")))
}

function performance(id,   k, o, label, op, gap, s) {
    heading(2, "4. Performance")
    s = counter_sentence(id)
    if (quick_note() != "") s = s (s != "" ? " " : "") quick_note()
    if (s != "") para(s)
    if (per_input()) performance_per_input(id)
    else performance_by_op(id)
    s = steps_sentence(id)
    if (s != "") para(s)
    counters_table(id)
    s = confinement_notes(id)
    if (s != "") para(s)
    notes_flush()
}

# Section 4's table: a row per instance and operation.
function performance_by_op(id,   k, o, label, op, gap) {
    table_begin("instance\toperation\tmean cycles\tmean time\tops/s\tmedian trial\tn (trials × iters)")
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        for (o = 1; o <= NOPS; o++) {
            op = OPS[o]
            if (!has_op(id, label, op)) continue
            if (buildfail(id, label)) { table_row(fmt_label(label) "\t" op "\t–\t–\t–\t–\t–"); continue }
            gap = record_gap(id, label, op)
            if (gap != "") {
                table_row(fmt_label(label) "\t" op "\t– " gap "\t–\t–\t–\t–")
                continue
            }
            table_row(fmt_label(label) "\t" op \
                "\t" fmt_cycles(R(id, label, op, "stats.mean_ticks")) figure_marks(id, label, op) \
                "\t" fmt_time(R(id, label, op, "stats.mean_seconds")) \
                "\t" fmt_ops(R(id, label, op, "stats.ops_per_second")) \
                "\t" fmt_time(R(id, label, op, "stats.trial_mean_seconds.median")) \
                "\t" fmt_n(R(id, label, op, "stats.n"), R(id, label, op, "stats.trials"), R(id, label, op, "plan.iters")))
        }
    }
    table_end()
}

# Section 4 of a kind over message sizes (report/throughput.awk): one
# table per instance, a row per size.
function performance_per_input(id,   k, o, label, op, gap, b) {
    para(per_input_sentence())
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        para("Instance " fmt_label(label) ":")
        table_begin("input size (bytes)\tmean cycles\tcycles per byte\tmean time\tMB/s\tmedian trial\tn (trials × iters)")
        for (o = 1; o <= NOPS; o++) {
            op = OPS[o]; b = input_of(op)
            if (!has_op(id, label, op)) continue
            if (buildfail(id, label)) { table_row(b "\t–\t–\t–\t–\t–\t–"); continue }
            gap = record_gap(id, label, op)
            if (gap != "") { table_row(b "\t– " gap "\t–\t–\t–\t–\t–"); continue }
            table_row(b "\t" fmt_cycles(R(id, label, op, "stats.mean_ticks")) figure_marks(id, label, op) \
                "\t" (b > 0 ? fmt_sig3(cpb_of(id, label, op)) : "–") \
                "\t" fmt_time(R(id, label, op, "stats.mean_seconds")) \
                "\t" (tp_ok(id, label, op) ? fmt_sig3(mbps_of(id, label, op)) : "–") \
                "\t" fmt_time(R(id, label, op, "stats.trial_mean_seconds.median")) \
                "\t" fmt_n(R(id, label, op, "stats.n"), R(id, label, op, "stats.trials"), R(id, label, op, "plan.iters")))
        }
        table_end()
    }
}

# What the confinement saw of the instance's timing processes: the files
# they left in their scratch directories, or that they ran unconfined
# ("" for records that do not say: evidence from before the confinement).
function confinement_notes(id,   k, o, label, op, left, m, t, u) {
    t = ""; u = ""
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        for (o = 1; o <= NOPS; o++) {
            op = OPS[o]
            if (!has_op(id, label, op)) continue
            if (R(id, label, op, "present") != "1") continue
            left = R(id, label, op, "confinement.scratch_left")
            m = R(id, label, op, "confinement.mechanism")
            if (!isnull(left) && left != "") t = t (t != "" ? "; " : "") fmt_label(label) " " op ": " left
            if (!isnull(m) && m == "none") u = u (u != "" ? ", " : "") fmt_label(label) " " op
        }
    }
    if (t != "") t = "Files the candidate code left in its scratch directory (removed after each process): " t "."
    if (u != "") t = t (t != "" ? " " : "") "Ran unconfined (the method page says why): " u "."
    return t
}

# ---- 5. Resource consumption --------------------------------------------------------

# A cell of the memory pass: the bytes, or – with the note of why not.
function memory_cell(id, label, op, text, what,   gap, why) {
    if (text != "" && !isnull(text)) return fmt_int(text)
    gap = record_gap(id, label, op)
    if (gap != "") return "– " gap
    why = R(id, label, op, "memory." what "_reason")
    if (isnull(why) || why == "") return "– " note(fmt_label(label) " " op ": the record has no " what " figures")
    return "– " note(what " " why)
}

function resources(id,   k, o, label, op, st, base, peak, gap, stk) {
    heading(2, "5. Resource consumption")
    para("Static memory is approximated by the library's loadable ELF segments; peak memory is the process high-water mark (VmHWM) including the benchmark driver and libc, so both are upper-bound proxies rather than isolated algorithm memory." \
         " The algorithm's own memory comes from one more call of each operation in every trial process, after its timed calls: stack is the deepest byte that call changed on a painted thread stack of known size, less what a do-nothing call uses (> N: it reached the end of its N-byte region); heap peak is the most bytes its allocations held at once and leaked per op what it left allocated, counted by ngcc-bench's own malloc, calloc, realloc and free, which the library calls instead of libc's.")
    table_begin("instance\toperation\tstatic: ELF image (bytes)\tbaseline RSS\tpeak RSS\tstack (bytes)\theap peak (bytes)\tleaked per op (bytes)")
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        for (o = 1; o <= NOPS; o++) {
            op = OPS[o]
            if (!has_op(id, label, op)) continue
            if (buildfail(id, label)) { table_row(fmt_label(label) "\t" op "\t–\t–\t–\t–\t–\t–"); continue }
            st = R(id, label, op, "memory.static_bytes")
            if (isnull(st)) st = I(id, label, "library.static_bytes")
            st = isnull(st) ? "–" : fmt_int(st)
            base = R(id, label, op, "memory.baseline_rss_bytes")
            peak = R(id, label, op, "memory.peak_rss_bytes")
            gap = ""
            if (isnull(base) || isnull(peak)) {
                gap = record_gap(id, label, op)
                if (gap == "") gap = note(fmt_label(label) " " op ": the record has no resident-set figures")
            }
            if (isnull(base)) { base = "– " gap; gap = "" } else base = fmt_kib(base)
            if (isnull(peak)) peak = gap == "" ? "–" : "– " gap
            else peak = fmt_kib(peak)
            stk = stack_text(id, label, op)
            stk = stk == "" ? memory_cell(id, label, op, "", "stack") : stk
            table_row(fmt_label(label) "\t" op "\t" st "\t" base "\t" peak "\t" stk \
                "\t" memory_cell(id, label, op, R(id, label, op, "memory.heap_peak_bytes"), "heap") \
                "\t" memory_cell(id, label, op, R(id, label, op, "memory.heap_leaked_bytes"), "heap"))
        }
    }
    table_end()
    notes_flush()
}

# ---- 6. Transmission and storage overhead ----------------------------------------------

function size_cell(api, cat, label, what,   c) {
    if (cat != "") {
        c = cat
        if (!isnull(api) && api + 0 != cat + 0)
            c = c " " note(fmt_label(label) ": the library's getters give " what " " fmt_int(api) \
                           " bytes; the table shows the catalog's " cat)
        return c
    }
    if (isnull(api)) return "– " note(fmt_label(label) ": the getters gave no " what " size (see the KAT log)")
    return fmt_int(api)
}

# The labels of the curated sizes (CURATED 1) or of the others (0) as
# compound words joined: "public-key and ciphertext".
function size_words(curated,   s, n, t, w) {
    for (s = 1; s <= NSIZES; s++) {
        if (is_curated(SIZES[s]) != curated) continue
        w = size_label(SIZES[s]); gsub(/ /, "-", w)
        t = t (n++ ? " and " : "") w
    }
    return t
}

function sizes_section(id,   k, label, listed, nl, basis, s, cat, head, row, key, c, fs) {
    heading(2, "6. Transmission and storage overhead")
    nl = 0
    for (k = 1; k <= NLABELS[id]; k++)
        if (catalog_has(id, LABELS[id, k])) listed = listed (nl++ ? ", " : "") fmt_label(LABELS[id, k])
    basis = I(id, LABELS[id, 1], "sizes.basis")
    if (isnull(basis) || basis == "") basis = "API getters"
    cat = K(KIND, "size_catalog")
    s = size_words(1)
    s = toupper(substr(s, 1, 1)) substr(s, 2) " sizes follow the curated " cat " catalog"
    if (nl == NLABELS[id] && size_words(0) == "")
        s = s "."
    else if (nl == NLABELS[id])
        s = s "; " size_words(0) " lengths remain API figures (the library's getters)."
    else if (nl > 0)
        s = s " for " listed "; the other sizes are API figures (the library's getters)."
    else if (basis == "API getters")
        s = "All sizes are API figures (the library's getters); the curated " cat " catalog does not list these instances."
    else
        s = "All sizes are as build.json gives them (" basis "); the curated " cat " catalog does not list these instances."
    para(s)
    head = "instance"
    for (c = 1; c <= NSIZES; c++) head = head "\t" size_label(SIZES[c])
    fs = functional_in_sizes() && any_functional(id)
    if (fs) head = head "\t" KPAGE("functional_label")
    table_begin(head)
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        row = fmt_label(label)
        for (c = 1; c <= NSIZES; c++) {
            key = SIZES[c]
            row = row "\t" (buildfail(id, label) ? "–" : \
                size_cell(I(id, label, "sizes." key), catalog_has(id, label) && is_curated(key) ? CAT_SIZE[key, id, label] : "", label, size_label(key)) \
                produced_text(id, label, key) bits_text(id, label, key))
        }
        table_row(row (fs ? "\t" functional_size_cell(id, label) : ""))
    }
    table_end()
    if (NPENDING == 0 && nl > 0) para("The library's getters agree with the catalog for every listed size.")
    if (produced_sentence() != "") para(produced_sentence())
    if (fs) para(KPAGE("functional_text"))
    notes_flush()
}

# ---- Symmetric primitives -------------------------------------------------------------

function verdict(id,   k, v, seen, n, t, wrapped, names, m, i, list, nw, key, f, all) {
    n = 0
    for (k = 1; k <= NLABELS[id]; k++) {
        v = survey_of(id, LABELS[id, k])
        if (isnull(v) || v == "" || (v in seen)) continue
        seen[v] = ++n
        t = t (n > 1 ? "; " : "") v
    }
    if (n == 1) return "Survey verdict: " t
    if (n == 0 && id == OWN_ID)
        return "Survey verdict: own primitives — SHA-3 and SHAKE (FIPS 202) in the package's sources; the ICCS DRNG for randomness"
    if (n > 1) {
        t = ""
        for (k = 1; k <= NLABELS[id]; k++) {
            v = survey_of(id, LABELS[id, k])
            if (!isnull(v) && v != "") t = t (t != "" ? "; " : "") fmt_label(LABELS[id, k]) ": " v
        }
        return "Survey verdict: " t
    }
    nw = 0
    for (k = 1; k <= NROWS["profile"]; k++) {
        key = ROWKEY["profile", k]
        split(key, f, SUBSEP)
        if (f[1] != id || isnull(V["profile", key, "wrapped"])) continue
        m = split(V["profile", key, "wrapped"], names, " ")
        for (i = 1; i <= m; i++) if (!(names[i] in wrapped)) { wrapped[names[i]] = 1; all[++nw] = names[i] }
    }
    if (nw == 0) return "Survey verdict: not surveyed; no hash profile was taken on this system"
    bytesort(all, nw)
    for (i = 1; i <= nw; i++) list = list (i > 1 ? ", " : "") all[i]
    return "Survey verdict: not surveyed; the profile wraps " list
}

function symmetric(id,   fns, s, k, o, label, op, gap, st, tick) {
    heading(2, "Symmetric primitives")
    para(verdict(id))
    fns = hash_functions(id)
    gsub(/ /, ", ", fns)
    tick = tick_words(id)
    if (id == OWN_ID)
        s = "Share of each operation spent in " OWN_NAME "'s own " K(KIND, "hash") " functions (FIPS 202" (fns != "" ? ": " fns : "") ") and in the ICCS DRNG"
    else if (iccs_only(hash_functions(id)))
        s = "Share of each operation spent in the ICCS placeholder hash functions and in the ICCS DRNG"
    else
        s = "Share of each operation spent in the scheme's hash functions (" fns ") and in the ICCS DRNG"
    s = s " (reference build, its objects relinked with link-time wrappers and measured in a run of their own" \
        (tick != "" ? ", ticks of " tick : "") "):"
    para(s)
    table_begin("instance\toperation\t" hash_column(id) "\tDRNG\tcalls per operation")
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        for (o = 1; o <= NOPS; o++) {
            op = OPS[o]
            if (!has_profile(id, label, op)) continue
            if (buildfail(id, label)) { table_row(fmt_label(label) "\t" op "\t–\t–\t–"); continue }
            st = P(id, label, op, "status")
            if (P(id, label, op, "present") != "1")
                gap = note(missing_note("profile", id, label, op, "profile/" id "/<label>__<op>.json", NUL, ""))
            else if (st != "ok")
                gap = note(missing_note("profile", id, label, op, P(id, label, op, "file"), st, P(id, label, op, "reason")))
            else gap = ""
            if (gap != "") { table_row(fmt_label(label) "\t" op "\t– " gap "\t–\t–"); continue }
            table_row(fmt_label(label) "\t" op "\t" fmt_pct(P(id, label, op, "hash_share")) \
                "\t" fmt_pct(P(id, label, op, "drng_share")) "\t" calls_text(id, label, op))
        }
    }
    table_end()
    notes_flush()
}

# ---- Implementation screening (not part of the guide) --------------------------------

function screening(id,   k, i, label, n, st, row, t, key, f, any) {
    heading(2, "Implementation screening")
    para("Not part of the guide's self-assessment: ngcc-perf's own screening of the code measured (doc/screen.md). Memory safety: each instance built once more with AddressSanitizer and UBSan and run through KAT records and operations of each kind, and its guide build run under valgrind memcheck. " (KPAGE("no_secrets") != "" ? KPAGE("no_secrets") : "Secret-dependent behaviour: under memcheck, with the coins, " sizes_text(1, "the ") " marked secret and " sizes_text(0, "") " declassified, every conditional jump and memory index that depends on them.") " Findings are information: an instance with findings is still measured.")
    n = 0
    for (k = 1; k <= NLABELS[id]; k++) if (screened(id, LABELS[id, k])) n++
    if (n == 0) {
        para("Not screened on this system: no " fmt_path("screen/" id "/<label>.json") " (make screen-" id ").")
        return
    }
    para("Severity: serious are the sanitizers' and memcheck's errors (invalid accesses, uses of uninitialised values, leaks, UBSan's out-of-bounds and null-pointer checks) and every secret-dependent branch or index; UB notes are UBSan's other reports of undefined behaviour (shifts, integer overflow, alignment), counted apart. Explained: a secret-dependent finding on public data, recognised by a code pattern of data/screening-patterns.txt (the same for every scheme, the package's " OWN_NAME " included) or by a screen_public line of the scheme's description; listed below with the reason, not counted." \
         (id == OWN_ID ? " This is the package's own " OWN_NAME ": the findings in its sources are the package's." : ""))
    table_begin("instance\tmemory safety\tsecret-dependent branches and indices\tleaked per operation\tsurvey verdict")
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        if (buildfail(id, label)) { table_row(fmt_label(label) "\t–\t–\t–\t–"); continue }
        if (!screened(id, label)) {
            table_row(fmt_label(label) "\t– " note("not screened: " fmt_label(SC(id, label, "file")) " is not there") "\t–\t–\t–")
            continue
        }
        t = SC(id, label, "memory.leaked_bytes_per_op")
        row = fmt_label(label) "\t" area_cell(id, label, "memory") "\t" (KPAGE("no_secrets") != "" ? "– (no secrets)" : area_cell(id, label, "secret")) \
            "\t" (isnull(t) ? "–" : fmt_num(t) " B") "\t" (isnull(SC(id, label, "survey.verdict")) ? "–" : SC(id, label, "survey.verdict"))
        table_row(row)
    }
    table_end()
    any = 0
    for (i = 1; i <= NLABELS[id]; i++)
    for (k = 1; k <= NROWS["finding"]; k++) {
        key = ROWKEY["finding", k]
        split(key, f, SUBSEP)
        if (f[1] != id || f[2] != LABELS[id, i] || V["finding", key, "attribution"] == "system") continue
        if (!any++) table_begin("instance\tarea\tkind\tseverity\tlocation\tfunction\toperation\tcount\twhose")
        table_row(fmt_label(f[2]) "\t" f[3] "\t" V["finding", key, "kind"] \
            "\t" severity_text(V["finding", key, "severity"]) \
            "\t" (isnull(V["finding", key, "location"]) ? "–" : fmt_label(V["finding", key, "location"])) \
            "\t" (isnull(V["finding", key, "function"]) ? "–" : V["finding", key, "function"]) \
            "\t" (isnull(V["finding", key, "op"]) ? "–" : V["finding", key, "op"]) \
            "\t" V["finding", key, "count"] "\t" whose(V["finding", key, "attribution"], id) \
            (V["finding", key, "note"] != "" && !isnull(V["finding", key, "note"]) ? " " note(V["finding", key, "note"]) : ""))
    }
    if (any) table_end()
    notes_flush()
}

# A finding's severity ("–": a file of before the severities).
function severity_text(s) {
    if (s == "note") return "UB note"
    return isnull(s) || s == "" ? "–" : s
}

# Whose a finding is: the scheme's own code is the candidate's, except on
# the page of the package's own ML-KEM.
function whose(a, id) {
    if (a == "candidate") return id == OWN_ID ? "the package's" : "the candidate's"
    if (a == "iccs-helpers") return "the official ICCS helpers'"
    if (a == "package") return "the package's helpers'"
    return a
}

# An area of a screening (memory, secret): clean, N findings, or not
# screened (the checks' reasons as a note), and whose the others are.
function area_cell(id, label, area,   st, n, t, e, h, p, k, key, f, why, ser, ub) {
    st = SC(id, label, area ".status")
    n = SC(id, label, area ".counts.candidate") + 0
    if (st == "not screened") {
        for (k = 1; k <= NROWS["screencheck"]; k++) {
            key = ROWKEY["screencheck", k]
            split(key, f, SUBSEP)
            if (f[1] != id || f[2] != label || V["screencheck", key, "status"] == "ok") continue
            if ((area == "secret") != (V["screencheck", key, "name"] == "secret")) continue
            if (index(why, V["screencheck", key, "reason"]) == 0)
                why = why (why != "" ? "; " : "") V["screencheck", key, "reason"]
        }
        return "– " note(fmt_label(label) " " area ": not screened" (why != "" ? ": " why : ""))
    }
    t = n > 0 ? n " finding" (n > 1 ? "s" : "") : "clean"
    # Memory findings by severity (files of before the severities: as above).
    ser = SC(id, label, area ".counts.serious"); ub = SC(id, label, area ".counts.notes")
    if (area == "memory" && n > 0 && !isnull(ser) && !isnull(ub)) {
        ser += 0; ub += 0
        t = (ser > 0 ? ser " serious" : "") (ser > 0 && ub > 0 ? ", " : "") (ub > 0 ? ub " UB note" (ub > 1 ? "s" : "") : "")
    }
    e = SC(id, label, area ".counts.explained") + 0
    h = SC(id, label, area ".counts.iccs_helpers") + 0
    p = SC(id, label, area ".counts.package") + 0
    if (e > 0) t = t "; " e " explained"
    if (h > 0) t = t "; " h " in the official ICCS helpers"
    if (p > 0) t = t "; " p " in the package's helpers"
    # Screened by an ngcc-screen of before the code patterns: its
    # explanations are not those of the others.
    if (area == "secret" && isnull(SC(id, label, "patterns.sha256")))
        t = t " " note("screened without data/screening-patterns.txt (an older ngcc-screen): make screen-" id " applies the rule of the other schemes")
    return t
}

# ---- 7. Raw evidence index ---------------------------------------------------------------

function evidence_index(id,   k, o, label, op, sha) {
    heading(2, "7. Raw evidence index")
    para("Paths are relative to data/" sysid "/ in ngcc-perf, where campaign.json and build.json describe the campaign and the builds; each JSON file records its commands, environment and trials.")
    table_begin("instance\titem\tfile")
    for (k = 1; k <= NLABELS[id]; k++) {
        label = LABELS[id, k]
        if (!isnull(I(id, label, "build.log.file")))
            table_row(fmt_label(label) "\tbuild log (sha256 `" substr(I(id, label, "build.log.sha256"), 1, 16) "…`)\t" fmt_path(I(id, label, "build.log.file")))
        if (buildfail(id, label)) continue
        sha = substr(I(id, label, "kat.log.sha256"), 1, 16)
        table_row(fmt_label(label) "\tKAT log (sha256 `" sha "…`)\t" fmt_path(I(id, label, "kat.log.file")))
        katfile_rows(id, label)
        for (o = NOPS; o >= 1; o--) {
            op = OPS[o]
            if (!has_op(id, label, op)) continue
            table_row(fmt_label(label) "\ttiming " op "\t" evidence_file("record", id, label, op))
        }
        for (o = NOPS; o >= 1; o--) {
            op = OPS[o]
            if (!has_profile(id, label, op)) continue
            table_row(fmt_label(label) "\thash profile " op "\t" evidence_file("profile", id, label, op))
        }
        table_row(fmt_label(label) "\tscreening\t" (screened(id, label) ? fmt_path(SC(id, label, "file")) \
            : "– " note("not screened: no " fmt_path("screen/" id "/<label>.json") " (make screen-" id ")")))
    }
    table_end()
    notes_flush()
}

# The logs of the instance's other KAT files (katfile rows: a hash's KAT_2_23).
function katfile_rows(id, label,   j, key, kf) {
    for (j = 1; j <= NROWS["katfile"]; j++) {
        key = ROWKEY["katfile", j]
        split(key, kf, SUBSEP)
        if (kf[1] != id || kf[2] != label || V["katfile", key, "file"] == I(id, label, "kat.log.file")) continue
        table_row(fmt_label(label) "\tKAT log " kf[3] " (" V["katfile", key, "status"] ", sha256 `" \
            substr(V["katfile", key, "sha256"], 1, 16) "…`)\t" fmt_path(V["katfile", key, "file"]))
    }
}

function evidence_file(t, id, label, op,   key) {
    key = id SUBSEP label SUBSEP op
    if (V[t, key, "present"] == "1") return fmt_path(V[t, key, "file"])
    return "– " note(missing_note(t == "record" ? "timing" : "profile", id, label, op,
                                  (t == "record" ? "records/" : "profile/") id "/<label>__<op>.json", NUL, ""))
}
