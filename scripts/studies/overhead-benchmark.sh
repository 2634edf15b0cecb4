#!/usr/bin/env bash
# How much of a run is bench's own work, measured, and written as a Markdown page (docs/performance.md):
#   1. the main job, `bench run --depth 1...8` (both models, 5 runs a point): bench's wall against the sum of the walls
#      of every swiftc it ran (module builds, probes, instrumented, warm-up and timed compiles, `--version`), each
#      timed by a wrapper around swiftc; and how many compiles per-kind depth 5 took (the solver gives up on it);
#   2. the timing-log parser on each shape of log bench reads (scripts/studies/parser-throughput.sh), including `bench
#      parse` of per-kind depth 5's instrumented log;
#   3. `bench run --depth 1...3 --meter instructions` with --jobs 2 against --jobs 1 (interleaved, --rounds rounds):
#      walls, their ratio, and the largest difference between the two runs' counts of one sample or baseline.
# Every figure comes from this run; the load average is printed before and after each measurement, since the walls
# move with it (the counts and the parser's CPU seconds much less).
#
# usage: scripts/studies/overhead-benchmark.sh [--quick] [--rounds N] [--write FILE] [--keep DIR]
#   --quick     the pipeline on small sweeps (main job depth 1...3, metered depth 1, parser --quick): its figures
#               mean little, its must-holds are checked (the main job's bound loosened to 1.25x)
#   --rounds N  interleaved rounds of the --jobs comparison (default 1)
#   --write F   also write the page to F (the docs: --write docs/performance.md)
#   --keep DIR  keep the runs and logs in DIR (default: a temporary folder, removed)
#   BENCH       environment: the bench executable (default: a release build of this checkout)
#   SWIFTC      environment: the compiler (default: swiftc on PATH)
# Exit status: 0; 1 when a step fails, or a must-hold does not: main job wall at most 1.05x its compiles' (1.25x quick),
# per-kind depth 5 compiled to the limit once, --jobs 2 at most 0.6x --jobs 1 (full mode), counts within 0.01 %.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source-path=SCRIPTDIR source=lib.sh
source scripts/studies/lib.sh

quick=false rounds=1 write="" keep=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) quick=true; shift ;;
    --rounds) rounds="$2"; shift 2 ;;
    --write) write="$2"; shift 2 ;;
    --keep) keep="$2"; shift 2 ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
bench=$(study_bench)
swiftc="${SWIFTC:-$(command -v swiftc)}"
[[ -z "$keep" || ! -e "$keep" ]] || { echo "error: --keep $keep exists; give a new folder" >&2; exit 64; }
out=$(study_scratch "$keep")
if $quick; then
  main_depth="1...3" metered_depth="1"
else
  main_depth="1...8" metered_depth="1...3"
fi
now() { date +%s.%N; }

# A swiftc that appends each call's start and end (seconds) and arguments to $out/calls.log.
wrapper="$out/swiftc"
cat >"$wrapper" <<EOF
#!/bin/sh
start=\$(date +%s.%N)
'$swiftc' "\$@"
status=\$?
printf '%s %s %s\n' "\$start" "\$(date +%s.%N)" "\$*" >> '$out/calls.log'
exit \$status
EOF
chmod +x "$wrapper"

page="$out/performance.md"
{
  echo "## Figures"
  echo
  echo "Measured by \`scripts/studies/overhead-benchmark.sh$($quick && echo " --quick")\` on $(date -u +%Y-%m-%d), bench $(git rev-parse --short HEAD 2>/dev/null || echo "?"), swiftc $("$swiftc" --version 2>&1 | head -1 | sed 's/.*version \([^ ]*\).*/\1/'), $(uname -sm), $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo "?") cores."
  echo
} >"$page"

echo "1. The main job: bench run --depth $main_depth (load average before: $(study_load))" >&2
rm -f "$out/calls.log"
start=$(now)
"$bench" run --depth "$main_depth" --swiftc "$wrapper" --quiet -o "$out/main" >"$out/main.txt" 2>&1 \
  || { cat "$out/main.txt" >&2; exit 1; }
end=$(now)
main_load=$(study_load)
main_wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
read -r compiles compile_wall < <(awk '{ n++; s += $2 - $1 } END { printf "%d %.1f\n", n, s }' "$out/calls.log")
ratio=$(awk -v a="$main_wall" -v b="$compile_wall" 'BEGIN { printf "%.3f", a / b }')
d5=$(grep -c -- "-typecheck .*nesting-per-kind-swiftui-k[0-9]*-pack-d5-" "$out/calls.log" || true)
{
  echo "### bench's own work on the main job"
  echo
  echo "\`bench run --depth $main_depth\` (load average before $(cut -d' ' -f1 <<<"$main_load"); after: $main_load):"
  echo
  echo "| bench's wall | swiftc calls | their walls, summed | ratio | per-kind depth 5 compiles |"
  echo "|---:|---:|---:|---:|---:|"
  echo "| $main_wall s | $compiles | $compile_wall s | ${ratio}× | $d5 |"
  echo
  echo "The swiftc calls are every one bench made (module builds, \`--version\`, probes, instrumented, warm-up and timed"
  echo "compiles), each timed by a wrapper script around swiftc, whose own start-up (a few milliseconds a call) counts"
  echo "as compile time. What is left, bench's wall less the sum, is bench's own work: generating the cases, parsing"
  echo "the logs, writing the journal and the reports."
  echo
} >>"$page"
echo "  wall $main_wall s, $compiles swiftc calls taking $compile_wall s: ratio $ratio; per-kind depth 5 compiled $d5 time(s)" >&2
if $quick; then
  # A small sweep on a shared machine: bench's own start-up and reports weigh more against a few seconds of compiles.
  study_must "main job wall at most 1.25x its compiles' ($ratio)" study_at_most "$ratio" 1.25 >&2
