#!/usr/bin/env bash
# Re-measures every committed reference and example run in Results/ with the exact commands Results/README.md lists (module form,
# the default), replacing the old runs, then the form comparison table of docs/framework-forms.md (depth 1…5, both
# models, module and inline form), then the headlines quoted by README.md and Results/README.md
# (scripts/generate-docs.sh). One command rewrites everything; run it on a quiet machine: constraint scopes are exact
# whatever the load, times are not.
#
# The commands give no --surface: each run takes the default surfaces (iOS 26.2 per-kind, iOS 27.0 unified), so a
# committed run measured before surfaces existed (its case ids spell no surface: iOS 18.0 per-kind, idealised unified)
# is replaced by the same command on the new surfaces, and until then still checks as what it measured.
#
# Every run is measured by the bench of this checkout, whose sources must be committed (a run records bench's git
# revision, and a published run must name a commit, never `<commit>-modified`); `bench report RUN --check` then checks
# each re-measured run, and `swift test` (CommittedResultsTests) checks every committed run: what this code writes,
# measured from a commit of this branch with the command listed here.
#
# Usage: scripts/reference-runs.sh [--quick | --list] [NAME...]   (default: every reference and example run, then
#                                                    the form table; NAME is reference, example-chart-ladder, forms, …)
#   --quick  (CI) measures nothing and writes nothing in the checkout: `bench generate` writes each reference
#            sweep's cases to a temporary folder, proving the commands still parse and their cases generate.
#   --list   prints `name|arguments` for every run this script measures (CommittedResultsTests reads it), the
#            toolchains' paths as placeholders (@debian-6.0@, @debian-6.2@: scripts/install-toolchain.sh's wrappers;
#            @swiftc@: swiftc on PATH; @sdk-NAME@: a bench sdk import set, see the sdk/ runs below).
#   BENCH  environment: the bench executable (default: a release build of this checkout).
# The toolchains/ runs measure three real compilers side by side (Swift 6.0.3 and 6.2.3 from Debian, installed by
# scripts/install-toolchain.sh first when missing, and the installed swiftc); they take the longest.
set -euo pipefail
repo_root=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo_root"
quick=false
list=false
case ${1:-} in
--quick)
  quick=true
  shift
  ;;
--list)
  list=true
  shift
  ;;
esac

# The toolchains the toolchains/ runs measure, by placeholder; resolved when a run is measured.
three_toolchains="--toolchain swift-6.0=@debian-6.0@ --toolchain swift-6.2=@debian-6.2@"
three_toolchains+=" --toolchain swift-6.3=@swiftc@ --allow-mixed"
# name|arguments: the commands of Results/README.md.
runs=(
  "reference|--depth 1...8"
  "reference-chart|--family chart --branches 1...12"
  "reference-branches|--family branches --depth 2 --branches 1...16"
  "reference-kinds|--kinds 1,2,4,8,11 --depth 1...5 --runs 3"
  # The example templates (docs/templates.md, "Example templates and what they measured").
  "example-arithmetic-chain|--template examples/templates/arithmetic-chain.swift --param N=1...5 --runs 3 --counter Sema.NumConstraintScopes --counter Sema.NumLeafScopes"
  "example-chart-ladder|--template examples/templates/chart-ladder.swift --param N=1...8 --runs 2"
  "example-modifier-chain|--template examples/templates/modifier-chain.swift --param N=2,4,8,12,16 --runs 3"
  "example-switch-view|--template examples/templates/switch-view.swift --param N=2,4,8,16,32 --runs 3"
  # Three real toolchains side by side (docs/toolchains.md): the two release builds' times compare, scopes all three.
  "surfaces/nesting|--depth 1...8 --surface ios18,idealised,ios26,ios27"
  "toolchains/nesting|--depth 1...8 $three_toolchains"
  "toolchains/kinds|--kinds 1,2,4,8,11 --depth 1...5 --runs 3 $three_toolchains"
  "toolchains/branches|--family branches --depth 2 --branches 1...16 $three_toolchains"
  "toolchains/chart|--family chart --branches 1...12 --chart-variant compat,extracted,modern $three_toolchains"
  # SwiftUI's own declarations (docs/fidelity.md): `bench sdk import` of each SDK's interfaces, never committed,
  # into $TYPECHECKBENCH_SDK_ROOT/NAME (default ~/.cache/typecheckbench/sdk/NAME) for @sdk-NAME@; skipped without it.
  "sdk/ios26.2-nesting|--depth 1...8 --framework sdk --sdk @sdk-ios26.2@"
  "sdk/ios27.0-nesting|--depth 1...8 --framework sdk --sdk @sdk-ios27.0@"
  "sdk/ios27.0-chart|--family chart --branches 1...12 --framework sdk --sdk @sdk-ios27.0@"
)
selected=("$@")

