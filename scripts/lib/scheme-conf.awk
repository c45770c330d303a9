# lib/scheme-conf.awk -- read a scheme description (scheme.conf).
#
# Format: '#' comments and blank lines; 'key value...' lines; keys before the
# first 'instance LABEL' line are scheme-wide defaults; a repeated key appends
# (values joined by one space).  CR line endings are tolerated.
#
#   awk -f lib/scheme-conf.awk -v want=instances FILE       labels, one per line
#   awk -f lib/scheme-conf.awk -v want=KEY FILE             scheme-wide value
#   awk -f lib/scheme-conf.awk -v want=KEY -v label=L FILE  instance value, else
#                                                       the scheme-wide one
#   awk -f lib/scheme-conf.awk -v want=check FILE           syntax check only
# With -v line=1, a value's line number instead of the value (its first line).
# Exit 2 with 'FILE:LINE: message' on stderr for a malformed description:
# a key this package does not know (a typo such as 'defiens' would
# otherwise be ignored), a bad instance label or id.  Ids and labels name
# directories and make targets: letters, digits, '_ . -', starting with a
# letter, digit or '_', and no '..' (an 'id ../../x' would write outside
# the build tree).

BEGIN {
    # The keys of a description (README, 'Schemes and their descriptions').
    n_known = split("id algorithm type variant srcdir sources exclude defines includes " \
        "cflags libs header helpers exports kat_records kat_manifest kat_file " \
        "profile_wrap profile_hash profile_drng profile_wrappers screen_public import_note", key_list, " ")
    for (i = 1; i <= n_known; i++)
        known[key_list[i]] = 1
}

function valid_name(s) {
    return s ~ /^[A-Za-z0-9_][A-Za-z0-9_.-]*$/ && index(s, "..") == 0
}

function fail(msg) {
    printf "%s:%d: %s\n", FILENAME, FNR, msg > "/dev/stderr"
    failed = 1
    exit 2
}

{
    sub(/\r$/, "")
    sub(/^[ \t]+/, "")
    sub(/[ \t]+$/, "")
}
/^#/ || /^$/ { next }

{
    key = $1
    value = $0
    sub(/^[^ \t]+[ \t]*/, "", value)
    if (key !~ /^[a-z][a-z0-9_]*$/)
        fail("bad key '" key "'")
    if (key == "instance") {
        if (!valid_name(value))
            fail("bad instance label '" value "' (letters, digits, '_ . -', no '..')")
        if (value in seen)
            fail("instance '" value "' described twice")
        seen[value] = 1
        order[++n] = value
        current = value
        next
    }
    if (!(key in known))
        fail("unknown key '" key "'")
    if (key == "id" && !valid_name(value))
        fail("bad id '" value "' (letters, digits, '_ . -', no '..')")
    if (key == "id" && (id_line + 0) > 0)
        fail("a second 'id' (the first is on line " id_line ")")
    if (key == "id")
        id_line = FNR
    k = current SUBSEP key
    if (!(k in lines))
        lines[k] = FNR
    if (k in vals)
        vals[k] = vals[k] " " value
    else
        vals[k] = value
}

END {
    if (failed)
        exit 2
    if (want == "check") {
        if (n == 0) {
            printf "%s: no 'instance' line\n", FILENAME > "/dev/stderr"
            exit 2
        }
        exit 0
    }
    if (want == "instances") {
        for (i = 1; i <= n; i++)
            print order[i]
        exit 0
    }
    if (label != "" && ((label SUBSEP want) in vals)) {
        print (line ? lines[label SUBSEP want] : vals[label SUBSEP want])
        exit 0
    }
    if (label != "" && !(label in seen)) {
        printf "%s: no instance '%s'\n", FILENAME, label > "/dev/stderr"
        exit 2
    }
    if (("" SUBSEP want) in vals)
        print (line ? lines["" SUBSEP want] : vals["" SUBSEP want])
}
