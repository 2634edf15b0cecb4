#!/usr/bin/env bash
# Rehearses the GitHub workflow's chain (.github/workflows/typecheck-bench.yml) on one machine, so the pipeline
# cannot rot: two toolchains (`base`, the installed swiftc, and `slow`, scripts/extra-work-swiftc.sh, which gives the
# type checker real extra work), each measured in shards and merged (scripts/merge-shards.sh, refusing a missing
# shard), for two "commits" in a row; then the checks a pull request gets and the publication main gets:
#   - a missing shard fails its toolchain's merge, naming the shard;
#   - compare: base against base (an A/A across the two commits) exits 0; base against slow exits 2 naming the slower
#     points (and, with --runs 5 or more, exits 2 on time alone with --metric time);
#   - publish (scripts/publish.sh) of both commits: the history grows to two runs per toolchain, run ids
#     <commit>-<toolchain>, and the trend page is rendered;
#   - the two toolchains of the last commit merged into one run (bench merge): its report shows them side by side;
#   - the reusable action (action.yml), its own steps run by scripts/run-action.py with --meter instructions against
#     a local origin: a push to main stores the result on gh-pages, a pull request with the same compiler passes,
#     and one with scripts/small-work-swiftc.sh (one extra overloaded expression per case) fails the job.
# Every check prints `ok:` or stops the script with `FAILED:` and a non-zero status.
#
# usage: scripts/ci-rehearsal.sh [--depth 1...3] [--model per-kind,unified] [--runs 5] [--shards 2] [--out DIR]
#                                [--action-arguments "--depth 1 --model unified"] [--no-action | --action-only]
#   BENCH  environment: the bench executable (default: a debug build of this checkout, as `swift test` leaves it)
set -euo pipefail
cd "$(dirname "$0")/.."

depth="1...3" model="per-kind,unified" runs=5 shards=2 out="" action_arguments="--depth 1 --model unified" action=true
action_only=false
while [[ $# -gt 0 ]]; do
  case "$1" in
    --depth) depth="$2"; shift 2 ;;
    --model) model="$2"; shift 2 ;;
    --runs) runs="$2"; shift 2 ;;
    --shards) shards="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --action-arguments) action_arguments="$2"; shift 2 ;;
    --no-action) action=false; shift ;;
    --action-only) action_only=true; shift ;;
    -h|--help) sed -n '2,20p' "$0"; exit 0 ;;
    *) echo "error: unknown argument '$1' (see --help)" >&2; exit 64 ;;
  esac
done
started=$SECONDS
if [[ -n "${BENCH:-}" ]]; then
  bench="$BENCH"
else
  swift build --product bench >&2
  bench="$(swift build --show-bin-path)/bench"
fi
export BENCH="$bench"
swiftc="${SWIFTC:-$(command -v swiftc)}"
slow="$PWD/scripts/extra-work-swiftc.sh"
# 24 extra kinds make `slow` about 6x the scopes of `base` at per-kind depth 2 (8,438 against 1,382 with Swift
# 6.3.1), so its time gate stays clear of the noise band even on a loaded machine (6 kinds gave 1.5-2x, which a
# load of 7 on 2 cores widened the band past).
export EXTRA_KINDS="${EXTRA_KINDS:-24}"
if [[ -z "$out" ]]; then
  out="$(mktemp -d)"
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"

fail() { echo "FAILED: $*" >&2; exit 1; }
ok() { echo "ok: $*"; }
# Runs a command and checks its exit status: expect STATUS COMMAND…
expect() {
  local want="$1" status=0
  shift
  "$@" > "$out/last.txt" 2>&1 || status=$?
  (( status == want )) || { cat "$out/last.txt" >&2; fail "exit $status (wanted $want): $*"; }
}

if ! $action_only; then
echo "== rehearsal: depth $depth, $model, $runs runs per point, $shards shards, toolchains base ($swiftc) and slow" \
  "($slow), in $out"
names=(base slow)
paths=("$swiftc" "$slow")
for commit in c1 c2; do
  for index in 0 1; do
    name="${names[$index]}"
    for ((shard = 1; shard <= shards; shard++)); do
      "$bench" run --toolchain "$name=${paths[$index]}" --depth "$depth" --model "$model" --runs "$runs" --warmup 0 --quiet \
        --shard "$shard/$shards" --output "$out/$commit/shards/$name-$shard" > /dev/null
    done
    expect 0 scripts/merge-shards.sh "$name" "$shards" "$out/$commit/shards" "$out/$commit/merged/$commit-$name"
  done
  ok "$commit: ${#names[@]} toolchains x $shards shards measured and merged"
done

