#!/usr/bin/env bash
# Captures the parser's test fixtures from real swiftc runs.
#
# Writes Tests/TypeCheckBenchCoreTests/Fixtures/*.txt (except the hand-written legacy-*.txt ones): the stderr (and,
# for the SwiftPM build, stdout) of swiftc type-checking small sources with the timing flags. The temporary
# directory is rewritten to /tmp/fixture so the files do not depend on where they were captured. Timings differ on
# every run: after re-capturing, update the values the parsing tests spot-check (ParsingFixtureTests.swift).
#
# The batch pair (swiftpm-batch.txt, swiftpm-nobatch.txt) is one real package, Rainbow 4.2.2 (MIT,
# github.com/onevcat/Rainbow; 15 files, two result builders), built twice with SwiftPM: once in its default batch mode
# and once with -disable-batch-mode. Only the build logs are kept, never the package's code. Set RAINBOW_GIT to
# clone it from elsewhere (default: the local mirror /opt/swift-packages/onevcat/Rainbow.git, else GitHub).
#
# --quick DIR (CI) captures the swiftc fixtures (not the SwiftPM builds) into DIR instead, leaving the committed ones
# alone, and checks with `bench parse` ($BENCH) that every capture holds timing lines the parser reads: the compiler
# still prints what the parser was built on.
#
# Usage: scripts/capture-parser-fixtures.sh [--quick DIR] [path/to/swiftc]   (default: $SWIFTC, then /opt/swift)
set -euo pipefail

repo_root=$(cd "$(dirname "$0")/.." && pwd)
fixtures="$repo_root/Tests/TypeCheckBenchCoreTests/Fixtures"
quick=false
if [[ ${1:-} == --quick ]]; then
  quick=true
  fixtures=$2
  mkdir -p "$fixtures"
  shift 2
fi
swiftc=${1:-${SWIFTC:-/opt/swift/usr/bin/swiftc}}
swift_bin=$(dirname "$swiftc")/swift
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The sources live under a stable-looking root so the rewritten paths read naturally.
src="$work/fixture"
mkdir -p "$src"

timing=(-Xfrontend -debug-time-function-bodies)
# Since Swift 6.2 expression times print only while an expression timer is armed: a huge warning limit arms it
# without producing warnings.
expressions=(-Xfrontend -debug-time-expression-type-checking -Xfrontend -warn-long-expression-type-checking=100000)
# A limit of 0 disables the warning, so 1 ms is the lowest limit that reports anything.
warnings=(-Xfrontend -warn-long-function-bodies=1 -Xfrontend -warn-long-expression-type-checking=1)

# Runs swiftc in $src, keeping stderr (stdout too, for tools that print there), with the temp root rewritten.
capture() {
  local name=$1
  shift
  (cd "$src" && "$@" >"$work/out.txt" 2>&1) || true
  sed -e "s#$work/fixture#/tmp/fixture#g" -e "s#$work#/tmp/fixture#g" "$work/out.txt" >"$fixtures/$name"
  echo "wrote $name ($(wc -l <"$fixtures/$name") lines)"
}

cat >"$src/functions.swift" <<'SWIFT'
struct Point {
  var x: Double
  var y: Double
  var length: Double { (x * x + y * y).squareRoot() }
  subscript(axis: Int) -> Double {
    get { axis == 0 ? x : y }
    set { if axis == 0 { x = newValue } else { y = newValue } }
  }
  func scaled(by factor: Double, around origin: Point) -> Point {
    Point(x: origin.x + (x - origin.x) * factor, y: origin.y + (y - origin.y) * factor)
  }
}

final class Counter {
  var count = 0 { didSet { history.append(oldValue) } }
  var history: [Int] = []
  init() {}
  deinit {}
}

func sum(_ values: [Int]) -> Int {
  values.reduce(0) { partial, value in partial + value }
}

func describe(_ values: [Double]) -> [String] {
  values.map { value -> String in
    let rounded = (value * 100).rounded() / 100
    let sign = rounded < 0 ? "-" : "+"
    return sign + String(Swift.abs(rounded))
  }
}

func slowish() -> Double {
  let a: Double = 1 + 2.0 * 3 - 4 / 5 + 6 * 7.5 - 8 + 9 / 10.0 + 11 * 12 - 13 + 14.5 * 15 - 16 / 17 + 18
  let b: Double = -a + 1.5 * 2 + 3 - 4 * 5.5 + 6 / 7 - 8 * 9 + 10.5 - 11 / 12 + 13 * 14 - 15 + 16.25
  return a * b
}
SWIFT

cat >"$src/builder.swift" <<'SWIFT'
@resultBuilder
enum ListBuilder {
  static func buildExpression(_ value: String) -> [String] { [value] }
  static func buildBlock(_ parts: [String]...) -> [String] { parts.flatMap { $0 } }
  static func buildOptional(_ part: [String]?) -> [String] { part ?? [] }
  static func buildEither(first part: [String]) -> [String] { part }
  static func buildEither(second part: [String]) -> [String] { part }
}

func list(@ListBuilder _ content: () -> [String]) -> [String] { content() }

func menu(showsExtras: Bool, count: Int) -> [String] {
  list {
    "Open"
    "Save"
    if showsExtras {
      "Export"
      "Share"
    }
    if count > 3 {
      "Many"
    } else {
      "Few"
    }
  }
}
SWIFT

cat >"$src/error.swift" <<'SWIFT'
func broken() -> Int {
  let text: Int = "not a number"
  return text + 1
}

func fine() -> Int { 42 }
SWIFT

