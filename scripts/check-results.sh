#!/usr/bin/env bash
# Checks that every committed run under Results/ is what this checkout's code produces, so that a published figure
# can always be traced to the code that measured it. For each run folder (one holding run.json):
#
# 1. scripts/reference-runs.sh re-measures it, with the very command its run.json records;
# 2. `bench report RUN --check`: the reports re-rendered from run.json equal the committed files byte for byte, and the
#    generated sources (each measured case's file, each framework module's source), which a committed run does not
#    hold, regenerate from run.json as the run measured them: each sample's cache key hashes the source it compiled,
#    and each module's name ends with a hash of its source; cases/reproduce.sh is compared byte for byte;
# 3. the bench revision it records is a commit of this repository (never `<commit>-modified` or `unknown`) and an
#    ancestor of HEAD.
# So a changed generator that would change a measured case or module fails check 2 like a changed report.
# `swift test` makes the same three checks in process (Tests/TypeCheckBenchTests/CommittedResultsTests.swift).
#
# Each failing run gets one line naming it, its first problem and the command that re-measures it; the script then
# exits 1. It measures nothing and writes nothing in the checkout.
#
# Usage: scripts/check-results.sh [NAME...]     (default: every run folder under Results/)
#        scripts/check-results.sh --self-test   (measures one tiny run in a temporary folder, then checks that
#                                               changing one byte of its module, a case or a report fails the
#                                               check with the run's name; that once its generated sources are
#                                               removed, as in a committed run, it passes, and a changed cache key
#                                               or module name in run.json (what a changed generator would no longer
#                                               match) fails; and that a `-modified` revision fails)
#   BENCH  environment: the bench executable (default: a debug build of this checkout).
set -euo pipefail
repo_root=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo_root"
self_test=false
if [[ ${1:-} == --self-test ]]; then
  self_test=true
  shift
fi
if [[ -z ${BENCH:-} ]]; then
  swift build --product bench >/dev/null
  BENCH="$(swift build --show-bin-path)/bench"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Prints the problem with a recorded bench revision, or nothing when it names a commit that is an ancestor of HEAD.
revision_problem() {
  local revision=$1
  if [[ ! $revision =~ ^[0-9a-f]{7,40}$ ]]; then
    echo "bench's revision is recorded as '$revision', not a commit (measured from uncommitted sources?)"
  elif ! git rev-parse --quiet --verify "$revision^{commit}" >/dev/null; then
    echo "bench's revision $revision is not a commit of this repository"
  elif ! git merge-base --is-ancestor "$revision" HEAD; then
    echo "bench's revision $revision is not an ancestor of HEAD"
  fi
}