# A failed shard is named and stops the merge.
mv "$out/c2/shards/base-$shards" "$out/c2/shards/lost"
expect 1 scripts/merge-shards.sh base "$shards" "$out/c2/shards" "$out/c2/merged/lost-merge"
grep -q "shard $shards/$shards of base is missing" "$out/last.txt" || fail "the missing shard was not named"
mv "$out/c2/shards/lost" "$out/c2/shards/base-$shards"
ok "a missing shard fails the merge and is named"

# Pull-request checks: compare with the published base.
expect 0 "$bench" compare "$out/c1/merged/c1-base" "$out/c2/merged/c2-base" --format md
ok "A/A (base at c1 vs base at c2) exits 0: $(head -1 "$out/last.txt")"
expect 2 "$bench" compare "$out/c2/merged/c2-base" "$out/c2/merged/c2-slow"
grep -q "slower" "$out/last.txt" || fail "the slower points are not named"
ok "base vs slow exits 2: $(head -1 "$out/last.txt")"
if (( runs >= 5 )); then
  expect 2 "$bench" compare "$out/c2/merged/c2-base" "$out/c2/merged/c2-slow" --metric time
  ok "base vs slow, --metric time, exits 2: $(head -1 "$out/last.txt")"
fi

# Publication from main: both commits, both toolchains.
for commit in c1 c2; do
  for name in "${names[@]}"; do
    expect 0 scripts/publish.sh "$out/$commit/merged/$commit-$name" "$out/site" "$name"
  done
done
for name in "${names[@]}"; do
  count="$(grep -o "\"runID\":\"c[12]-$name\"" "$out/site/history.jsonl" | sort -u | wc -l)"
  (( count == 2 )) || fail "history holds $count runs of $name (wanted 2)"
done
[[ -s "$out/site/index.html" ]] || fail "no trend page"
[[ -s "$out/site/latest/base/index.html" && -s "$out/site/latest/slow/index.html" ]] || fail "no latest reports"
ok "history grew to 2 runs per toolchain; trend page and latest reports rendered"

# Toolchains side by side: the last commit's runs merged into one.
expect 0 "$bench" merge "$out/c2/merged/c2-base" "$out/c2/merged/c2-slow" -o "$out/side-by-side"
grep -q "Toolchains side by side" "$out/side-by-side/report.md" || fail "no side-by-side section in the merged report"
grep -q "slow ÷ base" "$out/side-by-side/report.md" || fail "no ratio against the first toolchain"
ok "merged run shows base and slow side by side"

# Pages are self-contained: no chart is referenced by a relative path.
for page in "$out/site/index.html" "$out/site/latest/base/index.html" "$out/side-by-side/index.html"; do
  if grep -q '<img src="charts/' "$page"; then fail "$page links its charts instead of holding them"; fi
done
ok "pages hold their charts inline"

fi

# The reusable action, step by step, with instruction counts (cachegrind here), against a local origin.
if $action; then
  origin="$out/action/origin.git" workspace="$out/action/workspace"
  git init -q --bare "$origin"
  git clone -q "$origin" "$workspace" 2> /dev/null
  git -C "$workspace" -c user.name=rehearsal -c user.email=rehearsal@localhost commit -q --allow-empty -m start
  git -C "$workspace" push -q origin HEAD:main
  run_action() {
    TYPECHECKBENCH_BENCH="$bench" python3 scripts/run-action.py --workspace "$workspace" \
      --input "arguments=$action_arguments" --input meter=instructions --input name=ci "$@"
  }
  expect 0 run_action --event push --ref refs/heads/main --sha 1111111111111111111111111111111111111111 \
    --input "swiftc=$swiftc" --summary "$out/action/push.md"
  git -C "$workspace" fetch -q origin gh-pages
  git -C "$workspace" cat-file -e FETCH_HEAD:latest/ci/run.json || fail "the push did not store latest/ci on gh-pages"
  ok "action, push to main: measured with instructions and stored on gh-pages"
  expect 0 run_action --event pull_request --input "swiftc=$swiftc" --summary "$out/action/same.md"
  grep -q "0 slower" "$out/action/same.md" || fail "the pull request's summary has no comparison"
  grep -q "gate: scopes and instructions" "$out/action/same.md" || fail "the comparison did not gate on instructions"
  ok "action, pull request with the same compiler: passes ($(grep -m1 "slower" "$out/action/same.md"))"
  expect 1 run_action --event pull_request --input "swiftc=$PWD/scripts/small-work-swiftc.sh" \
    --summary "$out/action/small.md"
  grep -q "::error::type-checking regressions" "$out/last.txt" || fail "the failing job did not say why"
  grep -q "slower" "$out/action/small.md" || fail "the regression is not in the summary"
  ok "action, pull request with one extra expression per case: the job fails ($(grep -m1 "slower" "$out/action/small.md"))"
fi

echo "== rehearsal passed in $((SECONDS - started)) s"
