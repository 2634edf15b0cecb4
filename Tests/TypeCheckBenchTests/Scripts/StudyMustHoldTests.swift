import Foundation
import Testing

@testable import TypeCheckBench

/// Each measurement study under scripts/studies/ states the property its page claims as must-holds
/// (`study_must` in lib.sh) and fails when one does not hold, in its --quick mode too; the extended
/// `ScriptQuickModeTests` runs every quick mode and reads the lines. These tests are fast: lib.sh's rule itself, on
/// throwaway scripts, and every study's shape.
@Suite struct StudyMustHoldTests {
  static let studies = ActionScriptTests.root.appendingPathComponent("scripts/studies")

  /// The study scripts: every `.sh` in scripts/studies/ but lib.sh.
  static func studyNames() throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: studies.path)
      .filter { $0.hasSuffix(".sh") && $0 != "lib.sh" }.sorted()
  }

  /// Runs a bash script that sources lib.sh, then `body`.
  static func withLibrary(_ body: String) throws -> ProcessResult {
    let script = "source \(studies.appendingPathComponent("lib.sh").path)\n\(body)\n"
    return try ProcessRunner.run("/bin/bash", ["-c", "set -euo pipefail\n" + script], timeout: 60)
  }

  @Test func aStudyWithAFalseMustHoldFailsAndSaysWhich() throws {
    let result = try Self.withLibrary(
      """
      study_must "small enough" study_at_most 0.9 1
      study_must "fast enough" study_at_most 1.2 1
      study_must "counted" test 3 = 3
      study_verdict
      echo not reached
      """)
    #expect(result.status == .exited(1), "\(result.stdoutText)\(result.stderrText)")
    #expect(
      result.stdoutText
        == "must-hold: small enough: yes\nmust-hold: fast enough: NO\nmust-hold: counted: yes\n")
  }

  @Test func aStudyWhoseMustHoldsHoldExitsZero() throws {
    let result = try Self.withLibrary(
      """
      study_must "at least" study_at_least 20.5 20
      study_must "at most" study_at_most 2 2
      study_verdict
      echo reached
      """)
    #expect(result.status == .exited(0), "\(result.stderrText)")
    #expect(result.stdoutText.hasSuffix("reached\n"))
  }

  /// A figure a study failed to read (empty, `n/a`, a word) never satisfies a bound.
  @Test(arguments: ["", "n/a", "1e3", "-1", "1.", "12 MB"])
  func aFigureThatIsNotANumberHoldsNoBound(_ figure: String) throws {
    let result = try Self.withLibrary(
      "study_must \"a\" study_at_most '\(figure)' 100; study_must \"b\" study_at_least '\(figure)' -5; study_verdict")
    #expect(result.status == .exited(1))
    #expect(result.stdoutText == "must-hold: a: NO\nmust-hold: b: NO\n")
  }

  /// Every study states at least one must-hold, ends on its verdict, and CI runs its quick mode.
  @Test func everyStudyStatesItsMustHoldsAndCIRunsIt() throws {
    let names = try Self.studyNames()
    #expect(names.count >= 10, "\(names)")
    let called = Set(ScriptQuickModeTests.calls.map(\.script))
    for name in names {
      let text = try String(contentsOf: Self.studies.appendingPathComponent(name), encoding: .utf8)
      let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      #expect(lines.contains { $0.hasPrefix("study_must ") }, "\(name) states no must-hold")
      #expect(lines.last(where: { !$0.isEmpty }) == "study_verdict", "\(name) does not end on study_verdict")
      #expect(called.contains("scripts/studies/\(name)"), "CI does not run \(name)'s quick mode")
    }
  }
}
