# lib/gnu-cli.sh -- sourced by the package's scripts: the --version text and
# the last lines of --help (GNU coding standards), from the values of
# configure.ac's AC_INIT (tests/hygiene/gnu.test checks they agree).

ngcc_package=ngcc-perf
ngcc_version=0.1.0
ngcc_bugreport=bug-ngcc-perf@ngcc-perf.org
ngcc_url=https://www.ngcc-perf.org/

# gnu_version PROG: the --version text.
gnu_version() {
    printf '%s (%s) %s\n' "$1" "$ngcc_package" "$ngcc_version"
    printf '%s\n' "Copyright (C) 2026 the $ngcc_package authors." \
        'License GPLv3+: GNU GPL version 3 or later <https://gnu.org/licenses/gpl.html>.' \
        'This is free software: you are free to change and redistribute it.' \
        'There is NO WARRANTY, to the extent permitted by law.'
}

# gnu_bug_lines: the end of every --help.
gnu_bug_lines() {
    printf '\nReport bugs to: %s\n%s home page: <%s>\n' "$ngcc_bugreport" "$ngcc_package" "$ngcc_url"
}
