#!/usr/bin/env bash
# A "toolchain" that does a small, fixed amount of extra type-checking work: the installed swiftc (or $REAL_SWIFTC),
# after adding one method holding one expression, `Text("extra")` (a string literal, whose type the solver infers),
# to each generated case it compiles, inside the case's own region (before the case's last closing brace), so both
# the case's own time and its instructions see it. Measured with cachegrind (Swift 6.3.1, unified depth 1): 460
# thousand more instructions, 3% of that case's own 15 million, 0.05% of per-kind depth 3's; an arithmetic
# expression of mixed literals (`1 + 2 * 3 - 4 / 5 + 6` as Double) cost 82 million, no longer small. The case file is edited in place, once (a marker line keeps it idempotent): the same file serves the
# `swiftc -###` plan and the frontend job that --meter instructions runs from it. Files without the case marker
# (import-only baselines, modules) pass untouched. scripts/instructions-benchmark.sh uses it to show a change that
# instruction counts flag and time cannot.
#
# usage: bench run --toolchain small=scripts/small-work-swiftc.sh …
set -euo pipefail
real="${REAL_SWIFTC:-$(command -v swiftc)}"
marker="// extra work: scripts/small-work-swiftc.sh"
for argument in "$@"; do
  [[ "$argument" == *.swift && -f "$argument" ]] || continue
  grep -q '^// MARK: - Case$' "$argument" || continue
  grep -qF "$marker" "$argument" && continue
  last="$(grep -n '^}$' "$argument" | tail -1 | cut -d: -f1)"
  [[ -n "$last" ]] || continue
  edited="$(mktemp "$argument.XXXXXX")"
  {
    head -n "$((last - 1))" "$argument"
    echo "  $marker"
    echo '  func extraWork() -> Text { Text("extra") }'
    tail -n "+$last" "$argument"
  } > "$edited"
  mv "$edited" "$argument"
done
exec "$real" "$@"
