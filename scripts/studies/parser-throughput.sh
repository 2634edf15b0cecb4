#!/usr/bin/env bash
# Measures the timing-log parser's throughput and memory on each shape of log bench reads, and `bench parse` of the
# instrumented log of a point the solver gives up on. Must hold (exit 1 otherwise): the parser alone reads every shape at
# 10 MB/s or more; bench parse of the instrumented log takes under 2 s and peak memory under twice the log (plus bench's
# own peak on a one-line log and 2 MB with --quick, whose small log that dwarfs).
#
# The parser's sources are compiled with a small driver (scripts/studies/parser-throughput/main.swift) by
# `swiftc -O -wmo` into a temporary executable, which writes each synthetic log and then parses it in processes of their
# own, twice: as `bench parse` does (1 MB reads, each entry folded into the report's rows as the parser hands it over),
# then with the parser alone. Each line gives the log's size, lines, entries kept and dropped as batch repeats, wall and
# CPU seconds, MB/s of wall (1 MB = 10^6 bytes) and the process's peak resident size (about 17 MB of it is the process
# itself, Foundation loaded, before it reads a byte) and its ratio to the log's size. A log whose every line is a
# location of its own (a build log) needs memory for as many report rows; one that repeats a few locations (the censored
# one) does not. Shapes:
#   swiftpm-batch            swift build in batch mode: each job's output once per file, after its progress line
#   swiftpm-quiet-batch      the same with --quiet: the copies follow each other, no progress line between them
#   bodies-and-expressions   one compile's -debug-time-function-bodies and expression lines
#   interleaved-diagnostics  two jobs' lines interleaved, long-type-check warnings, source snippets, errors
#   censored-instrumented    the real log of bench's instrumented compile of per-kind depth 5, which the solver gives
#                            up on (~390,000 lines): generated with bench and swiftc, never committed
# Each synthetic shape repeats its fixture (Tests/TypeCheckBenchCoreTests/Fixtures) as one build after another, its
# paths moved per copy, to about 100 MB. The censored log comes from one compile of about a minute (longer on a loaded
# machine); --censored-log FILE reuses a log made before.
#
# Usage: scripts/studies/parser-throughput.sh [--quick] [--censored-log FILE] [--keep DIR]
#   --quick         the CI mode: 10 MB logs, and the instrumented log of per-kind depth 3 (not censored, same
#                   shape) instead of depth 5: everything builds and runs, the must-holds are checked
#   --censored-log  parse this log as the censored-instrumented shape instead of compiling one
#   --keep DIR      write the logs into DIR and keep them (default: a temporary folder, removed)
#   BENCH           environment: the bench executable that makes the case and whose `bench parse` is timed
#                   (default: a release build of this checkout)
#   SWIFTC          environment: the compiler (default: swiftc on PATH, then /opt/swift)
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
repo_root=$study_root
bytes=100000000 depth=5 quick=0 censored_log="" keep=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) bytes=10000000 depth=3 quick=1; shift ;;
    --censored-log) censored_log="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    -h|--help) sed -n '2,32p' "$0"; exit 0 ;;
    *) echo "error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
bench=$(study_bench)
work=$(study_scratch "$keep")

core="$repo_root/Sources/TypeCheckBenchCore"
driver="$work/parser-throughput"
"$swiftc" -O -wmo -swift-version 6 -module-name ParserThroughput -o "$driver" \
  "$core/Model/TimingEntry.swift" "$core/Parsing/TimingLogParser"*.swift "$core/Parsing/TimingRecord.swift" \
  "$core/Parsing/InternedStrings.swift" "$core/Parsing/LineChunks.swift" "$core/Parsing/AdjacentCopies.swift" \
  "$core/Parsing/ParsedTimingLog.swift" "$core/Parsing/CompilerDiagnostic.swift" "$core/Parsing/LongTypeCheckWarning.swift" \
  "$core/Parsing/SlowestReport.swift" "$repo_root/scripts/studies/parser-throughput/main.swift"

