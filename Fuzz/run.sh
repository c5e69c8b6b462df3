#!/bin/sh
# Builds the libFuzzer targets straight from the sources they test (no SwiftPM: the
# fuzzer and address sanitiser instrument exactly these files) and runs each for a while.
# HTTPTypes, the one package dependency a target needs, is built from SwiftPM's resolved
# checkout in .build/checkouts (`swift package resolve` makes it).
# Usage: sh Fuzz/run.sh [SECONDS_PER_TARGET] [TARGET...]
# A crash leaves its input in Fuzz/Crashes/<target>/; turn it into a regression test.
# `mockorg` (the org's HTTP layer: router, middleware, SOQL and SOSL) needs Hummingbird and NIO, too
# many modules to build by hand: SwiftPM builds it in .build/fuzz-spm, with CONTACT_TUI_FUZZ=1
# adding the target to the package.
set -eu
cd "$(dirname "$0")/.."
seconds="${1:-180}"
shift || true
targets="${*:-soql restcore soap safetext json csv mockorg}"
out=.build/fuzz
mkdir -p "$out/modules"

# Modules that a fuzz target's sources import, built first as modules of their own: targets of
# the package, and dependency-free modules of its resolved packages.
modules() {
    case "$1" in
    soql) echo JSONKit SOQL ;;
    restcore) echo JSONKit HTTPTypes ;;
    esac
}

# Where a module's sources live.
module_directory() {
    case "$1" in
    HTTPTypes) echo .build/checkouts/swift-http-types/Sources/HTTPTypes ;;
    *) echo "Sources/$1" ;;
    esac
}

sources() {
    case "$1" in
    soql)
        # MockOrg without its HTTP layer (Hummingbird), its server and the store that writes
        # response buffers (NIOCore): the engine's evaluation needs the schema, the record types
        # and the wire values; the grammar is the SOQL module.
        find Sources/MockOrg -name '*.swift' ! -path 'Sources/MockOrg/HTTP/*' \
            ! -name 'MockOrgServer.swift' ! -name 'OrgStore*.swift' ! -name 'RecordFragments.swift'
        echo Fuzz/Targets/SOQLFuzz.swift ;;
    restcore)
        find Sources/RestCore/JSON Sources/RestCore/Errors Sources/RestCore/Query/QueryPage.swift \
            Sources/RestCore/Query/QueryPageBytes.swift Sources/RestCore/Client/RestResponse.swift -name '*.swift'
        echo Fuzz/Targets/RestCoreFuzz.swift ;;
    json)
        find Sources/JSONKit -name '*.swift'
        echo Fuzz/Targets/JSONSyntaxFuzz.swift ;;
    soap)
        # The SOAP reader alone: Foundation (FoundationXML) is its only import.
        echo Sources/RestCore/SOAP/SOAPResponseReader.swift Sources/RestCore/SOAP/SOAPFault.swift \
            Sources/RestCore/SOAP/UndeleteResult.swift Sources/RestCore/Errors/SalesforceError.swift
        echo Fuzz/Targets/SOAPFuzz.swift ;;
    safetext)
        find Sources/ContactList/Rendering -name '*.swift'
        echo Fuzz/Targets/SafeTextFuzz.swift ;;
    csv)
        echo Sources/RecordOutput/CSVReader.swift Sources/RecordOutput/CSVRow.swift Fuzz/Targets/CSVReaderFuzz.swift ;;
    esac
}

# Builds the mockorg target with SwiftPM, every Swift module instrumented; libFuzzer gives the main.
build_mockorg() {
    CONTACT_TUI_FUZZ=1 swift build --scratch-path .build/fuzz-spm --product MockOrgHTTPFuzz \
        -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library 2>&1 | grep -E "error|Compiling MockOrg|Build" || true
    [ -x .build/fuzz-spm/debug/MockOrgHTTPFuzz ] || { echo "fuzz: mockorg did not build"; exit 1; }
    cp .build/fuzz-spm/debug/MockOrgHTTPFuzz "$out/mockorg"
}

for target in $targets; do
    echo "fuzz: building $target"
    rm -f "$out/$target"
    if [ "$target" = mockorg ]; then
        build_mockorg
        mkdir -p "Fuzz/Crashes/$target" "$out/corpus/$target"
        echo "fuzz: running $target for $seconds s"
        # Short inputs: a segment repeats itself (see the target), so a few bytes make deep nesting.
        # -timeout is each input's budget (the org's own query budget is 2 s).
        "$out/$target" -max_total_time="$seconds" -max_len=1024 -timeout=10 -rss_limit_mb=4096 \
            -print_final_stats=1 -artifact_prefix="Fuzz/Crashes/$target/" "$out/corpus/$target" \
            "Fuzz/Corpus/$target" 2>&1 | grep -E '^(#[0-9]+ +(DONE|pulse)|==|SUMMARY|artifact|Done|stat::)' || true
        if ls "Fuzz/Crashes/$target"/crash-* "Fuzz/Crashes/$target"/timeout-* >/dev/null 2>&1; then
            echo "fuzz: $target found inputs that fail; see Fuzz/Crashes/$target"
            found=1
        fi
        continue
    fi
    objects=""
    for module in $(modules "$target"); do
        directory=$(module_directory "$module")
        [ -d "$directory" ] || { echo "fuzz: no $directory; run swift package resolve"; exit 1; }
        set --
        if [ "$module" = HTTPTypes ]; then
            # swift-http-types writes its availability as macros its Package.swift defines.
            for version in $(grep -rhoE '@available\(HTTPTypes [0-9.]+' "$directory" | sed 's/.* //' | sort -u); do
                set -- "$@" -enable-experimental-feature "AvailabilityMacro=HTTPTypes $version: macOS 10.0"
            done
        fi
        # shellcheck disable=SC2046
        swiftc -sanitize=fuzzer,address -parse-as-library -O -wmo -package-name contact_tui "$@" \
            -module-name "$module" -emit-module -emit-module-path "$out/modules/$module.swiftmodule" \
            -c $(find "$directory" -name '*.swift') -o "$out/modules/$module.o" || exit 1
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
