# report/evidence.awk -- the evidence of one system as awk arrays, and the
# sentences and tables that more than one page shows.
#
# Part of ngcc-perf.  Included with -f after report/format.awk and before
# one page program.  Input: the rows of ngcc-evidence (src/tools/
# ngcc-evidence.c: 'columns' rows name the fields of each row type; \N is
# null; the kind rows are the kind table, src/kinds/kind.h, doc/report.md).
# Variables (-v): format (txt|md), sysid (the system), systems (every system
# with data, ' · '-separated), catalog (the Round 1 catalog), sizes (the
# curated sizes; both "": the kind's, under pkgdir, the package's files:
# data/ngcc-round1-kem.csv, data/kem-instances.csv for a KEM), systems_csv
# (data/systems.csv), outdir.
#
# Errors: fail(FILE, MESSAGE) prints "ngcc-report: FILE: MESSAGE" and ends
# the program with status 1 before any page is written (pages are written
# in END, and END does nothing after a failure).

BEGIN {
    FS = "\t"
    NUL = "\\N"
    # OPS, SIZES, OWN_ID (the yardstick) and the kind's words: kind_use()
    ICCS_HASH = " pseudohash pseudoXOF sm3hash "
    FAILED = 0
    if (format !~ /^(txt|md|html|csv)$/) fail("ngcc-report", "unknown format '" format "'")
}

function fail(file, msg) {
    if (!FAILED) printf "ngcc-report: %s: %s\n", file, msg | "cat 1>&2"
    FAILED = 1
    exit 1
}

# ---- rows ------------------------------------------------------------------

$1 == "columns" {
    NKEY[$2] = $3
    NCOL[$2] = NF - 3
    for (i = 4; i <= NF; i++) COL[$2, i - 3] = $i
    next
}

{
    t = $1
    if (!(t in NCOL)) fail(evidence, "line " FNR ": unknown row type '" t "'")
    if (NF - 1 != NCOL[t])
        fail(evidence, "line " FNR ": " (NF - 1) " fields in a " t " row, " NCOL[t] " expected")
    key = ""
    for (i = 1; i <= NKEY[t]; i++) key = key (i > 1 ? SUBSEP : "") $(i + 1)
    if (!((t, key) in SEEN)) { SEEN[t, key] = 1; NROWS[t]++; ROWKEY[t, NROWS[t]] = key }
    for (i = 1; i <= NCOL[t]; i++) V[t, key, COL[t, i]] = unesc($(i + 1))
}

# A field as text: \\ is a backslash, \t \n \r and \? become a space.
function unesc(s,   out, i, c) {
    if (s == NUL || index(s, "\\") == 0) return s
    out = ""
    while ((i = index(s, "\\")) > 0) {
        c = substr(s, i + 1, 1)
        out = out substr(s, 1, i - 1) (c == "\\" ? "\\" : " ")
        s = substr(s, i + 2)
    }
    return out s
}

function isnull(x) { return x == NUL }

# Fields of the row types.
function S(name) { return V["system", "", name] }
function I(id, label, name) { return V["instance", id SUBSEP label, name] }
function R(id, label, op, name) { return V["record", id SUBSEP label SUBSEP op, name] }
function P(id, label, op, name) { return V["profile", id SUBSEP label SUBSEP op, name] }
# Whether the instance has operation OP (a key exchange of two passes has
# no pass3; ngcc-evidence gives a record row, present or not, for each op
# an instance has), and whether the campaign profiles it (a profile row).
function has_op(id, label, op) { return ("record", id SUBSEP label SUBSEP op) in SEEN }
function has_profile(id, label, op) { return ("profile", id SUBSEP label SUBSEP op) in SEEN }
function SC(id, label, name) { return V["screen", id SUBSEP label, name] }
function screened(id, label) { return SC(id, label, "present") == "1" }
# The survey verdict of an instance: its screening's, else build.json's
# (the package's ML-KEM keeps its own words, SHA-3 being its own).
function survey_of(id, label,   v) {
    v = SC(id, label, "survey.verdict")
    if (id != OWN_ID && screened(id, label) && !isnull(v) && v != "") return v
    return I(id, label, "survey")
}

