import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The reusable action's scripts on bad input (issue 33): the gate never passes a comparison that did not happen,
/// and the local runner answers in one line and leaves nothing behind.
@Suite struct ActionScriptTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws
    -> ProcessResult
  {
    var merged = ProcessInfo.processInfo.environment
    merged.merge(environment) { _, new in new }
    return try ProcessRunner.run(executable, arguments, workingDirectory: root, environment: merged, timeout: 60)
  }

  /// `gate` with compare's status 65 (nothing in common) printed "No regression" and passed; every status but 0, 4
  /// and an empty one (nothing stored yet) fails the job now.
  @Test(arguments: [("", 0), ("0", 0), ("4", 0), ("2", 1), ("65", 1), ("64", 1), ("70", 1)])
  func theGatePassesOnlyAComparisonThatHappened(_ status: String, _ expected: Int32) throws {
    let temp = try TemporaryDirectory()
    let result = try Self.run(
      "/bin/bash", ["scripts/action-step.sh", "gate"],
      environment: ["COMPARE_STATUS": status, "GITHUB_WORKSPACE": temp.url.path, "INPUT_NAME": "n"])
    #expect(result.status == .exited(expected), "\(status): \(result.stdoutText)\(result.stderrText)")
    if expected != 0 { #expect(result.stdoutText.hasPrefix("::error::"), "\(result.stdoutText)") }
    #expect(!result.stdoutText.contains("No regression") || ["0", "4"].contains(status))
  }

  /// The action's name input becomes a toolchain name and a folder: `..` (or `.x`, or 300 characters) is refused by
  /// every step before it is used, by the rule records are read with.
  @Test(arguments: ["..", ".x", "a/b", String(repeating: "n", count: 300)])
  func everyStepRefusesANameTheRecordCannotHold(_ name: String) throws {
    let temp = try TemporaryDirectory()
    for step in ["measure", "base", "gate"] {
      let result = try Self.run(
        "/bin/bash", ["scripts/action-step.sh", step],
        environment: ["INPUT_NAME": name, "GITHUB_WORKSPACE": temp.url.path, "TYPECHECKBENCH_BENCH": "/bin/false"])
      #expect(result.status == .exited(64), "\(step): \(result.stdoutText)\(result.stderrText)")
      #expect(result.stdoutText.hasPrefix("::error::the name input '"), "\(result.stdoutText)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path) == [])
    #expect(RecordID.isValid(name) == false)
  }

  /// The user's `--output` in the action's `arguments` input was a second `--output`, and the last one won
  /// silently: the measure step names it and stops before bench runs.
  @Test(arguments: ["--depth 1 --output mine", "-o mine", "--toolchain x=/y", "--meter=time"])
  func theArgumentsInputMayNotHoldWhatTheActionSets(_ arguments: String) throws {
    let temp = try TemporaryDirectory()
    let result = try Self.run(
      "/bin/bash", ["scripts/action-step.sh", "measure"],
      environment: [
        "INPUT_ARGUMENTS": arguments, "GITHUB_WORKSPACE": temp.url.path, "TYPECHECKBENCH_BENCH": "/bin/false",
      ])
    #expect(result.status == .exited(64), "\(result.stdoutText)\(result.stderrText)")
    #expect(result.stdoutText.hasPrefix("::error::the arguments input may not hold "), "\(result.stdoutText)")
  }

  /// `scripts/run-action.py` answered bad input with Python tracebacks and left a scratch folder per call.
  @Test(arguments: [
    (["--input", "novalue"], "run-action: --input expects NAME=VALUE, got 'novalue'"),
    (["--input", "nosuch=1"], "run-action: action.yml has no input nosuch"),
    (["--workspace", "/no/such/folder"], "run-action: --workspace /no/such/folder is not a folder"),
    (
      ["--summary", "/no/such/folder/summary.md"],
      "run-action: --summary /no/such/folder/summary.md: its folder does not exist"
    ),
  ])
  func theLocalRunnerRefusesBadInputInOneLine(_ arguments: [String], _ message: String) throws {
    let temp = try TemporaryDirectory()
    let result = try Self.run(
      "/usr/bin/env", ["python3", "scripts/run-action.py"] + arguments, environment: ["TMPDIR": temp.url.path])
    #expect(result.status == .exited(64), "\(result.stderrText)")
    #expect(result.stderrText == message + "\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path) == [])
  }
}
