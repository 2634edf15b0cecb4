#!/usr/bin/env bash
# A/A check of bench compare's verdict rule: the whole default sweep measured several times with the same swiftc,
# then compared pair by pair. Two runs of one compiler must never be called different, so every comparison must
# exit 0 with no point slower or faster. Writes the result to docs/aa-result.md (or --report FILE).
#
# usage: scripts/studies/aa-check.sh [--sweeps N] [--runs N] [--threshold 5%] [--out DIR] [--report FILE]
#          [--compare-only] [-- MORE BENCH RUN ARGUMENTS]
#   --sweeps N      sweeps to measure (default 4: pairs 1-2, 3-4, 1-3, 2-4, 1-4, five comparisons of different runs)
#   --runs N        measured runs per point (default 5, the fewest the time rule decides on)
#   --compare-only  reuse the sweeps already in DIR (DIR/sweep-1 …) and only compare
#   BENCH           environment: the bench executable (default: a release build of this checkout)
# Exit status: 0 when every comparison exits 0, 1 when one does not, other values when a step fails.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source-path=SCRIPTDIR source=lib.sh
source scripts/studies/lib.sh

sweeps=4 runs=5 threshold="5%" out="" report="docs/aa-result.md" compare_only=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    --sweeps) sweeps="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --threshold) threshold="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --report) report="$2"; shift 2 ;;
    --compare-only) compare_only=true; shift ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    --) shift; break ;;
    *) echo "error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
if (( sweeps < 2 )); then
  echo "error: --sweeps needs at least 2" >&2
  exit 64
fi
out=$(study_scratch "${out:-Results/aa-$(date -u +%Y%m%dT%H%M%SZ)}")
bench=$(study_bench)
extra=("$@")
fraction="$(awk -v t="$threshold" 'BEGIN { if (t ~ /%$/) print substr(t, 1, length(t) - 1) / 100; else print t + 0 }')"

# The 1-minute load average before and after the sweeps, kept beside them for --compare-only.
load() { cut -d' ' -f1 /proc/loadavg 2>/dev/null || echo unknown; }
if ! $compare_only; then
  load > "$out/load-before"
  for ((i = 1; i <= sweeps; i++)); do
    echo "== sweep $i of $sweeps" >&2
    rm -rf "${out:?}/sweep-$i"
    "$bench" run --runs "$runs" --quiet ${extra[@]+"${extra[@]}"} --output "$out/sweep-$i"
  done
  load > "$out/load-after"
fi
load_before="$(cat "$out/load-before" 2>/dev/null || echo "not recorded")"
load_after="$(cat "$out/load-after" 2>/dev/null || echo "not recorded")"

# Five different pairs when there are four sweeps; with fewer or more, every neighbour pair then wider gaps.
pairs=()
for ((gap = 1; gap < sweeps; gap++)); do
  for ((i = 1; i + gap <= sweeps; i += (gap == 1 && sweeps >= 4 ? 2 : 1))); do
    pairs+=("$i $((i + gap))")
  done
done
(( ${#pairs[@]} > 5 )) && pairs=("${pairs[@]:0:5}")

failures=0
rows=()
for pair in "${pairs[@]}"; do
  read -r a b <<< "$pair"
  status=0
  "$bench" compare "$out/sweep-$a" "$out/sweep-$b" --threshold "$threshold" > "$out/compare-$a-$b.txt" || status=$?
  summary="$(head -1 "$out/compare-$a-$b.txt")"
  echo "sweep $a vs sweep $b: exit $status: $summary" >&2
  (( status == 0 )) || failures=$((failures + 1))
  # The widest time ratio either way over uncensored points, to show how much noise the rule absorbed, and how many
  # points the interval alone (outside ±threshold, the rule before the noise band) would have called a change.
  read -r widest interval_only < <(awk -v t="$fraction" '/x \[/ && !/>=/ {
      for (i = 1; i <= NF; i++) if ($i ~ /^[0-9.]+x$/) {
        r = substr($i, 1, length($i) - 1) + 0; lo = substr($(i + 1), 2) + 0; hi = $(i + 2) + 0
        w = r < 1 && r > 0 ? 1 / r : r; if (w > m) m = w
        if (lo > 1 + t || hi < 1 - t) n++
        break
      } } END { printf "%.2f %d\n", m, n }' "$out/compare-$a-$b.txt")
  # Points where the noise rule alone called a change and the same-input rule (both sides compiled one source with
  # one compiler, flags and host) overruled it.
  same_input="$(grep -c "the time difference is the machine's" "$out/compare-$a-$b.txt" || true)"
  rows+=("| $a vs $b | $status | $summary | ${widest}x | $interval_only | $same_input |")
done

finished="$(date -u +%Y-%m-%dT%H:%M:%SZ)"
first="$out/sweep-1/run.json"
{
  echo "# A/A check: the same swiftc measured ${sweeps} times, compared pair by pair"
  echo
  measured_from="$(sed -n 's/.*"startedAt" : "\(.*\)".*/\1/p' "$out/sweep-1/run.json" | head -1)"
  measured_to="$(sed -n 's/.*"finishedAt" : "\(.*\)".*/\1/p' "$out/sweep-$sweeps/run.json" | head -1)"
  echo "Written by \`scripts/studies/aa-check.sh\` (sweeps measured $measured_from to $measured_to, compared $finished)."
  echo "Every comparison must exit 0 with no point slower or faster: two runs of one compiler are never different."
  echo
  echo "- Result: **$(( failures == 0 ? 0 : 1 ))** ($(( ${#pairs[@]} - failures )) of ${#pairs[@]} comparisons exit 0)"
  echo "- Sweep: \`bench run --runs $runs${extra[*]:+ ${extra[*]}}\` (the default sweep unless arguments are shown)," \
    "$sweeps times"
  echo "- Threshold: $threshold, gate: time and scopes (\`bench compare\` defaults)"
  echo "- Host: $(sed -n 's/.*"cpuModel" : "\(.*\)".*/\1/p' "$first" | head -1), $(nproc) cores; 1-minute load"
  echo "  average $load_before before the sweeps and $load_after after them (above the core count, other work shared"
  echo "  the machine: times are noisier; constraint scopes are exact)"
  echo "- swiftc: $(sed -n 's/.*"version" *: *"\([^"]*\)".*/\1/p' "$first" | head -1)"
  echo
  echo "| pair | exit | summary | widest time ratio | interval alone | same-input rule |"
  echo "| --- | ---: | --- | ---: | ---: | ---: |"
  printf '%s\n' "${rows[@]}"
  echo
  echo "The widest time ratio is the largest NEW/BASE (or BASE/NEW) ratio of medians over the pair's uncensored points:"
  echo "noise that the rule (5 samples a side, interval outside the threshold and both runs' spread) did not call a"
  echo "change. *Interval alone* counts the points whose 95% interval lies wholly outside ±$threshold, which the rule"
  echo "without the noise band (bench before this check) would have called slower or faster. *Same-input rule*"
  echo "counts the points whose time the noise rule alone would have called a change, but which compare leaves at no"
  echo "change because both sides compiled the same source with the same compiler, flags and host (one cache key):"
  echo "there a time difference can only be the machine's state between the runs."
} > "$report"
echo "wrote $report" >&2
study_must "two runs of one compiler are never called different ($(( ${#pairs[@]} - failures )) of ${#pairs[@]} comparisons exit 0)" \
  test "$failures" = 0
study_verdict
