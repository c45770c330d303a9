# report/markup.awk -- the HTML and CSV renderings of the report pages.
#
# Part of ngcc-perf.  Included with -f right after report/format.awk, whose
# page primitives (heading, para, lines, link, table_begin/row/end,
# page_write) hand over to these functions when -v format=html or csv.
# POSIX awk, LC_ALL=C.
#
# HTML: one self-contained document per page (inline style, no script, no
# external resource; a phone-width layout where tables scroll sideways),
# a navigation bar (index, summary, method, the text page, the raw
# evidence), the charts of the page after its title, or after the heading
# of the section pages.tsv names (OUTDIR/charts/pages.tsv, written by
# report/charts.awk: page, chart, caption, section).  Text is
# escaped; `code` becomes <code>; links and evidence paths travel through
# the text as control-character marks (\001 text \002 url \003, \004 path
# \005) so that escaping cannot break them.
# Variables (-v): outdir, evidence_href (the system's evidence directory
# as seen from OUTDIR, for links to the raw files; "" for none), nav_html
# (a navigation bar of its own, for pages outside a system's).
#
# CSV: each table of a page becomes NAME-<section>.csv (the section's
# heading as a slug; -2, -3 for a second table in one section), RFC 4180
# quoting, a header row, backticks dropped, a cell that a spreadsheet
# would take for a formula (= + @, or - before a non-number) prefixed
# with '; text that is not a table is left out.

# ---- HTML text ---------------------------------------------------------------

function html_escape(s) {
    gsub(/&/, "\\&amp;", s)
    gsub(/</, "\\&lt;", s)
    gsub(/>/, "\\&gt;", s)
    gsub(/"/, "\\&quot;", s)
    return s
}

function html_link_mark(text, url) { return "\001" text "\002" url "\003" }

function html_path_mark(path) { return "\004" path "\005" }

# Text from the pages as HTML: escaped, `code`, links, evidence paths.
function html_text(s,   out, i, j, k, path, t, u) {
    s = html_escape(s)
    out = ""
    while ((i = index(s, "\004")) > 0) {
        j = index(s, "\005")
        if (j < i) break
        path = substr(s, i + 1, j - i - 1)
        if (evidence_href == "" || index(path, "&lt;") > 0)
            t = "<code>" path "</code>"
        else
            t = "<a href=\"" evidence_href "/" path "\"><code>" path "</code></a>"
        out = out substr(s, 1, i - 1) t
        s = substr(s, j + 1)
    }
    s = out s
    out = ""
    while (match(s, /`[^`]*`/)) {
        out = out substr(s, 1, RSTART - 1) "<code>" substr(s, RSTART + 1, RLENGTH - 2) "</code>"
        s = substr(s, RSTART + RLENGTH)
    }
    s = out s
    out = ""
    while ((i = index(s, "\001")) > 0) {
        j = index(s, "\002"); k = index(s, "\003")
        if (j < i || k < j) break
        t = substr(s, i + 1, j - i - 1)
        u = substr(s, j + 1, k - j - 1)
        out = out substr(s, 1, i - 1) "<a href=\"" u "\">" t "</a>"
        s = substr(s, k + 1)
    }
    return out s
}

function html_para(text) { return "<p>" html_text(text) "</p>" }

function html_lines(text,   n, l, i, t) {
    n = split(text, l, "\n")
    t = "<ul>"
    for (i = 1; i <= n; i++) t = t "\n<li>" html_text(l[i]) "</li>"
    return t "\n</ul>"
}

# A heading as an anchor: "4. Performance" -> "4-performance".
function slug(text,   s) {
    s = tolower(text)
    gsub(/[^a-z0-9]+/, "-", s)
    sub(/^-+/, "", s)
    sub(/-+$/, "", s)
    return s == "" ? "section" : s
}

function markup_heading(level, text) {
    if (format == "csv") { CSV_SECTION = slug(text); return }
    if (level == 1) {
        PAGE_TITLE = text
        page_block("<h1>" html_text(text) "</h1>\n<!--charts-->")
        return
    }
    page_block("<h2 id=\"" slug(text) "\">" html_text(text) "</h2>")
}

# ---- tables ----------------------------------------------------------------------

function markup_table(header, body, nrows,   rows, n, i, t, name) {
    if (format == "csv") {
        name = CSV_SECTION == "" ? "table" : CSV_SECTION
        if (++CSV_USED[name] > 1) name = name "-" CSV_USED[name]
        t = csv_row(header)
        n = nrows ? split(body, rows, "\n") : 0
        for (i = 1; i <= n; i++) t = t "\r\n" csv_row(rows[i])
        CSV_TABLE[++CSV_TABLES] = t "\r\n"
        CSV_NAME[CSV_TABLES] = name
        return
    }
    # TABLE_CLASS "fit" (the summary's): cells wrap so that the table fits
    # the page's width.
    t = "<div class=\"table\"><table" (TABLE_CLASS != "" ? " class=\"" TABLE_CLASS "\"" : "") ">\n<thead>" html_row("th", header) "</thead>\n<tbody>"
    n = nrows ? split(body, rows, "\n") : 0
    for (i = 1; i <= n; i++) t = t "\n" html_row("td", rows[i])
    page_block(t "\n</tbody></table></div>")
}

function html_row(tag, cells,   c, n, i, t) {
    n = split(cells, c, "\t")
    t = "<tr>"
    for (i = 1; i <= n; i++) t = t "<" tag ">" html_text(c[i]) "</" tag ">"
    return t "</tr>"
}

function csv_row(cells,   c, n, i, t, v) {
    n = split(cells, c, "\t")
    t = ""
    for (i = 1; i <= n; i++) {
        v = c[i]
        gsub(/`/, "", v)
        # Text from the evidence (a candidate's build or KAT message) that a
        # spreadsheet would run as a formula starts with a quote instead.
        if (v ~ /^[=+@]/ || v ~ /^-[^0-9.]/) v = "'" v
        if (v ~ /[",\r\n]/) { gsub(/"/, "\"\"", v); v = "\"" v "\"" }
        t = t (i > 1 ? "," : "") v
    }
    return t
}

