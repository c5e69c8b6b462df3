#!/bin/sh
# Builds the libFuzzer targets straight from the sources they test (no SwiftPM: the
# fuzzer and address sanitiser instrument exactly these files) and runs each for a while.
# Usage: sh Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
# A crash leaves its input in Fuzz/Crashes/<target>/; turn it into a regression test.
set -eu
cd "$(dirname "$0")/.."
seconds="${1:-180}"
shift || true
targets="${*:-soql restcore safetext json}"
out=.build/fuzz
mkdir -p "$out/modules"

# Targets of the package that a fuzz target's sources import, built first as modules of their own.
modules() {
    case "$1" in
    soql) echo JSONKit SOQL ;;
    restcore) echo JSONKit ;;
    esac
}

sources() {
    case "$1" in
    soql)
        # MockOrg without its HTTP layer and the store that writes response buffers (NIOCore):
        # the SOQL engine needs the schema and the record types; the grammar is the SOQL module.
        find Sources/MockOrg -name '*.swift' \
            ! -path '*/Server/MockOrgContext.swift' ! -path '*/Server/MockOrgResponder*.swift' \
            ! -name 'MockOrgServer.swift' ! -path '*/Server/MockOrgInstance.swift' \
            ! -name 'OrgStore*.swift' ! -name 'RecordFragments.swift'
        echo Fuzz/Targets/SOQLFuzz.swift ;;
    restcore)
        find Sources/RestCore/JSON Sources/RestCore/Errors Sources/RestCore/Query/QueryPage.swift \
            Sources/RestCore/Query/QueryPageBytes.swift Sources/RestCore/Client/RestResponse.swift -name '*.swift'
        echo Fuzz/Targets/RestCoreFuzz.swift ;;
    json)
        find Sources/JSONKit -name '*.swift'
        echo Fuzz/Targets/JSONSyntaxFuzz.swift ;;
    safetext)
        find Sources/ContactList/Rendering -name '*.swift'
        echo Fuzz/Targets/SafeTextFuzz.swift ;;
    esac
}

for target in $targets; do
    echo "fuzz: building $target"
    rm -f "$out/$target"
    objects=""
    for module in $(modules "$target"); do
        # shellcheck disable=SC2046
        swiftc -sanitize=fuzzer,address -parse-as-library -O -wmo -package-name contact_tui \
            -module-name "$module" -emit-module -emit-module-path "$out/modules/$module.swiftmodule" \
            -c $(find "Sources/$module" -name '*.swift') -o "$out/modules/$module.o" || exit 1
        objects="$objects $out/modules/$module.o"
    done
    # shellcheck disable=SC2046,SC2086
    swiftc -sanitize=fuzzer,address -parse-as-library -O -package-name contact_tui -I "$out/modules" \
        -module-name "Fuzz_$target" $(sources "$target") $objects -o "$out/$target" 2>&1 \
        | grep -v "Cannot export local symbol" || true
    [ -x "$out/$target" ] || { echo "fuzz: $target did not build"; exit 1; }
    mkdir -p "Fuzz/Crashes/$target" "$out/corpus/$target"
    echo "fuzz: running $target for $seconds s"
    "$out/$target" -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=2048 \
        -artifact_prefix="Fuzz/Crashes/$target/" "$out/corpus/$target" "Fuzz/Corpus/$target" \
        2>&1 | grep -E '^(#[0-9]+ +(DONE|pulse)|==|SUMMARY|artifact|Done)' || true
    if ls "Fuzz/Crashes/$target"/crash-* "Fuzz/Crashes/$target"/timeout-* >/dev/null 2>&1; then
        echo "fuzz: $target found inputs that fail; see Fuzz/Crashes/$target"
        found=1
    fi
done
[ -z "${found:-}" ] || exit 1
