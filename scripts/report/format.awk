# report/format.awk -- every formatting rule of the report pages, in one place.
#
# Part of ngcc-perf.  Included with -f by scripts/ngcc-report before the page
# programs (report/evidence.awk, then report/page.awk, report/summary.awk or
# report/method.awk).  POSIX awk; run with LC_ALL=C (byte order, '.' as the
# decimal point).  Holds: the number formats of doc/report.md ("Number
# formatting (exact)"), the natural sort of labels, and the two renderings
# of a page, text (the primary format, as shared/examples/) and Markdown
# (-v format=md); HTML and CSV (-v format=html|csv) are rendered by
# report/markup.awk, which these primitives hand over to.
#
# A page is built as blocks: page_begin(), then heading(), para(), lines()
# and tables (table_begin(), table_row(), table_end()), then page_write(FILE).
# Text: blocks separated by one blank line, tables as tab-separated rows
# under a header row, no newline after the last line (as the examples).
# Markdown: '#' headings, '- ' lines, pipe tables, a final newline.

# ---- numbers ---------------------------------------------------------------

# Cycles (or ticks): 1.23 G, 75.46 M, 134.8 k, 9560.
function fmt_cycles(x) {
    if (x >= 1e9) return sprintf("%.2f G", x / 1e9)
    if (x >= 1e6) return sprintf("%.2f M", x / 1e6)
    if (x >= 1e4) return sprintf("%.1f k", x / 1e3)
    return sprintf("%.0f", x)
}

# Seconds: the first of s, ms, µs, ns in which the value is >= 1, as %.3g.
function fmt_time(s,   v) {
    if (s >= 1) return sprintf("%.3g s", s)
    v = s * 1e3
    if (v >= 1) return sprintf("%.3g ms", v)
    v = s * 1e6
    if (v >= 1) return sprintf("%.3g µs", v)
    return sprintf("%.3g ns", s * 1e9)
}

# A long duration (a campaign's): 3.5 h, 12.0 min, else as fmt_time.
function fmt_duration(s) {
    if (s >= 3600) return sprintf("%.1f h", s / 3600)
    if (s >= 60) return sprintf("%.1f min", s / 60)
    return fmt_time(s)
}

# Operations per second: 2e+04, 1.53e+04, 978, 37.8.
function fmt_ops(x) { return sprintf("%.3g", x) }

# A share (0..1) as a percentage: 71%, 10%, 9.4%, 0.0%.
function fmt_pct(x) {
    if (x >= 0.095) return sprintf("%.0f%%", 100 * x)
    return sprintf("%.1f%%", 100 * x)
}

# A ratio (the summary's ratio columns): three significant digits, or the
# whole number from 100 up; plain decimals, never a k or an exponent:
# 0.000894, 0.213, 6.79, 67.9, 679, 6789.
function fmt_sig3(x,   d, v) {
    if (x >= 99.95) return sprintf("%.0f", x)
    if (x >= 9.995) return sprintf("%.1f", x)
    if (x >= 0.9995) return sprintf("%.2f", x)
    if (x <= 0) return sprintf("%.0f", x)
    # below 1: as many decimals as keep three significant digits
    d = 3; v = x
    while (v < 0.09995 && d < 12) { v *= 10; d++ }
    return sprintf("%." d "f", x)
}

# Calls per operation: 9.05, 10, 24.1.
function fmt_calls(x) { return sprintf("%.3g", x) }

# n (trials × iters).
function fmt_n(n, trials, iters) {
    return sprintf("%.0f (%.0f × %.0f)", n, trials, iters)
}

# Whole KiB of a byte count, truncated.
function fmt_kib(bytes) { return sprintf("%.0f KiB", int(bytes / 1024)) }

# Whole MiB of a byte count, truncated.
function fmt_mib(bytes) { return sprintf("%.0f MiB", int(bytes / 1048576)) }

# An integer as it is (bytes, counts).
function fmt_int(x) { return sprintf("%.0f", x) }

# A frequency: 2.71 GHz, 24.0 MHz, 1000 Hz.
function fmt_hz(hz) {
    if (hz >= 1e9) return sprintf("%.2f GHz", hz / 1e9)
    if (hz >= 1e6) return sprintf("%.1f MHz", hz / 1e6)
    return sprintf("%.0f Hz", hz)
}

# A setting as written (1, 0.01, 900): %.6g.
function fmt_num(x) { return sprintf("%.6g", x) }

# A UTC time stamp without its Z: 2026-09-28T15:05:46.
function fmt_utc(t) { sub(/Z$/, "", t); return t }

# An instance label inside a table or a note.
function fmt_label(label) { return "`" label "`" }

# A file inside a table or a note (in HTML a link to the raw evidence).
function fmt_path(path) { return format == "html" ? html_path_mark(path) : "`" path "`" }

# TEXT folded at spaces into lines of at most WIDTH bytes (so characters),
# every line after the first of an input line prefixed with INDENT; a
# word longer than WIDTH stays whole.  For the text pages whose lines
# must stay short (the summary).
function fold_text(text, width, indent,   n, l, i, out, line, w, nw, j, cur) {
    n = split(text, l, "\n")
    out = ""
    for (i = 1; i <= n; i++) {
        nw = split(l[i], w, " ")
        cur = ""
        line = ""
        for (j = 1; j <= nw; j++) {
            if (cur == "") { cur = w[j]; continue }
            if (length(cur) + 1 + length(w[j]) > width) {
                line = line cur "\n"
                cur = indent w[j]
            } else cur = cur " " w[j]
        }
        out = out (i > 1 ? "\n" : "") line cur
    }
    return out
}

