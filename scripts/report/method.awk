# report/method.awk -- the method page of one system: OUTDIR/method.txt (or
# .md): the system, how timing was done on it, the host state as found,
# flags, KAT and DRNG seeds, planning constants, how the hash share was
# measured, limitations (doc/report.md, "Method page").
#
# Part of ngcc-perf.  Run by scripts/ngcc-report as
#   awk -f report/format.awk -f report/evidence.awk -f report/kind.awk \
#       -f report/method.awk ROWS

END {
    if (FAILED) exit 1
    index_evidence()
    method_page()
}

function method_page(   s, d, runs, sch) {
    page_begin()
    para(breadcrumb("method"))
    heading(1, "Measurement method — performance on " arch_name() " (system " sysid ")")
    if (emulated_note() != "")
        para(emulated_note() " The host checks saw qemu-user: the cycles, times and shares below measure the emulator running the code, not the " arch_name() " processor.")

    heading(2, "System")
    d = S("system_description")
    runs = S("runs")
    s = sysid (isnull(d) || d == "" ? "" : ": " d) ". Evidence in data/" sysid "/ (campaign.json"
    if (!isnull(S("tool"))) s = s " by " S("tool")
    s = s "): campaign " S("status")
    if (!isnull(runs) && runs + 0 > 1) s = s ", started " runs " times (resumed)"
    sch = S("settings.schemes")
    if (!isnull(sch) && sch != "") { gsub(/ /, ", ", sch); s = s "; schemes measured: " sch }
    para(s ".")
    environment_table("")
    runs_table()

    timing()
    host_state()
    build_flags()
    inputs()
    planning()
    hash_share()
    robust_method()
    glossary()
    limitations()
    para(scripts_line(""))
    page_write(page_file(outdir, "method"))
}

# ---- the runs of the campaign (format 2) -------------------------------------

function runs_table(   k, r, cpus, sch, t, w) {
    if (NROWS["run"] == 0) return
    heading(2, "Runs")
    para("The evidence of this system accumulated over " NROWS["run"] " campaign run" (NROWS["run"] == 1 ? "" : "s") \
         "; each candidate page gives the start and end of its own records. On each CPU listed, one measuring process ran at a time (a machine-wide lock per CPU); all operations of an instance were measured on one CPU.")
    table_begin("run\tstart / end (UTC)\tschemes\tCPUs\trecords (ok / planned)\twall / timed\tsettings")
    for (k = 1; k <= NROWS["run"]; k++) {
        r = ROWKEY["run", k]
        cpus = V["run", r, "settings.cpus"]; gsub(/ /, ", ", cpus)
        sch = V["run", r, "schemes"]; gsub(/ /, ", ", sch)
        t = isnull(V["run", r, "finished_utc"]) ? "– (" V["run", r, "status"] ")" : fmt_utc(V["run", r, "finished_utc"])
        w = isnull(V["run", r, "timing.wall_s"]) ? "–" : fmt_duration(V["run", r, "timing.wall_s"]) " / " fmt_duration(V["run", r, "timing.timed_s"]) \
            (isnull(V["run", r, "timing.overhead_ratio"]) ? "" : sprintf(" (%.2f×)", V["run", r, "timing.overhead_ratio"]))
        table_row(r "\t" fmt_utc(V["run", r, "started_utc"]) " / " t "\t" sch "\t" (isnull(cpus) || cpus == "" ? "–" : cpus) \
                  "\t" V["run", r, "records.ok"] " / " V["run", r, "records.planned"] "\t" w \
                  "\t" (V["run", r, "settings.quick"] == "true" ? "quick, " : "") "trial " fmt_num(V["run", r, "settings.trial_target_s"]) " s")
    }
    table_end()
}

# ---- timing ----------------------------------------------------------------

