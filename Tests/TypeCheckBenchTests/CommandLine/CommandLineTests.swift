import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The command line's manners: help with examples, typo suggestions, conflicting flags explained, and bad values
/// refused in one line (exit 64) before any work.
@Suite struct CommandLineTests {
  static let commands = ["generate", "run", "parse", "report", "compare", "merge", "history", "fidelity"]

  @Test(arguments: commands)
  func everyCommandsHelpHasExamples(_ command: String) throws {
    let outcome = bench([command, "--help"])
    #expect(outcome.status == 0)
    #expect(outcome.errors.isEmpty)
    let lines = outcome.output
    let examples = try #require(lines.firstIndex(of: "EXAMPLES:"), "\(command) --help has no EXAMPLES section")
    let shown = lines[(examples + 1)...].prefix { !$0.isEmpty }.map { $0.trimmingCharacters(in: .whitespaces) }
    #expect(shown.filter { $0.contains("bench \(command)") }.count >= 2, "\(shown)")
    #expect(lines.contains("OPTIONS:"))
    #expect(lines.contains { $0.hasPrefix("  --help ") })
    #expect(lines.allSatisfy { $0.count <= 120 }, "\(lines.filter { $0.count > 120 })")
  }

  /// An option's help longer than its line wraps under the help column (a list of metric names may outgrow it).
  @Test func aLongOptionHelpWrapsUnderItsColumn() {
    #expect(Command.wrapped("a bb ccc dddd", width: 6) == ["a bb", "ccc", "dddd"])
    #expect(Command.wrapped("abcdefghij k", width: 4) == ["abcdefghij", "k"])
    let help = Array(repeating: "word", count: 40).joined(separator: " ")
    let text = Command.optionsText([Option<String>("--long", value: "X", help: help).spec], columns: 60)
    let lines = text.split(separator: "\n").dropFirst()
    #expect(lines.count > 1 && lines.allSatisfy { $0.count <= 60 })
    // "  --long <X>  " is 14 columns; each continuation starts there too.
    #expect(lines.dropFirst().allSatisfy { $0.hasPrefix(String(repeating: " ", count: 14) + "word") })
    // No word is lost or split: the lines' words, rejoined, are the help.
    #expect(lines.map { $0.dropFirst(14) }.joined(separator: " ") == help)
  }

  @Test func theTopLevelHelpListsEveryCommand() {
    let outcome = bench(["--help"])
    #expect(outcome.status == 0)
    for command in Self.commands {
      #expect(outcome.output.contains { $0.hasPrefix("  \(command) ") }, "\(command)")
    }
  }

  @Test(arguments: [
    (["run", "--dept", "1...3"], "run: unknown option '--dept'; did you mean '--depth'?"),
    (["run", "--run", "3"], "run: unknown option '--run'; did you mean '--runs'?"),
    (["run", "--swfitc", "/x"], "run: unknown option '--swfitc'; did you mean '--swiftc'?"),
    (["generate", "--famliy", "chart"], "generate: unknown option '--famliy'; did you mean '--family'?"),
    (["compare", "--treshold", "5%"], "compare: unknown option '--treshold'; did you mean '--threshold'?"),
    (["report", "--fromat", "md"], "report: unknown option '--fromat'; did you mean '--format'?"),
    (["merge", "--allow-mismatches"], "merge: unknown option '--allow-mismatches'; did you mean '--allow-mismatch'?"),
    (["history", "--apend", "x"], "history: unknown option '--apend'; did you mean '--append'?"),
    (["parse", "--limt", "3"], "parse: unknown option '--limt'; did you mean '--limit'?"),
    (["rnu"], "unknown command 'rnu'; did you mean 'run'?"),
  ])
  func anUnknownFlagSuggestsTheNearestKnownOne(_ arguments: [String], _ expected: String) {
    let outcome = bench(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.errors.count == 1)
    #expect(outcome.errors.first?.hasPrefix("bench: \(expected)") == true, "\(outcome.transcript)")
  }