echo "Parser throughput and memory by log shape (best of 3 processes by wall time; peak = the process's resident size):"
echo "  swiftc $("$swiftc" --version 2>&1 | head -1 | sed 's/.*version \([^ ]*\).*/\1/'), $(uname -sm), load average $(uptime | sed 's/.*load average[s]*: //')"
fixtures="$repo_root/Tests/TypeCheckBenchCoreTests/Fixtures"
# The best of three runs of a command printing one figures line, by its last "<seconds> s" figure.
best_of_three() {
  local best="" line seconds best_seconds
  for _ in 1 2 3; do
    line=$("$@")
    seconds=$(sed -E 's/(^|.* )([0-9.]+) s .*/\2/' <<<"$line")
    if [[ -z "$best" ]] || awk -v a="$seconds" -v b="$best_seconds" 'BEGIN { exit !(a < b) }'; then
      best="$line" best_seconds="$seconds"
    fi
  done
  echo "$best"
}
# Both measurements of one log (the parser alone's line also kept in $work/alone.txt).
parse_both() {
  local alone
  printf '  %-24s %-13s %s\n' "$1" "bench parse" "$(best_of_three "$driver" parse "$2")"
  alone=$(best_of_three "$driver" parse --alone "$2")
  printf '  %-24s %-13s %s\n' "" "parser alone" "$alone"
  echo "$1 $alone" >>"$work/alone.txt"
}
: >"$work/alone.txt"
for shape in swiftpm-batch swiftpm-quiet-batch bodies-and-expressions interleaved-diagnostics; do
  "$driver" make "$shape" "$work/$shape.log" "$bytes" "$fixtures"
  parse_both "$shape" "$work/$shape.log"
  [[ -n "$keep" ]] || rm -f "$work/$shape.log"
done

# The instrumented compile bench runs first for every point, with its flags (MeasurementFlags.instrumentedFrontendFlags
# and -stats-output-dir), of the per-kind nesting case bench generates, importing its framework module.
if [[ -z "$censored_log" ]]; then
  study_nesting_case "$bench" "$swiftc" per-kind "$depth" "$work"
  mkdir -p "$work/stats"
  censored_log="$work/censored-instrumented.log"
  echo "  (compiling per-kind depth $depth with the instrumented compile's flags for the next shape…)"
  "$swiftc" -typecheck "$case_file" -I "$work/modules" -Xfrontend -debug-time-function-bodies \
    -Xfrontend -debug-time-expression-type-checking -Xfrontend -warn-long-expression-type-checking=100000 \
    -stats-output-dir "$work/stats" 2>"$censored_log" || true
fi
parse_both "censored-instrumented" "$censored_log"
echo
echo "The bench executable on the censored-instrumented log ($(wc -c <"$censored_log" | tr -d ' ') bytes; best of 3):"
executable=$(best_of_three "$driver" measure "$bench" parse "$censored_log" --limit 1 --format csv)
printf '  %s\n' "$executable"
echo "  ($bench parse $censored_log --limit 1 --format csv)"
echo

# The must-holds. The parser alone's floor is a tenth of the slowest shape's figure on an idle machine (111 MB/s): a
# loaded 2-core machine halves it, a parser that goes quadratic again falls far below it.
slowest=$(sed -E 's/.* ([0-9]+) MB\/s .*/\1/' "$work/alone.txt" | sort -n | head -1)
study_must "the parser alone reads every shape at 10 MB/s or more (slowest: $slowest MB/s)" \
  study_at_least "$slowest" 10
seconds=$(sed -E 's/^ *([0-9.]+) s .*/\1/' <<<"$executable")
study_must "bench parse of the instrumented log in under 2 s ($seconds s)" study_at_most "$seconds" 2
peak=$(sed -E 's/.*peak +([0-9.]+) MB.*/\1/' <<<"$executable")
log_mb=$(awk -v bytes="$(wc -c <"$censored_log")" 'BEGIN { printf "%.1f", bytes / 1e6 }')
# A small log (--quick) is dwarfed by what the process takes before it reads a byte: there the allowance adds bench's
# own peak on a log of one line (the log's first timing line) and 2 MB for the 1 MB read and its copy.
base=0
if ((quick)); then
  grep -m 1 -E '^[0-9.]+ms'$'\t' "$censored_log" >"$work/one-line.log"
  base=$("$driver" measure "$bench" parse "$work/one-line.log" --limit 1 --format csv | sed -E 's/.*peak +([0-9.]+) MB.*/\1/')
fi
allowed=$(awk -v size="$log_mb" -v base="$base" -v quick="$quick" 'BEGIN { printf "%.1f", 2 * size + base + 2 * quick }')
study_must "bench parse's peak memory at most $allowed MB for the $log_mb MB log ($peak MB)" \
  study_at_most "$peak" "$allowed"
study_verdict
