#!/usr/bin/env bash
# Local A/B of two Swift toolchains (or two configurations of one) on the bench sweep.
#
# usage: scripts/compare-toolchains.sh [--flags-a "FLAGS"] [--flags-b "FLAGS"] [--names A,B] [--allow-mixed]
#          [--threshold 5%] [--out DIR] A B [-- MORE BENCH RUN ARGUMENTS]
#   A, B   a path to swiftc (a wrapper from scripts/install-toolchain.sh included), a toolchain folder (holding
#          usr/bin/swiftc), `current` (swiftly's toolchain in use), or a swiftly selector such as 6.1.2 or
#          main-snapshot (run through `swiftly run … +SELECTOR`).
#   --names A,B  the toolchains' names in the run (default a,b), e.g. swift-6.0,swift-6.3
#   --allow-mixed  an assertions build against a release build: measured together, compared on scopes only
#   Use the same toolchain twice with different --flags-a/--flags-b to compare two solver configurations.
#   BENCH  environment: the bench executable (default: a release build of this checkout).
# Exit status: bench compare's: 0 no regression, 2 regressions, 4 improvements only.
set -euo pipefail
cd "$(dirname "$0")/.."

flags_a="" flags_b="" threshold="5%" out="" name_a=a name_b=b mixed=()
while [[ $# -gt 0 ]]; do
  case "$1" in
    --flags-a) flags_a="$2"; shift 2 ;;
    --flags-b) flags_b="$2"; shift 2 ;;
    --threshold) threshold="$2"; shift 2 ;;
    --names) name_a="${2%%,*}"; name_b="${2#*,}"; shift 2 ;;
    --allow-mixed) mixed=(--allow-mixed); shift ;;
    --out) out="$2"; shift 2 ;;
    -h|--help) sed -n '2,14p' "$0"; exit 0 ;;
    --) break ;;
    *) break ;;
  esac
done
if [[ $# -lt 2 ]]; then
  echo "usage: $0 [--flags-a F] [--flags-b F] [--threshold 5%] [--out DIR] A B [-- bench run args]" >&2
  exit 64
fi
a="$1" b="$2"; shift 2
[[ "${1:-}" == "--" ]] && shift

# Prints the swiftc path for a toolchain argument.
resolve() {
  local toolchain="$1"
  if [[ -f "$toolchain" && -x "$toolchain" ]]; then
    echo "$toolchain"
  elif [[ -x "$toolchain/usr/bin/swiftc" ]]; then
    echo "$toolchain/usr/bin/swiftc"
  elif [[ "$toolchain" == current ]]; then
    echo "$(swiftly use --print-location)/usr/bin/swiftc"
  elif command -v swiftly >/dev/null; then
    # The toolchain's resource folder is <toolchain>/usr/lib/swift, beside usr/bin/swiftc.
    local resources
    resources="$(swiftly run swiftc -print-target-info "+$toolchain" \
      | sed -n 's/.*"runtimeResourcePath": "\(.*\)".*/\1/p')"
    echo "${resources%/lib/swift}/bin/swiftc"
  else
    echo "error: '$toolchain' is not a swiftc, a toolchain folder, or (without swiftly installed) a selector" >&2
    exit 64
  fi
}
swiftc_a="$(resolve "$a")"
swiftc_b="$(resolve "$b")"
out="${out:-Results/ab-$(date -u +%Y%m%dT%H%M%SZ)}"
echo "A: $swiftc_a ${flags_a}" >&2
echo "B: $swiftc_b ${flags_b}" >&2

if [[ -n "${BENCH:-}" ]]; then
  bench="$BENCH"
else
  swift build -c release --product bench
  bench="$(swift build -c release --show-bin-path)/bench"
fi
run_args=(--toolchain "$name_a=$swiftc_a" --toolchain "$name_b=$swiftc_b" --output "$out" "${mixed[@]}")
[[ -n "$flags_a" ]] && run_args+=(--toolchain-flags "$name_a=$flags_a")
[[ -n "$flags_b" ]] && run_args+=(--toolchain-flags "$name_b=$flags_b")
"$bench" run "${run_args[@]}" "$@"

status=0
"$bench" compare "$out" --base-toolchain "$name_a" --new-toolchain "$name_b" --threshold "$threshold" --format text \
  --bundle "$out/regressions" "${mixed[@]}" || status=$?
case "$status" in
  0|2|4) exit "$status" ;;
  *) echo "error: bench compare failed with status $status" >&2; exit "$status" ;;
esac
