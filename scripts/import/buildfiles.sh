# import/buildfiles.sh -- sourced by ngcc-import: what the submitters' C
# files and build files say, read as text and never run.
#
#   scan_c FILE        what a C file defines (main, the kind's API, DRNG, ...)
#   parse_make FILE    claims of a Makefile (defines, -std=, lists, ...)
#   parse_cmake FILE   the same for a CMakeLists.txt
#   driver_re          basenames of drivers and tools (submissions.md,
#                      rule 3), never part of an instance

driver_re='^(KAT_|PQCgenKAT|main|test|bench|speed|cpucycles|osfreq|run_bench|selftest|self_test|example|demo|kat\.c|kat_)|(_test|test_|_bench|bench_|_main|_kat)\.'

# scan_c FILE: what a C file defines: 'main', 'main_cond' (under #if),
# 'api' (a function of the loaded kind's API, kind_api), 'drng'
# (drng_algorithm), 'defdrng' (the DRNG functions), 'defaux' (the hash
# helpers), 'osrand WHAT', 'openssl'.
scan_c() {
    awk -v api="^((unsigned[ \t]+long[ \t]+long|int)[ \t]+)?($(kind_api_re))[ \t]*[(][^;]*\$" '
    { sub(/\r$/, "") }
    /^[ \t]*#[ \t]*if/ { depth++; next }
    /^[ \t]*#[ \t]*endif/ { if (depth) depth--; next }
    /^[ \t]*#[ \t]*include[ \t]*<openssl\// { if (!ossl++) print "openssl" }
    /^[ \t]*(((static|extern|signed|unsigned|int|void)[ \t]+)*)main[ \t]*\([^;]*$/ ||
    /^[ \t]*(int|void)[ \t]+main[ \t]*\([^;]*$/ {
        if ($0 !~ /=/) { if (depth) { if (!mc++) print "main_cond" } else if (!m++) print "main" }
    }
    $0 ~ api {
        if ($0 !~ /=/ && !k++) print "api"
    }
    /^[ \t]*(static[ \t]+)?DRNG_ctx[ \t]+drng_algorithm[ \t]*(;|=|\[)/ { if (!d++) print "drng" }
    /^(int[ \t]+)?(init_random_number|get_random_number)[ \t]*\([^;]*$/ { if ($0 !~ /=/ && !dd++) print "defdrng" }
    /^(int[ \t]+)?(sm3hash|pseudohash|pseudoXOF)[ \t]*\([^;]*$/ { if ($0 !~ /=/ && !da++) print "defaux" }
    /getrandom[ \t]*\(|\/dev\/u?random|RAND_bytes|BCryptGenRandom|CryptGenRandom|arc4random/ {
        if (!o++) { w = $0; sub(/^[ \t]+/, "", w); print "osrand " substr(w, 1, 60) }
    }' "$1"
}

# parse_make FILE / parse_cmake FILE: what a build file says, one claim a
# line, tab-separated:
#   define NAME[=VALUE] ORIGIN | std VALUE ORIGIN | include DIR ORIGIN
#   lib -lNAME ORIGIN | ignored FLAG ORIGIN | list ORIGIN FILE...
#   nolist ORIGIN WHY | note TEXT
# The submitters' files are read, never run: conditional blocks are not
# evaluated (their contents are reported, not used).
flag_awk='
function claim_flags(s, origin, libs_ok,   n, t, i, v) {
    n = split(s, t, /[ \t]+/)
    for (i = 1; i <= n; i++) {
        v = t[i]
        gsub(/^["\047]|["\047]$/, "", v)
        if (v == "") continue
        if (v == "-D" && i < n) { v = "-D" t[++i] }
        if (v == "-I" && i < n) { v = "-I" t[++i] }
        if (v ~ /^-D[A-Za-z_]/) out("define", substr(v, 3), origin)
        else if (v ~ /^-U[A-Za-z_]/) out("note", "the build file undefines " substr(v, 3) " (" origin "): not used")
        else if (v ~ /^-std=/) out("std", substr(v, 6), origin)
        else if (v ~ /^-I/) out("include", substr(v, 3), origin)
        else if (v ~ /^-l[A-Za-z0-9_+.-]+$/ && libs_ok) out("lib", v, origin)
        else if (v ~ /^-[A-Za-z]/ && v !~ /^-(o|c|MM?D?|MF|MT|fPIC)$/) out("ignored", v, origin)
    }
}
function out(kind, value, origin) { printf "%s\t%s\t%s\n", kind, value, origin }
function is_driver_name(s) {
    s = tolower(s)
    return s ~ /(^|[_.-])(test|tests|bench|benchmark|speed|cycles|cpucycles|demo|example|selftest|check)([_.-]|[0-9]|$)/
}
'

parse_make() {
    awk "$flag_awk"'
    function flagvar(name,   u) {
        u = toupper(name)
        return u ~ /FLAGS|(^|_)DEF(S|INES|INITIONS)?($|_)|^OPT(S|FLAGS)?$/ && u !~ /^(ARFLAGS|LDFLAGS)$|_LDFLAGS$/
    }
    # expand(S [, SKIPFLAGS]): S with the variables replaced; with
    # SKIPFLAGS, the flags variables (claimed already) read as empty.
    function expand(s, skipflags,   guard, name, val) {
        gsub(/\$\$/, "\001", s)
        while (guard++ < 500 && match(s, /\$[({][A-Za-z_][A-Za-z0-9_.]*[)}]/)) {
            name = substr(s, RSTART + 2, RLENGTH - 3)
            val = (name in vars && !(skipflags && flagvar(name))) ? vars[name] : ""
            if (!(name in vars) && name !~ /^(CC|CFLAGS|CPPFLAGS|LDFLAGS|LDLIBS)$/) unknown[name] = 1
            s = substr(s, 1, RSTART - 1) val substr(s, RSTART + RLENGTH)
        }
        return s
    }
    { sub(/\r$/, "") }
    /\\$/ { sub(/\\$/, ""); held = held $0 " "; next }
    {
        line = held $0; held = ""
        recipe = (line ~ /^\t/)
        if (!recipe) sub(/[ \t]*#.*$/, "", line)
        if (line ~ /^[ \t]*$/) next
    }
    !recipe && line ~ /^[ \t]*(ifeq|ifneq|ifdef|ifndef)[ \t(]/ { cond++; next }
    !recipe && line ~ /^[ \t]*else([ \t]|$)/ { next }
    !recipe && line ~ /^[ \t]*endif([ \t]|$)/ { if (cond) cond--; next }
    !recipe && line ~ /^[ \t]*-?include[ \t]/ { out("note", "the Makefile includes another file, not read: " line, "Makefile"); next }
    cond > 0 {
        if (line ~ /-D[A-Za-z_]|\.c([ \t]|$)/) out("note", "inside an ifeq/ifdef block, not used: " line, "Makefile")
        next
    }
    recipe {
        if (target_driver) next
        if (line ~ /(\$[({]CC[)}]|(^|[ \t@])(gcc|cc|clang)[ \t])/) recipes[++nr] = line
        next
    }
    {
        # A rule (targets: prerequisites) or a target-specific assignment.
        if (match(line, /^[^=:#]*[^=:#\/ \t][ \t]*::?[ \t]*/) && substr(line, RSTART + RLENGTH - 1) !~ /^=/ &&
            line !~ /^[^=]*[:+?!]=/ && line !~ /^[A-Za-z_][A-Za-z0-9_.]*[ \t]*=/) {
            targets = line; sub(/[ \t]*::?.*$/, "", targets)
            rest = substr(line, RSTART + RLENGTH)
            target_driver = is_driver_name(targets) || tolower(targets) ~ /(^|[ \t])(clean|distclean|install|run)([ \t]|$)/
            if (rest !~ /^[A-Za-z_][A-Za-z0-9_.]*[ \t]*(\+=|:=|::=|\?=|=)/) next
            if (target_driver) next
            line = rest
        }
        if (match(line, /^[ \t]*(override[ \t]+|export[ \t]+)?[A-Za-z_][A-Za-z0-9_.]*[ \t]*(\+=|:=|::=|\?=|!=|=)/)) {
            lhs = substr(line, RSTART, RLENGTH); val = substr(line, RSTART + RLENGTH)
            sub(/^[ \t]+/, "", val)
            op = lhs; sub(/^.*[A-Za-z0-9_.][ \t]*/, "", op)
            name = lhs; sub(/^[ \t]*(override[ \t]+|export[ \t]+)?/, "", name); sub(/[ \t]*(\+=|:=|::=|\?=|!=|=)$/, "", name)
            if (op == "!=") { vars[name] = "$(shell)"; next }
            if (op == ":=" || op == "::=") val = expand(val)
            if (op == "+=") vars[name] = ((name in vars) ? vars[name] " " : "") val
            else if (op == "?=") { if (!(name in vars)) vars[name] = val }
            else vars[name] = val
            if (!(name in order)) { order[name] = ++nv; names[nv] = name }
        }
    }
    END {
        for (i = 1; i <= nv; i++) {
            name = names[i]; uname = toupper(name)
            if (is_driver_name(name)) continue
            v = expand(vars[name])
            if (flagvar(name))
                claim_flags(v, "Makefile " name, 0)
            if (uname ~ /^(LDLIBS|LIBS|LDFLAGS|LDADD)$|_(LIBS|LDFLAGS|LDLIBS)$/)
                claim_flags(v, "Makefile " name, 1)
            if (uname ~ /(^|_)(SRCS?|SOURCES?|C_?FILES|SRC_FILES|CSRC)$/) {
                if (v ~ /\$\(|\$\{|[*?\[]/) { printf "nolist\tMakefile %s\tthe list is computed ($(wildcard ...) or a pattern)\n", name; continue }
                n = split(v, t, /[ \t]+/); files = ""
                for (j = 1; j <= n; j++) if (t[j] ~ /\.c$/) files = files "\t" t[j]
                if (files != "") printf "list\tMakefile %s\t%s\n", name, substr(files, 2)
            }
        }
        for (i = 1; i <= nr; i++) claim_flags(expand(recipes[i], 1), "Makefile recipe", 1)
        for (name in unknown) out("note", "$(" name ") is not set in the Makefile: read as empty", "Makefile")
    }' "$1"
}

parse_cmake() {
    awk "$flag_awk"'
    function expand(s,   guard, name, val) {
        while (guard++ < 500 && match(s, /\$\{[A-Za-z_][A-Za-z0-9_]*\}/)) {
            name = substr(s, RSTART + 2, RLENGTH - 3)
            if (name ~ /^(CMAKE_CURRENT_SOURCE_DIR|CMAKE_CURRENT_LIST_DIR|PROJECT_SOURCE_DIR|CMAKE_SOURCE_DIR)$/) val = "."
            else if (name in vars) val = vars[name]
            else { val = ""; unknown[name] = 1 }
            s = substr(s, 1, RSTART - 1) val substr(s, RSTART + RLENGTH)
        }
        return s
    }
    # Tokens of an argument string: quoted strings are one token.
    function tokens(s, t,   n, c, i, cur, q, started) {
        n = 0; cur = ""; q = 0; started = 0
        for (i = 1; i <= length(s); i++) {
            c = substr(s, i, 1)
            if (q) { if (c == "\"") q = 0; else cur = cur c; continue }
            if (c == "\"") { q = 1; started = 1; continue }
            if (c ~ /[ \t\n]/) { if (started) { t[++n] = cur; cur = ""; started = 0 } continue }
            cur = cur c; started = 1
        }
        if (started) t[++n] = cur
        return n
    }
    function relsrc(f) {
        f = expand(f); sub(/^\.\//, "", f); return f
    }
    {
        sub(/\r$/, "")
        # Strip a comment: a # outside quotes.
        line = ""; q = 0
        for (i = 1; i <= length($0); i++) {
            c = substr($0, i, 1)
            if (c == "\"") q = !q
            if (c == "#" && !q) break
            line = line c
        }
        text = text line "\n"
    }
    END {
        pos = 1
        while (match(substr(text, pos), /[A-Za-z_][A-Za-z0-9_]*[ \t\n]*\(/)) {
            start = pos + RSTART - 1
            cmd = tolower(substr(text, start, RLENGTH)); sub(/[ \t\n]*\($/, "", cmd)
            i = start + RLENGTH; depth = 1; q = 0; args = ""
            while (i <= length(text) && depth > 0) {
                c = substr(text, i, 1)
                if (c == "\"") q = !q
                else if (!q && c == "(") depth++
                else if (!q && c == ")") { depth--; if (depth == 0) break }
                args = args c; i++
            }
            pos = i + 1
            if (cmd ~ /^(if|foreach|while|function|macro)$/) { block++; continue }
            if (cmd ~ /^(endif|endforeach|endwhile|endfunction|endmacro)$/) { if (block) block--; continue }
            if (cmd ~ /^(else|elseif)$/) continue
            if (block > 0) {
                if (args ~ /\.c[ \t\n"]|\.c$|[A-Za-z_]=|-D/) out("note", "inside an if()/foreach() block, not used: " cmd "(" substr(args, 1, 80) ")", "CMakeLists.txt")
                continue
            }
            n = tokens(args, a)
            if (cmd == "set" || cmd == "option") {
                if (n < 1) continue
                v = ""
                for (j = 2; j <= n; j++) {
                    if (a[j] ~ /^(CACHE|PARENT_SCOPE)$/) break
                    v = v (v == "" ? "" : ";") expand(a[j])
                }
                if (cmd == "option") v = a[3]
                vars[a[1]] = v
                if (a[1] == "CMAKE_C_STANDARD") cstd = v
                if (a[1] == "CMAKE_C_EXTENSIONS") cext = toupper(v)
                if (a[1] ~ /^CMAKE_C_FLAGS$/) { gsub(/;/, " ", v); claim_flags(v, "CMakeLists.txt CMAKE_C_FLAGS", 0) }
            } else if (cmd == "list") {
                if (toupper(a[1]) == "APPEND" && n >= 2)
                    for (j = 3; j <= n; j++) vars[a[2]] = vars[a[2]] (vars[a[2]] == "" ? "" : ";") expand(a[j])
            } else if (cmd == "file") {
                if (toupper(a[1]) ~ /^GLOB/) { vars[a[2]] = "\001GLOB"; globbed[a[2]] = 1 }
            } else if (cmd == "add_compile_definitions") {
                for (j = 1; j <= n; j++) {
                    m = split(expand(a[j]), f, ";")
                    for (k = 1; k <= m; k++) { v = f[k]; sub(/^-D/, "", v); if (v != "") out("define", v, "CMakeLists.txt add_compile_definitions") }
                }
            } else if (cmd == "add_definitions" || cmd == "add_compile_options") {
                s = ""; for (j = 1; j <= n; j++) s = s " " expand(a[j])
                gsub(/;/, " ", s)
                claim_flags(s, "CMakeLists.txt " cmd, 0)
            } else if (cmd == "include_directories") {
                for (j = 1; j <= n; j++) if (a[j] !~ /^(BEFORE|AFTER|SYSTEM)$/) out("include", relsrc(a[j]), "CMakeLists.txt include_directories")
            } else if (cmd == "add_library" || cmd == "add_executable") {
                t = a[1]; kind[t] = (cmd == "add_library") ? "lib" : "exe"; tn[++ntg] = t
                for (j = 2; j <= n; j++) {
                    if (a[j] ~ /^(STATIC|SHARED|MODULE|OBJECT|INTERFACE|EXCLUDE_FROM_ALL|WIN32|MACOSX_BUNDLE|IMPORTED|ALIAS|GLOBAL)$/) {
                        if (a[j] ~ /^(INTERFACE|IMPORTED|ALIAS)$/) kind[t] = "none"
                        continue
                    }
                    addsrc(t, a[j])
                }
            } else if (cmd == "target_sources") {
                for (j = 2; j <= n; j++) if (a[j] !~ /^(PRIVATE|PUBLIC|INTERFACE)$/) addsrc(a[1], a[j])
            } else if (cmd == "target_compile_definitions") {
                for (j = 2; j <= n; j++) if (a[j] !~ /^(PRIVATE|PUBLIC|INTERFACE)$/) {
                    m = split(expand(a[j]), f, ";")
                    for (k = 1; k <= m; k++) { v = f[k]; sub(/^-D/, "", v); if (v != "") tdefs[a[1]] = tdefs[a[1]] "\n" v }
                }
            } else if (cmd == "target_compile_options") {
                for (j = 2; j <= n; j++) if (a[j] !~ /^(PRIVATE|PUBLIC|INTERFACE|BEFORE)$/) { v = expand(a[j]); gsub(/;/, " ", v); topts[a[1]] = topts[a[1]] " " v }
            } else if (cmd == "target_include_directories") {
                for (j = 2; j <= n; j++) if (a[j] !~ /^(PRIVATE|PUBLIC|INTERFACE|BEFORE|AFTER|SYSTEM)$/) { v = relsrc(a[j]); gsub(/;/, "\n", v); tincs[a[1]] = tincs[a[1]] "\n" v }
            } else if (cmd == "target_link_libraries") {
                for (j = 2; j <= n; j++) if (a[j] !~ /^(PRIVATE|PUBLIC|INTERFACE|LINK_PRIVATE|LINK_PUBLIC)$/) { v = expand(a[j]); gsub(/;/, "\n", v); tlibs[a[1]] = tlibs[a[1]] "\n" v }
            } else if (cmd == "set_target_properties") {
                for (j = 2; j < n; j++) if (a[j] == "C_STANDARD") tstd[a[1]] = a[j + 1]
            }
        }
        # Which targets build the library: the add_library ones; else the
        # executables that list a non-driver source.
        for (i = 1; i <= ntg; i++) if (kind[tn[i]] == "lib") haslib = 1
        for (i = 1; i <= ntg; i++) {
            t = tn[i]
            rel = 0
            if (kind[t] == "lib") rel = 1
            else if (kind[t] == "exe" && !haslib && !is_driver_name(t)) {
                m = split(srcs[t], f, "\n")
                for (j = 1; j <= m; j++) if (f[j] != "" && !driver(f[j])) rel = 1
            }
            relevant[t] = rel
            if (globbed_t[t]) { printf "nolist\tCMakeLists.txt %s(%s)\tthe list is computed (file(GLOB ...))\n", (kind[t] == "lib" ? "add_library" : "add_executable"), t; continue }
            if (srcs[t] != "") {
                files = srcs[t]; gsub(/\n/, "\t", files); sub(/^\t/, "", files)
                printf "list%s\tCMakeLists.txt %s(%s)\t%s\n", (kind[t] == "lib" ? "" : "exe"), (kind[t] == "lib" ? "add_library" : "add_executable"), t, files
            }
        }
        for (t in tdefs) {
            m = split(tdefs[t], f, "\n")
            for (j = 1; j <= m; j++) if (f[j] != "") {
                if (t in relevant && relevant[t]) out("define", f[j], "CMakeLists.txt target_compile_definitions(" t ")")
                else out("note", "target_compile_definitions(" t " " f[j] ") is for a program, not the library: not used", "CMakeLists.txt")
            }
        }
        for (t in topts) if (t in relevant && relevant[t]) claim_flags(topts[t], "CMakeLists.txt target_compile_options(" t ")", 0)
        for (t in tincs) if (t in relevant && relevant[t]) {
            m = split(tincs[t], f, "\n"); for (j = 1; j <= m; j++) if (f[j] != "") out("include", f[j], "CMakeLists.txt target_include_directories(" t ")")
        }
        for (t in tlibs) if (t in relevant && relevant[t]) {
            m = split(tlibs[t], f, "\n")
            for (j = 1; j <= m; j++) {
                v = f[j]
                if (v == "" || v in kind) continue
                if (v ~ /^-l/) out("lib", v, "CMakeLists.txt target_link_libraries(" t ")")
                else if (v ~ /^[A-Za-z0-9_+.-]+$/) out("lib", "-l" v, "CMakeLists.txt target_link_libraries(" t ")")
                else out("note", "target_link_libraries(" t " " v "): not a plain library, not used", "CMakeLists.txt")
            }
        }
        for (t in tstd) if (t in relevant && relevant[t]) cstd = tstd[t]
        if (cstd != "") out("std", (cext == "OFF" ? "c" : "gnu") cstd, "CMakeLists.txt CMAKE_C_STANDARD " cstd (cext == "" ? "" : ", CMAKE_C_EXTENSIONS " cext))
        for (name in unknown) out("note", "${" name "} is not set in the CMakeLists.txt: read as empty", "CMakeLists.txt")
    }
    function driver(f,   b) { b = f; sub(/^.*\//, "", b); return b ~ /'"$driver_re"'/ }
    # A list variable expands to its elements joined by ";", as in CMake.
    function addsrc(t, s,   m, f, j) {
        if (s ~ /^\$\{[A-Za-z_][A-Za-z0-9_]*\}$/ && substr(s, 3, length(s) - 3) in globbed) { globbed_t[t] = 1; return }
        m = split(expand(s), f, ";")
        for (j = 1; j <= m; j++) if (f[j] ~ /\.c$/) srcs[t] = srcs[t] "\n" relsrc(f[j])
    }' "$1"
}
