import Foundation

/// A shell script that answers `--version` like Swift 6.3.1 and otherwise acts out a fault scenario.
///
/// Unless its scenario ends it first, a compile appends a line to the invocation counter, writes a statistics file
/// into the `-stats-output-dir` folder and prints one `-debug-time-function-bodies` line for the case's last line.
/// The scenario is shell code that runs before that and may use `$file` (the case file), `$stats`, `$lines`, `$count`
/// (this compile's 1-based number) and `$arguments` (the compile's arguments, joined by spaces). A module build
/// (`-emit-module`) is counted apart, runs `moduleScenario`, writes a statistics file and succeeds. Every call but `--version` appends its arguments, one a line, then a blank line, to
/// `argumentsURL`.
public struct FakeCompiler: Sendable {
  public static let versionText = "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu"

  public let path: String
  public let counterURL: URL
  public let moduleCounterURL: URL
  public let argumentsURL: URL

  /// Writes the script `name` into `folder`.
  /// - Parameters:
  ///   - scenario: Shell code run by each compile (not by `--version`).
  ///   - moduleScenario: Shell code run by each module build.
  ///   - version: What `--version` prints.
  public init(
    in folder: TemporaryDirectory, name: String = "swiftc", scenario: String = "", moduleScenario: String = "",
    version: String = FakeCompiler.versionText
  ) throws {
    counterURL = folder.url.appendingPathComponent("\(name).count")
    moduleCounterURL = folder.url.appendingPathComponent("\(name).modules")
    argumentsURL = folder.url.appendingPathComponent("\(name).arguments")
    path = try folder.script(
      name,
      """
      if [ "$1" = "--version" ]; then
        printf '%s\\n' '\(version.replacingOccurrences(of: "'", with: ""))'
        exit 0
      fi
      for argument in "$@"; do printf '%s\\n' "$argument" >> '\(argumentsURL.path)'; done
      printf '\\n' >> '\(argumentsURL.path)'
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
        [ -z "$stats" ] || printf '{"Sema.NumConstraintScopes": 852}\\n' > "$stats/module.json"
        exit 0
      fi
      echo compile >> '\(counterURL.path)'
      count=$(wc -l < '\(counterURL.path)' | tr -d ' ')
      lines=$(wc -l < "$file" | tr -d ' ')
      \(scenario)
      [ -z "$stats" ] || printf '{"Sema.NumConstraintScopes": 42, "Sema.NumLeafScopes": 7}\\n' > "$stats/frontend.json"
      printf '1.25ms\\t%s:%s:1\\tglobal function main.(file).body@%s:%s:1\\n' "$file" "$lines" "$file" "$lines" >&2
      exit 0
      """)
  }

  /// How many module builds the script has run.
  public var moduleBuilds: Int {
    guard let text = try? String(contentsOf: moduleCounterURL, encoding: .utf8) else { return 0 }
    return text.split(separator: "\n").count
  }

  /// The arguments of every call but `--version`, in order.
  public var calls: [[String]] {
    guard let text = try? String(contentsOf: argumentsURL, encoding: .utf8) else { return [] }
    return text.components(separatedBy: "\n\n").filter { !$0.isEmpty }.map {
      $0.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }
  }

  /// How many compiles (not `--version` calls) the script has run.
  public var invocations: Int {
    guard let text = try? String(contentsOf: counterURL, encoding: .utf8) else { return 0 }
    return text.split(separator: "\n").count
  }
}
