#!/usr/bin/env bash
# The steps of the reusable GitHub Action (action.yml at the repository root), one subcommand each, so that the
# action's YAML only maps inputs to environment variables and scripts/run-action.py can run the same steps locally.
#
# usage: scripts/action-step.sh build|measure|base|compare|publish|scopes|gate
# Environment (action.yml sets each from its input of the same name):
#   INPUT_SWIFT_VERSION  the Swift version swiftc must report (a prefix: 6.3 accepts 6.3.1); empty accepts any
#   INPUT_SWIFTC         the swiftc to measure (default: swiftc on PATH)
#   INPUT_NAME           the name results are stored and compared under (default: the Swift version, else default)
#   INPUT_ARGUMENTS      bench run's sweep or template arguments, split on whitespace
#   INPUT_METER          time or instructions
#   INPUT_THRESHOLD, INPUT_INSTRUCTION_THRESHOLD, INPUT_METRIC   bench compare's options
#   INPUT_BASE           a run folder to compare with instead of the stored one
#   INPUT_PUBLISH_BRANCH the branch holding latest/<name>/ and the history; INPUT_PUBLISH auto|true|false
#   INPUT_SCOPES_PATH    a package or files (relative to the workspace) to rank by constraint scopes; empty skips it
#   INPUT_SCOPES_FAIL_OVER  the budget share over which an expression fails the job (bench analyze --fail-over)
# and GitHub's: GITHUB_ACTION_PATH (this checkout), GITHUB_WORKSPACE, GITHUB_ENV, GITHUB_OUTPUT,
# GITHUB_STEP_SUMMARY, GITHUB_EVENT_NAME, GITHUB_REF, GITHUB_SHA, and the default branch's ref in
# TYPECHECKBENCH_DEFAULT_REF (refs/heads/<default branch>, given by action.yml).
set -euo pipefail
step="${1:?usage: $0 build|measure|base|compare|publish|scopes|gate}"
action="${GITHUB_ACTION_PATH:-$(cd "$(dirname "$0")/.." && pwd)}"
workspace="${GITHUB_WORKSPACE:-$PWD}"
work="$workspace/.typecheckbench"
swiftc="${INPUT_SWIFTC:-}"
[[ -n "$swiftc" ]] || swiftc="$(command -v swiftc || true)"
name="${INPUT_NAME:-}"
[[ -n "$name" ]] || name="${INPUT_SWIFT_VERSION:-default}"
# The name becomes a toolchain name in the record and a folder (latest/<name>/): held to the rule bench reads records
# by (letters, digits, '.', '_', '+', '-', not starting with '.', at most 200), before any step uses it.
if [[ ! "$name" =~ ^[A-Za-z0-9_+-][A-Za-z0-9._+-]{0,199}$ ]]; then
  echo "::error::the name input '${name:0:60}' is not an identifier (letters, digits, '.', '_', '+' and '-', not starting with '.', at most 200)"
  exit 64
fi
summary="${GITHUB_STEP_SUMMARY:-/dev/null}"
output="${GITHUB_OUTPUT:-/dev/null}"

