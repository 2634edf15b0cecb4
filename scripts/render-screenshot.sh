#!/bin/sh
# Renders a run's index.html to a PNG with headless Chromium, to look at a report as a reader would.
# Usage: scripts/render-screenshot.sh RUN_DIR [OUT.png] [WIDTHxHEIGHT]
set -eu

if [ $# -lt 1 ] || [ $# -gt 3 ]; then
  echo "usage: $0 RUN_DIR [OUT.png] [WIDTHxHEIGHT]" >&2
  exit 64
fi
run_dir=$(cd "$1" && pwd)
out=${2:-"$run_dir/screenshot.png"}
size=${3:-1280x2400}
if [ ! -f "$run_dir/index.html" ]; then
  echo "$0: no index.html in $run_dir (render it with: bench report RUN --format svg,html)" >&2
  exit 66
fi

browser=""
for candidate in chromium chromium-browser google-chrome; do
  if command -v "$candidate" >/dev/null 2>&1; then browser=$candidate; break; fi
done
if [ -z "$browser" ]; then
  echo "$0: Chromium is not installed. On Debian or Ubuntu: apt-get update && apt-get install -y chromium" >&2
  exit 69
fi

case "$out" in /*) ;; *) out="$(pwd)/$out" ;; esac
# --no-sandbox because containers usually run as root; a fresh profile keeps runs independent.
profile=$(mktemp -d)
trap 'rm -rf "$profile"' EXIT
"$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
  --screenshot="$out" --window-size="$(echo "$size" | tr x ,)" "file://$run_dir/index.html" >/dev/null 2>&1
echo "$out"