  /// `--output` and `--results` (`RunFolderOptions`) check themselves, the same in every command that makes a run
  /// folder: a path that names no folder, or the two together, is one usage line before anything is made.
  @Test(arguments: ["run", "corpus", "fidelity"])
  func theRunFolderOptionsCheckThemselvesInEveryCommand(_ command: String) throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let out = temp.url.appendingPathComponent("out")
    let before = try FileManager.default.contentsOfDirectory(atPath: temp.url.path).sorted()
    let extra =
      switch command {
      case "run": ["--swiftc", fake.path, "--depth", "1"]
      case "corpus": [temp.url.appendingPathComponent("tests").path, "--swiftc", fake.path]
      default: ["--swiftc", fake.path]
      }
    let refusals: [([String], String)] = [
      (
        ["--output", out.path + "/A", "--results", out.path + "/B"],
        "--output and --results conflict: --output names the run folder, --results only its parent; give one"
      ),
      (["-o", "-"], "--output: bench writes a folder, not standard output; '-' is not accepted"),
      (["--results", "-"], "--results: bench writes a folder, not standard output; '-' is not accepted"),
    ]
    for (arguments, expected) in refusals {
      let outcome = bench([command] + extra + arguments)
      #expect(outcome.status == 64, "\(command): \(outcome.transcript)")
      #expect(outcome.errors == ["bench: " + expected], "\(command): \(outcome.transcript)")
    }
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).sorted() == before)
    #expect(fake.invocations == 0)
  }

  @Test func aFarFetchedFlagGetsNoSuggestion() {
    let outcome = bench(["run", "--frobnicate"])
    #expect(outcome.status == 64)
    #expect(outcome.errors == ["bench: run: unknown option '--frobnicate' (see 'bench run --help')"])
  }

  @Test(arguments: [
    (["--swiftc", "/x/swiftc", "--toolchain", "a=/x/swiftc"], "--swiftc and --toolchain conflict"),
    (["--resume", "R", "--depth", "1...3"], "--resume continues the run exactly as it was planned"),
    (["--resume", "R", "--reuse", "S"], "drop --reuse"),
    (["--resume", "R", "--allow-mixed"], "drop --allow-mixed"),
    (["--output", "A", "--results", "B"], "--output and --results conflict"),
    (["--toolchain-flags", "a=-O"], "--toolchain-flags needs --toolchain NAME=PATH"),
  ])
  func conflictingFlagsAreExplained(_ arguments: [String], _ expected: String) throws {
    let temp = try TemporaryDirectory()
    let outcome = bench(["run"] + arguments.map { ["R", "S", "A", "B"].contains($0) ? temp.url.path + "/" + $0 : $0 })
    #expect(outcome.status == 64, "\(outcome.transcript)")
    #expect(outcome.errors.count == 1)
    #expect(outcome.errors.first?.contains(expected) == true, "\(outcome.transcript)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).isEmpty)
  }

  @Test(arguments: [
    (["--depth", "8...1"], "--depth: the range runs backwards (8...1) in '8...1'; expected N, A...B, A..<B"),
    (["--depth", "0...3"], "--depth: 0 is below 1 in '0...3'; expected N, A...B, A..<B"),
    (["--depth", "x"], "--depth: 'x' is not a whole number in 'x'; expected N, A...B, A..<B"),
    (["--family", "nope"], "--family: unknown value 'nope'; expected one or more of nesting, branches, chart"),
    (["--model", "nope"], "--model: unknown value 'nope'; expected one or more of per-kind, unified"),
    (["--kinds", "0"], "--kinds: 0 is below 1 in '0'; expected N, A...B, A..<B"),
    (["--runs", "0"], "--runs: 0 is below 1; expected one whole number from 1 to 1000"),
    (["--timeout", "soon"], "--timeout: 'soon' is not a number of seconds from 0.001 to 86400"),
    (
      ["--format", "pdf"],
      "--format: unknown value 'pdf'; expected one or more of "
        + ReportFormat.allCases.map(\.rawValue).joined(separator: ", ")
    ),
  ])
  func aBadSweepValueIsOneUsageLineBeforeAnyWork(_ arguments: [String], _ expected: String) throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let parent = temp.url.appendingPathComponent("Results")
    for command in arguments.first == "--runs" || arguments.first == "--timeout" || arguments.first == "--format"
      ? ["run"] : ["run", "generate"]
    {
      let target = command == "run" ? ["--results", parent.path, "--swiftc", fake.path] : ["-o", parent.path]
      let outcome = bench([command] + arguments + target)
      #expect(outcome.status == 64, "\(command): \(outcome.transcript)")
      #expect(outcome.errors.count == 1, "\(command): \(outcome.transcript)")
      #expect(outcome.errors.first?.hasPrefix("bench: \(expected)") == true, "\(command): \(outcome.transcript)")
      #expect(outcome.output.isEmpty)
    }
    #expect(!FileManager.default.fileExists(atPath: parent.path))
    #expect(fake.invocations == 0)
  }

  @Test func theExecutablePrintsABadValueWithoutAStackTrace() throws {
    let executable = try #require(BenchExecutable.path, "the bench executable is not built next to the tests")
    let temp = try TemporaryDirectory()
    let result = try ProcessRunner.run(
      executable, ["run", "--depth", "8...1", "--results", temp.url.appendingPathComponent("Results").path],
      timeout: 30)
    #expect(result.status == .exited(64))
    #expect(
      result.stderrText
        == "bench: --depth: the range runs backwards (8...1) in '8...1'; expected N, A...B, A..<B or a list like "
        + "1,2,4 with values from 1\n")
    #expect(result.stdoutText.isEmpty)
    #expect(try FileManager.default.contentsOfDirectory(atPath: temp.url.path).isEmpty)
  }
}
