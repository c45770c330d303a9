#!/bin/sh
# make-many.sh -- a fixture system of many instances for the charts'
# tests, generated from an existing system's evidence (its campaign and
# the shape of its records), deterministic: NCAND candidates of NINST
# instances each (ids kem-01.., algorithms and labels made up from the
# catalog's names) and three ML-KEM instances as the yardstick, every
# record ok with statistics that agree with their sums (what
# ngcc-evidence checks), profiles whose shares agree with their functions.
#
# Part of ngcc-perf's tests (report/charts-many.test).  Usage:
#   sh make-many.sh TEMPLATE_SYSTEM_DIR OUT_SYSTEM_DIR [NCAND [NINST]]
# (default 8 × 5 = 40 instances).  The system id is OUT's last component.
# Exit 0 written, 1 bad usage or a file that cannot be written.

tmpl=${1:?usage: make-many.sh TEMPLATE_DIR OUT_DIR [NCAND [NINST]]}
out=${2:?usage: make-many.sh TEMPLATE_DIR OUT_DIR [NCAND [NINST]]}
ncand=${3:-8} ninst=${4:-5}
sys=${out##*/}
[ -f "$tmpl/campaign.json" ] || { echo "make-many.sh: $tmpl/campaign.json: no such file" >&2; exit 1; }
mkdir -p "$out" || exit 1
rec=$(ls "$tmpl"/records/*/*__keygen.json | head -n 1)
[ -f "$rec" ] || { echo "make-many.sh: $tmpl: no keygen record to copy" >&2; exit 1; }

# The list of instances: "id<TAB>algorithm<TAB>label<TAB>index".
LC_ALL=C awk -v ncand="$ncand" -v ninst="$ninst" '
function lbl(s) { s = toupper(s); gsub(/[^A-Z0-9-]/, "", s); return s }
BEGIN {
    # Made-up algorithm names of varied lengths (a long one, one with +).
    split("Aigis-Enc+ Amoeba BAG-Loong Cerberus-Lattice-KEM Dingo Eagle-KEM Falcata Gryphon-MLWE Hydra Ibis", alg, " ")
    split("128 192 256 512 512-Star 1024 Light 768", lv, " ")
    n = 0
    for (c = 1; c <= ncand; c++)
        for (k = 1; k <= ninst; k++)
            printf "kem-%02d\t%s\t%s-%s\t%d\n", c, alg[(c - 1) % 10 + 1], lbl(alg[(c - 1) % 10 + 1]), lv[(k - 1) % 8 + 1], ++n
    split("512 768 1024", m, " ")
    for (k = 1; k <= 3; k++) printf "mlkem\tML-KEM\tML-KEM-%s\t%d\n", m[k], ++n
}' > "$out/instances.tsv" || exit 1

# The campaign: the template's, for this system and these schemes.
LC_ALL=C awk -v sys="$sys" -v list="$out/instances.tsv" '
    BEGIN { while ((getline l < list) > 0) { split(l, f, "\t"); if (!(f[1] in seen)) { seen[f[1]] = 1; ids[++n] = f[1] } } }
    skip { if ($0 ~ /^ *\]/) skip = 0; next }
    /^  "system": / { print "  \"system\": \"" sys "\","; next }
    /^  "system_description": / { print "  \"system_description\": \"a generated system of many instances (tests/report/make-many.sh)\","; next }
    /"schemes": \[/ { print; for (i = 1; i <= n; i++) printf "      \"%s\"%s\n", ids[i], i < n ? "," : ""; print "    ]"; skip = 1; next }
    { print }' "$tmpl/campaign.json" > "$out/campaign.json" || exit 1

# build.json, the records and the profiles.
LC_ALL=C awk -v sys="$sys" -v out="$out" -v rec="$rec" -v list="$out/instances.tsv" '
function num(x) { return sprintf("%.17g", x) }
# A deterministic pseudo-random number in [0, 1) from its arguments.
function h(a, b,   x) { x = (a * 7919 + b * 104729 + 13) % 65521; x = (x * x + 17 * a) % 65521; return x / 65521 }
BEGIN {
    while ((getline l < rec) > 0) T[++NT] = l
    close(rec)
    split("keygen enc dec", ops, " ")
    B = out "/build.json"
    printf "{\n  \"format\": \"ngcc-perf/build\",\n  \"format_version\": 1,\n  \"system\": \"%s\",\n  \"generated_utc\": \"2026-10-01T10:00:00Z\",\n  \"instances\": [\n", sys > B
    n = 0
    while ((getline l < list) > 0) {
        split(l, f, "\t"); id = f[1]; alg = f[2]; label = f[3]; i = f[4] + 0
        c = id == "mlkem" ? 0 : substr(id, 5) + 0
        k = (id in cnt) ? ++cnt[id] : (cnt[id] = 1)
        # Sizes grow with the instance; ML-KEM the standard ones.
        if (id == "mlkem") { pk = 384 * (k + 1) + 32; sk = 768 * (k + 1) + 96; ct = k == 3 ? 1568 : 352 * (k + 1) + 32 - (k == 1 ? 96 : 0); ss = 32 }
        else { pk = int(600 * k * (1 + c / 4) + 100 * h(c, k)); sk = 2 * pk + 64; ct = int(pk * (0.8 + 0.3 * h(k, c))); ss = 16 * k }
        static = 40000 + int(30000 * h(c, k))
        printf "%s    {\n      \"id\": \"%s\",\n      \"label\": \"%s\",\n      \"algorithm\": \"%s\",\n      \"algorithm_instance\": \"%s\",\n", (n++ ? ",\n" : ""), id, label, alg, label > B
        printf "      \"variant\": \"reference\",\n      \"compiler\": \"gcc 12.2.0\",\n      \"flags_class\": \"guide\",\n      \"flags\": \"-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -D_GNU_SOURCE\",\n      \"flags_reason\": \"\",\n" > B
        printf "      \"library\": {\n        \"path\": \"schemes/%s/.libs/%s.so\",\n        \"sha256\": \"%064d\",\n        \"static_bytes\": %d\n      },\n      \"profile_library\": null,\n", id, label, 0, static > B
        printf "      \"kat\": {\n        \"status\": \"PASS\",\n        \"reason\": \"\",\n        \"manifest\": \"kat/%s/kat.sha256\",\n        \"reference\": null\n      },\n", id > B
        printf "      \"sizes\": {\n        \"pk\": %d,\n        \"sk\": %d,\n        \"ct\": %d,\n        \"ss\": %d,\n        \"basis\": \"API getters\"\n      },\n      \"description\": \"schemes/%s/scheme.conf\"\n    }", pk, sk, ct, ss, id > B
        # Cycles: the level of a candidate times a growth per instance, with
        # neighbours close together (candidates 2 and 3 nearly alike, to
        # crowd the charts); the peak RSS often the same for a candidate.
        base = id == "mlkem" ? 30000 : 20000 * 10 ^ ((c == 3 ? 2 : c) * 0.45)
        rss = 1474560 + 4096 * (c % 3 == 0 ? 18 : int(40 * h(c, k)) + 4 * k)
        for (o = 1; o <= 3; o++) {
            mean = base * (1 + 0.35 * (k - 1)) * (o == 1 ? 1 : o == 2 ? 1.3 + 0.4 * h(c, o) : 1.6 + h(k, o))
            iters = int(2.6e9 / mean / 4) + 3
            nn = 5 * iters
            st = int(mean * nn + 0.5)
            ss_ = st / 2.6e9
            mt = st / nn; ms = ss_ / nn; ops_s = nn / ss_
            write_record(id, label, ops[o], iters, nn, st, ss_, mt, ms, ops_s, rss + 4096 * o, static)
            hs = 0.05 + 0.8 * h(c * 3 + k, o); ds = 0.02 + 0.1 * h(o, c + k)
            write_profile(id, label, ops[o], hs, ds)
        }
    }
    printf "\n  ]\n}\n" > B
    close(B)
}
function write_record(id, label, op, iters, nn, st, ss_, mt, ms, ops_s, rss, static,   f, j, l, blk) {
    system("mkdir -p \"" out "/records/" id "\"")
    f = out "/records/" id "/" label "__" op ".json"
    blk = ""
    for (j = 1; j <= NT; j++) {
        l = T[j]
        if (l ~ /^  "op": /) l = "  \"op\": \"" op "\","
        else if (l ~ /^  "id": /) l = "  \"id\": \"" id "\","
        else if (l ~ /^  "label": /) l = "  \"label\": \"" label "\","
        else if (l ~ /^    "--op",/) { print l > f; j++; l = "    \"" op "\"," }
        else if (l ~ /^    "data\/.*records\//) l = "    \"data/" sys "/records/" id "/" label "__" op ".json\","
        else if (l ~ /^    "schemes\//) l = "    \"schemes/" id "/.libs/" label ".so\""
        else if (l ~ /^    "iters": /) l = "    \"iters\": " iters ","
        else if (l ~ /^    "static_bytes": /) l = "    \"static_bytes\": " static ","
        else if (l ~ /^    "peak_rss_bytes": /) l = "    \"peak_rss_bytes\": " rss ","
        else if (l ~ /^    "n": /) l = "    \"n\": " nn ","
        else if (l ~ /^    "sum_ticks": /) l = "    \"sum_ticks\": " sprintf("%.0f", st) ","
        else if (l ~ /^    "sum_seconds": /) l = "    \"sum_seconds\": " num(ss_) ","
        else if (l ~ /^    "mean_ticks": /) l = "    \"mean_ticks\": " num(mt) ","
        else if (l ~ /^    "mean_seconds": /) l = "    \"mean_seconds\": " num(ms) ","
        else if (l ~ /^    "ops_per_second": /) l = "    \"ops_per_second\": " num(ops_s) ","
        else if (l ~ /^    "trial_mean_ticks": /) blk = "t"
        else if (l ~ /^    "trial_mean_seconds": /) blk = "s"
        else if (blk != "" && l ~ /^      "(median|min|max)": /) { sub(/: .*/, ": " num(blk == "t" ? mt : ms) ",", l) }
        print l > f
    }
    close(f)
}
function write_profile(id, label, op, hs, ds,   f, tot, th, td) {
    system("mkdir -p \"" out "/profile/" id "\"")
    f = out "/profile/" id "/" label "__" op ".json"
    tot = 1000000; th = int(hs * tot); td = int(ds * tot)
    printf "{\n  \"format\": \"ngcc-perf/profile\",\n  \"format_version\": 1,\n  \"tool\": \"ngcc-profile (ngcc-perf) 0.1.0\",\n  \"status\": \"ok\",\n  \"reason\": \"\",\n" > f
    printf "  \"id\": \"%s\",\n  \"label\": \"%s\",\n  \"op\": \"%s\",\n", id, label, op > f
    printf "  \"wrapped\": [\n    \"get_random_number\",\n    \"pseudoXOF\"\n  ],\n  \"hash_functions\": [\n    \"pseudohash\",\n    \"pseudoXOF\",\n    \"sm3hash\"\n  ],\n  \"drng_functions\": [\n    \"get_random_number\"\n  ],\n" > f
    printf "  \"tick\": {\n    \"name\": \"tsc\",\n    \"unit\": \"TSC reference cycles\",\n    \"frequency_hz\": 2600000000.0,\n    \"resolution_s\": 3.846e-10,\n    \"wrapper_overhead_ticks\": 40.0\n  },\n" > f
    printf "  \"ops\": 100,\n  \"total_ticks\": %d,\n  \"calls\": [\n", tot > f
    printf "    {\n      \"function\": \"get_random_number\",\n      \"in_bits\": 256,\n      \"out_bits\": 256,\n      \"calls\": 200,\n      \"ticks\": %d\n    },\n", td > f
    printf "    {\n      \"function\": \"pseudoXOF\",\n      \"in_bits\": 256,\n      \"out_bits\": 256,\n      \"calls\": 900,\n      \"ticks\": %d\n    }\n  ],\n", th > f
    printf "  \"functions\": {\n    \"get_random_number\": {\n      \"calls\": 200,\n      \"ticks\": %d,\n      \"calls_per_op\": 2.0,\n      \"share\": %s\n    },\n", td, num(td / tot) > f
    printf "    \"pseudoXOF\": {\n      \"calls\": 900,\n      \"ticks\": %d,\n      \"calls_per_op\": 9.0,\n      \"share\": %s\n    }\n  },\n", th, num(th / tot) > f
    printf "  \"hash_share\": %s,\n  \"drng_share\": %s,\n  \"files\": []\n}\n", num(th / tot), num(td / tot) > f
    close(f)
}' || exit 1
rm -f "$out/instances.tsv"
exit 0
