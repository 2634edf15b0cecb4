#!/usr/bin/env bash
# Regenerates the documentation that quotes bench's own output, so it cannot drift from what bench prints:
#
# - docs/commands.md: `bench --help` and every command's `--help`;
# - docs/examples.md: `bench parse` on the committed batch-mode build log and on a committed trace, `bench compat --list`,
#   `bench generate --list-surface`;
# - the blocks between `<!-- BEGIN GENERATED: name -->` and `<!-- END GENERATED: name -->`: in docs/usage.md the
#   command table, the sweep and measuring option tables (from the commands' declarations) and the exit statuses;
#   in Results/README.md each committed reference run's headline (from `bench report`, which re-renders
#   a run from its run.json).
#
# What they should hold is computed by the test GeneratedDocsTests (Tests/TypeCheckBenchTests/Docs), which `swift
# test` runs and which fails while any of them is stale; this script runs that test with TCB_WRITE_DOCS=1, which
# writes them. Everything quoted is deterministic: no compile runs, no timings taken now. With --check nothing is
# written: the test alone runs, and fails (exit 1) when regenerating would change a file.
#
# Usage: scripts/generate-docs.sh [--check]
set -euo pipefail

repo_root=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo_root"
case "${1:-}" in
--check) exec swift test --filter GeneratedDocsTests ;;
"") TCB_WRITE_DOCS=1 exec swift test --filter GeneratedDocsTests ;;
*)
  echo "usage: $0 [--check]" >&2
  exit 64
  ;;
esac
