import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The command table: usage, dispatch, help in its three spellings, aliases and suggestions all come from one list.
@Suite struct CommandTableTests {
  static let names = BenchCommandLine.commands().map(\.name)

  @Test(arguments: names)
  func helpHasThreeSpellingsWithOneText(_ name: String) {
    let long = bench([name, "--help"])
    let short = bench([name, "-h"])
    let word = bench(["help", name])
    for outcome in [long, short, word] {
      #expect(outcome.status == 0, "\(outcome.transcript)")
      #expect(outcome.errors.isEmpty)
    }
    #expect(long.output.first?.hasPrefix("USAGE: bench \(name)") == true, "\(long.transcript)")
    #expect(short.output == long.output)
    #expect(word.output == long.output)
  }

  @Test func theTopLevelHelpListsTheTableInOrder() {
    let help = bench(["--help"])
    #expect(bench(["-h"]).output == help.output)
    #expect(bench(["help"]).output == help.output)
    let listed = help.output.filter { $0.hasPrefix("  ") && !$0.hasPrefix("   ") }.map {
      String($0.dropFirst(2).prefix { $0 != " " })
    }
    #expect(listed == Self.names)
    for command in BenchCommandLine.commands() {
      #expect(help.output.contains { $0.hasPrefix("  \(command.name) ") && $0.hasSuffix(command.summary) })
    }
  }

  @Test(arguments: [
    (["help", "rpeort"], "unknown command 'rpeort'; did you mean 'report'?"),
    (["hlep"], "unknown command 'hlep'; did you mean 'help'?"),
    (["comapre"], "unknown command 'comapre'; did you mean 'compare'?"),
    (["help", "run", "report"], "help: give one command name"),
  ])
  func aMistypedCommandSuggestsATableEntry(_ arguments: [String], _ expected: String) {
    let outcome = bench(arguments)
    #expect(outcome.status == 64)
    #expect(outcome.errors.count == 1)
    #expect(outcome.errors.first?.hasPrefix("bench: \(expected)") == true, "\(outcome.transcript)")
    #expect(outcome.output.isEmpty)
  }

  @Test func anAliasIsOnlyAWholeArgumentNeverAnOptionsValue() throws {
    let options = RunCommand.command(.builtIn).allOptions
    let parsed = try ArgumentScanner.scan(
      ["--Xswiftc", "-o", "-o", "/tmp/out", "--Xfrontend=-h"], options: options, command: "run")
    #expect(parsed.values["--Xswiftc"] == ["-o"])
    #expect(parsed.values["--output"] == ["/tmp/out"])
    #expect(parsed.values["--Xfrontend"] == ["-h"])
    #expect(!parsed.switches.contains("--help"))
    // A command without an aliased option does not take the alias.
    let outcome = bench(["history", "-o", "x"])
    #expect(outcome.status == 64)
    #expect(outcome.errors.first?.hasPrefix("bench: history: unknown option '-o'") == true, "\(outcome.transcript)")
  }