# ---- natural sort ------------------------------------------------------------

# -1, 0 or 1: A before, equal to or after B, digit runs compared as numbers
# (POLARLAC-128 < POLARLAC-256 < POLARLAC-512 < POLARLAC-512-Star <
# POLARLAC-Light; ML-KEM-512 < ML-KEM-1024); equal runs fall back to bytes.
function natcmp(a, b,   x, y, rx, ry, dx, dy) {
    x = a; y = b
    while (x != "" && y != "") {
        if (match(x, /^[0-9]+/)) rx = substr(x, 1, RLENGTH)
        else { match(x, /^[^0-9]+/); rx = substr(x, 1, RLENGTH) }
        if (match(y, /^[0-9]+/)) ry = substr(y, 1, RLENGTH)
        else { match(y, /^[^0-9]+/); ry = substr(y, 1, RLENGTH) }
        if (rx ~ /^[0-9]/ && ry ~ /^[0-9]/) {
            dx = rx; sub(/^0+/, "", dx)
            dy = ry; sub(/^0+/, "", dy)
            if (length(dx) != length(dy)) return length(dx) < length(dy) ? -1 : 1
            if (dx != dy) return dx "" < dy "" ? -1 : 1
        } else if (rx != ry) {
            return rx "" < ry "" ? -1 : 1
        }
        x = substr(x, length(rx) + 1)
        y = substr(y, length(ry) + 1)
    }
    if (x != "" || y != "") return x == "" ? -1 : 1
    if (a == b) return 0
    return a "" < b "" ? -1 : 1
}

# Sort A[1..N] in place, naturally (insertion sort: lists are short).
function natsort(A, n,   i, j, t) {
    for (i = 2; i <= n; i++) {
        t = A[i]
        for (j = i - 1; j >= 1 && natcmp(A[j], t) > 0; j--) A[j + 1] = A[j]
        A[j + 1] = t
    }
}

# Sort A[1..N] in place in byte order.
function bytesort(A, n,   i, j, t) {
    for (i = 2; i <= n; i++) {
        t = A[i]
        for (j = i - 1; j >= 1 && A[j] "" > t ""; j--) A[j + 1] = A[j]
        A[j + 1] = t
    }
}

# ---- the page: text or Markdown ----------------------------------------------

function page_begin() { PAGE = ""; PAGE_BLOCKS = 0 }

function page_block(text) {
    PAGE = PAGE (PAGE_BLOCKS++ ? "\n\n" : "") text
}

# A heading: LEVEL 1 the title, 2 a section.
function heading(level, text,   h) {
    if (format == "html" || format == "csv") { markup_heading(level, text); return }
    if (format == "md") { h = level == 1 ? "# " : "## "; text = h text }
    page_block(text)
}

function para(text) { page_block(format == "html" ? html_para(text) : format == "csv" ? "" : text) }

# Lines that belong together (basic information, notes): TEXT holds them
# separated by newlines.
function lines(text) {
    if (format == "html" || format == "csv") { page_block(format == "html" ? html_lines(text) : ""); return }
    if (format == "md") { gsub(/\n/, "\n- ", text); text = "- " text }
    page_block(text)
}

# A link by its text (text pages) or as a link (Markdown).
function link(text, url) {
    if (format == "md" && url != "") return "[" text "](" url ")"
    if (format == "html" && url != "") return html_link_mark(text, url)
    return text
}

# A link that a text page cannot make: its text and, in parentheses, the
# target (a page's file name or a URL), so that the reader can follow it;
# Markdown and HTML as link().
function link_shown(text, url) {
    if (format != "md" && format != "html" && url != "") return text " (" url ")"
    return link(text, url)
}

# Tables: the header and the rows are tab-separated cells.
function table_begin(header,   n, i, c, sep) {
    TABLE = ""
    TABLE_ROWS = 0
    TABLE_HEADER = header
    if (format == "html" || format == "csv") {
        TABLE = ""
    } else if (format == "md") {
        n = split(header, c, "\t")
        sep = "|"
        for (i = 1; i <= n; i++) sep = sep " --- |"
        TABLE = md_row(header) "\n" sep
    } else {
        TABLE = header
    }
}

function table_row(cells) {
    if (format == "html" || format == "csv") TABLE = TABLE (TABLE_ROWS ? "\n" : "") cells
    else TABLE = TABLE "\n" (format == "md" ? md_row(cells) : cells)
    TABLE_ROWS++
}

function table_end() {
    if (format == "html" || format == "csv") { markup_table(TABLE_HEADER, TABLE, TABLE_ROWS); return }
    page_block(TABLE)
}

function md_row(cells,   n, c, i, s) {
    n = split(cells, c, "\t")
    s = "|"
    for (i = 1; i <= n; i++) { gsub(/\|/, "\\|", c[i]); s = s " " c[i] " |" }
    return s
}

# The file name of a page: NAME.txt, NAME.md, NAME.html (NAME-<section>.csv
# for each table, in CSV).
function page_file(dir, name) { return dir "/" name "." page_ext() }

function page_ext() { return format == "md" || format == "html" || format == "csv" ? format : "txt" }

# A link to another page of the same system, by its name.
function page_link(text, name) { return link(text, name "." page_ext()) }
function page_link_shown(text, name) { return link_shown(text, name "." page_ext()) }

function page_write(file) {
    if (format == "html" || format == "csv") { markup_write(file); return }
    printf "%s%s", PAGE, (format == "md" ? "\n" : "") > file
    close(file)
}