function timing(   s, c, cpu) {
    heading(2, "Timing")
    cpu = cpus_text()
    s = "Each operation (" kinds_text("ops") ") of each instance was timed by ngcc-bench, one operation per record, in child processes that load the instance library with dlopen" \
        (cpu != "" ? " and are pinned to " cpu : "") " (one core). "
    c = counter_sentence("")
    if (c == "")
        c = "Cycles are user-mode core cycles (perf_event_open, PERF_COUNT_HW_CPU_CYCLES, exclude_kernel)."
    s = s c " Wall time is CLOCK_MONOTONIC_RAW around each trial."
    para(s screen_sentence())
    s = confinement_sentence()
    if (s != "") para(s)
    para("Each figure is the mean over " S("method.trials") " trials, each in a fresh process after warm-up calls (3 when one call takes under 50 ms, 1 under 5 s, else none): mean cycles = sum of ticks / calls, mean time = sum of seconds / calls, ops/s = calls / sum of seconds, median trial = the median of the trials' mean times. A trial that was on its CPU less than " sprintf("%.0f", 100 * S("method.disturbed_limit")) " % of its wall time (with a core-cycle counter and a fixed clock, also one below " sprintf("%.0f", 100 * S("method.disturbed_limit")) " % of the clock) was disturbed and run again, at most 3 attempts; a trial whose mean was more than " sprintf("%.0f", 100 * (S("method.outlier_limit") - 1)) " % above the median of the others was run again, at most " S("method.max_reruns_per_trial") " times. Every attempt stays in the record.")
    para(records_sentence())
}

# confinement_sentence: what the candidate code ran under, from the
# records' confinement (src/sandbox/confine.c); "" when no record says
# (evidence written before the confinement).
function confinement_sentence(   k, key, m, abi, lo, n, none, why, t) {
    n = 0; none = 0; lo = 0; why = ""
    for (k = 1; k <= NROWS["record"]; k++) {
        key = ROWKEY["record", k]
        m = V["record", key, "confinement.mechanism"]
        if (V["record", key, "present"] != "1" || isnull(m) || m == "") continue
        n++
        if (m != "landlock") {
            none++
            if (why == "" && !isnull(V["record", key, "confinement.reason"])) why = V["record", key, "confinement.reason"]
            continue
        }
        abi = V["record", key, "confinement.abi"] + 0
        if (lo == 0 || abi < lo) lo = abi
    }
    if (n == 0) return ""
    if (none == n)
        return "The candidate code ran unconfined" (why != "" ? " (" why ")" : "") ": it could write wherever the user running the campaign can, and open network connections."
    t = "The candidate code ran confined by Landlock ABI " lo ": writes only in a fresh scratch directory per process (removed after it), reads only the system's and the package's files" \
        (lo >= 4 ? ", no TCP bind or connect" : "") (lo >= 6 ? ", no signals or abstract unix sockets outside its own processes" : "") "; a denied attempt returned the kernel's error and the operation went on."
    if (none > 0) t = t " " none " of the " n " timing records ran unconfined" (why != "" ? " (" why ")" : "") "."
    return t
}

# screen_sentence: where the last run's implementation screening ran
# (settings.screen; nothing for runs that did not record it).
function screen_sentence(   k, r, m, sc, mc, last) {
    for (k = 1; k <= NROWS["run"]; k++) {
        r = ROWKEY["run", k]
        if (!isnull(V["run", r, "settings.screen.mode"]) && V["run", r, "settings.screen.mode"] != "") last = r
    }
    if (last == "") return ""
    m = V["run", last, "settings.screen.mode"]
    sc = V["run", last, "settings.screen.cpus"]; gsub(/ /, ", ", sc)
    mc = V["run", last, "settings.cpus"]; gsub(/ /, ", ", mc)
    r = NROWS["run"] > 1 ? " in run " last : ""
    if (m == "concurrent")
        return " The implementation screening" r " ran on CPU " sc " while CPU " mc " measured."
    if (m == "before")
        return " The implementation screening" r " ran before the timing (no allowed CPU was left beside the measuring one" (index(mc, ",") ? "s" : "") ")."
    return ""
}

