#!/usr/bin/env bash
# Merges the shards of one toolchain's sweep, as the workflow's merge job does, refusing loudly when a shard is
# missing or unfinished: a gate must never go silently off because one shard failed.
#
# usage: scripts/merge-shards.sh NAME COUNT SHARDS_DIR OUT_DIR
#   Expects SHARDS_DIR/NAME-1 … SHARDS_DIR/NAME-COUNT (run folders, as `bench run --shard i/COUNT` wrote them) and
#   writes the merged run to OUT_DIR, whose name becomes the run id (make it unique per commit and toolchain).
#   BENCH  environment: the bench command (default: swift run -c release bench).
# Exit status: 0 merged; 1 a shard is missing or unfinished (each named, as a GitHub ::error:: line too); bench
# merge's own status otherwise.
set -euo pipefail
if [[ $# -ne 4 ]]; then
  echo "usage: $0 NAME COUNT SHARDS_DIR OUT_DIR" >&2
  exit 64
fi
name="$1" count="$2" shards="${3%/}" out="$4"
read -r -a bench <<< "${BENCH:-swift run -c release bench}"

missing=0
inputs=()
for ((i = 1; i <= count; i++)); do
  shard="$shards/$name-$i"
  if [[ ! -f "$shard/run.json" ]]; then
    echo "::error::shard $i/$count of $name is missing ($shard/run.json): its measure job failed or was cancelled"
    echo "error: shard $i/$count of $name is missing ($shard/run.json)" >&2
    missing=$((missing + 1))
  elif grep -q '"finishedAt" *: *null' "$shard/run.json" || ! grep -q '"finishedAt"' "$shard/run.json"; then
    echo "::error::shard $i/$count of $name is unfinished ($shard/run.json has no finishedAt)"
    echo "error: shard $i/$count of $name is unfinished ($shard/run.json)" >&2
    missing=$((missing + 1))
  else
    inputs+=("$shard")
  fi
done
if (( missing > 0 )); then
  echo "error: $missing of $count shards of $name missing or unfinished: not merging" >&2
  exit 1
fi
"${bench[@]}" merge "${inputs[@]}" -o "$out"
