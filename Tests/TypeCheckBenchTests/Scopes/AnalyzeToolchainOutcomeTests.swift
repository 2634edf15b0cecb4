import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `bench analyze --toolchain`: a compiler that runs past the timeout, gives up or rejects the code is that
/// compiler's outcome, set beside the others' scopes, never an abort of the comparison; and the exit status follows
/// the documented rule (docs/toolchains.md): 2 with `--fail-over` when any toolchain gave up or timed out, else 70 when
/// the code did not type-check with every toolchain.
@Suite(.enabled(if: InstalledCompiler.isAvailable, "needs a Swift compiler"))
struct AnalyzeToolchainOutcomeTests {
  static let chain = "let light = 1 + 2 * 3 - 4 / 5 + 6\n"

  /// A compiler that answers `--version` as the installed one does and otherwise hangs (a fault: the timeout's).
  static func hanging(in folder: TemporaryDirectory) throws -> String {
    let swiftc = try InstalledCompiler.required()
    return try folder.script(
      "hanging-swiftc",
      """
      case "$*" in *--version*) exec '\(swiftc)' "$@";; esac
      exec sleep 600
      """)
  }

  /// The must-hold case: A runs past the timeout, B (the real swiftc) solves the file: B's scopes are printed, A as a
  /// lower bound, and the exit is 70 (2 with --fail-over).
  @Test func aToolchainPastTheTimeoutIsALowerBoundBesideTheOthersScopes() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("F.swift", Self.chain)
    let hanging = try Self.hanging(in: folder)
    let swiftc = try InstalledCompiler.required()
    let arguments = [
      file.path, "--scopes-only", "--toolchain", "A=\(hanging)", "--toolchain", "B=\(swiftc)", "--timeout", "20",
    ]
    let run = try AnalyzeScopesTests.analyze(arguments)
    #expect(run.status == .software, "\(run.warnings)")
    // B's 26 scopes (the chain's count on 6.3.1, as AnalyzeScopesTests measures it), A as at least the timeout.
    #expect(
      run.output.contains("F.swift:1: solves in 26 scopes with B, where A runs past the 20 s timeout"), "\(run.output)")
    let row = run.output.split(separator: "\n").first { $0.contains("F.swift:1 ") }
    #expect(row?.contains("≥ 20 s") == true && row?.contains("26") == true, "\(run.output)")
    #expect(run.output.contains("A: ran past the 20 s timeout"))
    #expect(run.warnings.contains { $0.contains("A: the traced build ran past the 20 s timeout") }, "\(run.warnings)")
    #expect(run.warnings.contains { $0.contains("does not type-check with every toolchain: A runs past") })

    // A gate cannot pass on a compile whose work is unknown.
    let gated = try AnalyzeScopesTests.analyze(arguments + ["--fail-over", "100%", "--format", "json"])
    #expect(gated.status == .regression, "\(gated.warnings)")
    let json = try JSONSerialization.jsonObject(with: Data(gated.output.utf8)) as? [String: Any]
    #expect((json?["outcomes"] as? [String: String]) == ["A": "timed-out", "B": "type-checked"])
    #expect((json?["timedOutAfterSeconds"] as? [String: Double]) == ["A": 20])
    let expressions = json?["expressions"] as? [[String: Any]] ?? []
    #expect(expressions.contains { ($0["scopes"] as? [String: Int])?["B"] == 26 }, "\(gated.output)")
  }

  /// The same compiler with a budget of 10 scopes gives up on the chain the default budget solves: named as such, and
  /// the give-up fails the gate at any share.
  @Test(.enabled(if: InstalledCompiler.hasScopeThreshold, "needs -solver-scope-threshold"))
  func aToolchainThatGivesUpIsNamedWhereAnotherSolves() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("F.swift", Self.chain)
    let swiftc = try InstalledCompiler.required()
    let tight = try folder.script("tight-swiftc", "exec '\(swiftc)' \"$@\" -Xfrontend -solver-scope-threshold=10")
    let arguments = [file.path, "--scopes-only", "--toolchain", "full=\(swiftc)", "--toolchain", "tight=\(tight)"]
    let run = try AnalyzeScopesTests.analyze(arguments)
    #expect(run.status == .software, "\(run.warnings)")
    #expect(run.output.contains("F.swift:1: solves in 26 scopes with full, where tight gives up (≥ "), "\(run.output)")
    #expect(run.output.contains(" LIMIT"))
    let gated = try AnalyzeScopesTests.analyze(arguments + ["--fail-over", "100%"])
    #expect(gated.status == .regression, "\(gated.warnings)")
  }

  /// One toolchain: an expression the solver gave up on fails the build as swiftc does (70), and fails --fail-over
  /// at any share (2), also when --solver-scope-threshold moved the budget.
  @Test(.enabled(if: InstalledCompiler.hasScopeThreshold, "needs -solver-scope-threshold"))
  func aGiveUpFailsTheBuildAndTheGate() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("F.swift", Self.chain)
    let plain = try AnalyzeScopesTests.analyze([file.path, "--scopes-only", "--solver-scope-threshold", "25"])
    #expect(plain.status == .software, "\(plain.warnings)")
    #expect(plain.output.contains("LIMIT"))
    #expect(
      plain.warnings.contains { $0.contains("the build does not type-check: the solver gave up on 1 expression") })
    for threshold in ["25", "1"] {
      let gated = try AnalyzeScopesTests.analyze([
        file.path, "--scopes-only", "--solver-scope-threshold", threshold, "--fail-over", "100%",
      ])
      #expect(gated.status == .regression, "threshold \(threshold): \(gated.warnings)")
    }
    // Under the budget, nothing gave up: a success.
    let solved = try AnalyzeScopesTests.analyze([file.path, "--scopes-only", "--solver-scope-threshold", "100"])
    #expect(solved.status == .success, "\(solved.warnings)")
  }
}
