import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

/// What CI checked with shell scripts run one after another in `.ci/run`, as tests of the extended set (issue 30,
/// item 4): each measurement study under scripts/studies/ in its quick mode, the fixture capture and the reference
/// sweeps in theirs, the workflow's rehearsal, the real A/B of two toolchains and the pages a user opens. A study's
/// quick mode checks the property its page states as must-holds (counters of `--jobs 2` and `--jobs 1` identical,
/// bench's case time within 10% of plain swiftc's, parser throughput above a floor, …; StudyMustHoldTests), so each
/// test asserts its exit status 0 and, for a study, that its must-hold lines are there and all hold; it prints the
/// end of the output when not. The suite is serialized: a study's timings are taken one study at a time.
/// The scripts need the tools `.ci/run` installs (valgrind, Chromium, python3); where one is missing (the workflow's
/// `swift test` job, whose containers have none) the suite says so and does not run.
@Suite(
  .serialized,
  .enabled(if: ScriptTools.missing.isEmpty, ScriptTools.missingNote))
struct ScriptQuickModeTests {
  /// One script call: the interpreter, the script and its arguments (given the call's own scratch folder).
  struct Call: Sendable, CustomTestStringConvertible {
    var interpreter = "/bin/bash"
    var script: String
    var arguments: @Sendable (_ scratch: String) -> [String] = { _ in ["--quick"] }

    var testDescription: String { script }
  }

  /// The calls `.ci/run` made, with the arguments it gave. The studies' own pages say what each measures.
  static let calls: [Call] = [
    Call(script: "scripts/studies/plain-swiftc-check.sh"),
    Call(script: "scripts/studies/flag-costs.sh"),
    Call(script: "scripts/studies/generator-speed.sh"),
    Call(script: "scripts/studies/parser-throughput.sh"),
    Call(script: "scripts/studies/overhead-benchmark.sh"),
    Call(script: "scripts/studies/aa-check.sh") {
      ["--sweeps", "2", "--runs", "5", "--out", "\($0)/aa", "--report", "\($0)/aa.md", "--"]
        + ["--depth", "1...2", "--model", "unified"]
    },
    Call(script: "scripts/studies/ab-configurations.sh") {
      ["--only", "prepared", "--out", "\($0)/ab", "--", "--depth", "1...2", "--branches", "1...2", "--runs", "1"]
    },
    Call(script: "scripts/studies/instructions-benchmark.sh") { ["--quick", "--out", "\($0)/instructions"] },
    Call(script: "scripts/studies/corpus-jobs.sh"),
    Call(script: "scripts/studies/corpus-memory.sh"),
    Call(script: "scripts/capture-parser-fixtures.sh") { ["--quick", "\($0)/fixtures"] },
    Call(script: "scripts/reference-runs.sh"),
    Call(script: "scripts/compare-toolchains.sh") {
      let swiftc = ScriptQuickModeTests.swiftc
      return [
        "--out", "\($0)/toolchains", swiftc, swiftc, "--", "--depth", "1...2", "--model", "unified", "--runs", "1",
      ]
    },
    // The workflow's chain on this machine (shards, merge, compare A/A and against a slower toolchain, history,
    // pages, the action), small: per-kind depth 1...2, 5 runs a point, 2 shards.
    Call(script: "scripts/ci-rehearsal.sh") { _ in
      ["--depth", "1...2", "--model", "per-kind", "--runs", "5", "--shards", "2"]
    },
  ]

  static let swiftc = InstalledCompiler.swiftc ?? "swiftc"

  /// Runs `interpreter script arguments` from the repository's root with `BENCH` set to this build's bench and the
  /// environment CI gives the scripts (the tests' shared module cache left out: a study builds its modules itself).
  static func run(_ interpreter: String, _ script: String, _ arguments: [String]) throws -> ProcessResult {
    var environment = ProcessInfo.processInfo.environment
    environment["TYPECHECKBENCH_MODULE_CACHE"] = nil
    environment["BENCH"] = try BuiltBench.required()
    return try ProcessRunner.run(
      interpreter, [script] + arguments, workingDirectory: ActionScriptTests.root, environment: environment,
      timeout: 3600)
  }

  /// The last lines of a call's output, for a failure's message.
  static func tail(_ result: ProcessResult) -> String {
    let lines = (result.stdoutText + result.stderrText).split(separator: "\n", omittingEmptySubsequences: false)
    return "\(result.status): …\n" + lines.suffix(40).joined(separator: "\n")
  }