case "$step" in
  build)
    [[ -x "$swiftc" ]] || { echo "::error::no swiftc to measure: set the swiftc input or put swiftc on PATH"; exit 1; }
    version_text="$("$swiftc" --version 2>&1 | head -1)"
    if [[ -n "${INPUT_SWIFT_VERSION:-}" && "$version_text" != *"version ${INPUT_SWIFT_VERSION}"* ]]; then
      echo "::error::swiftc is not Swift ${INPUT_SWIFT_VERSION}: $swiftc --version says: $version_text"
      exit 1
    fi
    # A bench built beforehand (TYPECHECKBENCH_BENCH, as scripts/ci-rehearsal.sh passes) is used as it is.
    if [[ ! -x "${TYPECHECKBENCH_BENCH:-}" ]]; then
      swift build -c release --package-path "$action" --product bench >&2
      echo "TYPECHECKBENCH_BENCH=$(swift build -c release --package-path "$action" --show-bin-path)/bench" \
        >> "${GITHUB_ENV:-/dev/null}"
    fi
    # Instruction counts need a counter: the hardware's when the kernel exposes it, else valgrind's cachegrind.
    if [[ "${INPUT_METER:-time}" == instructions ]] && ! command -v valgrind > /dev/null; then
      sudo=""
      [[ "$(id -u)" == 0 ]] || sudo="sudo"
      $sudo apt-get install -y -qq valgrind > /dev/null 2>&1 \
        || { $sudo apt-get update -qq > /dev/null 2>&1 && $sudo apt-get install -y -qq valgrind > /dev/null 2>&1; } \
        || echo "::warning::valgrind could not be installed; bench uses the hardware counter or refuses"
    fi
    ;;
  measure)
    bench="${TYPECHECKBENCH_BENCH:?run the build step first}"
    read -r -a arguments <<< "${INPUT_ARGUMENTS:-}"
    # The action chooses the folder, the compiler and the meter itself (the name, swiftc and meter inputs): the same
    # option in the arguments input would be a second value for it, and bench refuses an option given twice.
    for argument in "${arguments[@]}"; do
      case "${argument%%=*}" in
        --output | -o | --results | --toolchain | --swiftc | --meter | --resume)
          echo "::error::the arguments input may not hold ${argument%%=*}: the action sets it (use the name, swiftc and meter inputs)"
          exit 64
          ;;
      esac
    done
    rm -rf "$work/new"
    mkdir -p "$work"
    # One toolchain, named as the results are: compare matches it with the stored run of the same name.
    "$bench" run "${arguments[@]}" --meter "${INPUT_METER:-time}" --toolchain "$name=$swiftc" --quiet \
      --output "$work/new"
    echo "run=$work/new" >> "$output"
    ;;
  base)
    rm -rf "$work/base"
    if [[ -n "${INPUT_BASE:-}" ]]; then
      mkdir -p "$work/base/latest"
      cp -R "$INPUT_BASE" "$work/base/latest/$name"
      echo "found=true" >> "$output"
    elif git -C "$workspace" fetch --depth=1 origin "${INPUT_PUBLISH_BRANCH:-gh-pages}" 2> /dev/null \
      && git -C "$workspace" cat-file -e "FETCH_HEAD:latest/$name/run.json" 2> /dev/null; then
      mkdir -p "$work/base"
      git -C "$workspace" archive FETCH_HEAD "latest/$name" | tar -x -C "$work/base"
      echo "found=true" >> "$output"
    else
      echo "No stored results for $name on ${INPUT_PUBLISH_BRANCH:-gh-pages} yet: nothing to compare." >> "$summary"
      echo "found=false" >> "$output"
    fi
    ;;
  compare)
    bench="${TYPECHECKBENCH_BENCH:?run the build step first}"
    [[ -d "$work/base/latest/$name" ]] || { echo "status=" >> "$output"; exit 0; }
    status=0
    "$bench" compare "$work/base/latest/$name" "$work/new" --metric "${INPUT_METRIC:-auto}" \
      --threshold "${INPUT_THRESHOLD:-5%}" --instruction-threshold "${INPUT_INSTRUCTION_THRESHOLD:-0.5%}" \
      --format md --bundle "$work/bundles" > "$work/comparison.md" || status=$?
    {
      echo "## Type-checking: $name"
      echo
      cat "$work/comparison.md"
    } >> "$summary"
    cat "$work/comparison.md"
    echo "status=$status" >> "$output"
    # 0: no change, 2: a regression (the gate step fails the job), 4: improvements only; anything else is an error.
    case "$status" in 0 | 2 | 4) ;; *) exit "$status" ;; esac
    ;;
  publish)
    publish="${INPUT_PUBLISH:-auto}"
    if [[ "$publish" == auto ]]; then
      publish=false
      if [[ "${GITHUB_EVENT_NAME:-}" == push && -n "${GITHUB_REF:-}" && "${GITHUB_REF}" == "${TYPECHECKBENCH_DEFAULT_REF:-refs/heads/main}" ]]; then
        publish=true
      fi
    fi
    [[ "$publish" == true ]] || { echo "Not publishing (publish: ${INPUT_PUBLISH:-auto}, event ${GITHUB_EVENT_NAME:-none})."; exit 0; }
    export BENCH="${TYPECHECKBENCH_BENCH:?run the build step first}"
    branch="${INPUT_PUBLISH_BRANCH:-gh-pages}"
    git config --global --add safe.directory "$workspace" 2> /dev/null || true
    site="$work/site"
    # The run id names the commit, so the history grows by one run per commit and name.
    sha="${GITHUB_SHA:-local}"
    run="$work/${sha:0:12}-$name"
    rm -rf "$run"
    cp -R "$work/new" "$run"
    for attempt in 1 2 3; do
      rm -rf "$site"
      git -C "$workspace" worktree prune
      if git -C "$workspace" fetch --depth=1 origin "$branch" 2> /dev/null; then
        git -C "$workspace" worktree add -B "$branch" "$site" FETCH_HEAD > /dev/null
      else
        git -C "$workspace" worktree add --detach "$site" > /dev/null
        git -C "$site" checkout -q --orphan "$branch"
        git -C "$site" rm -rfq --ignore-unmatch . > /dev/null
      fi
      "$action/scripts/publish.sh" "$run" "$site" "$name"
      touch "$site/.nojekyll"
      git -C "$site" add -A
      git -C "$site" -c user.name="github-actions[bot]" \
        -c user.email="41898282+github-actions[bot]@users.noreply.github.com" \
        commit -qm "TypeCheckBench results of ${GITHUB_SHA:-local} ($name)" || true
      if git -C "$site" push -q origin "$branch"; then
        echo "Published $name to $branch."
        exit 0
      fi
      echo "push to $branch was refused (attempt $attempt); fetching again"
    done
    echo "::error::could not publish to $branch"
    exit 1
    ;;
  scopes)
    [[ -n "${INPUT_SCOPES_PATH:-}" ]] || { echo "status=" >> "$output"; exit 0; }
    bench="${TYPECHECKBENCH_BENCH:?run the build step first}"
    mkdir -p "$work"
    status=0
    # Annotations go to standard output, where the runner reads them; their paths are relative to the workspace.
    (cd "$workspace" && "$bench" analyze "$INPUT_SCOPES_PATH" --scopes-only --swiftc "$swiftc" \
      --fail-over "${INPUT_SCOPES_FAIL_OVER:-10%}" --format github) > "$work/scopes.txt" || status=$?
    cat "$work/scopes.txt"
    {
      echo "## Constraint scopes: $INPUT_SCOPES_PATH"
      echo
      grep -c '^::' "$work/scopes.txt" | sed 's/$/ expression(s) over the gate or at the limit (annotated on their lines)./'
      grep -v '^::' "$work/scopes.txt" || true
    } >> "$summary"
    echo "status=$status" >> "$output"
    # 0: within the share, 2: over it (the gate step fails the job); anything else is an error.
    case "$status" in 0 | 2) ;; *) exit "$status" ;; esac
    ;;
  gate)
    # bench compare's status: 0 no change, 4 improvements only, 2 a regression; empty when there was nothing stored
    # to compare with. Anything else (65: nothing in common, 64, 70, …) is a comparison that did not happen, never a
    # pass.
    status="${COMPARE_STATUS:-}"
    scopes="${SCOPES_STATUS:-}"
    case "$status" in
      "") echo "Nothing compared for $name (no stored result yet): no regression to gate on." ;;
      0 | 4) echo "No regression for $name (bench compare exit $status)." ;;
      2)
        echo "::error::type-checking regressions for $name: see the job summary (and the bundles in $work/bundles)"
        exit 1
        ;;
      *)
        echo "::error::the comparison for $name did not complete (bench compare exit $status): no verdict to pass"
        exit 1
        ;;
    esac
    if [[ "$scopes" == 2 ]]; then
      echo "::error::expressions over the constraint scope budget share: see the annotations and the job summary"
      exit 1
    fi
    if [[ -n "$scopes" ]]; then echo "Scopes within the share for $name."; fi
    ;;
  *)
    echo "error: unknown step '$step' (build, measure, base, compare, publish, scopes, gate)" >&2
    exit 64
    ;;
esac
