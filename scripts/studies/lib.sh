# What the measurement studies in scripts/studies/ share: finding bench, a scratch folder, the nesting case bench
# generates with its framework modules built as bench builds them, and the case time summed from a compile's body
# lines. A study sources it (`source "$(dirname "$0")/lib.sh"`): it defines functions, `study_root`
# and `study_temporary`, a temporary folder of the study's own, removed when it exits.
# shellcheck shell=bash

# The repository's root.
study_root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)

# Prints the bench executable: $BENCH, else a release build of this checkout (built first, its progress on stderr).
study_bench() {
  if [[ -n ${BENCH:-} ]]; then
    printf '%s\n' "$BENCH"
    return
  fi
  local bin
  swift build -c release --product bench --package-path "$study_root" >&2 || return
  bin=$(swift build -c release --show-bin-path --package-path "$study_root") || return
  printf '%s/bench\n' "$bin"
}

study_temporary=$(mktemp -d)
trap 'rm -rf "$study_temporary"' EXIT

# study_scratch FOLDER: prints FOLDER, created when missing, or when it is empty the study's temporary folder.
study_scratch() {
  if [[ -n ${1:-} ]]; then
    mkdir -p "$1" && printf '%s\n' "$1"
  else
    printf '%s\n' "$study_temporary"
  fi
}

# A study's must-holds, the property its page states: `study_must TEXT COMMAND...` runs COMMAND and prints
# "must-hold: TEXT: yes" or "must-hold: TEXT: NO" on stdout; `study_verdict`, a study's last step, exits 1 when any was
# NO. Every study has at least one, in its --quick mode too (ScriptQuickModeTests reads the lines).
study_failed=0
study_must() {
  local text=$1
  shift
  if "$@"; then
    echo "must-hold: $text: yes"
  else
    echo "must-hold: $text: NO"
    study_failed=1
  fi
}
study_verdict() {
  if ((study_failed)); then
    echo "$(basename "$0"): a must-hold does not hold" >&2
    exit 1
  fi
}

# study_at_most VALUE LIMIT and study_at_least VALUE LIMIT: VALUE is a number (an empty or garbled figure is false) and
# within LIMIT.
study_at_most() { [[ $1 =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk -v v="$1" -v l="$2" 'BEGIN { exit !(v <= l) }'; }
study_at_least() { [[ $1 =~ ^[0-9]+(\.[0-9]+)?$ ]] && awk -v v="$1" -v l="$2" 'BEGIN { exit !(v >= l) }'; }

# The 1-, 5- and 15-minute load averages.
study_load() { cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || uptime | sed 's/.*load averages*: //'; }

# study_nesting_case BENCH SWIFTC MODEL DEPTH FOLDER: the nesting case bench generates (in FOLDER/cases, with its
# manifest.tsv) and its framework modules built as bench builds them (FOLDER/modules; Generators/ReproduceScript).
# Sets case_file (the case file's path) and case_lines (FIRST-LAST: the case's own lines in it).
# shellcheck disable=SC2034 # case_file and case_lines are the caller's
study_nesting_case() {
  local bench=$1 swiftc=$2 model=$3 depth=$4 folder=$5 file modules module
  "$bench" generate --family nesting --model "$model" --depth "$depth" -o "$folder/cases" >/dev/null
  # The manifest's module column names the case's modules, dependencies first (an SDK surface has several).
  IFS=$'\t' read -r file modules case_lines < <(awk -F'\t' -v OFS='\t' '
    NR == 1 { for (i = 1; i <= NF; i++) column[$i] = i; next }
    NR == 2 { print $column["file"], $column["module"], $column["case_lines"] }' "$folder/cases/manifest.tsv")
  mkdir -p "$folder/modules"
  for module in $modules; do
    "$swiftc" -emit-module -wmo -parse-as-library -module-name "$module" "$folder/cases/$module.swift" \
      -emit-module-path "$folder/modules/$module.swiftmodule" -I "$folder/modules"
  done
  case_file="$folder/cases/$file"
}

# study_body_ms CASE_FILE FIRST-LAST: reads a compile's -debug-time-function-bodies lines on stdin and prints the case
# time as bench sums it: the body lines of CASE_FILE within those lines, closures left out (ms, two decimals);
# nothing when there is none.
study_body_ms() {
  awk -F'\t' -v path="$1" -v first="${2%-*}" -v last="${2#*-}" '
    $1 ~ /^[0-9.]+ms$/ && NF >= 3 && $3 != "(closure)" && match($2, /:[0-9]+:[0-9]+$/) {
      split(substr($2, RSTART + 1), position, ":")
      if (substr($2, 1, RSTART - 1) == path && position[1] >= first && position[1] <= last) {
        total += substr($1, 1, length($1) - 2); seen = 1
      }
    }
    END { if (seen) printf "%.2f\n", total }'
}
