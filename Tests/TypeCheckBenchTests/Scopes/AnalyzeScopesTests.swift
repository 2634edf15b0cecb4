import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `bench analyze` ranking expressions by scopes, with the installed swiftc.
@Suite struct AnalyzeScopesTests {
  struct Run {
    var status: TypeCheckBenchCore.ExitStatus
    var output: String
    var warnings: [String]
  }

  static func analyze(_ arguments: [String]) throws -> Run {
    var lines: [String] = []
    var warnings: [String] = []
    let status = try AnalyzeCommand.command.run(
      arguments, context: CommandContext(output: { lines.append($0) }, warn: { warnings.append($0) }))
    return Run(status: status, output: lines.joined(separator: "\n"), warnings: warnings)
  }

  /// The scope part of `--format json` without the times (the one field that differs between runs), by line.
  static func scopeLines(_ json: String) -> [String] {
    json.split(separator: "\n").map(String.init).filter { !$0.contains("\"milliseconds\"") }
  }

  static let source = """
    func total(_ prices: [Double]) -> Double {
      let sum = prices.reduce(0, +)
      let tax = 1 + 2.0 * 3 - 4
      return sum * 1.08 + tax
    }
    let light = 1 + 2 * 3 - 4 / 5 + 6

    """

  /// Two runs on the same code give the same scopes, byte for byte; a changed expression changes only its own row.
  @Test func sameInputSameScopesAndAnEditStaysOnItsLine() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("Prices.swift", Self.source)
    let first = try Self.analyze([file.path, "--scopes-only", "--format", "json", "--limit", "50"])
    let second = try Self.analyze([file.path, "--scopes-only", "--format", "json", "--limit", "50"])
    #expect(first.status == .success, "\(first.warnings)")
    #expect(Self.scopeLines(first.output) == Self.scopeLines(second.output))
    // The example: six literals and operators, 26 scopes.
    #expect(first.output.contains("\"scopes\" : 26"))

    // One more operator in line 3 only.
    _ = try folder.file("Prices.swift", Self.source.replacingOccurrences(of: "- 4\n", with: "- 4 / 5\n"))
    let edited = try Self.analyze([file.path, "--scopes-only", "--format", "json", "--limit", "50"])
    let before = try Self.rows(first.output)
    let after = try Self.rows(edited.output)
    #expect(Set(before.keys) == Set(after.keys))
    let changed = before.keys.filter { before[$0] != after[$0] }.sorted()
    #expect(changed.map(\.line) == [3], "\(changed)")
  }

  /// Rows by (line, column, kind) from `--format json`: scopes and leaf scopes.
  static func rows(_ json: String) throws -> [Key: [Int64]] {
    let object = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    let scopes = try #require(object?["scopes"] as? [String: Any])
    let expressions = try #require(scopes["expressions"] as? [[String: Any]])
    var rows: [Key: [Int64]] = [:]
    for row in expressions {
      let key = Key(
        line: try #require(row["line"] as? Int), column: try #require(row["column"] as? Int),
        kind: try #require(row["kind"] as? String))
      rows[key] = [
        try #require((row["scopes"] as? NSNumber)?.int64Value), (row["leafScopes"] as? NSNumber)?.int64Value ?? -1,
      ]
    }
    return rows
  }

  struct Key: Hashable, Comparable {
    var line: Int
    var column: Int
    var kind: String
    static func < (a: Key, b: Key) -> Bool { (a.line, a.column, a.kind) < (b.line, b.column, b.kind) }
  }

  /// The threshold moves the compiler's budget and the shares; the gate names what is over it, as annotations too.
  @Test func theGateAndTheThreshold() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("Heavy.swift", "let heavy = 1 + 2.0 * 3 - 4 / 5\nlet light = 1 + 2 * 3 - 4 / 5 + 6\n")
    let run = try Self.analyze([
      file.path, "--scopes-only", "--solver-scope-threshold", "10000", "--fail-over", "50%", "--format", "github",
    ])
    #expect(run.status == .regression, "\(run.warnings)")
    let commands = run.output.split(separator: "\n").filter { $0.hasPrefix("::") }
    #expect(commands.count == 1)
    #expect(commands.first?.hasPrefix("::error file=") == true && commands.first?.contains(",line=1,") == true)
    #expect(run.warnings.contains { $0.contains("Heavy.swift:1:13: reached the solver's limit (10001 scopes") })
  }

  /// A compiler that writes no trace: the bodies still stand, one line says why there are no scopes, exit 70.
  @Test func aCompilerWithoutTracesIsSaidInOneLine() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("A.swift", "func a() {}\n")
    let swiftc = try folder.script(
      "swiftc",
      """
      if [ "$1" = "--version" ]; then echo 'Swift version 4.0 (swift-4.0-RELEASE)'; exit 0; fi
      case "$*" in *-trace-stats-events*) echo "<unknown>:0: error: unknown argument: '-trace-stats-events'" >&2; exit 1;; esac
      printf '0.50ms\t%s:1:6\tglobal function a()\n' '\(file.path)' >&2
      """)
    let run = try Self.analyze([file.path, "--swiftc", swiftc, "--threshold", "0"])
    #expect(run.status == .software)
    #expect(run.output.contains("A.swift:1:6"))
    #expect(run.warnings.filter { $0.contains("no expression scopes") }.count == 1, "\(run.warnings)")
    #expect(run.warnings.contains { $0.contains("does not write traces: unknown argument: '-trace-stats-events'") })
  }

  /// A file that does not compile for another reason: what was checked is still ranked, and the step fails.
  @Test func aFileThatDoesNotCompileStillRanksTheRest() throws {
    let folder = try TemporaryDirectory()
    let good = try folder.file("Good.swift", "let light = 1 + 2 * 3 - 4 / 5 + 6\n")
    let bad = try folder.file("Bad.swift", "let broken: Int = \"text\"\n")
    let run = try Self.analyze([good.path, bad.path, "--scopes-only", "--format", "json"])
    #expect(run.status == .software)
    #expect(run.output.contains("\"scopes\" : 26"))
    #expect(run.warnings.contains { $0.contains("cannot convert value of type 'String'") })
  }
}
