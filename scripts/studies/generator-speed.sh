#!/usr/bin/env bash
# Measures the case generator's speed in an optimised build (target: 1,000 varied cases in under one second).
#
# Compiles every source of the Generators target (Generators/, all folders) with a small driver
# (scripts/studies/generator-speed/main.swift) using `swiftc -O -wmo`, after the Escaping module it imports, into a
# temporary executable, so nothing else of the package needs a release build; then generates 1,000 cases in memory and
# prints its CPU and wall time. Must hold (exit 1 otherwise): under 1 s of CPU (the process's own, which a loaded machine
# inflates far less than wall time); with --quick (CI, a shared machine) under 3 s, which still fails a generator that
# got several times slower.
#
# Usage: scripts/studies/generator-speed.sh [--quick] [path/to/swiftc]
#   (default: $SWIFTC, then swiftc on PATH, /opt/swift)
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
repo_root=$study_root
limit=1
if [[ ${1:-} == --quick ]]; then
  limit=3
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

line=$("$work/generator-speed")
echo "$line"
seconds=$(sed -E 's/.* in ([0-9.]+) s of CPU.*/\1/' <<<"$line")
study_must "1,000 cases generated in under $limit s of CPU ($seconds s)" study_at_most "$seconds" "$limit"
study_verdict