# The records as the runs table counts them: an instance that did not
# build plans none (build.json), whatever rows the evidence has for it.
function records_sentence(   k, key, f, planned, there, ok, reruns, r, t, nf, failed) {
    planned = 0; there = 0; ok = 0; reruns = 0
    for (k = 1; k <= NROWS["record"]; k++) {
        key = ROWKEY["record", k]
        split(key, f, SUBSEP)
        if (buildfail(f[1], f[2])) continue
        planned++
        if (V["record", key, "present"] != "1") continue
        there++
        if (V["record", key, "status"] == "ok") ok++
        r = V["record", key, "reruns.total"]
        if (!isnull(r)) reruns += r
    }
    t = "Timing records: " planned " planned, " there " there, " ok " with status ok; " reruns " trial" (reruns == 1 ? "" : "s") " run again in all."
    nf = buildfail_list()
    if (nf != "") t = t " Not measured, as they did not build (no records planned): " nf "."
    if (!isnull(S("timing.wall_s")) && !isnull(S("timing.timed_s")) && S("timing.timed_s") + 0 > 0)
        t = t " The campaign took " fmt_duration(S("timing.wall_s")) " of wall time for " fmt_duration(S("timing.timed_s")) " inside timed calls."
    return t
}

# ---- host state --------------------------------------------------------------

function host_state(   k, key, src, v, x, s, steady, end) {
    heading(2, "Host state as found")
    src = host_source()
    para(src == "start" ? "The host checks of ngcc-bench host at the start of the campaign (" fmt_utc(H("time_utc")) " UTC):" \
                        : "The campaign has no host check of its own; the checks of the first timing record:")
    table_begin("check\tstatus\tvalue\texplanation")
    for (k = 1; k <= NROWS["check"]; k++) {
        key = ROWKEY["check", k]
        if (V["check", key, "source"] != src) continue
        v = V["check", key, "value"]; x = V["check", key, "explanation"]
        table_row(V["check", key, "name"] "\t" V["check", key, "status"] "\t" (isnull(v) ? "–" : v) "\t" (isnull(x) ? "" : x))
    }
    table_end()
    s = host_problems_text()
    count_records("")
    if (s == "" && REC_PROBLEMS == 0)
        s = "No check found a problem, and no timing record saw one."
    else if (s == "")
        s = "No check found a problem at the start; " REC_PROBLEMS " of the " REC_THERE " timing records saw one (their own host checks)."
    else
        s = "Problems at the start: " s ". " REC_PROBLEMS " of the " REC_THERE " timing records were taken in that state" \
            (S("settings.strict") == "true" ? "." : "; the campaign measured anyway (a normal run, not --strict), and every page says so.")
    para(s)
    steady = H("steadiness.iqr")
    if (!isnull(steady))
        para("Clock steadiness at the start: the interquartile range of " H("steadiness.rate_unit") " was " \
             sprintf("%.2g", 100 * steady) " % of the median over " H("steadiness.windows") " windows of " fmt_time(H("steadiness.window_s")) \
             " (the guide asks for at most 0.5 %" (steady + 0 <= 0.005 ? "; steady" : "; not steady") ").")
    if (("host", "end") in SEEN) {
        end = V["host", "end", "environment.problems"]
        gsub(/ /, ", ", end)
        para("At the end of the campaign (" fmt_utc(V["host", "end", "time_utc"]) " UTC) the problems were: " \
             (isnull(end) || end == "" ? "none" : end) ".")
    }
}

# ---- flags -------------------------------------------------------------------------

# The instances that did not build, "`A` (kem-08), `B` (kem-08)"; "".
function buildfail_list(   i, k, id, label, t) {
    t = ""
    for (i = 1; i <= NIDS; i++) {
        id = IDS[i]
        for (k = 1; k <= NLABELS[id]; k++) {
            label = LABELS[id, k]
            if (buildfail(id, label)) t = t (t != "" ? ", " : "") fmt_label(label) " (" id ")"
        }
    }
    return t
}

