#!/usr/bin/env bash
# bench's own peak memory on a large corpus (target: under 100 MB for 400 files). Writes 400 small lit-style test
# files of its own (half gyb scale tests swept over N = 1...3, half verify files), runs `bench corpus --jobs 2` on
# them, and samples bench's own peak resident set (VmHWM in /proc/PID/status, which the compilers it runs do not
# count towards, unlike the rusage /usr/bin/time reports) until it exits. Must hold (exit 1 otherwise): under the
# target; --quick (CI) holds 40 files to the same target. Linux only (it reads /proc).
#
# Usage: scripts/studies/corpus-memory.sh [--quick] [--files N]   (BENCH=path/to/bench, SWIFTC=...)
set -euo pipefail

# shellcheck source-path=SCRIPTDIR source=lib.sh
source "$(dirname "$0")/lib.sh"
files=400
while [[ $# -gt 0 ]]; do
  case $1 in
    --quick) files=40; shift ;;
    --files) files=$2; shift 2 ;;
    *) echo "corpus-memory: unknown argument $1" >&2; exit 64 ;;
  esac
done
if [[ ! -r /proc/self/status ]]; then
  echo "corpus-memory: skipped (needs /proc)"
  exit 0
fi
BENCH=$(study_bench)
swiftc=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
work=$study_temporary

mkdir -p "$work/corpus/fast" "$work/corpus/slow"
for ((i = 0; i < files; i++)); do
  if ((i % 2 == 0)); then
    cat >"$work/corpus/fast/scale_$i.swift.gyb" <<EOF
// RUN: %scale-test --begin 1 --end 4 --step 1 --select NumLeafScopes %s
// REQUIRES: asserts
func f$i(_ x: Int) -> Int {
  return x
%for k in range(N):
    + x * \${k + $i}
%end
}
EOF
  else
    cat >"$work/corpus/slow/verify_$i.swift" <<EOF
// RUN: %target-typecheck-verify-swift -solver-scope-threshold=100000
// REQUIRES: tools-release || asserts
let value$i = [$i, $i + 1].map { \$0 * 2 }
let _: Int = "$i" // expected-error {{cannot convert value of type 'String' to specified type 'Int'}}
EOF
  fi
done

"$BENCH" corpus "$work/corpus" --ignore-requires asserts --swiftc "$swiftc" --jobs 2 -o "$work/run" --quiet \
  >"$work/out.txt" &
pid=$!
peak=0
while kill -0 "$pid" 2>/dev/null; do
  if value=$(awk '/^VmHWM:/ { print $2 }' "/proc/$pid/status" 2>/dev/null) && [[ -n $value ]]; then peak=$value; fi
  sleep 0.05
done
wait "$pid"
tail -n 2 "$work/out.txt"
megabytes=$(awk -v kb="$peak" 'BEGIN { printf "%.1f", kb / 1024 }')
echo "corpus-memory: $files files, bench's peak resident set $megabytes MB (target under 100 MB), load average $(study_load)"
study_must "bench's peak resident set was read from /proc while it ran" test "$peak" -gt 0
study_must "bench's peak resident set under 100 MB ($megabytes MB for $files files)" study_at_most "$megabytes" 99.9
study_verdict
