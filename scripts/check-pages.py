#!/usr/bin/env python3
"""Opens each page a user opens (a run's index.html, a corpus run's, the history page) in headless Chromium and
checks it as a reader would see it: it loads without a console message (an error, an uncaught exception), every
chart (an inline <svg>, an <img>, an <object>) is laid out with a size and is not blank in a screenshot of the page,
and every link and source on it (href, src) resolves to a file or an anchor that exists.

usage: scripts/check-pages.py PAGE.html...
       scripts/check-pages.py --self-test PAGE.html   (breaks a copy of PAGE three ways: a chart emptied, a link to a
                                                      missing file, a console error; each must fail the check)
Each page is checked in a copy of its folder (a probe script is added to the copy, never to the page): nothing is
written beside the pages. Exit status: 0 when every page passes; 1 when one fails (one line per problem); 64 for bad
usage; 69 when no Chromium is installed (apt-get install chromium).
"""
import html.parser
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import urllib.parse
import zlib

WIDTH = 1280
# The probe lists every chart's place and whether each image loaded, in an element `--dump-dom` prints.
PROBE = """<script>
(function () {
  var out = {charts: [], width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight};
  document.querySelectorAll('svg, img, object, canvas').forEach(function (e) {
    if (e.parentElement && e.parentElement.closest('svg')) return;
    var r = e.getBoundingClientRect();
    out.charts.push({tag: e.tagName.toLowerCase(), x: r.left + window.scrollX, y: r.top + window.scrollY,
      w: r.width, h: r.height, loaded: e.tagName !== 'IMG' || (e.complete && e.naturalWidth > 0),
      label: (e.getAttribute('aria-label') || e.getAttribute('src') || e.id || '').slice(0, 60)});
  });
  var pre = document.createElement('pre');
  pre.id = 'typecheckbench-page-probe';
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
</script>"""


def browser():
    for name in ("chromium", "chromium-browser", "google-chrome"):
        path = shutil.which(name)
        if path:
            return path
    return None


def run_browser(executable, arguments, profile):
    """Runs headless Chromium; returns (stdout, the console lines it logged)."""
    result = subprocess.run(
        [executable, "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--enable-logging=stderr",
         "--v=0", f"--user-data-dir={profile}", "--allow-file-access-from-files", "--virtual-time-budget=5000"]
        + arguments, capture_output=True, text=True, timeout=120)
    console = [line for line in result.stderr.splitlines() if ":CONSOLE" in line]
    return result.stdout, console


class Links(html.parser.HTMLParser):
    """Every href and src of a page, and every id it defines."""

    def __init__(self):
        super().__init__()
        self.targets = []
        self.ids = set()

    def handle_starttag(self, tag, attributes):
        for name, value in attributes:
            if name == "id" and value:
                self.ids.add(value)
            if name in ("href", "src") and value is not None:
                self.targets.append((tag, name, value))


def link_problems(page):
    parser = Links()
    with open(page, encoding="utf-8") as file:
        parser.feed(file.read())
    problems = []
    folder = os.path.dirname(page)
    for tag, attribute, value in parser.targets:
        parsed = urllib.parse.urlparse(value)
        if parsed.scheme in ("http", "https", "mailto", "data"):
            continue
        if parsed.scheme not in ("", "file"):
            problems.append(f"<{tag} {attribute}=\"{value}\">: a {parsed.scheme}: link")
            continue
        if not parsed.path:
            if parsed.fragment and parsed.fragment not in parser.ids:
                problems.append(f"<{tag} {attribute}=\"{value}\">: no element has id {parsed.fragment}")
            continue
        target = urllib.parse.unquote(parsed.path)
        target = target if os.path.isabs(target) else os.path.join(folder, target)
        if not os.path.exists(target):
            problems.append(f"<{tag} {attribute}=\"{value}\">: {os.path.normpath(target)} does not exist")
    return problems