# A BUILDFAIL has no flags class (build.json keeps the last flags tried):
# it is said to have not built, apart from the exceptions to the guide's.
function build_flags(   k, i, id, label, n, t, nf) {
    heading(2, "Build flags")
    table_begin("build class\tflags")
    table_row("guide\t" S("flags.guide"))
    table_row("harness-default\t" S("flags.harness_default"))
    if (!isnull(S("flags.performance")) && S("flags.performance") != "") table_row("performance\t" S("flags.performance"))
    if (!isnull(S("flags.resource")) && S("flags.resource") != "") table_row("resource\t" S("flags.resource"))
    table_end()
    n = 0; t = ""
    for (i = 1; i <= NIDS; i++) {
        id = IDS[i]
        for (k = 1; k <= NLABELS[id]; k++) {
            label = LABELS[id, k]
            if (buildfail(id, label) || I(id, label, "flags_class") == "guide") continue
            t = t (n++ ? "; " : "") fmt_label(label) " (" I(id, label, "flags_class") \
                (isnull(I(id, label, "flags_reason")) || I(id, label, "flags_reason") == "" ? "" : ": " I(id, label, "flags_reason")) ")"
        }
    }
    nf = buildfail_list()
    if (n == 0) t = "Every instance " (nf != "" ? "that built " : "") "was built with the guide flags (plus the instance's own defines), one shared library per instance."
    else t = "Every instance " (nf != "" ? "that built " : "") "was built with the guide flags, one shared library per instance, except " t "."
    if (nf != "") t = t " Did not build (no library, nothing measured): " nf "; section 3 of the candidate's page gives the cause."
    para(t)
}

# ---- inputs --------------------------------------------------------------------------

# What each timed call of the kind does: "keygen times fresh key pairs,
# enc ..." (the kindop rows' method).
function op_methods(   o, t) {
    for (o = 1; o <= NOPS; o++) t = t (o > 1 ? ", " : "") KOP(KIND, OPS[o], "method")
    return t
}

# WHAT ("ops": the operations, "methods": op_methods) of every kind of the
# system: one kind's alone, else each after its title, "; "-joined.
function kinds_text(what,   k, t, w) {
    for (k = 1; k <= NKINDS; k++) {
        kind_use(KINDS[k])
        w = what == "ops" ? ops_text(", ") : op_methods()
        t = t (k > 1 ? "; " : "") (NKINDS > 1 ? K(KIND, "title") ": " : "") w
    }
    kind_use(KINDS[1])
    return t
}

# The buffers the screening marks secret: the kind's (one kind), else
# each kind's after its title ("for a KEM the secret key and ..., for a
# signature the secret key, marked secret"); a kind without secrets
# (kindpage no_secrets) says why after them.
function kinds_secrets(   k, t, n, none) {
    for (k = 1; k <= NKINDS; k++) {
        kind_use(KINDS[k])
        if (KPAGE("no_secrets") != "") { none = none (none != "" ? " " : "") KPAGE("no_secrets"); continue }
        t = t (n++ ? ", " : "") (NKINDS > 1 ? "for a " K(KIND, "title") " " : "") sizes_text(1, "the ")
    }
    kind_use(KINDS[1])
    if (n == 0) return "none marked secret. " none
    return t (NKINDS > 1 ? "," : "") " marked secret" (none != "" ? ". " none : "")
}

# The rules of the inputs of the kinds that have them (kindpage rules),
# with the functional check after the KAT.
function kinds_rules(   k) {
    for (k = 1; k <= NKINDS; k++) {
        kind_use(KINDS[k])
        if (KPAGE("rules") != "") para(KPAGE("rules") (has_functional() ? " " KPAGE("functional_text") : ""))
    }
    kind_use(KINDS[1])
}