# Prints the first problem of the run folder $1 (named $2), or nothing. $3: "full" also checks the listing in
# reference-runs.sh and the recorded revision; "files" only the folder's files.
run_problem() {
  local folder=$1 name=$2 scope=$3 rendered="$work/rendered-${2//\//-}"
  local failure
  if ! failure=$("$BENCH" report "$folder" --check 2>&1 >/dev/null); then
    failure=${failure#bench: }
    echo "${failure#"$folder": }"
    return
  fi
  [[ $scope == full ]] || return 0
  "$BENCH" report "$folder" --format md -o "$rendered" >/dev/null
  local command revision arguments
  command=$(sed -n 's/^| Command line | \(.*\) |$/\1/p' "$rendered/report.md")
  revision=$(sed -n 's/^| bench | [^ ]* (\(.*\)) |$/\1/p' "$rendered/report.md")
  arguments=$(bash scripts/reference-runs.sh --list | awk -v name="$name" 'index($0, name "|") == 1 {
    print substr($0, length(name) + 2) }')
  # A toolchain's path stands as its placeholder in the list: the wrappers of scripts/install-toolchain.sh by their
  # name, any other compiler as @swiftc@ (the run's own machine's).
  command=$(sed -E -e 's#=[^ ]*/(debian-6\.[0-9])/bin/swiftc( |$)#=@\1@\2#g' \
    -e 's#(--toolchain [A-Za-z0-9._-]+)=/[^ @]*swiftc( |$)#\1=@swiftc@\2#g' <<<"$command")
  if [[ -z $arguments ]]; then
    echo "scripts/reference-runs.sh does not list it, so nothing re-measures it"
  elif [[ $command != "bench run $arguments --output Results/$name --quiet" ]]; then
    echo "it was measured with '$command', not with scripts/reference-runs.sh's 'bench run $arguments'"
  else
    revision_problem "${revision:-unknown}"
  fi
}

# Checks the runs named $3… under the folder $1 ($2: full or files, as for run_problem): one line on stderr per
# failing run, then a count; returns 1 when any failed.
check_runs() {
  local root=$1 scope=$2
  shift 2
  local failed=0 name folder problem
  for name in "$@"; do
    folder="$root/$name"
    if [[ ! -f $folder/run.json ]]; then
      echo "check-results: $folder holds no run.json" >&2
      failed=$((failed + 1))
      continue
    fi
    problem=$(run_problem "$folder" "$name" "$scope")
    if [[ -n $problem ]]; then
      echo "check-results: $name: $problem; re-measure with: scripts/reference-runs.sh $name" >&2
      failed=$((failed + 1))
    fi
  done
  if ((failed > 0)); then
    echo "check-results: $failed of $# runs are not what this code writes" >&2
    return 1
  fi
  echo "check-results: $# runs are what this code writes, each measured from a commit of this branch"
}

if $self_test; then
  run="$work/Results/self-test"
  "$BENCH" run --depth 1 --model unified --runs 1 --warmup 0 --output "$run" --quiet >/dev/null
  rm -f "$run/samples.jsonl"
  if ! check_runs "$work/Results" files self-test >/dev/null 2>"$work/said"; then
    echo "check-results self-test: a fresh run fails the check: $(cat "$work/said")" >&2
    exit 1
  fi
  # An SDK surface's case imports several modules: one of them is enough.
  modules=("$run"/cases/Mini*.swift)
  module=$(basename "${modules[0]}")
  case_file=$(cd "$run/cases" && ls nesting-*.swift)
  for file in "cases/$module" "cases/$case_file" report.md charts/nesting-scopes.svg; do
    cp "$run/$file" "$work/saved"
    # One byte changed in place (the 200th: past the generated header), nothing else.
    printf 'Z' | dd of="$run/$file" bs=1 seek=199 count=1 conv=notrunc 2>/dev/null
    if check_runs "$work/Results" files self-test >/dev/null 2>"$work/said" ||
      ! grep -q "^check-results: self-test: .*$file differs.*re-measure with: scripts/reference-runs.sh self-test$" \
        "$work/said"; then
      echo "check-results self-test: one byte changed in $file, but the check said: '$(cat "$work/said")'" >&2
      exit 1
    fi
    cp "$work/saved" "$run/$file"
  done
  # As committed: without its generated sources, which regenerate from run.json as the run measured them.
  rm -f "$run"/cases/*.swift
  if ! check_runs "$work/Results" files self-test >/dev/null 2>"$work/said"; then
    echo "check-results self-test: the run without its generated sources fails the check: $(cat "$work/said")" >&2
    exit 1
  fi
  # A generator that no longer writes what a run measured, seen from the record's side: a sample's cache key (the
  # hash of the source it compiled) or a module's name (ending with the hash of its source) no longer matches.
  cp "$run/run.json" "$work/saved"
  module=${module%.swift}
  for change in 'sub(/"cacheKey":"fnv1a64-/, "&0")' "sub(/$module/, \"${module}0\")"; do
    awk "!done && $change { done = 1 } 1" "$work/saved" >"$run/run.json"
    if check_runs "$work/Results" files self-test >/dev/null 2>"$work/said" ||
      ! grep -q "^check-results: self-test: .*first: cases/[^ ]*\.swift,* .*differs.*re-measure with:" "$work/said"; then
      echo "check-results self-test: run.json changed by '$change', but the check said: '$(cat "$work/said")'" >&2
      exit 1
    fi
  done
  cp "$work/saved" "$run/run.json"
  head=$(git rev-parse --short=12 HEAD)
  for revision in "$head-modified" unknown 0123456789ab; do
    if [[ -z $(revision_problem "$revision") ]]; then
      echo "check-results self-test: revision '$revision' passed the check" >&2
      exit 1
    fi
  done
  if [[ -n $(revision_problem "$head") ]]; then
    echo "check-results self-test: HEAD's revision $head failed the check: $(revision_problem "$head")" >&2
    exit 1
  fi
  echo "check-results self-test: one changed byte in a module, a case, a report or a chart fails the check with the" \
    "run's name; without its generated sources the run passes, and a changed cache key or module name fails;" \
    "-modified, unknown and foreign revisions fail, HEAD passes"
  exit 0
fi

names=("$@")
if ((${#names[@]} == 0)); then
  # Runs sit in Results/NAME, or one level down for a set of runs (Results/toolchains/nesting).
  for folder in Results/*/ Results/*/*/; do
    folder=${folder%/}
    if [[ -f $folder/run.json ]]; then names+=("${folder#Results/}"); fi
  done
fi
check_runs Results full "${names[@]}"