def read_png(path):
    """Width, height and rows of RGB(A) pixels (8 bits, not interlaced, as Chromium writes them)."""
    with open(path, "rb") as file:
        data = file.read()
    if data[:8] != b"\x89PNG\r\n\x1a\n":
        raise ValueError("not a PNG")
    position, chunks, header = 8, [], None
    while position < len(data):
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            chunks.append(body)
        position += 12 + length
    width, height, depth, color, _, _, interlace = header
    if depth != 8 or color not in (2, 6) or interlace:
        raise ValueError(f"unsupported PNG (depth {depth}, color type {color}, interlace {interlace})")
    channels = 3 if color == 2 else 4
    raw = zlib.decompress(b"".join(chunks))
    stride = width * channels
    rows, previous, offset = [], bytearray(stride), 0
    for _ in range(height):
        kind, line = raw[offset], bytearray(raw[offset + 1:offset + 1 + stride])
        offset += 1 + stride
        for i in range(stride):
            left = line[i - channels] if i >= channels else 0
            up = previous[i]
            corner = previous[i - channels] if i >= channels else 0
            if kind == 1:
                line[i] = (line[i] + left) & 255
            elif kind == 2:
                line[i] = (line[i] + up) & 255
            elif kind == 3:
                line[i] = (line[i] + (left + up) // 2) & 255
            elif kind == 4:
                estimate = left + up - corner
                pa, pb, pc = abs(estimate - left), abs(estimate - up), abs(estimate - corner)
                line[i] = (line[i] + (left if pa <= pb and pa <= pc else up if pb <= pc else corner)) & 255
        rows.append(bytes(line))
        previous = line
    return width, height, channels, rows


def blank(image, box):
    """True when the screenshot shows (nearly) one colour inside `box`: a chart that did not render."""
    width, height, channels, rows = image
    # Inside the chart's border (a frame alone is no chart).
    inset = 4
    x0, y0 = max(0, int(box["x"]) + inset), max(0, int(box["y"]) + inset)
    x1, y1 = min(width, int(box["x"] + box["w"]) - inset), min(height, int(box["y"] + box["h"]) - inset)
    if x1 - x0 < 4 or y1 - y0 < 4:
        return True
    counts = {}
    for y in range(y0, y1, 2):
        row = rows[y]
        for x in range(x0, x1, 2):
            pixel = row[x * channels:x * channels + 3]
            counts[pixel] = counts.get(pixel, 0) + 1
    total = sum(counts.values())
    # Axes, labels and a line or bars cover far more than 0.5 % of a chart.
    return total - max(counts.values()) < total * 0.005


def check(page, executable):
    problems = [f"link {problem}" for problem in link_problems(page)]
    work = tempfile.mkdtemp(prefix="check-pages-")
    try:
        folder = os.path.join(work, "site")
        shutil.copytree(os.path.dirname(page), folder, symlinks=True)
        copy = os.path.join(folder, os.path.basename(page))
        with open(copy, encoding="utf-8") as file:
            text = file.read()
        probe = os.path.join(folder, ".typecheckbench-probe.html")
        with open(probe, "w", encoding="utf-8") as file:
            file.write(text.replace("</body>", PROBE + "</body>") if "</body>" in text else text + PROBE)
        profile = os.path.join(work, "profile")
        dom, console = run_browser(executable, [f"--window-size={WIDTH},900", "--dump-dom", f"file://{copy}"], profile)
        problems += [f"console: {line.split('] ', 1)[-1]}" for line in console]
        dom, _ = run_browser(executable, [f"--window-size={WIDTH},900", "--dump-dom", f"file://{probe}"], profile)
        match = re.search(r'<pre id="typecheckbench-page-probe">(.*?)</pre>', dom, re.S)
        if not match:
            return problems + ["the page did not finish loading in headless Chromium (no probe result)"], 0
        layout = json.loads(html.unescape(match.group(1)))
        charts = layout["charts"]
        if not charts:
            problems.append("no chart on the page")
        height = min(int(layout["height"]) + 16, 16384)
        shot = os.path.join(work, "page.png")
        run_browser(executable, [f"--window-size={WIDTH},{height}", f"--screenshot={shot}", f"file://{copy}"], profile)
        if not os.path.exists(shot):
            return problems + ["headless Chromium wrote no screenshot"], len(charts)
        image = read_png(shot)
        for number, chart in enumerate(charts, 1):
            name = f"chart {number} ({chart['tag']}{', ' + chart['label'] if chart['label'] else ''})"
            if not chart["loaded"]:
                problems.append(f"{name} did not load")
            elif chart["w"] < 10 or chart["h"] < 10:
                problems.append(f"{name} has no size ({chart['w']:.0f}×{chart['h']:.0f})")
            elif chart["y"] + chart["h"] > image[1]:
                problems.append(f"{name} lies below the screenshot")
            elif blank(image, chart):
                problems.append(f"{name} is blank in the screenshot")
        return problems, len(charts)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def self_test(page, executable):
    """Checks that each way of breaking a copy of `page` fails the check, and that the copy itself passes."""
    work = tempfile.mkdtemp(prefix="check-pages-self-test-")
    try:
        with open(page, encoding="utf-8") as file:
            text = file.read()
        start = text.index("<svg")
        opened = text.index(">", start) + 1
        breakages = {
            "chart emptied": (text[:opened] + text[text.index("</svg>", opened):], "is blank in the screenshot"),
            "missing link": (text.replace("</body>", '<a href="missing.html">x</a></body>'), "does not exist"),
            "console error": (text.replace("</body>", "<script>console.error('x')</script></body>"), "console:"),
            "as committed": (text, None),
        }
        failed = False
        for name, (broken, expected) in breakages.items():
            folder = os.path.join(work, name.replace(" ", "-"))
            shutil.copytree(os.path.dirname(page), folder, symlinks=True)
            copy = os.path.join(folder, os.path.basename(page))
            with open(copy, "w", encoding="utf-8") as file:
                file.write(broken)
            problems, _ = check(copy, executable)
            caught = any(expected in problem for problem in problems) if expected else not problems
            print(f"check-pages self-test: {name}: {'ok' if caught else 'NOT CAUGHT'} {problems if not caught else ''}")
            failed = failed or not caught
        return 1 if failed else 0
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    pages = sys.argv[1:]
    if len(pages) == 2 and pages[0] == "--self-test":
        executable = browser()
        if not executable:
            print("check-pages: Chromium is not installed (apt-get install chromium)", file=sys.stderr)
            return 69
        return self_test(os.path.abspath(pages[1]), executable)
    if not pages or any(page.startswith("-") for page in pages):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 64
    executable = browser()
    if not executable:
        print("check-pages: Chromium is not installed (apt-get install chromium)", file=sys.stderr)
        return 69
    failed = False
    for page in pages:
        if not os.path.isfile(page):
            print(f"check-pages: {page}: no such page", file=sys.stderr)
            failed = True
            continue
        problems, charts = check(os.path.abspath(page), executable)
        for problem in problems:
            print(f"check-pages: {page}: {problem}", file=sys.stderr)
        if problems:
            failed = True
        else:
            print(f"check-pages: {page}: loads cleanly, {charts} chart(s) rendered, every link resolves")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
