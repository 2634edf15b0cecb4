import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

/// Options are declared once, as typed values in groups, and read by key path into the declarations: a command
/// cannot read an option it does not declare (`ParsedArguments` has no read by name), and the help, `bench help
/// --json` and the generated docs list exactly what is declared.
@Suite struct OptionDeclarationTests {
  static let commands = BenchCommandLine.commands()

  @Test(arguments: commands.map(\.name))
  func aCommandsOptionsHaveOneNameAndOneAliasEach(_ name: String) throws {
    let command = try #require(Self.commands.first { $0.name == name })
    let names = command.allOptions.map(\.name)
    #expect(Set(names).count == names.count, "\(names)")
    let aliases = command.allOptions.compactMap(\.alias)
    #expect(Set(aliases).count == aliases.count, "\(aliases)")
    #expect(Set(aliases).isDisjoint(with: names))
    for option in command.options {
      #expect(option.name.hasPrefix("--") && !option.name.contains("="), "\(option.name)")
      #expect(!option.group.isEmpty, "\(option.name)")
    }
  }

  /// An option whose help says it repeats is declared repeatable (`analyze --toolchain` said so but refused a second
  /// one as given twice), and one given twice is refused, naming both values.
  @Test func anOptionTheHelpCallsRepeatableRepeats() throws {
    for command in Self.commands {
      for option in command.options where option.help.contains("repeatable") {
        #expect(option.repeatable, "\(command.name) \(option.name)")
      }
    }
    let outcome = bench([
      "analyze", "/nonexistent", "--toolchain", "a=/nonexistent/a", "--toolchain", "b=/nonexistent/b",
    ])
    #expect(!outcome.transcript.contains("given twice"), "\(outcome.transcript)")
    let twice = bench(["analyze", "/nonexistent", "--limit", "1", "--limit", "2"])
    #expect(twice.status == 64)
    #expect(
      twice.errors == ["bench: analyze: --limit is given twice ('1', then '2'); give it once"], "\(twice.transcript)")
  }

  /// Sources read options only through `ParsedArguments`' key paths: no read by an option's name is left, and only
  /// the command table scans arguments.
  @Test func noSourceReadsAnOptionByName() throws {
    let sources = GeneratedDocs.root.appendingPathComponent("Sources")
    let enumerator = try #require(FileManager.default.enumerator(atPath: sources.path))
    let byName = try Regex(#"\.(value|has|values|valueOrDefault|all|text)\(\s*"-|values\[\s*"-"#)
    #expect("parsed.value(\"--output\")".contains(byName) && "x.values[\"--toolchain\"]".contains(byName))
    var scanners: [String] = []
    for case let path as String in enumerator where path.hasSuffix(".swift") {
      let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
      for line in text.split(separator: "\n") where line.contains(byName) {
        Issue.record("\(path): reads an option by name: \(line.trimmingCharacters(in: .whitespaces))")
      }
      if text.contains("ArgumentScanner.scan(") { scanners.append(path) }
    }
    #expect(scanners == ["TypeCheckBench/CommandLine/Command.swift"], "\(scanners)")
  }

  /// The options of other programs that bench's strings name: the flags bench passes them, or the options of a
  /// scale-test RUN line it reads. Everything else spelled `--name` in a string names one of bench's own options.
  static let otherProgramsOptions: Set<String> = [
    // utils/scale-test, as a corpus RUN line gives it
    "--begin", "--end", "--step", "--select", "--polynomial-threshold", "--exponential-threshold", "--invert-result",
    "--expected-exit-code", "--typecheck", "--parse", "--values", "--debug", "--debuginfo", "--dtrace", "--trace",
    "--optimize", "--optimize-none", "--optimize-unchecked", "--multi-file", "--whole-module-optimization",
    "--save-temps", "--self-test", "--sum-multi", "--llvm-stat-reporter", "--swiftc-binary", "--tmpdir",
    // valgrind (cachegrind)
    "--tool", "--cache-sim", "--cachegrind-out-file", "--log-file", "--trace-children",
    // git, swift build, xcrun
    "--short", "--porcelain", "--untracked-files", "--package-path", "--find", "--show-sdk-path",
  ]

  /// A message or help text that names an option names one bench declares (a renamed option cannot leave its old
  /// name behind in an error message), or an option of another program bench runs or reads.
  @Test func everyOptionNamedInTheSourcesIsDeclared() throws {
    var declared: Set<String> = ["--help", "--version", HelpCatalog.flag]
    for command in Self.commands {
      for option in command.allOptions { declared.formUnion([option.name] + (option.alias.map { [$0] } ?? [])) }
    }
    #expect(declared.isDisjoint(with: Self.otherProgramsOptions))
    let literal = try Regex(#""((?:[^"\\]|\\.)*)""#)
    let name = try Regex(#"(?:^|[^A-Za-z0-9-])(--[a-z][a-z0-9]*(?:-[a-z0-9]+)*)(?![a-z0-9-])"#)
    #expect(
      "bench: --jobs and --max-* limits; a--b --x-".matches(of: name).map { String($0.output[1].substring!) } == [
        "--jobs"
      ])
    let root = GeneratedDocs.root
    var unknown: [String] = []
    for folder in ["Sources", "Generators"] {
      let base = root.appendingPathComponent(folder)
      let enumerator = try #require(FileManager.default.enumerator(atPath: base.path))
      for case let path as String in enumerator where path.hasSuffix(".swift") {
        let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
        for line in text.split(separator: "\n")
        where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
          for match in line.matches(of: literal) {
            for option in match.output[1].substring!.matches(of: name).map({ String($0.output[1].substring!) })
            where !declared.contains(option) && !Self.otherProgramsOptions.contains(option) {
              unknown.append("\(folder)/\(path): \(option)")
            }
          }
        }
      }
    }
    #expect(unknown.isEmpty, "options named but declared by no command: \(unknown)")
  }

  /// The groups shared by several commands are one declaration: the same option, help and all, in each.
  @Test func sharedGroupsAreTheSameOptionsInEveryCommand() {
    func options(_ command: String, group: String) -> [OptionSpec] {
      (Self.commands.first { $0.name == command }?.options ?? []).filter { $0.group == group }
    }
    func same(_ a: [OptionSpec], _ b: [OptionSpec]) -> Bool {
      let key = { (option: OptionSpec) in [option.name, option.helpLine, option.valueForm, option.alias ?? ""] }
      return !a.isEmpty && a.map(key) == b.map(key)
    }
    let runFolder = options("run", group: "output")
    #expect(runFolder.map(\.name) == ["--output", "--results"])
    #expect(same(runFolder, options("fidelity", group: "output")))
    #expect(same(runFolder, options("corpus", group: "output")))
    #expect(same(options("run", group: "sweep"), options("generate", group: "sweep")))
    #expect(same(options("run", group: "sdk"), options("fidelity", group: "sdk")))
    #expect(same(options("parse", group: "scopes"), options("analyze", group: "scopes")))
    let toolchains = options("run", group: "toolchains").map(\.name)
    #expect(toolchains == ["--swiftc", "--toolchain", "--toolchain-flags", "--allow-mixed"])
    #expect(toolchains == options("corpus", group: "toolchains").map(\.name))
  }

  /// `bench help --json` lists every command and each option as declared, `--help` included.
  @Test func helpJSONIsTheDeclarations() throws {
    let outcome = bench(["help", "--json"])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let data = Data(outcome.output.joined(separator: "\n").utf8)
    let catalog = try JSONDecoder().decode(HelpCatalog.self, from: data)
    #expect(catalog == HelpCatalog(Self.commands))
    #expect(catalog.commands.map(\.name) == Self.commands.map(\.name))
    for command in Self.commands {
      let entry = try #require(catalog.commands.first { $0.name == command.name })
      #expect(entry.options.map(\.name) == command.allOptions.map(\.name))
      // Each option's line in the command's --help shows the same form, default and alias.
      let help = bench([command.name, "--help"]).output
      for option in entry.options {
        let left = option.value.map { "\(option.name) <\($0)>" } ?? option.name
        let line = help.first { $0.hasPrefix("  \(left)") }
        #expect(line != nil, "\(command.name) \(option.name)")
        if let value = option.default { #expect(help.joined().contains("default: \(value)"), "\(option.name)") }
      }
    }
    // The run's groups, in the order it declares them.
    let run = try #require(catalog.commands.first { $0.name == "run" })
    var groups: [String] = []
    for option in run.options where groups.last != option.group { groups.append(option.group) }
    #expect(groups.prefix(3) == ["sweep", "measurement", "toolchains"], "\(groups)")
    #expect(run.options.first { $0.name == "--toolchain" }?.repeatable == true)
    #expect(run.options.first { $0.name == "--output" }?.alias == "-o")
  }
}
