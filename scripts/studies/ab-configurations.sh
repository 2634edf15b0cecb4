#!/usr/bin/env bash
# The A/B comparisons of one installed swiftc that docs/ci-and-comparison.md reports: the default solver against
# -solver-disable-prepared-overloads (`prepared`), language mode 5 against 6 (`language-mode`), and the default
# against -solver-disable-splitter (`splitter`). Each A/B is one `bench run` with both configurations interleaved,
# then `bench compare` within that run.
#
# usage: scripts/studies/ab-configurations.sh [--swiftc PATH] [--out DIR] [--threshold 5%] [--only NAME]
#          [-- MORE BENCH RUN ARGUMENTS]
#   The default sweep is `--depth 1...4 --branches 1...4 --runs 5` over the nesting and chart families (nesting
#   only for the language modes: the generated Charts framework does not compile in Swift 6 mode yet, its
#   `Color` statics not being Sendable); arguments after `--` are added to it (an option given there replaces the default's).
# Writes DIR/prepared and DIR/language-mode (run folders), and DIR/<name>.compare.{txt,md} with each comparison.
#   BENCH  environment: the bench executable (default: a release build of this checkout).
# Exit status: 0 when the comparisons ran and each decided on every case of its run (a must-hold; whatever their
# verdicts: this is a measurement, not a gate); each comparison's own exit status is printed and written to
# DIR/<name>.status.
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source-path=SCRIPTDIR source=lib.sh
source scripts/studies/lib.sh

swiftc="${SWIFTC:-$(command -v swiftc || true)}" out="" threshold="5%" only=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --swiftc) swiftc="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --threshold) threshold="$2"; shift 2 ;;
    --only) only="$2"; shift 2 ;;
    -h|--help) sed -n '2,17p' "$0"; exit 0 ;;
    --) shift; break ;;
    *) echo "error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
if [[ -z "$swiftc" ]]; then
  echo "error: no swiftc found: pass --swiftc PATH or set SWIFTC" >&2
  exit 64
fi
out=$(study_scratch "${out:-Results/ab-configurations-$(date -u +%Y%m%dT%H%M%SZ)}")
bench=$(study_bench)
extra=("$@")

# True when the arguments after `--` hold OPTION.
given() {
  local argument
  for argument in ${extra[@]+"${extra[@]}"}; do [[ "$argument" == "$1" ]] && return 0; done
  return 1
}

# Runs one A/B: NAME, FAMILIES, BASE_NAME, BASE_FLAGS, NEW_NAME, NEW_FLAGS (flags may be empty).
ab() {
  local name="$1" families="$2" base="$3" base_flags="$4" new="$5" new_flags="$6"
  [[ -z "$only" || "$only" == "$name" ]] || return 0
  # The default sweep's options, each unless the arguments after `--` give it (bench refuses an option given twice).
  local sweep=(--family "$families") defaults=(--depth 1...4 --branches 1...4 --runs 5) i
  for ((i = 0; i < ${#defaults[@]}; i += 2)); do
    given "${defaults[i]}" || sweep+=("${defaults[i]}" "${defaults[i + 1]}")
  done
  given --quiet || sweep+=(--quiet)
  sweep+=(${extra[@]+"${extra[@]}"})
  local run_args=(--toolchain "$base=$swiftc" --toolchain "$new=$swiftc")
  [[ -n "$base_flags" ]] && run_args+=(--toolchain-flags "$base=$base_flags")
  [[ -n "$new_flags" ]] && run_args+=(--toolchain-flags "$new=$new_flags")
  echo "== $name: $base ($base_flags) vs $new ($new_flags)" >&2
  rm -rf "${out:?}/$name"
  "$bench" run "${run_args[@]}" "${sweep[@]}" --output "$out/$name"
  local status=0
  "$bench" compare "$out/$name" --base-toolchain "$base" --new-toolchain "$new" --threshold "$threshold" \
    --bundle "$out/$name/regressions" > "$out/$name.compare.txt" || status=$?
  "$bench" compare "$out/$name" --base-toolchain "$base" --new-toolchain "$new" --threshold "$threshold" \
    --format md > "$out/$name.compare.md" || true
  echo "$status" > "$out/$name.status"
  cat "$out/$name.compare.txt"
  echo "bench compare exit status for $name: $status"
  case "$status" in
    0|2|4) ;;
    *) echo "error: bench compare failed with status $status" >&2; exit "$status" ;;
  esac
  # Its summary ("0 slower, 0 faster, 28 no change, 0 undecided (…)") counts every case of the run: one point a side.
  local compared cases
  compared=$(head -1 "$out/$name.compare.txt" | awk -F'[ ,]+' '{ print $1 + $3 + $5 + $8 }')
  cases=$(( ($(wc -l <"$out/$name/summary.csv") - 1) / 2 ))
  study_must "$name: bench compare decides on every case of the A/B ($compared of $cases)" test "$compared" = "$cases"
}

ab prepared nesting,chart default "" noprepared "-Xfrontend -solver-disable-prepared-overloads"
ab language-mode nesting,chart swift5 "-swift-version 5" swift6 "-swift-version 6"
ab splitter nesting default "" nosplitter "-Xfrontend -solver-disable-splitter"
study_verdict
