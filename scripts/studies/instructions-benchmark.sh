#!/usr/bin/env bash
# What --meter instructions costs and what it buys, against --meter time, on the default nesting sweep (both models):
#   - wall: each meter's `bench run` (instructions: one run a point, import-only baselines included; time: five
#     runs a point after one warm-up), interleaved A B A B … over --rounds rounds, with the load average;
#   - A/A spread: the largest ratio between two rounds of the same compiler over all points, per meter (the case's
#     own instructions for one, the median case time for the other);
#   - a small regression: scripts/small-work-swiftc.sh (one extra overloaded expression per case) against the same
#     swiftc, both in one run per meter, compared with --metric instructions and with --metric time.
# Prints a Markdown report (also to --report FILE) with every figure; nothing is hard-coded.
#
# usage: scripts/studies/instructions-benchmark.sh [--depth 1...3] [--rounds 2] [--out DIR] [--report FILE] [--quick]
#   --quick   depth 1, unified, one round: the pipeline runs, the figures mean little (.ci/run)
#   BENCH     environment: the bench executable (default: a release build of this checkout)
# Exit status: 0; 1 when a step fails or a comparison does not come out as the meters promise (A/A must pass both
# ways; the small regression must exit 2 with --metric instructions).
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source-path=SCRIPTDIR source=lib.sh
source scripts/studies/lib.sh

depth="1...3" model="per-kind,unified" rounds=2 out="" report=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --depth) depth="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --report) report="$2"; shift 2 ;;
    --quick) depth="1" model="unified" rounds=1; shift ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    *) echo "error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
bench=$(study_bench)
out=$(study_scratch "$out")
swiftc="${SWIFTC:-$(command -v swiftc)}"
small="$PWD/scripts/small-work-swiftc.sh"
sweep=(--depth "$depth" --model "$model" --quiet)
# Seconds a command takes, its output kept in $out/last.txt.
timed() {
  local start
  start="$(date +%s.%N)"
  "$@" > "$out/last.txt" 2>&1 || { cat "$out/last.txt" >&2; echo "FAILED: $*" >&2; exit 1; }
  awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { printf "%.1f", e - s }'
}

lines=("# --meter instructions against --meter time" "")
lines+=("Sweep: \`--depth $depth --model $model\`, swiftc \`$swiftc\` ($("$swiftc" --version 2>&1 | head -1))," \
  "bench \`$bench\`, $(nproc) cores, started $(date -u +%Y-%m-%dT%H:%M:%SZ), load average $(study_load)." "")
lines+=("## Wall time (interleaved)" "" "| round | instructions s | load before | time s | load before |" \
  "|---:|---:|---|---:|---|")
for ((round = 1; round <= rounds; round++)); do
  load_i="$(study_load)"
  wall_i="$(timed "$bench" run "${sweep[@]}" --meter instructions --output "$out/instructions-$round")"
  load_t="$(study_load)"
  wall_t="$(timed "$bench" run "${sweep[@]}" --meter time --runs 5 --warmup 1 --output "$out/time-$round")"
  lines+=("| $round | $wall_i | $load_i | $wall_t | $load_t |")
  echo "round $round: instructions $wall_i s, time $wall_t s" >&2
done
lines+=("" "Source: $(grep -o '"source" : "[^"]*"' "$out/instructions-1/run.json" | head -1)," \
  "$(grep -o '"detail" : "[^"]*"' "$out/instructions-1/run.json" | head -1)." "")
# What the instrumented compile (native, one a point) adds to a metered run, from the compiles' own wall times.
share="$(python3 - "$out/instructions-1/samples.csv" << 'PY'
import csv, sys
wall = {}
with open(sys.argv[1], newline="") as file:
    for row in csv.DictReader(file):
        if row["wall_s"]:
            wall[row["pass"]] = wall.get(row["pass"], 0.0) + float(row["wall_s"])
