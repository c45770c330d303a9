#!/bin/sh
# report/charts.sh -- render the charts of a directory: every NAME.gp
# (written by report/charts.awk, report/ratio.awk or report/compare.awk)
# into NAME.svg with gnuplot, its point labels made SVG <title> elements.
#
# Part of ngcc-perf.  Usage: report/charts.sh DIR.  Environment:
# NGCC_GNUPLOT, the gnuplot program (default: gnuplot on the PATH; Debian's
# gnuplot-nox).  Exit status: 0 every chart rendered; 3 gnuplot missing or
# a chart failed (its error on stderr, prefixed with the chart's file).
#
# gnuplot's SVG terminal writes hypertext labels as mouse handlers that
# call its JavaScript library, an external resource: each becomes a plain
# <title>, which every browser shows as a tooltip without a script.

prog=ngcc-report
dir=${1:?usage: report/charts.sh DIR}
gnuplot=${NGCC_GNUPLOT:-gnuplot}
command -v "$gnuplot" > /dev/null 2>&1 ||
    { echo "$prog: $gnuplot not found: the charts need gnuplot (Debian: apt-get install gnuplot-nox)" >&2; exit 3; }
for gp in "$dir"/*.gp; do
    [ -f "$gp" ] || continue
    name=${gp##*/}; name=${name%.gp}
    if ! (cd "$dir" && "$gnuplot" "./$name.gp") > "$dir/$name.err" 2>&1; then
        sed "s|^|$prog: $gp: |" "$dir/$name.err" >&2
        exit 3
    fi
    rm -f "$dir/$name.err"
    [ -s "$dir/$name.svg" ] || { echo "$prog: $gp: gnuplot wrote no $name.svg" >&2; exit 3; }
    sed -e "s|<g onmousemove=\"gnuplot_svg.showHypertext(evt,'\([^']*\)')\" onmouseout=\"gnuplot_svg.hideHypertext()\"><title> </title>|<g class=\"point\"><title>\1</title>|" \
        "$dir/$name.svg" > "$dir/$name.svg.tmp" &&
        mv -f "$dir/$name.svg.tmp" "$dir/$name.svg" || { echo "$prog: $dir/$name.svg: cannot write" >&2; exit 3; }
    if grep -q 'gnuplot_svg\|<script\|href="http' "$dir/$name.svg"; then
        echo "$prog: $dir/$name.svg: gnuplot wrote a script or an external reference" >&2
        exit 3
    fi
done
exit 0
