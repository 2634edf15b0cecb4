#!/usr/bin/env bash
# Measures the case generator's speed in an optimised build (target: 1,000 varied cases in under one second).
#
# Compiles every source of the Generators target (Generators/, all folders) with a small driver
# (scripts/studies/generator-speed/main.swift) using `swiftc -O -wmo`, after the Escaping module it imports, into a
# temporary executable, so nothing else of the package needs a release build; then generates 1,000 cases in memory and
# prints the wall time. Exits 1 when the target is missed, except with --quick (CI: it builds and runs the check and
# prints the figure, which a shared machine makes noisy, without gating on it).
#
# Usage: scripts/studies/generator-speed.sh [--quick] [path/to/swiftc]
#   (default: $SWIFTC, then swiftc on PATH, /opt/swift)
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
repo_root=$study_root
gate=true
if [[ ${1:-} == --quick ]]; then
  gate=false
  shift
fi
swiftc=${1:-${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}}
work=$study_temporary

# The Generators target's sources, every folder (as Package.swift's target takes them), and its dependency.
generators=()
while IFS= read -r -d '' file; do generators+=("$file"); done < <(find "$repo_root/Generators" -name '*.swift' -print0 | sort -z)
"$swiftc" -O -wmo -swift-version 6 -parse-as-library -module-name Escaping -emit-module \
  -emit-module-path "$work/Escaping.swiftmodule" -emit-library -static -o "$work/libEscaping.a" \
  "$repo_root"/Sources/Escaping/*.swift
"$swiftc" -O -wmo -swift-version 6 -module-name GeneratorSpeed -I "$work" -L "$work" -lEscaping \
  -o "$work/generator-speed" "${generators[@]}" "$repo_root/scripts/studies/generator-speed/main.swift"

if $gate; then
  "$work/generator-speed"
else
  "$work/generator-speed" || echo "generator-speed: over the target on this machine (not gated with --quick)"
fi