# The host as found: at the start of the campaign, else as the first
# record saw it.
function host_source() { return (("host", "start") in SEEN) ? "start" : "record" }
function H(name) { return V["host", host_source(), name] }

# ---- the reference files -------------------------------------------------------

# id;algorithm;archive;archive_sha256;niccs_page
function load_catalog(file,   line, f, st) {
    if (file == "") return
    while ((st = (getline line < file)) > 0) {
        if (line ~ /^#/ || line == "") continue
        split(line, f, ";")
        ALGORITHM[f[1]] = f[2]
        NICCS[f[1]] = f[5]
    }
    if (st < 0) fail(file, "cannot read the catalog")
    close(file)
}

# id;instance;SIZE...;security_target, the sizes in the kind's order
# (kind_use first); the curated ones must be numbers: CAT_SIZE[key, id,
# instance], CAT_LEVEL[id, instance].
function load_sizes(file,   line, f, st, s, good) {
    if (file == "") return
    while ((st = (getline line < file)) > 0) {
        if (line ~ /^#/ || line == "") continue
        split(line, f, ";")
        good = f[NSIZES + 3] ~ /^[0-9]*$/
        for (s = 1; s <= NCURATED; s++) if (f[SIZE_AT[CURATED[s]] + 2] !~ /^[0-9]+$/) good = 0
        if (!good) fail(file, "bad line: " line)
        CAT_LEVEL[f[1], f[2]] = f[NSIZES + 3]
        for (s = 1; s <= NSIZES; s++) CAT_SIZE[SIZES[s], f[1], f[2]] = f[s + 2]
    }
    if (st < 0) fail(file, "cannot read the size catalog")
    close(file)
}

# ---- the kind table (ngcc-evidence's kind rows) ------------------------------------

# The kind of an instance, as build.json says (its kindof row).
function kind_of(id, label) { return V["kindof", id SUBSEP label, "kind"] }
function K(kind, name) { return V["kind", kind, name] }
function KOP(kind, op, name) { return V["kindop", kind SUBSEP op, name] }
function KSIZE(kind, key, name) { return V["kindsize", kind SUBSEP key, name] }

# The pages of one kind: its operations OPS[1..NOPS] (those the summary
# shows SOPS[1..NSOPS]), sizes SIZES[1..NSIZES]
# (SIZE_AT[key]: the position), the sizes the curated catalog gives
# CURATED[1..NCURATED], the yardstick OWN_ID and OWN_NAME.  A system may
# have schemes of several kinds (KINDS, report/kind.awk): each page puts
# the kind of what it shows in use.
function kind_use(kind,   s) {
    if (!(("kind", kind) in SEEN)) fail(evidence, "no kind row for kind '" kind "' in the evidence")
    KIND = kind
    NOPS = split(K(kind, "ops"), OPS, " ")
    NSIZES = split(K(kind, "sizes"), SIZES, " ")
    for (s = 1; s <= NSIZES; s++) {
        SIZE_AT[SIZES[s]] = s
        if (!((("kindsize", kind SUBSEP SIZES[s]) in SEEN)))
            fail(evidence, "no kindsize row for size '" SIZES[s] "' of kind '" kind "'")
    }
    NCURATED = split(K(kind, "curated_sizes"), CURATED, " ")
    if (NOPS == 0 || NSIZES == 0) fail(evidence, "the kind row of '" kind "' lists no operations or no sizes")
    for (s = 1; s <= NOPS; s++)
        if (!((("kindop", kind SUBSEP OPS[s]) in SEEN)))
            fail(evidence, "no kindop row for operation '" OPS[s] "' of kind '" kind "'")
    OWN_ID = K(kind, "yardstick_id")
    OWN_NAME = K(kind, "yardstick_name")
    # The summary's operations (SOPS[1..NSOPS]): the kind's summary_ops, else all.
    NSOPS = split(KPAGE("summary_ops") != "" ? KPAGE("summary_ops") : K(kind, "ops"), SOPS, " ")
}

# The operations joined: "keygen, enc, dec" (SEP ", "); LAST, when not
# "", before the last one instead of SEP.
function ops_text(sep, last,   o, t) {
    for (o = 1; o <= NOPS; o++) t = t (o > 1 ? (o == NOPS && last != "" ? last : sep) : "") OPS[o]
    return t
}
function size_label(key) { return KSIZE(KIND, key, "label") }
# The curated sizes' labels joined by SEP: "public key + ciphertext".
function curated_text(sep,   s, t) {
    for (s = 1; s <= NCURATED; s++) t = t (s > 1 ? sep : "") size_label(CURATED[s])
    return t
}
# The labels of the sizes whose buffers are secret (SECRET 1) or public
# (0), joined: "the secret key and the shared secret" (EACH "the ") or
# "the public key and ciphertext" (EACH "").
function sizes_text(secret, each,   s, n, t) {
    for (s = 1; s <= NSIZES; s++) {
        if (KSIZE(KIND, SIZES[s], "secret") + 0 != secret) continue
        if (size_counts(SIZES[s])) continue # a count has no buffer to mark
        t = t (n > 0 ? " and " : "") (n == 0 || each != "" ? "the " : "") size_label(SIZES[s])
        n++
    }
    return t
}
# N in words ("three"), for the sentences; digits above twelve.
function count_word(n,   w) {
    split("one two three four five six seven eight nine ten eleven twelve", w, " ")
    return (n >= 1 && n <= 12) ? w[n] : n
}
function is_curated(key,   s) {
    for (s = 1; s <= NCURATED; s++) if (CURATED[s] == key) return 1
    return 0
}

# ---- the evidence, checked and indexed ------------------------------------------

# After the rows: the schemes (IDS[1..NIDS], in build.json order) and their
# labels (LABELS[id, 1..NLABELS[id]], natural order).
function index_evidence(   k, key, f, id, i, tmp, n) {
    if (!(("system", "") in SEEN)) fail(evidence, "no campaign in the evidence")
    if (S("system") != sysid)
        fail(evidence, "the evidence is of system " S("system") ", not " sysid)
    if (!(("host", "start") in SEEN) && !(("host", "record") in SEEN))
        fail(evidence "/campaign.json", "host_start is null and no timing record tells the host state")
    NIDS = 0
    for (k = 1; k <= NROWS["instance"]; k++) {
        key = ROWKEY["instance", k]
        split(key, f, SUBSEP)
        id = f[1]
        if (!(id in NLABELS)) { NIDS++; IDS[NIDS] = id; NLABELS[id] = 0 }
        LABELS[id, ++NLABELS[id]] = f[2]
    }
    if (NIDS == 0) fail(evidence, "no instances in the evidence")
    kinds_load()
    for (i = 1; i <= NIDS; i++) {
        id = IDS[i]
        n = NLABELS[id]
        for (k = 1; k <= n; k++) tmp[k] = LABELS[id, k]
        natsort(tmp, n)
        for (k = 1; k <= n; k++) LABELS[id, k] = tmp[k]
    }
}

# The algorithm's name: the catalog's, else build.json's.
function algorithm_of(id,   k, a) {
    if (id in ALGORITHM && ALGORITHM[id] != "") return ALGORITHM[id]
    for (k = 1; k <= NLABELS[id]; k++) {
        a = I(id, LABELS[id, k], "algorithm")
        if (!isnull(a) && a != "") return a
    }
    return id
}

function arch_name() { return S("arch_family") }

# The guide that applies: x86 or ARM.
function guide_name(   a) {
    a = S("arch_family")
    if (a == "x86-64") return "x86"
    if (a == "AArch64") return "ARM"
    return a
}

function breadcrumb(tail) {
    return "Performance measurements › " sysid " › " tail " · system: " systems
}

# Under the title of every page of an emulated system.
function emulated_note() {
    if (S("emulated") != "true") return ""
    return "These figures come from an emulator (qemu-user), not from the processor itself: they are not performance figures."
}

# Said with the figures of a campaign in quick mode.
function quick_note() {
    if (S("settings.quick") != "true") return ""
    return "Quick mode: short trials (target " fmt_num(S("settings.trial_target_s")) " s), for tests and CI; these figures are not for publication."
}

# ---- the environment (candidate page section 2, method page) ------------------

# The CPUs the records were pinned to: "CPU 2", "CPUs 1, 3".
function cpus_text(   k, key, c, seen, list, n) {
    n = 0
    for (k = 1; k <= NROWS["record"]; k++) {
        key = ROWKEY["record", k]
        c = V["record", key, "plan.cpu"]
        if (isnull(c) || (c in seen)) continue
        seen[c] = 1
        list = list (n++ ? ", " : "") c
    }
    if (n == 0 && !isnull(H("cpu")) && H("cpu") != "") { list = H("cpu"); n = 1 }
    if (n == 0) return ""
    return (n == 1 ? "CPU " : "CPUs ") list
}

function processor_text(   c) {
    c = cpus_text()
    return H("environment.cpu_model") " (" (c != "" ? c ", " : "") "one core)"
}

# The clock as cpufreq shows it, boost and SMT.
function clock_text(   mn, mx, gov, t, b, smt, mhz) {
    mn = H("environment.clock.min_hz"); mx = H("environment.clock.max_hz")
    gov = H("environment.clock.governor")
    if (isnull(gov)) gov = "unknown"
    if (!isnull(mn) && !isnull(mx) && mn == mx)
        t = "fixed " fmt_hz(mx) " (governor " gov ", minimum = maximum)"
    else if (!isnull(mn) && !isnull(mx))
        t = "variable " fmt_hz(mn) "–" fmt_hz(mx) " (governor " gov ")"
    else {
        mhz = H("environment.cpuinfo_mhz")
        t = "not visible to the OS (no cpufreq" (isnull(mhz) ? "" : "; /proc/cpuinfo " sprintf("%.0f", mhz) " MHz") ")"
    }
    b = H("environment.clock.boost")
    t = t ", " (b == "true" ? "boost on" : b == "false" ? "boost off" : "boost unknown")
    smt = check_status("smt")
    t = t ", " (smt == "ok" ? "SMT none" : smt == "problem" ? "SMT on" : "SMT unknown")
    return t
}

# The status of a host check by name (at the start), or "".
function check_status(name,   k, key, src) {
    src = host_source()
    for (k = 1; k <= NROWS["check"]; k++) {
        key = ROWKEY["check", k]
        if (V["check", key, "source"] == src && V["check", key, "name"] == name)
            return V["check", key, "status"]
    }
    return ""
}

# The start and end of the records of scheme ID ("" for the whole
# system: the campaign's first start and last end).
function records_time_text(id,   k, key, f, a, b, first, last) {
    if (id == "") return campaign_time_text()
    for (k = 1; k <= NROWS["record"]; k++) {
        key = ROWKEY["record", k]
        split(key, f, SUBSEP)
        if (f[1] != id || V["record", key, "present"] != "1") continue
        a = V["record", key, "started_utc"]; b = V["record", key, "finished_utc"]
        if (!isnull(a) && (first == "" || a < first)) first = a
        if (!isnull(b) && (last == "" || b > last)) last = b
    }
    if (first == "") return campaign_time_text()
    return fmt_utc(first) " / " (last == "" ? "–" : fmt_utc(last))
}

# The instance did not build with the guide's nor the fallback flags.
function buildfail(id, label) { return I(id, label, "build.status") == "BUILDFAIL" }

# The marks of a record's figure: a note when trials were kept although
# disturbed (their CPU share) or when its reruns did not converge; "".
function figure_marks(id, label, op,   t, n, sh, c) {
    n = R(id, label, op, "disturbed_kept")
    if (!isnull(n) && n + 0 > 0) {
        sh = R(id, label, op, "disturbed_cpu_share")
        c = R(id, label, op, "plan.cpu")
        t = " " note(fmt_label(label) " " op ": " n " trial" (n + 0 == 1 ? "" : "s") \
                     " kept although disturbed" (isnull(sh) ? "" : " (on CPU " c " only " fmt_pct(sh) " of its wall time)") \
                     ": the rerun limits were reached; the figure may be too high")
    }
    if (R(id, label, op, "reruns.noisy") == "true")
        t = t " " note(fmt_label(label) " " op ": noisy: the trials stayed more than 5 % apart after the reruns allowed (spread " \
                       fmt_pct(R(id, label, op, "stats.trial_mean_ticks.spread")) ")")
    return t
}

function campaign_time_text(   end) {
    end = S("finished_utc")
    end = isnull(end) ? "–" : fmt_utc(end)
    if (S("status") != "complete") end = end " (campaign " S("status") ")"
    return fmt_utc(S("started_utc")) " / " end
}

# The item/value table of the environment.
function environment_table(id,   m) {
    table_begin("item\tvalue")
    table_row("processor\t" processor_text())
    m = H("environment.machine")
    if (!isnull(m) && m != "") table_row("machine\t" m)
    table_row("clock\t" clock_text())
    table_row("memory\t" fmt_mib(H("environment.memtotal_bytes")))
    table_row("OS / kernel\t" H("environment.os") " / " H("environment.kernel"))
    table_row("compiler / build tool\t" H("environment.compiler") " / " H("environment.build_tool"))
    table_row("campaign start / end (UTC)\t" records_time_text(id))
    table_end()
}

# ---- the counter ---------------------------------------------------------------

# What one counter is, in words: "TSC reference cycles (rdtsc at 2.60 GHz,
# measured)".
function counter_words(name, unit, flo, fhi, src,   t, f) {
    if (name == "tsc") t = "rdtsc"
    else if (name == "cntvct") t = "cntvct_el0"
    else if (name == "clock") t = "CLOCK_MONOTONIC_RAW"
    else if (name == "perf-cycles") t = "perf_event_open"
    else t = name
    if (flo != "") {
        f = fmt_hz(flo)
        if (fmt_hz(fhi) != f) f = f "–" fmt_hz(fhi)
        t = t " at " f (src ~ /^measured/ ? ", measured" : "")
    }
    return unit " (" t ")"
}

# The sentence naming the counter of the records (ID: one scheme, "" all)
# when it is not a core-cycle counter; "" when every record counted core
# cycles.
function counter_sentence(id,   k, key, f, name, n, u, lo, hi, src, why, units, nu, s) {
    n = 0; nu = 0
    for (k = 1; k <= NROWS["record"]; k++) {
        key = ROWKEY["record", k]
        split(key, f, SUBSEP)
        if (id != "" && f[1] != id) continue
        if (V["record", key, "status"] != "ok") continue
        if (V["record", key, "counter.core_cycles"] == "true") continue
        name = V["record", key, "counter.name"]
        if (!(name in u)) {
            u[name] = V["record", key, "counter.unit"]
            units[++nu] = name
            lo[name] = ""; hi[name] = ""
            why[name] = V["record", key, "counter.fallback_reason"]
            src[name] = V["record", key, "counter.frequency_source"]
        }
        if (!isnull(V["record", key, "counter.frequency_hz"])) {
            if (lo[name] == "" || V["record", key, "counter.frequency_hz"] + 0 < lo[name] + 0)
                lo[name] = V["record", key, "counter.frequency_hz"]
            if (hi[name] == "" || V["record", key, "counter.frequency_hz"] + 0 > hi[name] + 0)
                hi[name] = V["record", key, "counter.frequency_hz"]
        }
        n++
    }
    if (n == 0) return ""
    name = units[1]
    if (nu == 1) {
        s = "Cycles are " counter_words(name, u[name], lo[name], hi[name], src[name]) ", not core cycles"
        if (!isnull(why[name]) && why[name] != "")
            s = s "; the core-cycle counter was not available (" why[name] ")"
        return s "."
    }
    s = "Cycles are not core cycles here: the records used "
    for (k = 1; k <= nu; k++)
        s = s (k > 1 ? (k == nu ? " and " : ", ") : "") \
            counter_words(units[k], u[units[k]], lo[units[k]], hi[units[k]], src[units[k]])
    return s "; each record names its counter."
}

# ---- notes: [n] markers and their text, numbered through a page ------------------

function notes_begin() { NNOTES = 0; NPENDING = 0; delete NOTE_NO }

# The marker of a note (the same text keeps its number), to print after
# the next table.
function note(text) {
    if (!(text in NOTE_NO)) {
        NOTE_NO[text] = ++NNOTES
        PENDING[++NPENDING] = "[" NNOTES "] " text
    }
    return "[" NOTE_NO[text] "]"
}

function notes_flush(   k, t) {
    if (NPENDING == 0) return
    t = PENDING[1]
    for (k = 2; k <= NPENDING; k++) t = t "\n" PENDING[k]
    lines(t)
    NPENDING = 0
}

# Why a record or profile has no figures, as a note text; KIND "timing"
# or "profile".
function missing_note(kind, id, label, op, file, status, reason,   what) {
    what = kind == "timing" ? "not measured" : "not profiled"
    if (status == NUL)
        return what ": no " (kind == "timing" ? "timing record" : "hash profile") " (" fmt_path(file) " is not there)"
    return fmt_label(label) " " op ": " what ", status " status \
        (reason != "" && !isnull(reason) ? ": " reason : "") " (" fmt_path(file) ")"
}

# ---- memory per operation --------------------------------------------------------

# The stack of a record in bytes as the pages show it: "> N" when the call
# reached the end of its N-byte region (a lower bound); "" when the record
# has no stack figure.
function stack_text(id, label, op,   b) {
    b = R(id, label, op, "memory.stack_bytes")
    if (isnull(b) || b == "") return ""
    return (R(id, label, op, "memory.stack_exceeded") == "true" ? "> " : "") fmt_int(b)
}

# ---- profiles --------------------------------------------------------------------

# The hash functions profiled for scheme ID, byte-ordered, space-separated
# ("" when no profile names any).
function hash_functions(id,   k, key, f, n, list, seen, names, i, m) {
    n = 0
    for (k = 1; k <= NROWS["profile"]; k++) {
        key = ROWKEY["profile", k]
        split(key, f, SUBSEP)
        if (f[1] != id || V["profile", key, "present"] != "1") continue
        if (isnull(V["profile", key, "hash_functions"])) continue
        m = split(V["profile", key, "hash_functions"], names, " ")
        for (i = 1; i <= m; i++) if (!(names[i] in seen)) { seen[names[i]] = 1; list[++n] = names[i] }
    }
    bytesort(list, n)
    f[1] = ""
    for (i = 1; i <= n; i++) f[1] = f[1] (i > 1 ? " " : "") list[i]
    return f[1]
}

# Hash functions all among the ICCS helpers (or none known).
function iccs_only(fns,   names, m, i) {
    m = split(fns, names, " ")
    for (i = 1; i <= m; i++) if (index(ICCS_HASH, " " names[i] " ") == 0) return 0
    return 1
}

# The column of the hash share: the ICCS helpers, the yardstick's own
# (SHA-3/SHAKE), or a scheme's own hash functions (named in the sentence
# above the table).
function hash_column(id) {
    if (id == OWN_ID) return K(KIND, "hash")
    if (iccs_only(hash_functions(id))) return "pseudohash/XOF/sm3"
    return "hash functions"
}

# Calls per operation: "drng 2, pseudoXOF 9.05" (byte order of the names,
# get_random_number as drng; functions never called are left out).
function calls_text(id, label, op,   k, key, f, n, list, cpo, name, i, t) {
    n = 0
    for (k = 1; k <= NROWS["calls"]; k++) {
        key = ROWKEY["calls", k]
        split(key, f, SUBSEP)
        if (f[1] != id || f[2] != label || f[3] != op) continue
        if (V["calls", key, "calls"] + 0 <= 0) continue
        name = f[4] == "get_random_number" ? "drng" : f[4]
        cpo[name] = V["calls", key, "calls_per_op"]
        list[++n] = name
    }
    bytesort(list, n)
    t = ""
    for (i = 1; i <= n; i++) t = t (i > 1 ? ", " : "") list[i] " " fmt_calls(cpo[list[i]])
    return t
}

# Any profile of scheme ID (or of the system, ID "") is there.
function any_profile(id,   k, key, f) {
    for (k = 1; k <= NROWS["profile"]; k++) {
        key = ROWKEY["profile", k]
        split(key, f, SUBSEP)
        if ((id == "" || f[1] == id) && V["profile", key, "present"] == "1") return 1
    }
    return 0
}

# The tick source of the profiles of ID ("" all): "rdtsc at 2.60 GHz".
function tick_words(id,   k, key, f, name, hz, res) {
    for (k = 1; k <= NROWS["profile"]; k++) {
        key = ROWKEY["profile", k]
        split(key, f, SUBSEP)
        if ((id != "" && f[1] != id) || V["profile", key, "status"] != "ok") continue
        name = V["profile", key, "tick.name"]
        hz = V["profile", key, "tick.frequency_hz"]
        res = V["profile", key, "tick.resolution_s"]
        name = name == "tsc" ? "rdtsc" : name == "cntvct" ? "cntvct_el0" : name == "clock" ? "CLOCK_MONOTONIC_RAW" : name
        if (!isnull(hz)) name = name " at " fmt_hz(hz)
        if (!isnull(res)) name = name ", resolution " fmt_time(res)
        return name
    }
    return ""
}

# The programs behind the figures.
function scripts_line(id,   k, sc) {
    for (k = 1; k <= NLABELS[id]; k++) if (screened(id, LABELS[id, k])) sc = 1
    return "Scripts: scripts/ngcc-campaign, src/tools/ngcc-kat.c with src/kat/, src/tools/ngcc-bench.c with src/timer/, " \
        (any_profile(id) ? "src/tools/ngcc-profile.c with src/profile/, " : "") \
        (sc ? "src/tools/ngcc-screen.c with src/screen/, " : "") \
        "scripts/ngcc-report with src/tools/ngcc-evidence.c in ngcc-perf."
}

# ---- sizes -----------------------------------------------------------------------

function catalog_has(id, label) { return (id SUBSEP label) in CAT_LEVEL }

# ---- the host state as found ---------------------------------------------------------

# The problems of the host at the start, as "name (explanation)" joined by
# "; " ("" when none).
function host_problems_text(   src, k, key, t, n) {
    src = host_source()
    n = 0
    for (k = 1; k <= NROWS["check"]; k++) {
        key = ROWKEY["check", k]
        if (V["check", key, "source"] != src || V["check", key, "status"] != "problem") continue
        t = t (n++ ? "; " : "") V["check", key, "name"] \
            (isnull(V["check", key, "explanation"]) ? "" : " (" V["check", key, "explanation"] ")")
    }
    return t
}

# Timing records of ID ("" all) that are there, and those taken while the
# host had problems: sets REC_THERE and REC_PROBLEMS.
function count_records(id,   k, key, f, p) {
    REC_THERE = 0; REC_PROBLEMS = 0
    for (k = 1; k <= NROWS["record"]; k++) {
        key = ROWKEY["record", k]
        split(key, f, SUBSEP)
        if ((id != "" && f[1] != id) || V["record", key, "present"] != "1") continue
        REC_THERE++
        p = V["record", key, "environment.problems"]
        if (!isnull(p) && p != "") REC_PROBLEMS++
    }
}

# The sentence on the host state for the pages of ID ("" all); "" when the
# host had no problems.
function host_state_sentence(id,   t) {
    t = host_problems_text()
    if (t == "") return ""
    count_records(id)
    return "Host state as found: " t ". " REC_PROBLEMS " of the " REC_THERE \
        " timing records were taken with host problems (the " sysid " method page has every check)."
}
