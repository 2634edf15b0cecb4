import Foundation

@testable import TypeCheckBench

/// A shell script that answers `--version` like Swift 6.3.1 and otherwise acts out a fault scenario.
///
/// Unless its scenario ends it first, a compile appends a line to the invocation counter, writes a statistics file
/// into the `-stats-output-dir` folder and prints one `-debug-time-function-bodies` line for the case's last line.
/// The scenario is shell code that runs before that and may use `$file` (the case file), `$stats`, `$lines`, `$count`
/// (this compile's 1-based number) and `$arguments` (the compile's arguments, joined by spaces). A module build
/// (`-emit-module`) is counted apart, runs `moduleScenario`, writes a statistics file and succeeds.
struct FakeCompiler {
  static let versionText = "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu"

  let path: String
  let counterURL: URL
  let moduleCounterURL: URL

  /// Writes the script `name` into `folder`.
  /// - Parameters:
  ///   - scenario: Shell code run by each compile (not by `--version`).
  ///   - moduleScenario: Shell code run by each module build.
  ///   - version: What `--version` prints.
  init(
    in folder: TemporaryDirectory, name: String = "swiftc", scenario: String = "", moduleScenario: String = "",
    version: String = FakeCompiler.versionText
  ) throws {
    counterURL = folder.url.appendingPathComponent("\(name).count")
    moduleCounterURL = folder.url.appendingPathComponent("\(name).modules")
    path = try folder.script(
      name,
      """
      if [ "$1" = "--version" ]; then
        printf '%s\\n' '\(version.replacingOccurrences(of: "'", with: ""))'
        exit 0
      fi
      arguments="$*"
      file=""
      stats=""
      module=""
      while [ $# -gt 0 ]; do
        case "$1" in
          -typecheck) file="$2"; shift ;;
          -stats-output-dir) stats="$2"; shift ;;
          -emit-module) module=yes ;;
        esac
        shift
      done
      if [ -n "$module" ]; then
        echo module >> '\(moduleCounterURL.path)'
        \(moduleScenario)
        printf '{"Sema.NumConstraintScopes": 852}\\n' > "$stats/module.json"
        exit 0
      fi
      echo compile >> '\(counterURL.path)'
      count=$(wc -l < '\(counterURL.path)' | tr -d ' ')
      lines=$(wc -l < "$file" | tr -d ' ')
      \(scenario)
      printf '{"Sema.NumConstraintScopes": 42, "Sema.NumLeafScopes": 7}\\n' > "$stats/frontend.json"
      printf '1.25ms\\t%s:%s:1\\tglobal function main.(file).body@%s:%s:1\\n' "$file" "$lines" "$file" "$lines" >&2
      exit 0
      """)
  }

  /// How many module builds the script has run.
  var moduleBuilds: Int {
    guard let text = try? String(contentsOf: moduleCounterURL, encoding: .utf8) else { return 0 }
    return text.split(separator: "\n").count
  }

  /// How many compiles (not `--version` calls) the script has run.
  var invocations: Int {
    guard let text = try? String(contentsOf: counterURL, encoding: .utf8) else { return 0 }
    return text.split(separator: "\n").count
  }
}

/// What one `bench` invocation printed and returned.
struct BenchOutcome {
  var status: Int32
  var output: [String]
  var errors: [String]

  /// Everything printed, one string, for messages in failed expectations.
  var transcript: String { (output + errors).joined(separator: "\n") }
}

/// Runs `bench` in this process with its output captured.
func bench(_ arguments: [String]) -> BenchOutcome {
  let lines = CapturedLines()
  let errors = CapturedLines()
  let status = BenchCommandLine.main(arguments, output: { lines.append($0) }, errorOutput: { errors.append($0) })
  return BenchOutcome(status: status, output: lines.all, errors: errors.all)
}

/// Lines collected from closures that may run on any thread.
final class CapturedLines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func append(_ text: String) {
    lock.lock()
    lines += text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}

/// The built `bench` executable, for tests that signal bench itself (and must not signal the test process).
enum BenchExecutable {
  /// The debug product next to this test bundle, else the package's `.build/debug/bench`; nil when not built.
  static let path: String? = {
    var candidates: [URL] = []
    // Linux runs the tests from `<build>/debug/<Package>PackageTests.xctest`, macOS from a bundle in the same folder.
    let bundle = Bundle.main.bundleURL
    candidates.append(bundle.appendingPathComponent("bench"))
    candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("bench"))
    if let executable = Bundle.main.executableURL {
      candidates.append(executable.deletingLastPathComponent().appendingPathComponent("bench"))
    }
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    candidates.append(packageRoot.appendingPathComponent(".build/debug/bench"))
    return candidates.map(\.path).first { FileManager.default.isExecutableFile(atPath: $0) }
  }()
}

/// The samples of a run folder's run.json as (case, toolchain, iteration) points.
func points(ofRunAt folder: URL) throws -> [SweepRunner.SampleKey] {
  let record = try RecordFile.read(folder)
  return record.samples.map {
    SweepRunner.SampleKey(caseID: $0.caseID, toolchain: $0.toolchain, iteration: $0.iteration)
  }
}

/// The lines of a run folder's journal.
func journalLineCount(_ folder: URL) -> Int {
  guard let data = FileManager.default.contents(atPath: folder.appendingPathComponent("samples.jsonl").path) else {
    return 0
  }
  return data.split(separator: 0x0A).count
}
