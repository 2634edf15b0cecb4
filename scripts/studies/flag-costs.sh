#!/usr/bin/env bash
# What each of bench's compiler flags costs: one generated case compiled with plain swiftc under each flag
# configuration, interleaved round by round (none, bodies, bodies+stats, bodies+expr, all, none, …), reporting per
# configuration the median process wall time, user+system CPU time and the case's body time (summed from its
# -debug-time-function-bodies lines as bench sums them). With --instructions, each configuration's frontend command
# (from `swiftc -###`) also runs once under `valgrind --tool=cachegrind --cache-sim=no`, whose instruction count does
# not depend on the machine's load. docs/measurement.md quotes its output.
#
#   none          swiftc -typecheck FILE -I MODULES
#   bodies        + -Xfrontend -debug-time-function-bodies               (what bench's timed compiles get)
#   bodies+stats  + -stats-output-dir DIR
#   bodies+expr   + -Xfrontend -debug-time-expression-type-checking -Xfrontend -warn-long-expression-type-checking=100000
#   all           bodies + stats + expr                                    (bench's instrumented compile; every
#                                                                          compile of measurement version 1)
#
# usage: scripts/studies/flag-costs.sh [--quick] [--model per-kind|unified] [--depth N] [--rounds N] [--instructions]
#   --quick        the CI mode: unified depth 2, 5 rounds, no cachegrind
#   --rounds N     interleaved rounds (default 7)
#   BENCH          environment: the bench executable (default: a release build of this checkout)
#   SWIFTC         environment: the compiler (default: swiftc on PATH)
# Must hold (exit 1 otherwise): every configuration with -debug-time-function-bodies gives the case a body time and
# `none` gives none; -debug-time-function-bodies alone costs at most 10 % of user+sys time over none (the median of
# the rounds' ratios, each round's two compiles back to back; 25 % with --quick, whose case is small and whose machine
# is CI's)
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source-path=SCRIPTDIR source=lib.sh
source scripts/studies/lib.sh

model=per-kind depth=3 rounds=7 instructions=false bound=1.10
while [[ $# -gt 0 ]]; do
  case "$1" in
    --quick) model=unified depth=2 rounds=5 bound=1.25; shift ;;
    --model) model="$2"; shift 2 ;;
    --depth) depth="$2"; shift 2 ;;
    --rounds) rounds="$2"; shift 2 ;;
    --instructions) instructions=true; shift ;;
    -h|--help) sed -n '2,24p' "$0"; exit 0 ;;
    *) echo "error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
bench=$(study_bench)
swiftc="${SWIFTC:-$(command -v swiftc)}"
work=$study_temporary
study_nesting_case "$bench" "$swiftc" "$model" "$depth" "$work"
mkdir -p "$work/stats"

configurations=(none bodies bodies+stats bodies+expr all)
flags() {
  case "$1" in
    none) ;;
    bodies) echo "-Xfrontend -debug-time-function-bodies" ;;
    bodies+stats) echo "-Xfrontend -debug-time-function-bodies -stats-output-dir $work/stats" ;;
    bodies+expr) echo "-Xfrontend -debug-time-function-bodies -Xfrontend -debug-time-expression-type-checking" \
      "-Xfrontend -warn-long-expression-type-checking=100000" ;;
    all) echo "-Xfrontend -debug-time-function-bodies -Xfrontend -debug-time-expression-type-checking" \
      "-Xfrontend -warn-long-expression-type-checking=100000 -stats-output-dir $work/stats" ;;
  esac
}

# One compile: "wall user+system body_ms" (body_ms empty without body lines).
compile() {
  local times
  # shellcheck disable=SC2046 # the flags are words without spaces
  times="$({ TIMEFORMAT='%3R %3U %3S'; time "$swiftc" -typecheck "$case_file" -I "$work/modules" $(flags "$1") \
    2> "$work/stderr" >/dev/null; } 2>&1)"
  rm -rf "${work:?}/stats"/*
  local body
  body="$(study_body_ms "$case_file" "$case_lines" <"$work/stderr")"
  awk -v t="$times" -v b="$body" 'BEGIN { split(t, f, " "); printf "%.3f %.3f %s\n", f[1], f[2] + f[3], b }'
}

median() { sort -g | awk -v format="${1:-%.3f}" '{ value[NR] = $1 } END { if (NR == 0) exit; m = NR % 2 ? value[(NR + 1) / 2] : (value[NR / 2] + value[NR / 2 + 1]) / 2; printf format "\n", m }'; }

echo "case: nesting $model depth $depth (${case_file##*/}), $rounds interleaved rounds; $("$swiftc" --version 2>/dev/null | head -1)"
echo "load average before: $(study_load)"
for configuration in "${configurations[@]}"; do : > "$work/$configuration.txt"; done
compile none >/dev/null  # warm the caches
for ((round = 1; round <= rounds; round++)); do
  for configuration in "${configurations[@]}"; do
    compile "$configuration" >> "$work/$configuration.txt"
  done
done
echo "load average after:  $(study_load)"
printf '%-13s %9s %13s %12s\n' configuration "wall s" "user+sys s" "case body ms"
for configuration in "${configurations[@]}"; do
  printf '%-13s %9s %13s %12s\n' "$configuration" \
    "$(cut -d' ' -f1 "$work/$configuration.txt" | median)" \
    "$(cut -d' ' -f2 "$work/$configuration.txt" | median)" \
    "$(cut -d' ' -f3 "$work/$configuration.txt" | grep . | median %.2f || true)"
done

# A round's compiles are back to back: the ratio of its `bodies` and `none` user+sys times cancels a burst of load.
cost=$(paste -d' ' <(cut -d' ' -f2 "$work/none.txt") <(cut -d' ' -f2 "$work/bodies.txt") |
  awk '$1 > 0 { print $2 / $1 }' | median %.3f)
echo "-debug-time-function-bodies / none, user+sys, median of the rounds: ${cost:-none}"
bodies_everywhere() {
  local configuration
  ! cut -d' ' -f3 "$work/none.txt" | grep -q . || return
  for configuration in "${configurations[@]:1}"; do
    ! cut -d' ' -f3 "$work/$configuration.txt" | grep -qx '' || return
  done
}
study_must "a case body time from each configuration with -debug-time-function-bodies, none from none" bodies_everywhere
study_must "-debug-time-function-bodies costs at most $(awk -v b="$bound" 'BEGIN { printf "%d", (b - 1) * 100 + 0.5 }') % of user+sys (median ratio $cost)" \
  study_at_most "$cost" "$bound"

if $instructions; then
  command -v valgrind >/dev/null || { echo "error: --instructions needs valgrind (apt-get install valgrind)" >&2; exit 69; }
  echo "instructions (cachegrind, the frontend command from swiftc -###, once each):"
  for configuration in "${configurations[@]}"; do
    # shellcheck disable=SC2046
    frontend="$("$swiftc" -### -typecheck "$case_file" -I "$work/modules" $(flags "$configuration") 2>&1 | head -1)"
    # shellcheck disable=SC2086 # the driver prints the command as words without quotes here
    valgrind --tool=cachegrind --cache-sim=no --cachegrind-out-file=/dev/null $frontend \
      >/dev/null 2> "$work/valgrind.txt" || true
    rm -rf "${work:?}/stats"/*
    printf '%-13s %s\n' "$configuration" "$(awk '/I *refs:/ { print $NF }' "$work/valgrind.txt")"
  done
fi
study_verdict
