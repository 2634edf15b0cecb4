#!/usr/bin/env bash
# Captures the trace reader's test fixtures from real swiftc runs.
#
# Writes Tests/TypeCheckBenchCoreTests/Fixtures/traces/<tag>/<case>/: the stats-*.json and trace-*.csv that
# `swiftc -typecheck <case>.swift -stats-output-dir DIR -Xfrontend -trace-stats-events` wrote, under the names the
# compiler gave them, its output (output.txt, for the solver's give-up diagnostics) and the source (<case>.swift).
# Sources are compiled from their own folder under relative names, so the traces do not depend on where they were
# captured. The cases:
#   scopes  expressions of several shapes: a mixed-literal operator chain, a multi-statement closure, a result
#           builder, a property initializer checked from another expression, statements
#   body    a function body: a call with a closure, the operator chain in a local binding, an if, returns (Swift 6.0
#           writes exit rows for some of these checks, which it seldom does for top-level code)
#   mixed   the operator chain of `scopes` and `body` alone: the stats file counts its scopes with nothing around
#   limit   a heavier chain (45,803 scopes on 6.3.1) and a light one, with -solver-scope-threshold=10000: the solver
#           gives up on the heavy one. Swift 6.0 has no such flag: its output.txt records the rejection, and no
#           stats or trace are written
# Swift 6.0 traces every request, so its traces are larger (about 0.5 MB for the standard library's loading alone).
# Scope counts are deterministic: re-capturing with the same compiler gives the same counts (times differ).
#
# The committed fixtures: swift-6.3.1 with every case, swift-6.0.3 with body, mixed and limit (its trace of
# `scopes` is 1.8 MB: Swift 6.0 traces every request).
#
# Usage: scripts/capture-trace-fixtures.sh TAG path/to/swiftc [CASE…]   (TAG: swift-6.3.1, …; default: every case)
set -euo pipefail

repo_root=$(cd "$(dirname "$0")/.." && pwd)
tag=${1:?usage: $0 TAG path/to/swiftc [CASE…]}
swiftc=${2:?usage: $0 TAG path/to/swiftc [CASE…]}
shift 2
cases=("$@")
[[ ${#cases[@]} -gt 0 ]] || cases=(scopes body mixed limit)
out="$repo_root/Tests/TypeCheckBenchCoreTests/Fixtures/traces/$tag"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

write_case() {
  local name=$1
  mkdir -p "$work/$name"
  cat >"$work/$name/$name.swift"
}

write_case scopes <<'SWIFT'
struct Item {
  var name: String
  var price: Double
  var count: Int
}
let items = [Item(name: "a", price: 1.5, count: 2), Item(name: "b", price: 2.25, count: 3)]
let mixed = 1 + 2.0 * 3 - 4
let light = 1 + 2 * 3 - 4 / 5 + 6
func summary(_ items: [Item]) -> String {
  let names = items.filter { $0.count > 1 }.map { item -> String in
    let label = item.name.uppercased()
    return label + ":" + String(item.count)
  }
  return names.joined(separator: ", ")
}
@resultBuilder enum ListBuilder {
  static func buildBlock(_ parts: [String]...) -> [String] { parts.flatMap { $0 } }
  static func buildExpression(_ text: String) -> [String] { [text] }
  static func buildEither(first: [String]) -> [String] { first }
  static func buildEither(second: [String]) -> [String] { second }
}
func list(@ListBuilder _ make: () -> [String]) -> [String] { make() }
let built = list {
  "one"
  if items.count > 1 { "two" } else { "none" }
  "three"
}
struct Lazy {
  var doubled = 2 * 21 + 1
}
let lazyValue = Lazy().doubled * 3
SWIFT

write_case body <<'SWIFT'
func f() -> Int {
  let y = [1, 2, 3].map { $0 * 2 }.reduce(0, +)
  let z = 1 + 2.0 * 3 - 4
  if y > 3 { return y + 1 }
  return Int(z)
}
SWIFT

write_case mixed <<'SWIFT'
let mixed = 1 + 2.0 * 3 - 4
SWIFT

write_case limit <<'SWIFT'
let mixed = 1 + 2.0 * 3 - 4 / 5
let light = 1 + 2 * 3 - 4 / 5 + 6
SWIFT

rm -rf "$out"
for name in "${cases[@]}"; do
  stats="$work/$name/stats"
  mkdir -p "$stats"
  flags=()
  [[ $name == limit ]] && flags=(-Xfrontend -solver-scope-threshold=10000)
  (cd "$work/$name" && "$swiftc" -typecheck "$name.swift" -module-name Fixture -stats-output-dir stats \
    -Xfrontend -trace-stats-events "${flags[@]}" >output.txt 2>&1) || true
  mkdir -p "$out/$name"
  cp "$work/$name/$name.swift" "$work/$name/output.txt" "$out/$name/"
  cp "$stats"/* "$out/$name/" 2>/dev/null || true
  written=("$out/$name"/*)
  echo "wrote $tag/$name: ${written[*]##*/}"
done
"$swiftc" --version 2>&1 | head -1 >"$out/version.txt"
