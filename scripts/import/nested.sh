# import/nested.sh -- sourced by ngcc-import: an instance's nested source
# tree, as several key-exchange submissions keep it (KEX_AlgorithmInstance.c
# beside src/ with src/proto/proto.c, src/proto/include/proto.h and
# src/common/include/util.h, each .c including its headers by bare name).
#
# Part of ngcc-perf.  Without a build file's list, the default source rule
# takes the tree's .c files too, and without a build file's include dirs
# every folder of the tree that holds a header becomes one, in path order
# (two folders with a header of the same name: the first wins, as with
# -I; the description says which it took).  Tests, examples, benchmarks
# and KAT folders are not part of the tree.

# nested_tree DIR: the source trees directly under DIR (src, source,
# sources), one a word; nothing when there is none.
nested_tree() {
    for nested_d in src source sources Src Source; do
        [ -d "$1/$nested_d" ] && [ ! -L "$1/$nested_d" ] && printf '%s ' "$nested_d"
    done | sed 's/ $//'
}

# nested_files DIR TREES PATTERN: the files named PATTERN in TREES under
# DIR (relative to DIR, sorted), at most 6 levels down, none in a test,
# example, benchmark or KAT folder, no symlink.
nested_files() {
    (cd "$1" 2>/dev/null && for nested_t in $2; do
        find "$nested_t" -maxdepth 6 -type f -name "$3" 2>/dev/null
    done) | grep -Eiv '(^|/)(tests?|examples?|bench(mark)?s?|kat|test_?vectors?|docs?)(/|$)' |
        grep -v '[[:space:]]' | LC_ALL=C sort
}

# nested_sources DIR TREES: the .c files of the trees.
nested_sources() { nested_files "$1" "$2" '*.c'; }

# nested_headers DIR TREES: the folders of the trees that hold a header,
# space-separated, in path order.
nested_headers() {
    nested_files "$1" "$2" '*.h' | sed 's|/[^/]*$||' | awk '!seen[$0]++' | tr '\n' ' ' | sed 's/ $//'
}