counted, instrumented = wall.get("timed", 0.0), wall.get("instrumented", 0.0)
print(f"{instrumented:.2f} s against {counted:.2f} s, {100 * instrumented / counted:.1f}%" if counted else "n/a")
PY
)"
lines+=("Round 1's instrumented compiles (native, one a point) took $share of the counted compiles' wall.")
lines+=("")

# A/A: the largest ratio between two rounds over all points, per meter, from the summaries bench wrote.
spread() {
  # $1 $2: summary.csv of two rounds; $3: the column. Prints the largest max(a/b, b/a) and its point.
  python3 - "$1" "$2" "$3" << 'PY'
import csv, sys
def read(path, column):
    with open(path, newline="") as file:
        return {row["command"]: float(row[column]) for row in csv.DictReader(file) if row[column]}
a, b = read(sys.argv[1], sys.argv[3]), read(sys.argv[2], sys.argv[3])
worst = max(((max(a[k] / b[k], b[k] / a[k]), k) for k in a if k in b and a[k] > 0 and b[k] > 0), default=None)
print("n/a (one round)" if worst is None else f"{worst[0]:.6f} ({worst[1]})")
PY
}
if (( rounds >= 2 )); then
  lines+=("## A/A spread (rounds 1 and 2, the largest ratio over all points)" "")
  lines+=("- instructions (the case's own): $(spread "$out/instructions-1/summary.csv" "$out/instructions-2/summary.csv" instructions)")
  lines+=("- time (median of 5, the case's own bodies): $(spread "$out/time-1/summary.csv" "$out/time-2/summary.csv" case_ms_median)")
  status=0
  "$bench" compare "$out/instructions-1" "$out/instructions-2" > "$out/aa-instructions.txt" || status=$?
  (( status == 0 )) || cat "$out/aa-instructions.txt" >&2
  aa_status=$status
  lines+=("- \`bench compare\` of the two instruction rounds: $(head -1 "$out/aa-instructions.txt")" "")
fi

# The small regression: both compilers in one run per meter, interleaved by bench itself.
lines+=("## One extra overloaded expression per case (scripts/small-work-swiftc.sh)" "")
wall_i="$(timed "$bench" run "${sweep[@]}" --meter instructions --toolchain "base=$swiftc" --toolchain "small=$small" \
  --output "$out/small-instructions")"
wall_t="$(timed "$bench" run "${sweep[@]}" --meter time --runs 5 --warmup 1 --toolchain "base=$swiftc" \
  --toolchain "small=$small" --output "$out/small-time")"
for metric in instructions time; do
  run="$out/small-$metric"
  status=0
  "$bench" compare "$run" --base-toolchain base --new-toolchain small --metric "$metric" > "$out/small-$metric.txt" \
    || status=$?
  if [[ $metric == instructions ]]; then
    lines+=("(Times under cachegrind are not comparable: both toolchains' counted compiles ran about 37 times slower" \
      "than natively.)" "")
  fi
  lines+=("\`bench compare --metric $metric\` (run took $([[ $metric == instructions ]] && echo "$wall_i" || echo "$wall_t") s), exit $status:" "" '```')
  mapfile -t compared < "$out/small-$metric.txt"
  lines+=("${compared[@]}" '```' "")
  if [[ $metric == instructions ]]; then small_status=$status; fi
done
lines+=("Finished $(date -u +%Y-%m-%dT%H:%M:%SZ), load average $(study_load).")

printf '%s\n' "${lines[@]}"
if [[ -n "$report" ]]; then
  printf '%s\n' "${lines[@]}" > "$report"
fi
if [[ -n ${aa_status:-} ]]; then
  study_must "two instruction rounds of one compiler compare as unchanged (exit $aa_status)" test "$aa_status" = 0
fi
study_must "one extra overloaded expression per case is flagged by --metric instructions (exit $small_status)" \
  test "$small_status" = 2
study_verdict