function inputs(   seed) {
    heading(2, "KAT and DRNG seeds")
    seed = S("method.drng_seed_hex")
    if (length(seed) > 12) seed = substr(seed, 1, 6) "…" substr(seed, length(seed) - 1)
    para("KAT: the official driver's seed (" S("method.kat_seed") "); each instance's KAT file is compared by its canonical SHA-256 with the package's manifest or the submitted KAT file. DRNG: every timing process seeds the library's DRNG with the " length(S("method.drng_seed_hex")) / 2 " bytes " seed "; " kinds_text("methods") ".")
    kinds_rules()
}

# ---- planning constants ------------------------------------------------------------------

function planning(   q) {
    heading(2, "Planning constants")
    q = S("settings.quick") == "true"
    table_begin("constant\tvalue")
    table_row("trial target\t" fmt_num(S("settings.trial_target_s")) " s per trial" (q ? " (quick mode: 0.01 s)" : ""))
    table_row("operation budget\t" fmt_num(S("settings.op_budget_s")) " s per operation, all trials" (q ? " (quick mode: 5 s)" : ""))
    table_row("trials\t" S("method.trials"))
    table_row("iteration cap\t" S("method.iters_cap") " calls per trial")
    table_row("minimum calls\t" S("method.min_calls") " per figure")
    table_row("outlier limit\t" fmt_num(S("method.outlier_limit")) " × the median of the other trials")
    table_row("reruns per trial\t" S("method.max_reruns_per_trial"))
    table_row("disturbed limit\t" fmt_num(S("method.disturbed_limit")))
    table_end()
    para("iters = min(max(ceil(trial target / t1), ceil(" S("method.min_calls") " / trials)), " S("method.iters_cap") "), reduced so that trials × iters × t1 stays within the operation budget; t1 is one call timed in a calibration process." \
         (q ? " This campaign ran in quick mode (short trials for tests and CI): its figures are not for publication." : ""))
}

# ---- hash share --------------------------------------------------------------------------

function hash_share(   tick, s) {
    heading(2, "Share of the hash helpers and the DRNG")
    s = "Each instance's objects are relinked with `-Wl,--wrap=<f>` for each of pseudohash, pseudoXOF, sm3hash and get_random_number that they define (" OWN_NAME ": its " K(KIND, "hash") " functions), and ngcc-profile times every wrapped call with a tick counter during the measured operations only; share = ticks inside the wrapped functions / ticks of the whole operations, a wrapped call made by another wrapped call counted once."
    if (!any_profile("")) {
        para(s " No hash profile was taken on this system (data/" sysid "/profile/ holds none): the Symmetric primitives tables show –.")
        return
    }
    tick = tick_words("")
    para(s (tick != "" ? " Tick source: " tick "." : "") \
         (isnull(S("method.profile_ops")) ? "" : " Profiled operations: " S("method.profile_ops") "."))
}

# ---- the terms of the Symmetric primitives and screening sections --------------