else
  study_must "main job wall at most 1.05x its compiles' ($ratio)" study_at_most "$ratio" 1.05 >&2
  study_must "per-kind depth 5 compiled to the limit once ($d5)" test "$d5" = 1 >&2
fi

echo "2. The parser (scripts/studies/parser-throughput.sh$($quick && echo " --quick"))" >&2
parser_args=()
$quick && parser_args+=(--quick)
BENCH="$bench" SWIFTC="$swiftc" bash scripts/studies/parser-throughput.sh "${parser_args[@]}" \
  >"$out/parser.txt" 2>"$out/parser.err" \
  || { cat "$out/parser.err" >&2; exit 1; }
{
  echo "### The timing-log parser"
  echo
  echo "\`scripts/studies/parser-throughput.sh$($quick && echo " --quick")\`, as printed:"
  echo
  echo '```'
  cat "$out/parser.txt"
  echo '```'
  echo
} >>"$page"
sed 's/^/  /' "$out/parser.txt" >&2

echo "3. --meter instructions --depth $metered_depth: --jobs 2 against --jobs 1, $rounds round(s)" >&2
rows=""
identical=yes
declare -A walls
for round in $(seq 1 "$rounds"); do
  for jobs in 1 2; do
    before=$(study_load)
    start=$(now)
    "$bench" run --depth "$metered_depth" --meter instructions --jobs "$jobs" --quiet \
      -o "$out/metered-$round-$jobs" >"$out/metered.txt" 2>&1 || { cat "$out/metered.txt" >&2; exit 1; }
    end=$(now)
    wall=$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')
    walls[$jobs]=$wall
    rows+="| $round | $jobs | $wall s | $before | $(study_load) |"$'\n'
  done
  ratio_jobs=$(awk -v a="${walls[2]}" -v b="${walls[1]}" 'BEGIN { printf "%.2f", a / b }')
  rows+="| $round | 2 ÷ 1 | ${ratio_jobs}× | | |"$'\n'
  echo "  round $round: --jobs 1 ${walls[1]} s, --jobs 2 ${walls[2]} s: ratio $ratio_jobs" >&2
  # Every sample's and baseline's count in the two runs: the largest difference, in instructions and relative.
  read -r most relative < <(python3 - "$out/metered-$round-1/run.json" "$out/metered-$round-2/run.json" <<'PY'
import json, sys
def counts(path):
    record = json.load(open(path))
    found = {(s["caseID"], s.get("pass"), s["iteration"]): s.get("instructions") for s in record["samples"]}
    for b in record["instructionMetering"]["baselines"]:
        found[("baseline", b["key"], b["toolchain"])] = b["instructions"]
    return {key: value for key, value in found.items() if value is not None}
one, two = counts(sys.argv[1]), counts(sys.argv[2])
if one.keys() != two.keys():
    print("inf inf")
else:
    print(max(abs(one[k] - two[k]) for k in one), "%.2e" % max(abs(one[k] - two[k]) / one[k] for k in one))
PY
  )
  rows+="| $round | counts | largest difference $most instructions ($relative of the count) | | |"$'\n'
  echo "  round $round: counts differ by at most $most instructions ($relative)" >&2
  awk -v r="$relative" 'BEGIN { exit !(r + 0 <= 1e-4) }' || identical=no
done
{
  echo "### --meter instructions with --jobs 2"
  echo
  echo "\`bench run --depth $metered_depth --meter instructions\` with \`--jobs 1\` and \`--jobs 2\`, interleaved."
  echo "Each round compares every sample's and baseline's count in its two runs: they agree within bench's A/A bound"
  echo "(0.01 %): $identical. (Counts are not bit-identical between any two runs: the compile prints its bodies'"
  echo "times, whose digits vary, as two \`--jobs 1\` runs show too.)"
  echo
  echo "| round | --jobs | wall | load before | load after |"
  echo "|---:|---:|---:|---|---|"
  printf '%s' "$rows"
  echo
} >>"$page"
if ! $quick; then
  study_must "--jobs 2 at most 0.6x the wall of --jobs 1 ($ratio_jobs)" study_at_most "$ratio_jobs" 0.6 >&2
fi
study_must "instruction counts of --jobs 1 and 2 within 0.01 %" test "$identical" = yes >&2

if [[ -n "$write" ]]; then
  # The page's prose stays; everything from its "## Figures" heading on is replaced.
  if [[ -f "$write" ]] && grep -q '^## Figures$' "$write"; then
    sed '/^## Figures$/,$d' "$write" >"$out/head.md"
    cat "$out/head.md" "$page" >"$write.tmp" && mv "$write.tmp" "$write"
  else
    cp "$page" "$write"
  fi
  echo "Wrote $write" >&2
fi
cat "$page"
study_verdict