  @Test func aRunKeepsMinusOInsideXswiftcAsTheCompilersFlag() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let folder = temp.url.appendingPathComponent("run")
    let outcome = bench([
      "run", "--depth", "1", "--model", "unified", "--runs", "1", "--warmup", "0", "--framework", "inline",
      "--swiftc", fake.path, "--Xswiftc", "-o", "--quiet", "-o", folder.path,
    ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let record = try Integration.record(folder)
    #expect(record.toolchains.map(\.extraFlags) == [["-o"]])
    #expect(record.provenance.commandLine.suffix(3) == ["--quiet", "-o", folder.path])
  }

  @Test func defaultsArePrintedFromTheirDeclarationAndUsed() throws {
    let runs = try #require(RunCommand.MeasurementOptions().runs.spec.defaultValue)
    let help = bench(["run", "--help"]).output
    #expect(help.contains { $0.hasPrefix("  --runs <N> ") && $0.hasSuffix("(default: \(runs)).") }, "\(help)")
    // A run without --runs measures each point the declared number of times.
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let folder = temp.url.appendingPathComponent("run")
    let outcome = bench([
      "run", "--depth", "1", "--model", "unified", "--warmup", "0", "--framework", "inline", "--swiftc", fake.path,
      "--quiet", "-o", folder.path,
    ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let record = try Integration.record(folder)
    #expect(record.provenance.runs == Int(runs))
    // Without warm-ups, the instrumented compile is one more.
    #expect(fake.invocations == Int(runs)! + 1)
    #expect(record.samples.filter { $0.pass == .timed }.count == Int(runs))
  }

  @Test func everyDeclaredDefaultIsAValueThatShowsInTheHelp() {
    for command in BenchCommandLine.commands() {
      for option in command.options {
        guard let value = option.defaultValue else { continue }
        #expect(option.takesValue, "\(command.name) \(option.name) declares a default but takes no value")
        #expect(!value.isEmpty)
        #expect(option.helpLine.contains("default: \(value)"), "\(command.name) \(option.name)")
      }
    }
  }

  @Test func parseGivenItsDeclaredDefaultsPrintsWhatItPrintsWithout() throws {
    let temp = try TemporaryDirectory()
    let log = try temp.file(
      "build.log",
      "12.50ms\t/tmp/A.swift:3:8\tgetter body\n0.40ms\t/tmp/A.swift:9:1\tglobal function main.(file).f()@/tmp/A.swift:9:1\n"
    )
    let explicit = ParseCommand.command.options.flatMap { option in option.defaultValue.map { [option.name, $0] } ?? []
    }
    #expect(explicit.count == 10, "\(explicit)")
    let plain = bench(["parse", log.path])
    #expect(plain.status == 0, "\(plain.transcript)")
    #expect(plain.output.joined().contains("A.swift:3:8"), "\(plain.transcript)")
    #expect(bench(["parse", log.path] + explicit).output == plain.output)
  }

  @Test func theHelpPrintsTheOneExitStatusTable() {
    let help = bench(["--help"]).output.joined(separator: " ")
    for status in ExitStatus.allCases {
      #expect(help.contains("\(status.rawValue) \(status.meaning)"), "\(status)")
    }
    // compat's own status is in the table and in its help.
    #expect(bench(["compat", "--help"]).output.joined(separator: " ").contains("1 a failed test or expectation"))
    // What each outcome exits with, from the one table of outcome kinds.
    for outcome in WorkOutcome.allCases {
      #expect(help.contains("\(outcome.status.rawValue) when \(outcome.meaning)"), "\(outcome)")
    }
  }

  /// A single-value option given twice (`--output a --output b`, or an action's user arguments holding the
  /// `--output` the action gives too) kept the last value without a word: refused, naming both; repeatable options
  /// keep every value.
  @Test func aSingleValueOptionGivenTwiceIsRefused() throws {
    let temp = try TemporaryDirectory()
    for arguments in [
      [
        "run", "--output", temp.url.appendingPathComponent("a").path, "--output",
        temp.url.appendingPathComponent("b").path,
      ],
      ["run", "--depth", "1", "--depth=2"], ["compare", "x", "y", "--threshold", "5%", "--threshold", "9%"],
      ["corpus", ".", "--jobs", "1", "--jobs", "2"],
    ] {
      let outcome = bench(arguments)
      #expect(outcome.status == 64, "\(arguments): \(outcome.transcript)")
      #expect(outcome.errors.count == 1, "\(outcome.transcript)")
      #expect(outcome.errors.first?.contains("is given twice (") == true, "\(outcome.transcript)")
      #expect(outcome.errors.first?.hasSuffix("; give it once") == true, "\(outcome.transcript)")
    }
    #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("a").path))
    #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("b").path))
    let parsed = try ArgumentScanner.scan(
      ["--toolchain", "a=/x", "--toolchain", "b=/y"], options: RunCommand.command(.builtIn).options, command: "run")
    #expect(parsed.values["--toolchain"] == ["a=/x", "b=/y"])
  }

  @Test func everyCommandThatCompilesSharesOneSwiftcOption() throws {
    let swiftc = ToolchainOptions.swiftc("The compiler").spec
    for command in [RunCommand.command(.builtIn), CompatCommand.command, AnalyzeCommand.command, CorpusCommand.command]
    {
      let option = try #require(command.options.first { $0.name == "--swiftc" }, "\(command.name)")
      #expect(option.helpLine == swiftc.helpLine, "\(command.name)")
    }
    // The help line names every step of the locator's order, xcrun included; fidelity's miniature side says the same.
    let fidelity = try #require(FidelityCommand.command.options.first { $0.name == "--swiftc" })
    for step in ToolchainLocator.lookupOrder.dropFirst() {
      #expect(swiftc.helpLine.contains(step), "\(step)")
      #expect(fidelity.helpLine.contains(step), "\(step)")
    }
  }

  @Test func aWarningGoesToTheErrorStreamNotIntoTheResult() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    // An option the chart family does not read is a note, and the run goes on.
    let outcome = bench(
      [
        "run", "--swiftc", fake.path, "--family", "chart", "--depth", "3", "--branches", "1", "--model", "unified",
        "--chart-variant", "modern", "--runs", "1", "--warmup", "0", "--quiet", "-o",
        temp.url.appendingPathComponent("run").path,
      ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    #expect(outcome.errors.contains { $0.hasPrefix("note: --depth") }, "\(outcome.transcript)")
    #expect(!outcome.output.contains { $0.contains("note: --depth") })
  }
}
