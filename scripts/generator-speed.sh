#!/usr/bin/env bash
# Measures the case generator's speed in an optimised build (target: 1,000 varied cases in under one second).
#
# Compiles Generators/*.swift with a small driver (scripts/generator-speed/main.swift) using `swiftc -O -wmo` into a
# temporary executable, so nothing else of the package needs a release build, then generates 1,000 cases in memory
# and prints the wall time. Exits 1 when the target is missed.
#
# Usage: scripts/generator-speed.sh [path/to/swiftc]   (default: $SWIFTC, then swiftc on PATH, then /opt/swift)
set -euo pipefail

repo_root=$(cd "$(dirname "$0")/.." && pwd)
swiftc=${1:-${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

"$swiftc" -O -wmo -swift-version 6 -module-name GeneratorSpeed -o "$work/generator-speed" \
  "$repo_root"/Generators/*.swift "$repo_root/scripts/generator-speed/main.swift"

"$work/generator-speed"
