#!/usr/bin/env bash
# Checks that bench reports the time a developer sees: one case timed both ways, interleaved (bench, plain, bench,
# plain, …), bench's recorded case time (`bench run`, one measured run a pair, its summary.csv case_ms_median) against
# a plain `swiftc -typecheck FILE -I MODULES -Xfrontend -debug-time-function-bodies` of the same generated file with
# the same framework module built the way bench builds it, whose case time is summed from the body lines exactly as
# bench sums them (the case's own lines, closures left out). Fails when bench exceeds plain by more
# than the threshold: the median of each pair's bench / plain ratio. The body timer is CPU time, so load on the machine
# moves both sides alike; each pair is taken back to back, so its ratio cancels the load of its moment, and the median
# drops outliers. The case's constraint scopes are checked too: bench's recorded scopes must
# equal Sema.NumConstraintScopes in the stats JSON of a plain `swiftc -typecheck … -stats-output-dir` of the same file
# (deterministic, so once). Any compiler works, a wrapper from scripts/install-toolchain.sh included (--swiftc).
#
# usage: scripts/studies/plain-swiftc-check.sh [--quick] [--model per-kind|unified] [--depth N] [--pairs N]
#          [--threshold PERCENT] [--swiftc PATH] [--out DIR]
#   --quick        the CI mode: per-kind depth 3 (about 0.25 s of body a compile, so the body dominates), 9 pairs
#   --model, --depth  the nesting case (default per-kind, 3)
#   --pairs N      interleaved pairs (default 15; --quick 9)
#   --threshold    the most bench's median may exceed plain's, in percent (default 10)
#   --swiftc PATH  the compiler, for both sides (default: $SWIFTC, else swiftc on PATH)
#   --out DIR      keep the work here (default: a temporary folder, removed)
#   BENCH          environment: the bench executable (default: a release build of this checkout)
#   SWIFTC         environment: the compiler (default: swiftc on PATH), for both sides
# Exit status: 0 within the threshold and scopes equal, 1 above it or scopes differ, other values when a step fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source-path=SCRIPTDIR source=lib.sh
source scripts/studies/lib.sh

model=per-kind depth=3 pairs=15 threshold=10 out="" quick=false swiftc="${SWIFTC:-}"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=true; shift ;;
    --model) model="$2"; shift 2 ;;
    --depth) depth="$2"; shift 2 ;;
    --pairs) pairs="$2"; shift 2 ;;
    --threshold) threshold="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --swiftc) swiftc="$2"; shift 2 ;;
    -h|--help) sed -n '2,23p' "$0"; exit 0 ;;
    *) echo "error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
if $quick; then
  model=per-kind depth=3 pairs=9
fi
bench=$(study_bench)
swiftc="${swiftc:-$(command -v swiftc)}"
out=$(study_scratch "$out")

# The case as bench generates it, and its framework module built as bench builds it.
study_nesting_case "$bench" "$swiftc" "$model" "$depth" "$out"

# The case time of one plain compile: the body lines of the case file within the case's lines, closures left out.
plain_ms() {
  local ms
  ms=$("$swiftc" -typecheck "$case_file" -I "$out/modules" -Xfrontend -debug-time-function-bodies 2>&1 >/dev/null |
    study_body_ms "$case_file" "$case_lines") || return
  echo "${ms:-0.00}"
}

# Bench's recorded case time of one run: summary.csv's case_ms_median of the one point.
bench_ms() {
  local run="$out/run-$1"
  "$bench" run --family nesting --model "$model" --depth "$depth" --runs 1 --warmup 1 --quiet --format csv \
    --swiftc "$swiftc" --output "$run" >/dev/null
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next }
    NR == 2 { if ($column["outcome"] != "ok") { print "error: outcome " $column["outcome"] > "/dev/stderr"; exit 1 }
              print $column["case_ms_median"] }' "$run/summary.csv"
  rm -rf "$run"
}

# Sema.NumConstraintScopes of a plain compile of the case file with -stats-output-dir: the case file's own frontend job.
plain_scopes() {
  local stats="$out/stats"
  rm -rf "$stats"
  mkdir -p "$stats"
  "$swiftc" -typecheck "$case_file" -I "$out/modules" -stats-output-dir "$stats" >/dev/null 2>&1
  cat "$stats"/*.json | awk -F: '/"Sema.NumConstraintScopes"/ { gsub(/[ ,]/, "", $2); total += $2 } END { print total + 0 }'
}

# bench's recorded scopes of one run: summary.csv's scopes column.
bench_scopes() {
  local run="$out/run-scopes"
  "$bench" run --family nesting --model "$model" --depth "$depth" --runs 1 --warmup 0 --quiet --format csv \
    --swiftc "$swiftc" --output "$run" >/dev/null
  awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next } NR == 2 { print $column["scopes"] }' \
    "$run/summary.csv"
  rm -rf "$run"
}

median() { sort -g | awk '{ value[NR] = $1 } END { if (NR % 2) print value[(NR + 1) / 2]; else print (value[NR / 2] + value[NR / 2 + 1]) / 2 }'; }

echo "case: nesting $model depth $depth (${case_file##*/}, lines $case_lines), $pairs interleaved pairs; $("$swiftc" --version 2>/dev/null | head -1)"
echo "bench: $bench"
bench_scope_count="$(bench_scopes)"
plain_scope_count="$(plain_scopes)"
echo "scopes: bench $bench_scope_count, the stats JSON of a plain compile $plain_scope_count"
study_must "bench's scopes are the stats JSON's ($bench_scope_count, $plain_scope_count)" \
  test -n "$bench_scope_count" -a "$bench_scope_count" = "$plain_scope_count"
study_verdict
load_before="$(study_load)"
: > "$out/bench.txt"
: > "$out/plain.txt"
for ((i = 1; i <= pairs; i++)); do
  b="$(bench_ms "$i")"
  p="$(plain_ms)"
  echo "$b" >> "$out/bench.txt"
  echo "$p" >> "$out/plain.txt"
  printf 'pair %2d: bench %9s ms   plain %9s ms\n' "$i" "$b" "$p"
done
bench_median="$(median < "$out/bench.txt")"
plain_median="$(median < "$out/plain.txt")"
# The verdict is the median of each pair's ratio: a pair is taken back to back, so a burst of load that slows both
# sides of one pair cancels in its ratio, where it can move one side's median alone (a loaded CI run once had bench
# at 258 and 415 ms, plain at 257 and 269 ms, in pairs whose own ratios were 1.00 and 1.54).
pair_ratio="$(paste "$out/bench.txt" "$out/plain.txt" | awk '{ printf "%.6f\n", $1 / $2 }' | median)"
echo "load average before: $load_before; after: $(study_load)"
awk -v b="$bench_median" -v p="$plain_median" -v r="$pair_ratio" -v t="$threshold" 'BEGIN {
  printf "median: bench %.2f ms, plain %.2f ms; median of the pairs\047 bench / plain = %.3f (limit %.2f)\n", \
    b, p, r, 1 + t / 100 }'
study_must "bench's case time within $threshold % of plain swiftc's (median pair ratio $pair_ratio)" \
  study_at_most "$pair_ratio" "$(awk -v t="$threshold" 'BEGIN { print 1 + t / 100 }')"
study_verdict