mkdir -p "$src/Odd Folder"
cat >"$src/Odd Folder/odd name+v1.0 (copy).swift" <<'SWIFT'
func oddlyNamed(_ values: [Int]) -> Int {
  let doubled = values.map { $0 * 2 }
  return doubled.reduce(0, +)
}
SWIFT

for letter in A B C D; do
  cat >"$src/Module$letter.swift" <<SWIFT
struct Model$letter {
  var values: [Int]
  var total: Int { values.reduce(0, +) }
  func weighted(by weights: [Double]) -> Double {
    zip(values, weights).map { Double(\$0) * \$1 }.reduce(0, +)
  }
}

func make$letter() -> Model$letter {
  Model$letter(values: [1, 2, 3].map { \$0 * 10 + 1 })
}
SWIFT
done

# Relative paths print as given; absolute ones (as build systems pass them) print absolute.
capture bodies.txt "$swiftc" -typecheck "${timing[@]}" functions.swift builder.swift
capture expressions.txt "$swiftc" -typecheck "${timing[@]}" "${expressions[@]}" "$src/functions.swift" "$src/builder.swift"
capture warnings.txt "$swiftc" -typecheck "${warnings[@]}" "$src/functions.swift" "$src/builder.swift"
# -debug-diagnostic-names appends the diagnostic's identifier: ` [debug_long_function_body]`.
capture warnings-diagnostic-names.txt "$swiftc" -typecheck "${warnings[@]}" -Xfrontend -debug-diagnostic-names \
  "$src/builder.swift"
capture error.txt "$swiftc" -typecheck "${timing[@]}" "${expressions[@]}" "$src/error.swift"
capture space-path.txt "$swiftc" -typecheck "${timing[@]}" "${expressions[@]}" \
  "$src/Odd Folder/odd name+v1.0 (copy).swift"
# One frontend job per primary file, two at a time: the driver prints each job's output as it finishes.
capture interleaved-j2.txt "$swiftc" -typecheck -j2 "${timing[@]}" "${expressions[@]}" \
  "$src/ModuleA.swift" "$src/ModuleB.swift" "$src/ModuleC.swift" "$src/ModuleD.swift"

if $quick; then
  bench=${BENCH:-"$(cd "$repo_root" && swift build --show-bin-path)/bench"}
  for file in bodies expressions error space-path interleaved-j2; do
    rows=$("$bench" parse "$fixtures/$file.txt" --format csv 2>/dev/null | tail -n +2 | wc -l)
    if ((rows == 0)); then
      echo "FAILED: bench parse finds no timing rows in the fresh capture $file.txt" >&2
      exit 1
    fi
    echo "ok: $file.txt: $rows rows"
  done
  exit 0
fi

# A SwiftPM build: progress lines ("[3/10] Compiling …") and build chatter mixed with the timing lines.
pkg="$src/Package"
mkdir -p "$pkg/Sources/Shapes"
cat >"$pkg/Package.swift" <<'SWIFT'
// swift-tools-version:5.9
import PackageDescription
let package = Package(name: "Shapes", targets: [.target(name: "Shapes")])
SWIFT
cp "$src/functions.swift" "$src/builder.swift" "$src/ModuleA.swift" "$src/ModuleB.swift" "$pkg/Sources/Shapes/"
capture swiftpm-build.txt "$swift_bin" build --package-path Package -j 2 \
  -Xswiftc -Xfrontend -Xswiftc -debug-time-function-bodies \
  -Xswiftc -Xfrontend -Xswiftc -warn-long-expression-type-checking=5
# The same package with --quiet: no progress line at all, so a batch job's output repeats back to back, once per
# file of its batch (two jobs of three files); and without batch mode, each body once, the truth to compare with.
capture swiftpm-quiet-batch.txt "$swift_bin" build --package-path Package -j 2 --quiet \
  --scratch-path "$work/build-quiet" -Xswiftc -Xfrontend -Xswiftc -debug-time-function-bodies
capture swiftpm-quiet-nobatch.txt "$swift_bin" build --package-path Package -j 2 --quiet \
  --scratch-path "$work/build-quiet-nobatch" -Xswiftc -disable-batch-mode \
  -Xswiftc -Xfrontend -Xswiftc -debug-time-function-bodies

# A real package built twice: SwiftPM's batch mode prints a batch job's whole output once per file of the batch
# (after each file's progress line); -disable-batch-mode runs one job per file and prints each once. `bench parse`
# must give the same rows from both.
rainbow_git=${RAINBOW_GIT:-/opt/swift-packages/onevcat/Rainbow.git}
[[ -d $rainbow_git ]] || rainbow_git=https://github.com/onevcat/Rainbow.git
git clone -q "$rainbow_git" "$src/Rainbow"
git -C "$src/Rainbow" checkout -q 4.2.2
build_timing=(
  -Xswiftc -Xfrontend -Xswiftc -debug-time-function-bodies
  -Xswiftc -Xfrontend -Xswiftc -debug-time-expression-type-checking
  -Xswiftc -Xfrontend -Xswiftc -warn-long-expression-type-checking=100000
)
capture swiftpm-batch.txt "$swift_bin" build --package-path Rainbow --target Rainbow -j 2 \
  --scratch-path "$work/build-batch" "${build_timing[@]}"
capture swiftpm-nobatch.txt "$swift_bin" build --package-path Rainbow --target Rainbow -j 2 \
  --scratch-path "$work/build-nobatch" -Xswiftc -disable-batch-mode "${build_timing[@]}"