if $list; then
  printf '%s\n' "${runs[@]}"
  exit 0
fi
if ! $quick; then
  # The same paths bench's own revision check reads (HostFacts.gitRevision).
  if [[ -n $(git status --porcelain --untracked-files=no -- Package.swift Sources Generators) ]]; then
    echo "reference-runs: Package.swift, Sources/ or Generators/ differ from the commit; commit them first, or the" \
      "runs record bench's revision as <commit>-modified" >&2
    exit 1
  fi
fi
if [[ -z ${BENCH:-} ]]; then
  swift build -c release --product bench >/dev/null
  BENCH="$(swift build -c release --show-bin-path)/bench"
fi

# The path a toolchain placeholder stands for (installing Debian's toolchains when missing).
resolve_toolchain() {
  case $1 in
    @swiftc@) command -v swiftc ;;
    @debian-6.0@) bash scripts/install-toolchain.sh debian-6.0 ;;
    @debian-6.2@) bash scripts/install-toolchain.sh debian-6.2 ;;
  esac
}

for entry in "${runs[@]}"; do
  name=${entry%%|*}
  read -r -a arguments <<<"${entry#*|}"
  if ((${#selected[@]} > 0)) && [[ " ${selected[*]} " != *" $name "* && " ${selected[*]} " != *" ${name%%/*} "* ]]; then
    continue
  fi
  missing_sdk=""
  for index in "${!arguments[@]}"; do
    if [[ ${arguments[index]} =~ ^@sdk-([a-z0-9.-]+)@$ ]]; then
      # A module set bench sdk import wrote (quick mode generates cases, which need none: --sdk is left out there).
      arguments[index]="${TYPECHECKBENCH_SDK_ROOT:-$HOME/.cache/typecheckbench/sdk}/${BASH_REMATCH[1]}"
      [[ -f ${arguments[index]}/manifest.json ]] || missing_sdk=${arguments[index]}
    elif [[ ${arguments[index]} =~ ^(.*=)(@[a-z0-9.-]+@)$ ]]; then
      if $quick; then
        arguments[index]="${BASH_REMATCH[1]}$(command -v swiftc)"
      else
        arguments[index]="${BASH_REMATCH[1]}$(resolve_toolchain "${BASH_REMATCH[2]}")"
      fi
    fi
  done
  if $quick; then
    cases=$(mktemp -d)
    # `generate` takes the sweep options; a measurement option (--runs N, --counter NAME) is left out with its value.
    generate_options=" $("$BENCH" generate --help | awk '/^  --/ {print $1}' | tr '\n' ' ')"
    sweep=()
    skip=false
    for argument in "${arguments[@]}"; do
      if $skip; then
        skip=false
      elif [[ $argument == --* && $generate_options != *" $argument "* ]]; then
        skip=true
      else
        sweep+=("$argument")
      fi
    done
    "$BENCH" generate "${sweep[@]}" -o "$cases/$name"
    rm -rf "$cases"
    continue
  fi
  if [[ -n $missing_sdk ]]; then
    echo "== $name: skipped: no module set at $missing_sdk (bench sdk import SDK --output $missing_sdk)" >&2
    continue
  fi
  echo "== $name: bench run ${arguments[*]}"
  # The old run stays in git until the new one is committed; the folder's name is the run's id.
  rm -rf "Results/$name"
  mkdir -p "$(dirname "Results/$name")"
  "$BENCH" run "${arguments[@]}" --output "Results/$name" --quiet
  # A finished run's journal duplicates its run.json (and is ignored by git).
  rm -f "Results/$name/samples.jsonl"
  # A committed run keeps its record, not its generated sources (git ignores them): `bench generate --from` and the
  # run's cases/reproduce.sh regenerate them, and `bench report --check` checks them against run.json.
  rm -f "Results/$name"/cases/*.swift
done

$quick && exit 0

# The form table: the same sweep in both forms, per-kind and unified side by side.
if ((${#selected[@]} == 0)) || [[ " ${selected[*]} " == *" forms "* ]]; then
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT
  for form in module inline; do
    echo "== forms: bench run --depth 1...5 --runs 3 --framework $form"
    "$BENCH" run --depth 1...5 --runs 3 --framework "$form" --output "$work/$form" --quiet >/dev/null
  done
  # Rows of a report's first table: depth | per-kind ms | unified ms | ratio | per-kind scopes | unified scopes.
  rows() { awk -F' [|] ' '/^\| [0-9]+ \|/ { gsub(/^\| /, "", $1); gsub(/ \|$/, "", $6); print $1 "|" $2 "|" $3 "|" $5 "|" $6 }' "$1"; }
  {
    echo "| depth | module: per-kind scopes | module: unified scopes | module: per-kind ms | module: unified ms | inline: per-kind scopes | inline: unified scopes | inline: per-kind ms | inline: unified ms |"
    echo "|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    join -t '|' <(rows "$work/module/report.md" | sort -t '|' -k1,1) <(rows "$work/inline/report.md" | sort -t '|' -k1,1) |
      sort -t '|' -k1,1n |
      awk -F'|' '{ print "| " $1 " | " $4 " | " $5 " | " $2 " | " $3 " | " $8 " | " $9 " | " $6 " | " $7 " |" }'
    echo
    echo "Framework modules (built once per toolchain, not part of the module-form figures above):"
    echo
    awk '/^### Framework modules/ {inside=1; next} inside && /^\|/ {print} inside && /^### / {exit}' "$work/module/report.md"
    echo
    version=$(grep -m1 '^| default |' "$work/module/report.md" | awk -F' [|] ' '{print $2}')
    cpu=$(grep -m1 '^| CPU |' "$work/module/report.md" | sed -e 's/^| CPU | //' -e 's/ |$//')
    echo "Measured $(date -u +%Y-%m-%d) by \`scripts/reference-runs.sh\` with Swift $version on $cpu; median of 3 runs."
  } >"$work/forms-table.md"
  awk -v content="$work/forms-table.md" '
    $0 == "<!-- BEGIN GENERATED: forms-table -->" { print; while ((getline line < content) > 0) print line; skip = 1; next }
    $0 == "<!-- END GENERATED: forms-table -->" { skip = 0 }
    !skip { print }
  ' docs/framework-forms.md >"$work/framework-forms.md"
  cp "$work/framework-forms.md" docs/framework-forms.md
fi

# Headlines quoted by README.md and Results/README.md come from the new reports.
bash scripts/generate-docs.sh
# The re-measured runs (every committed run when none was named) are what this code writes; `swift test`
# (CommittedResultsTests) checks the rest of what a committed run must be.
if ((${#selected[@]} == 0)); then
  folders=(Results/*/ Results/*/*/)
else
  folders=()
  for name in "${selected[@]}"; do folders+=("Results/$name/" "Results/$name"/*/); done
fi
checked=0 failed=0
for folder in "${folders[@]}"; do
  if [[ -f $folder/run.json ]]; then
    checked=$((checked + 1))
    "$BENCH" report "${folder%/}" --check >/dev/null || failed=$((failed + 1))
  fi
done
if ((failed > 0)); then
  echo "reference-runs: $failed of $checked re-measured runs are not what this code writes" >&2
  exit 1
fi
echo "reference-runs: $checked re-measured runs are what this code writes; swift test (CommittedResultsTests) checks" \
  "every committed run"
