#!/usr/bin/env bash
# Publishes a merged run to the results site: the run folder as the latest for its label, one history line per
# point (`SITE_DIR/history.jsonl`, deduplicated by run id) and the regenerated trend page.
#
# usage: scripts/publish.sh RUN_DIR SITE_DIR [LABEL]
#   LABEL  the folder under SITE_DIR/latest/ (default: RUN_DIR's name), for example the Swift version.
#   BENCH  environment: the bench command (default: swift run -c release bench).
set -euo pipefail
if [[ $# -lt 2 || $# -gt 3 ]]; then
  echo "usage: $0 RUN_DIR SITE_DIR [LABEL]" >&2
  exit 64
fi
run_dir="${1%/}" site_dir="${2%/}" label="${3:-$(basename "$1")}"
read -r -a bench <<< "${BENCH:-swift run -c release bench}"

# History first: bench claims the site folder (a new or empty folder gets its marker; anything else that is not a
# site bench wrote is refused with exit 73 before this script writes a file there), then the run is copied in.
"${bench[@]}" history "$site_dir" --append "$run_dir"
mkdir -p "$site_dir/latest"
rm -rf "$site_dir/latest/$label.tmp"
cp -R "$run_dir" "$site_dir/latest/$label.tmp"
rm -rf "$site_dir/latest/$label"
mv "$site_dir/latest/$label.tmp" "$site_dir/latest/$label"