function glossary(   t, n, i, f) {
    heading(2, "Screening and survey terms")
    para("The Symmetric primitives and Implementation screening sections of the candidate pages use these terms (doc/screen.md in ngcc-perf has the details). Findings are information: an instance with findings is still measured.")
    n = split("survey verdict: ICCS-only\tthe library measured holds no constant of another symmetric primitive (AES, SHA-2, Keccak, SM4, ChaCha, BLAKE2) and imports no crypto library: its hashing goes through the ICCS placeholders (pseudohash, pseudoXOF, sm3hash) and its randomness through the ICCS DRNG" \
        "\nsurvey verdict: ICCS-only — grep hits for X are not reachable in the built library\tthe sources mention X (its constants, headers or calls), but none of it is in the library measured" \
        "\nsurvey verdict: ICCS + X\tthe library holds the constants of X, or imports a symbol of a crypto library: part of its symmetric work does not go through the ICCS functions" \
        "\nsurvey verdict: not surveyed\tno screening file for the instance; the line names the functions the hash profile wrapped instead" \
        "\nmemory safety\tfindings of AddressSanitizer, UBSan and LeakSanitizer (a build of its own) and of valgrind memcheck (the guide build)" \
        "\nsecret-dependent branches and indices\tfindings of valgrind memcheck with the coins, " kinds_secrets() \
        "\nserious\ta sanitizer error, an invalid access, an uninitialised value, a leak or a secret-dependent branch or index: counted apart from the UB notes" \
        "\nUB note\tUBSan's other undefined behaviour (a shift or an overflow of a signed value): the code may work with this compiler, but the C standard does not promise it" \
        "\nexplained\ton public data, by a code pattern of data/screening-patterns.txt in ngcc-perf (the same for every scheme, the package's " OWN_NAME " too) or by the scheme's own description (screen_public): kept, not counted against the scheme" \
        "\nthe official ICCS helpers', the package's helpers'\tlocated in the submission's copy of the ICCS auxfunc.c, drng.c or sm3.c, or in the package's own helpers and glue (src/iccs, src/glue): not counted against the candidate" \
        "\nstack-buffer-overflow, heap-buffer-overflow, global-buffer-overflow\tAddressSanitizer: a read or write outside a stack, heap or global object" \
        "\nheap-use-after-free\tAddressSanitizer: a read or write of freed heap memory" \
        "\nleak\tLeakSanitizer or memcheck: memory allocated and never freed" \
        "\nshift-exponent\tUBSan: a shift by a negative amount or by at least the width of its type (a 32-bit word shifted by 32)" \
        "\nshift-base\tUBSan: a left shift of a negative value, or one whose result does not fit its signed type" \
        "\nsigned-integer-overflow\tUBSan: signed arithmetic beyond the range of its type" \
        "\nbounds\tUBSan: an index outside an array whose size the compiler knows" \
        "\nobject-size\tUBSan: an access through a pointer to an object smaller than the access" \
        "\ninvalid-read, invalid-write, invalid-free\tmemcheck: an access to, or a free of, memory that is not allocated" \
        "\nuninitialised-value\tmemcheck: a jump, an address or a system call that depends on memory never written" \
        "\nsecret-branch\ta conditional jump that depends on the secrets: its timing can tell them" \
        "\nsecret-index\ta memory address computed from the secrets (a table lookup with a secret index): the cache can tell them" \
        "\nsecret-syscall\ta system call given data derived from the secrets", f, "\n")
    table_begin("term\tmeaning")
    for (i = 1; i <= n; i++) table_row(f[i])
    table_end()
}

# ---- limitations ----------------------------------------------------------------------------

function limitations(   t, c) {
    heading(2, "Limitations")
    t = "Peak and baseline RSS include the benchmark driver and libc; the static figure is the library's PT_LOAD segments alone: both are upper-bound proxies, not the algorithm's own memory." \
        "\nStack, heap peak and leak per operation are the algorithm's own, from one extra call in each trial process: the stack from a painted thread stack (a deepest byte that happens to keep the paint pattern is missed), the heap from ngcc-bench's own malloc, calloc, realloc and free (memory the library maps itself with mmap is not counted; a sanitizer build measures no heap)."
    if (counter_sentence("") != "")
        t = t "\nThe counter is not a core-cycle counter: cycles are ticks of a reference clock, comparable between instances on this system, not with core cycles elsewhere."
    if (index(" " H("environment.problems") " ", " hypervisor ") > 0)
        t = t "\nThe system is a virtual machine: other guests and the host can take time from the measured core, and the host checks cannot see the physical clock."
    if (S("emulated") == "true")
        t = t "\nThe code ran under an emulator: no figure here is a performance figure of the processor."
    if (S("settings.quick") == "true")
        t = t "\nQuick mode: short trials, for tests and CI; the figures are not for publication."
    if (S("status") != "complete")
        t = t "\nThe campaign is " S("status") ": figures missing from the pages are marked –."
    t = t "\n`--wrap` cannot see a call made inside the object file that defines the function: shares of the hash helpers are lower bounds where a scheme calls them from their own file."
    t = t "\nOne core, one operation per process; no figure covers concurrency, other compilers or the performance and resource builds."
    lines(t)
}
