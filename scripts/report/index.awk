# report/index.awk -- OUT/index.html: every system with its pages (HTML
# and text), its raw evidence and its cycles charts (one per kind), then the ratio charts
# of every system against the first.
#
# Part of ngcc-perf.  Run by scripts/ngcc-report (--format html) as
#   awk -v systems="A B ..." -v ratios="A B ..." -v staging=DIR -v data_href=PATH \
#       -f report/format.awk -f report/markup.awk -f report/index.awk \
#       DIR/A/*.html OUT/B/*.html ...
# reading each page's <title> (of the pages rendered now, in the staging
# DIR, or of a system's pages already in OUT); writes the page on stdout.
# systems: every system listed; ratios: those rendered now, whose ratio
# charts against the first are in DIR/charts; data_href: the evidence
# directory as seen from OUT ("" for no links).

BEGIN { format = "html"; FS = "\n" }

FNR == 1 {
    f = FILENAME
    sub(/\.html$/, "", f)
    page = f; sub(/^.*\//, "", page)
    sys = f; sub(/\/[^\/]*$/, "", sys)
    SYSDIR[sys_name(sys)] = sys
    sys = sys_name(sys)
    NPAGES[sys]++
    PAGE_NAME[sys, NPAGES[sys]] = page
}

/^<title>.*<\/title>$/ {
    t = $0
    sub(/^<title>/, "", t); sub(/<\/title>$/, "", t)
    TITLE[sys, page] = t
}

END {
    n = split(systems, S, " ")
    body = "<h1>Performance measurements</h1>\n<p>" n " system" (n == 1 ? "" : "s") \
        " with evidence. Each page is also a text page (<code>.txt</code>) beside it; every figure comes from the raw evidence linked on it.</p>"
    for (i = 1; i <= n; i++) body = body "\n" system_section(S[i])
    n = split(ratios, S, " ")
    if (n > 1) body = body "\n" ratio_section(S, n)
    printf "%s", html_document("Performance measurements", "<nav>index</nav>", body)
}

function sys_name(dir) { sub(/^.*\//, "", dir); return dir }

function exists(file,   line, st) {
    st = (getline line < file)
    close(file)
    return st >= 0
}

function system_section(sys,   t, k, p, list, n, c, w) {
    t = "<h2 id=\"" slug(sys) "\">System " html_escape(sys) "</h2>\n<ul>"
    t = t "\n<li><a href=\"" sys "/summary.html\">summary</a> (<a href=\"" sys "/summary.txt\">text</a>) · " \
        "<a href=\"" sys "/method.html\">method</a> (<a href=\"" sys "/method.txt\">text</a>)" \
        (data_href == "" ? "" : " · <a href=\"" data_href "/" sys "/\">raw evidence</a>") "</li>"
    for (k = 1; k <= NPAGES[sys]; k++) {
        p = PAGE_NAME[sys, k]
        if (p == "summary" || p == "method") continue
        t = t "\n<li><a href=\"" sys "/" p ".html\">" TITLE[sys, p] "</a> (<a href=\"" sys "/" p ".txt\">text</a>)</li>"
    }
    t = t "\n</ul>"
    n = cycles_charts(SYSDIR[sys], c, w)
    for (k = 1; k <= n; k++)
        t = t "\n<figure><a href=\"" sys "/summary.html\"><img src=\"" sys "/charts/" c[k] ".svg\" alt=\"mean cycles on " html_escape(sys) w[k] "\"></a>" \
            "<figcaption>Mean cycles per operation on " html_escape(sys) w[k] ", log scale (<a href=\"" sys "/charts/" c[k] ".dat\">data</a>)</figcaption></figure>"
    return t
}

# The summary's cycles charts of the system in DIR (one per kind: cycles,
# sig-cycles; report/charts.awk's DIR/charts/pages.tsv), into C[1..n] and
# the words of their kind in W[] (", digital signatures" from the section
# they are shown in, or "" for a system of one kind); n.
function cycles_charts(dir, c, w,   list, line, f, st, n) {
    list = dir "/charts/pages.tsv"
    n = 0
    while ((st = (getline line < list)) > 0) {
        delete f
        split(line, f, "\t")
        if (f[1] != "summary" || f[2] !~ /^([a-z0-9]+-)?cycles$/ || !exists(dir "/charts/" f[2] ".svg")) continue
        c[++n] = f[2]
        w[n] = f[4] != "" ? ", " f[4] : ""
        gsub(/-/, " ", w[n])
    }
    if (st >= 0) close(list)
    # (pages written without the list: the chart of the one kind)
    if (n == 0 && exists(dir "/charts/cycles.svg")) { c[++n] = "cycles"; w[n] = "" }
    return n
}

function ratio_section(S, n,   t, i, c) {
    t = "<h2 id=\"ratios\">Between systems</h2>\n<p>Per instance and operation measured on both, the mean cycles of each system over those of " \
        html_escape(S[1]) " (each in its own counter's unit: the note under each page's section 4 names it). For a comparison with the trials' uncertainty: <code>make compare A=" \
        html_escape(S[1]) " B=" html_escape(S[2]) "</code>.</p>"
    for (i = 2; i <= n; i++) {
        c = "ratio-" S[1] "-" S[i]
        if (exists(staging "/charts/" c ".svg"))
            t = t "\n<figure><img src=\"charts/" c ".svg\" alt=\"" html_escape(S[i] " / " S[1]) "\">" \
                "<figcaption>" html_escape(S[i]) " / " html_escape(S[1]) " (<a href=\"charts/" c ".dat\">data</a>)</figcaption></figure>"
        else
            t = t "\n<p>" html_escape(S[i]) " and " html_escape(S[1]) ": no instance and operation measured on both.</p>"
    }
    return t
}
