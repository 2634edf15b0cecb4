#!/usr/bin/env bash
# Measures the timing-log parser's throughput in an optimised build (target: at least 50 MB/s on ~100 MB).
#
# Compiles the parser's sources with a small driver (scripts/parser-throughput/main.swift) using `swiftc -O
# -wmo` into a temporary executable, so nothing else of the package needs a release build, then parses two
# synthetic ~100 MB logs made of the fixture lines and prints MB/s. --quick (CI) parses ~10 MB logs: it checks that
# the driver builds and runs, and its figure is only indicative.
#
# Usage: scripts/parser-throughput.sh [--quick] [path/to/swiftc]   (default: $SWIFTC, then swiftc on PATH, /opt/swift)
set -euo pipefail

repo_root=$(cd "$(dirname "$0")/.." && pwd)
if [[ ${1:-} == --quick ]]; then
  export PARSER_THROUGHPUT_BYTES=10000000
  shift
fi
swiftc=${1:-${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

core="$repo_root/Sources/TypeCheckBenchCore"
"$swiftc" -O -wmo -swift-version 6 -module-name ParserThroughput -o "$work/parser-throughput" \
  "$core/Model/TimingEntry.swift" \
  "$core/Parsing/TimingLogParser.swift" "$core/Parsing/ParsedTimingLog.swift" \
  "$core/Parsing/CompilerDiagnostic.swift" "$core/Parsing/LongTypeCheckWarning.swift" \
  "$repo_root/scripts/parser-throughput/main.swift"

"$work/parser-throughput" "$repo_root"/Tests/TypeCheckBenchCoreTests/Fixtures/*.txt