# ---- writing ---------------------------------------------------------------------

function markup_write(file,   base, i, f) {
    if (format == "csv") {
        base = file
        sub(/\.csv$/, "", base)
        for (i = 1; i <= CSV_TABLES; i++) {
            f = base "-" CSV_NAME[i] ".csv"
            printf "%s", CSV_TABLE[i] > f
            close(f)
        }
        CSV_TABLES = 0
        delete CSV_USED
        CSV_SECTION = ""
        return
    }
    base = file
    sub(/^.*\//, "", base)
    sub(/\.html$/, "", base)
    i = index(PAGE, "<!--charts-->")
    if (i > 0) PAGE = substr(PAGE, 1, i - 1) html_figures(base, "") substr(PAGE, i + length("<!--charts-->"))
    html_section_figures(base)
    printf "%s", html_document(PAGE_TITLE, html_nav(base), PAGE) > file
    close(file)
}

# The charts of page NAME shown in its section SECTION ("": after the
# title), as figures (OUTDIR/charts/pages.tsv: page, chart, caption and
# the section's anchor when it has one).
function html_figures(name, section,   list, line, f, t, st) {
    list = outdir "/charts/pages.tsv"
    t = ""
    while ((st = (getline line < list)) > 0) {
        delete f
        split(line, f, "\t")
        if (f[1] != name || f[4] != section) continue
        t = t "<figure><a href=\"charts/" f[2] ".svg\"><img src=\"charts/" f[2] ".svg\" alt=\"" html_escape(f[3]) "\"></a>" \
            "<figcaption>" html_text(f[3]) " (<a href=\"charts/" f[2] ".dat\">data</a>)</figcaption></figure>\n"
    }
    if (st < 0) return ""
    close(list)
    return t
}

# The charts of page NAME that go in a section, after its heading (a
# system of several kinds: each kind's charts in its summary section).
function html_section_figures(name,   list, line, f, st, done, sec, n, k, h, i, j, rest) {
    list = outdir "/charts/pages.tsv"
    n = 0
    while ((st = (getline line < list)) > 0) {
        delete f
        split(line, f, "\t")
        if (f[1] != name || f[4] == "" || (f[4] in done)) continue
        done[f[4]] = 1
        sec[++n] = f[4]
    }
    if (st < 0) return
    close(list)
    for (k = 1; k <= n; k++) {
        h = "<h2 id=\"" sec[k] "\">"
        if ((i = index(PAGE, h)) == 0) continue
        rest = substr(PAGE, i)
        j = i + index(rest, "</h2>") + length("</h2>") - 1
        PAGE = substr(PAGE, 1, j - 1) "\n" html_figures(name, sec[k]) substr(PAGE, j)
    }
}

function html_nav(name,   t) {
    if (nav_html != "") return nav_html
    t = "<nav><a href=\"../index.html\">index</a> · <a href=\"summary.html\">summary</a> · <a href=\"method.html\">method</a>" \
        " · <a href=\"" name ".txt\">text page</a>"
    if (evidence_href != "") t = t " · <a href=\"" evidence_href "/\">raw evidence</a>"
    return t "</nav>"
}

# A whole page: TITLE (plain text), NAV and BODY (HTML).
function html_document(title, nav, body) {
    return "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n" \
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n" \
        "<title>" html_escape(title) "</title>\n<style>\n" html_style() "</style>\n</head>\n<body>\n" \
        nav "\n<main>\n" body "\n</main>\n</body>\n</html>\n"
}

function html_style() {
    return "body{font-family:system-ui,-apple-system,\"Segoe UI\",Roboto,sans-serif;line-height:1.45;color:#1b1b1b;background:#fff;margin:0 auto;max-width:72em;padding:0 1em 2em}\n" \
        "nav{padding:.6em 0;border-bottom:1px solid #ccc;font-size:.95em}\n" \
        "h1{font-size:1.4em;margin:.8em 0 .4em}h2{font-size:1.15em;margin:1.4em 0 .4em;border-bottom:1px solid #eee}\n" \
        ".table{overflow-x:auto;-webkit-overflow-scrolling:touch;margin:.4em 0}\n" \
        "table{border-collapse:collapse;font-size:.9em}th,td{border:1px solid #ccc;padding:.25em .5em;text-align:left;vertical-align:top}\n" \
        "th{background:#f2f2f2}tbody tr:nth-child(even){background:#fafafa}td{white-space:nowrap}\n" \
        "table.fit td{white-space:normal}table.fit th,table.fit td{padding:.25em .35em}table.fit code,table.fit a{white-space:nowrap}\n" \
        "code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:.92em}\n" \
        "figure{margin:1em 0}figure img{max-width:100%;height:auto;border:1px solid #eee}figcaption{font-size:.9em;color:#444}\n" \
        "ul{padding-left:1.2em}a{color:#0645ad}\n" \
        "@media (max-width:40em){body{padding:0 .5em 1em}h1{font-size:1.2em}table{font-size:.85em}}\n"
}
