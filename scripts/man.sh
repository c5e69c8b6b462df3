#!/bin/sh
# The man page, docs/contact-tui.1, generated from the command definitions by
# swift-argument-parser's generate-manual plugin, so that it never disagrees with --help.
#
#   sh scripts/man.sh check   exits 1, showing the difference, when the checked-in page is not
#                             byte for byte what the plugin generates now (a step of make test)
#   sh scripts/man.sh write   regenerates the page (make man)
#
# The plugin writes a date into the page (.Dd). Both modes first generate with the checked-in
# page's own date, so an unchanged command line gives the same bytes on any day; `write` dates
# a page whose text changed today, or MAN_DATE (yyyy-mm-dd) when it is set.
#
# The plugin builds the package's products in the debug configuration before it runs, which
# right after `swift build` (as in make test) has nothing left to do; then it runs the built
# contact-tui with --experimental-dump-help and writes the page under .build/plugins.
set -eu
cd "$(dirname "$0")/.."
# The month in .Dd is written and read in English whatever the user's locale.
LC_ALL=C
export LC_ALL
swift=${SWIFT:-swift}
page=docs/contact-tui.1
mode=${1:-check}
log=.build/man.log

# Runs the plugin for the date $1 (yyyy-mm-dd) and prints the path of the page it wrote.
generate() {
    mkdir -p .build
    find .build/plugins -path '*GenerateManual*' -name contact-tui.1 -exec rm -f {} + 2>/dev/null || true
    if ! "$swift" package plugin generate-manual --configuration debug --date "$1" >"$log" 2>&1; then
        cat "$log" >&2
        echo "man: swift-argument-parser's generate-manual plugin failed (above)." >&2
        exit 1
    fi
    generated=$(find .build/plugins -path '*GenerateManual*' -name contact-tui.1 | head -n 1)
    if [ -z "$generated" ]; then
        cat "$log" >&2
        echo "man: the generate-manual plugin wrote no contact-tui.1." >&2
        exit 1
    fi
    echo "$generated"
}

# The date the checked-in page carries, as yyyy-mm-dd (".Dd November 26, 2026"), or nothing.
page_date() {
    [ -f "$page" ] || return 0
    dd=$(sed -n 's/^\.Dd //p' "$page" | head -n 1)
    [ -n "$dd" ] || return 0
    date -u -d "$dd" +%Y-%m-%d
}

today=$(date -u +%Y-%m-%d)
dated=$(page_date)

case "$mode" in
check)
    if [ -z "$dated" ]; then
        echo "man: $page is missing or has no .Dd date; run 'make man' and commit it." >&2
        exit 1
    fi
    generated=$(generate "$dated")
    if ! cmp -s "$generated" "$page"; then
        diff -u "$page" "$generated" >&2 || true
        echo "man: $page differs from what generate-manual makes from the command definitions now;" \
            "run 'make man' and commit the page." >&2
        exit 1
    fi
    echo "man: $page matches the command definitions"
    ;;
write)
    if [ -n "${MAN_DATE:-}" ]; then
        generated=$(generate "$MAN_DATE")
    else
        generated=$(generate "${dated:-$today}")
        if [ -n "$dated" ] && cmp -s "$generated" "$page"; then
            echo "man: $page is up to date"
            exit 0
        fi
        if [ "${dated:-$today}" != "$today" ]; then generated=$(generate "$today"); fi
    fi
    mkdir -p "$(dirname "$page")"
    cp "$generated" "$page"
    echo "man: wrote $page"
    ;;
*)
    echo "usage: sh scripts/man.sh check|write" >&2
    exit 2
    ;;
esac
