#!/usr/bin/env bash
# A slower "toolchain" for rehearsals and A/B checks: the installed swiftc (or $REAL_SWIFTC) with real extra work for
# the type checker. Each -typecheck compile gets one more input file declaring EXTRA_KINDS (default 6) more builder
# kinds that Group conditionally conforms to, each with its own `init(@Builder content:)`, as if the framework had
# 17 per-kind builders instead of 11. Nothing else conforms, so the solver tries and rejects these initializers at
# every Group of a case: more constraint scopes and more type-check time in the case's own body (with Swift 6.3.1,
# per-kind depth 3: 49,886 scopes instead of 18,596, about 3× the time). The new file copies the case's imports, so
# it sees Group whether the framework is inline or an imported module. Other calls (--version, …) pass through.
#
# usage: bench run --toolchain base=$(command -v swiftc) --toolchain slow=scripts/extra-work-swiftc.sh …
set -euo pipefail
real="${REAL_SWIFTC:-$(command -v swiftc)}"
kinds="${EXTRA_KINDS:-6}"

typecheck=false
sources=()
for argument in "$@"; do
  [[ "$argument" == -typecheck ]] && typecheck=true
  [[ "$argument" == *.swift && -f "$argument" ]] && sources+=("$argument")
done
if ! $typecheck || (( ${#sources[@]} == 0 )); then
  exec "$real" "$@"
fi

folder="$(mktemp -d)"
trap 'rm -rf "$folder"' EXIT
extra="$folder/extra_kinds.swift"
{
  grep -h '^import ' "${sources[@]}" | sort -u || true
  for ((i = 1; i <= kinds; i++)); do
    echo "public protocol ExtraKind$i {}"
    echo "@resultBuilder public enum ExtraBuilder$i {"
    echo "  public static func buildBlock<C: ExtraKind$i>(_ content: C) -> C { content }"
    echo "}"
    echo "extension Group: ExtraKind$i where Content: ExtraKind$i {"
    echo "  public init(@ExtraBuilder$i content: () -> Content) { fatalError() }"
    echo "}"
  done
} > "$extra"
status=0
"$real" "$@" "$extra" || status=$?
exit "$status"
