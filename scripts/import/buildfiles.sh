# import/buildfiles.sh -- sourced by ngcc-import: what the submitters' C
# files and build files say, read as text and never run.
#
#   scan_c FILE        what a C file defines (main, the kind's API, DRNG, ...)
#   parse_make FILE    claims of a Makefile (defines, -std=, lists, ...)
#   parse_cmake FILE   the same for a CMakeLists.txt
#   parse_sh FILE NAME the same for a shell build script (build.sh)
#   driver_re          basenames of drivers and tools (submissions.md,
#                      rule 3), never part of an instance

driver_re='^(KAT_|PQCgenKAT|main|test|bench|speed|cpucycles|osfreq|run_bench|selftest|self_test|example|demo|kat\.c|kat_)|(_test|test_|_bench|bench_|_main|_kat)\.'

# scan_c FILE: what a C file defines: 'main', 'main_cond' (under #if),
# 'api' (a function of the loaded kind's API, kind_api), 'drng'
# (drng_algorithm), 'defdrng' (the DRNG functions), 'defaux' (the hash
# helpers), 'useaux' (a call of a hash helper), 'osrand WHAT', 'openssl'.
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
    /^(int[ \t]+)?(sm3hash|pseudohash|pseudoXOF)[ \t]*\([^;]*$/ { if ($0 !~ /=/ && !da++) print "defaux"; next }
    /(^|[^A-Za-z0-9_])(sm3hash|pseudohash|pseudoXOF)[ \t]*\(/ { if (!ua++) print "useaux" }
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
function claim_flags(s, origin, libs_ok,   n, t) {
    n = split(s, t, /[ \t]+/)
    claim_words(t, n, origin, libs_ok, 0)
}
# claim_words(T, N, ORIGIN, LIBS_OK, UNQUOTED): the claims of the words
# T[1..N] of a compiler command line; UNQUOTED: the shell removed their
# quotes already (parse_sh), else a quote at either end of a word is dropped.
function claim_words(t, n, origin, libs_ok, unquoted,   i, v) {
    for (i = 1; i <= n; i++) {
        v = t[i]
        if (!unquoted) gsub(/^["\047]|["\047]$/, "", v)
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

# parse_sh FILE NAME: the claims of a shell build script NAME (FILE), read
# as text and never run: its compiler command lines (gcc, cc, clang, a
# cross compiler, $CC), whose -D, -I, -std= and -l words claim_words takes
# as for a Makefile's recipe, and whose .c files make the list; plain
# assignments at the top level are expanded as the shell would.  A compiler
# line inside a loop, an if, a case or a function, and a command
# substitution, are not evaluated: a note says so.  Nothing when the script
# has no compiler line (not a build script).
parse_sh() {
    awk -v script="$2" "$flag_awk"'
    # split_cmds(S): the commands of the line S (split at ; && || | & outside
    # quotes and parentheses, up to a comment) into cmds[]; their count.
    function split_cmds(s,   i, c, n, q, cur, par) {
        n = 0; cur = ""; q = ""; par = 0
        for (i = 1; i <= length(s); i++) {
            c = substr(s, i, 1)
            if (q == "\047") { cur = cur c; if (c == "\047") q = ""; continue }
            if (c == "\\") { cur = cur c substr(s, i + 1, 1); i++; continue }
            if (q == "\"") { cur = cur c; if (c == "\"") q = ""; continue }
            if (c == "\047" || c == "\"") { q = c; cur = cur c; continue }
            if (c == "#" && (cur == "" || cur ~ /[ \t]$/)) break
            if (c == "(") par++
            if (c == ")" && par > 0) par--
            if (!par && (c == ";" || c == "&" || c == "|")) {
                cmds[++n] = cur; cur = ""
                if (substr(s, i + 1, 1) == c) i++
                continue
            }
            cur = cur c
        }
        cmds[++n] = cur
        return n
    }
    function value(name) {
        if (name in vars) return vars[name]
        eunk = 1
        if (name !~ /^(CC|CFLAGS|CPPFLAGS|LDFLAGS|LDLIBS)$/) cunk[name] = 1
        return ""
    }
    # expansion(S, I): the value of the expansion at S[I] ($NAME, ${NAME},
    # ${NAME:-WORD} and alike; a command substitution reads as empty);
    # elen: its length; eunk: a variable not set, or a command substitution.
    function expansion(s, i,   rest, inner, name, op, word, colon, isset, j, c, depth) {
        eunk = 0
        if (substr(s, i, 1) == "`") {
            j = index(substr(s, i + 1), "`"); elen = j ? j + 1 : length(s) - i + 1
            eunk = 1; csubst = 1; return ""
        }
        rest = substr(s, i + 1)
        if (substr(rest, 1, 1) == "(") {
            depth = 0
            for (j = 1; j <= length(rest); j++) {
                c = substr(rest, j, 1)
                if (c == "(") depth++
                else if (c == ")" && --depth == 0) break
            }
            elen = j + 1; eunk = 1; csubst = 1; return ""
        }
        if (match(rest, /^[A-Za-z_][A-Za-z0-9_]*/)) { elen = RLENGTH + 1; return value(substr(rest, 1, RLENGTH)) }
        if (match(rest, /^\{[A-Za-z_][A-Za-z0-9_]*(:?[-=+?][^}]*)?\}/)) {
            inner = substr(rest, 2, RLENGTH - 2); elen = RLENGTH + 1
            match(inner, /^[A-Za-z_][A-Za-z0-9_]*/)
            name = substr(inner, 1, RLENGTH); op = substr(inner, RLENGTH + 1)
            if (op == "") return value(name)
            colon = (substr(op, 1, 1) == ":"); if (colon) op = substr(op, 2)
            word = substr(op, 2); op = substr(op, 1, 1)
            isset = (name in vars) && (!colon || vars[name] != "")
            if (op == "-" || op == "=") return isset ? vars[name] : word
            if (op == "+") return isset ? word : ""
            return value(name)
        }
        if (match(rest, /^[0-9@*#?$!-]/)) { elen = 2; eunk = 1; cunk[substr(rest, 1, 1)] = 1; return "" }
        elen = 1
        return "$"
    }
    # words(S): the words of the command S, expanded, split and unquoted
    # as the shell would, into w[]; their count.  wunk[K]: word K holds an
    # expansion of a variable not set or of a command substitution.
    function emit() { if (started) { w[++nw] = cur; wunk[nw] = wu } cur = ""; started = 0; wu = 0 }
    function words(s,   i, c, q, j, val, m, parts, k) {
        nw = 0; cur = ""; q = 0; started = 0; wu = 0
        for (i = 1; i <= length(s); i++) {
            c = substr(s, i, 1)
            if (!q && c == "\047") {
                j = index(substr(s, i + 1), "\047"); if (!j) j = length(s) - i + 1
                cur = cur substr(s, i + 1, j - 1); i += j; started = 1; continue
            }
            if (c == "\"") { q = !q; started = 1; continue }
            if (c == "\\") {
                i++; c = substr(s, i, 1)
                if (q && c !~ /[$`"\\]/) cur = cur "\\"
                cur = cur c; started = 1; continue
            }
            if (c == "$" || c == "`") {
                val = expansion(s, i); i += elen - 1
                if (eunk) wu = 1
                if (q) { cur = cur val; started = 1; continue }
                m = split(val, parts, /[ \t\n]+/)
                for (k = 1; k <= m; k++) {
                    if (parts[k] != "") { cur = cur parts[k]; started = 1 }
                    if (k < m) emit()
                }
                continue
            }
            if (!q && c ~ /[ \t]/) { emit(); continue }
            cur = cur c; started = 1
        }
        emit()
        return nw
    }
    function looks_cc(s) { return s ~ /(^|[ \t\/"])([A-Za-z0-9_.+]+-)*(gcc|cc|clang)([ \t"]|$)|\$\{?CC|-D[A-Za-z_]/ }
    # command(S, LNO): one command of line LNO.
    function command(s, lno,   fw, k, j, b, o, m, fl, name, f) {
        while (1) {
            sub(/^[ \t]+/, "", s)
            if (s == "") return
            fw = s; sub(/[ \t].*$/, "", fw)
            if (fw ~ /^(then|do|else|\{|!|time|exec|command|nice)$/) { s = substr(s, length(fw) + 1); continue }
            break
        }
        if (fw ~ /^(if|while|until|for|case|select)$/) { depth++; return }
        if (fw == "elif") return
        if (fw ~ /^(fi|done|esac|\})$/) { if (depth) depth--; return }
        if (fw == "function" || s ~ /^[A-Za-z_][A-Za-z0-9_]*[ \t]*\(\)/) { depth++; return }
        if (depth > 0) {
            if (looks_cc(s)) out("note", script " line " lno ": inside a loop, an if, a case or a function, not used: " substr(s, 1, 80), script)
            return
        }
        # A compiler named by $CC that the script does not set: cc.
        if (!("CC" in vars)) sub(/^"?\$(CC|\{CC\})"?([ \t]|$)/, "cc ", s)
        split("", cunk); csubst = 0
        words(s)
        k = 1
        if (w[1] == "export" || w[1] == "readonly") k = 2
        for (j = k; j <= nw && w[j] ~ /^[A-Za-z_][A-Za-z0-9_]*=/; j++) ;
        if (j > nw) {
            # Assignments only: remembered (not those before a command).
            for (; k <= nw; k++) if (w[k] ~ /^[A-Za-z_][A-Za-z0-9_]*=/) {
                name = w[k]; sub(/=.*/, "", name); vars[name] = substr(w[k], length(name) + 2)
            }
            return
        }
        k = j
        b = w[k]; sub(/^.*\//, "", b)
        if (b ~ /^(ccache|distcc)$/ && k < nw) { k++; b = w[k]; sub(/^.*\//, "", b) }
        if (b !~ /^([A-Za-z0-9_.+]+-)*(gcc|cc|clang|c99|c11|tcc|icc|icx)(-[0-9][0-9.]*)?$/) return
        seen_cc = 1
        o = ""
        for (j = k + 1; j <= nw; j++) {
            if (w[j] == "-o" && j < nw) o = w[j + 1]
            else if (w[j] ~ /^-o./) o = substr(w[j], 3)
        }
        b = o; sub(/^.*\//, "", b); sub(/\.(exe|out|o|so|a)$/, "", b)
        if (o != "" && is_driver_name(b)) {
            out("note", script " line " lno " builds " o ", a program: not used", script)
            return
        }
        for (name in cunk) unknown[name] = 1
        if (csubst) subst = 1
        m = 0
        for (j = k + 1; j <= nw; j++) {
            if (w[j] == "-o") { j++; continue }
            if (wunk[j]) { out("note", script " line " lno ": \047" w[j] "\047 depends on what the script does not set: not used", script); continue }
            if (w[j] ~ /\.c$/ && w[j] !~ /^-/) {
                if (w[j] ~ /[*?[]/) glob = 1
                else { f = w[j]; sub(/^\.\//, "", f); if (!(f in listed)) { listed[f] = 1; files = files "\t" f } }
                continue
            }
            if (w[j] ~ /\.(o|a|so|h)$/ && w[j] !~ /^-/) continue
            if (w[j] ~ /[ \t]/) { out("note", script " line " lno ": \047" w[j] "\047 holds a space, which a description cannot: not used", script); continue }
            fl[++m] = w[j]
        }
        claim_words(fl, m, script " line " lno, 1, 1)
    }
    { sub(/\r$/, "") }
    heredoc != "" {
        t = $0; if (heredoc_tabs) sub(/^\t+/, "", t)
        if (t == heredoc) heredoc = ""
        next
    }
    /(^|[^\\])(\\\\)*\\$/ { if (held == "") start = NR; held = held substr($0, 1, length($0) - 1); next }
    {
        line = held $0; lno = (held == "") ? NR : start; held = ""
        if (match(line, /<<-?[ \t]*["\047]?[A-Za-z_][A-Za-z0-9_]*/)) {
            heredoc = substr(line, RSTART, RLENGTH); heredoc_tabs = (heredoc ~ /^<<-/)
            sub(/^<<-?[ \t]*["\047]?/, "", heredoc)
        }
        n = split_cmds(line)
        for (ci = 1; ci <= n; ci++) command(cmds[ci], lno)
    }
    END {
        if (glob) printf "nolist\t%s\tthe list is computed (a pattern)\n", script
        else if (files != "") printf "list\t%s\t%s\n", script, substr(files, 2)
        for (name in unknown) out("note", "$" name " is not set in " script ": read as empty", script)
        if (subst) out("note", script " runs commands ($(...) or `...`): not run, read as empty", script)
    }' "$1"
}