  @Test(.extended, arguments: calls)
  func theQuickModePasses(_ call: Call) throws {
    let scratch = try TemporaryDirectory()
    let result = try Self.run(call.interpreter, call.script, call.arguments(scratch.url.path))
    #expect(result.status == .exited(0), "\(call.script): \(Self.tail(result))")
    // A study's quick mode checks the property its page states (`study_must`, StudyMustHoldTests): its lines are
    // there, and each holds.
    guard call.script.hasPrefix("scripts/studies/") else { return }
    let holds = (result.stdoutText + result.stderrText).split(separator: "\n").filter { $0.hasPrefix("must-hold: ") }
    #expect(!holds.isEmpty, "\(call.script) printed no must-hold: \(Self.tail(result))")
    #expect(holds.allSatisfy { $0.hasSuffix(": yes") }, "\(call.script): \(holds.joined(separator: "\n"))")
  }

  /// The real A/B: Debian's Swift 6.0.3 against the installed swiftc, nesting depth 1...2, 5 runs a point. bench
  /// compare exits with the status its verdicts call for (0, 2 or 4); the report and the comparison name both
  /// versions; the 6.0.3 side agrees with plain swiftc like the host's (`plain-swiftc-check.sh --swiftc`).
  @Test(
    .extended,
    .enabled(if: InstalledToolchain.wrapper("debian-6.0") != nil, "needs scripts/install-toolchain.sh debian-6.0"))
  func theRealABNamesBothToolchains() throws {
    let swift60 = try #require(InstalledToolchain.wrapper("debian-6.0"))
    let hostVersion = try #require(InstalledCompiler.version)
    let scratch = try TemporaryDirectory()
    let out = scratch.url.appendingPathComponent("real-ab").path
    let ab = try Self.run(
      "/bin/bash", "scripts/compare-toolchains.sh",
      ["--names", "swift-6.0,swift-6.3", "--out", out, swift60, Self.swiftc, "--", "--depth", "1...2"]
        + ["--runs", "5", "--quiet"])
    #expect([.exited(0), .exited(2), .exited(4)].contains(ab.status), "\(Self.tail(ab))")
    let compare = try ProcessRunner.run(
      try BuiltBench.required(), ["compare", out, "--base-toolchain", "swift-6.0", "--new-toolchain", "swift-6.3"],
      timeout: 600)
    for version in ["Swift 6.0.3, release", "Swift \(hostVersion), release"] {
      #expect(compare.stdoutText.contains(version), "compare does not name \(version): \(Self.tail(compare))")
    }
    let report = try String(contentsOfFile: out + "/report.md", encoding: .utf8)
    #expect(report.contains("| swift-6.0 | 6.0.3 | release |"), "report.md does not name Swift 6.0.3")
    let plain = try Self.run("/bin/bash", "scripts/studies/plain-swiftc-check.sh", ["--quick", "--swiftc", swift60])
    #expect(plain.status == .exited(0), "\(Self.tail(plain))")
  }

  /// Every page a user opens, in headless Chromium (scripts/check-pages.py): a run's index.html (the committed
  /// reference), a corpus run's (the fixtures' two passing tests) and the history page (two committed runs appended)
  /// each load without a console message, lay out every chart, not blank in a screenshot, and resolve every link;
  /// the self-test breaks a copy of a page three ways and expects each to fail; a screenshot renders.
  @Test(.extended) func thePagesAUserOpensPassInChromium() throws {
    let bench = try BuiltBench.required()
    let scratch = try TemporaryDirectory()
    let corpus = scratch.url.appendingPathComponent("corpus").path
    let site = scratch.url.appendingPathComponent("site").path
    let root = ActionScriptTests.root.path
    let steps: [(String, [String])] = [
      (
        bench,
        [
          "corpus", root + "/Tests/TypeCheckBenchTests/Corpus/Fixtures", "--filter", "linear_sum|verify_ok",
          "--ignore-requires", "asserts", "-o", corpus, "--quiet",
        ]
      ),
      (bench, ["history", site, "--append", root + "/Results/reference"]),
      (bench, ["history", site, "--append", root + "/Results/reference-kinds"]),
    ]
    for (executable, arguments) in steps {
      let result = try ProcessRunner.run(executable, arguments, timeout: 600)
      try #require(result.status == .exited(0), "bench \(arguments[0]): \(Self.tail(result))")
    }
    let checks: [(String, String, [String])] = [
      (
        "python3", "scripts/check-pages.py",
        ["Results/reference/index.html", corpus + "/index.html", site + "/index.html"]
      ),
      ("python3", "scripts/check-pages.py", ["--self-test", "Results/reference/index.html"]),
      ("/bin/sh", "scripts/render-screenshot.sh", ["Results/reference", scratch.url.path + "/reference.png"]),
    ]
    for (interpreter, script, arguments) in checks {
      let result = try Self.run(interpreter, script, arguments)
      #expect(result.status == .exited(0), "\(script): \(Self.tail(result))")
    }
  }
}
