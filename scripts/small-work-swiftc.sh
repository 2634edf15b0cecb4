#!/usr/bin/env bash
# A "toolchain" that does a small, fixed amount of extra type-checking work: the installed swiftc (or $REAL_SWIFTC),
# compiling each generated case with one more method inside the case's own region (before its last closing brace)
# holding one expression, `Text("extra")` (a string literal whose type the solver infers). Measured with cachegrind
# (Swift 6.3.1, unified depth 1): 460 thousand more instructions, 3% of that case's own 15 million and 0.05% of
# per-kind depth 3's; an arithmetic expression of mixed literals (`1 + 2 * 3 - 4 / 5 + 6` as Double) cost 82
# million, no longer small. scripts/studies/instructions-benchmark.sh uses it to show a change instruction counts flag
# and time cannot; the rehearsal uses it for a regression that fails the action's job.
#
# The case file is shared with the other toolchains of the run, so it is never left edited:
# - a compile (bench's timed compiles) edits it in place, runs swiftc, and restores it, so the timing lines still
#   name the case file (run with --jobs 1, bench's default, so no other compile reads it meanwhile);
# - a plan (`swiftc -###`, as --meter instructions asks for) is of the case's staged copy, bench's private one in a
#   folder marked .typecheckbench-stage that it removes after counting: that copy is edited in place, since the
#   frontend job bench runs from the plan reads it later (and a copy elsewhere, of another path length, would move
#   the count by itself: see Sources/TypeCheckBench/Compiler/CountedCompileStage.swift). Any other planned file
#   gets an edited copy under ${TMPDIR:-/tmp}/small-work-swiftc/.
# Files without the case marker (import-only baselines, framework modules) pass untouched.
#
# usage: bench run --toolchain base=$(command -v swiftc) --toolchain small=scripts/small-work-swiftc.sh …
set -euo pipefail
real="${REAL_SWIFTC:-$(command -v swiftc)}"
marker="// extra work: scripts/small-work-swiftc.sh"

# Writes FILE with the extra method to OUT.
edited() {
  local file="$1" out="$2" last
  last="$(grep -n '^}$' "$file" | tail -1 | cut -d: -f1)"
  {
    head -n "$((last - 1))" "$file"
    echo "  $marker"
    echo '  func extraWork() -> Text { Text("extra") }'
    tail -n "+$last" "$file"
  } > "$out"
}
is_case() { [[ "$1" == *.swift && -f "$1" ]] && grep -q '^// MARK: - Case$' "$1" && grep -q '^}$' "$1"; }

plan=false
for argument in "$@"; do [[ "$argument" == "-###" ]] && plan=true; done
arguments=()
restore=()
for argument in "$@"; do
  if is_case "$argument"; then
    if $plan && [[ -f "$(dirname "$argument")/.typecheckbench-stage" ]]; then
      cp -p "$argument" "$argument.small-work-original"
      edited "$argument.small-work-original" "$argument"
      rm "$argument.small-work-original"
    elif $plan; then
      folder="${TMPDIR:-/tmp}/small-work-swiftc/$(printf '%s' "$argument" | cksum | cut -d' ' -f1)"
      mkdir -p "$folder"
      edited "$argument" "$folder/$(basename "$argument")"
      argument="$folder/$(basename "$argument")"
    else
      cp -p "$argument" "$argument.small-work-original"
      edited "$argument.small-work-original" "$argument"
      restore+=("$argument")
    fi
  fi
  arguments+=("$argument")
done
# shellcheck disable=SC2317  # called by the EXIT trap
put_back() { for file in ${restore[@]+"${restore[@]}"}; do mv "$file.small-work-original" "$file"; done; }
trap put_back EXIT
status=0
"$real" "${arguments[@]}" || status=$?
exit "$status"
