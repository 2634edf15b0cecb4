import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

/// The `bench` command line: the command table, dispatch, and errors mapped to exit statuses.
public enum BenchCommandLine {
  public static var version: String { HostFacts.benchVersion }

  /// Every command, in the order `bench --help` lists them, for the families bench was started with (`run` and
  /// `generate` take one option per parameter they read). A new command is one entry here.
  static func commands(_ families: FamilySet = .builtIn) -> [Command] {
    [
      RunCommand.command(families), GenerateCommand.command(families), ParseCommand.command, ReportCommand.command,
      CompareCommand.command, MergeCommand.command, HistoryCommand.command, CompatCommand.command,
      FidelityCommand.command, AnalyzeCommand.command, CountersCommand.command, CorpusCommand.command,
      SDKCommand.command,
    ]
  }

  /// Every kind of run, in the order messages list them. `RecordStore` reads a run.json as the kind whose
  /// `recordName` it names, and `report`, `compare`, `merge` and `history` act through that kind. A new kind is one
  /// entry here.
  static let kinds: [any RunKind] = [SweepKind(), CorpusKind()]

  /// `bench --help`: the commands and their summaries, from the table.
  static var usage: String {
    let commands = commands()
    let width = commands.map(\.name.count).max() ?? 0
    let rows = commands.map { "  " + $0.name.padding(toLength: width + 3, withPad: " ", startingAt: 0) + $0.summary }
    return """
      USAGE: bench <command> [options]

      COMMANDS:
      \(rows.joined(separator: "\n"))

      Run 'bench <command> --help' (or 'bench help <command>') for a command's options and examples, and
      'bench help --json' for every command and option as JSON.
      \(ExitStatus.paragraph())
      """
  }

  /// The command named `name`, or a usage error suggesting the nearest one.
  static func command(named name: String, families: FamilySet = .builtIn) throws -> Command {
    let commands = commands(families)
    if let command = commands.first(where: { $0.name == name }) { return command }
    var message = "unknown command '\(name)'"
    if let suggestion = ArgumentScanner.nearest(name, among: commands.map(\.name) + ["help"]) {
      message += "; did you mean '\(suggestion)'?"
    }
    throw BenchError.usage(message + " (see 'bench --help')")
  }

  /// Runs bench with `arguments` (without the program name) and returns the exit status.
  public static func main(_ arguments: [String], families: FamilySet = .builtIn) -> Int32 {
    // Written and flushed line by line: CI logs and pipes see progress as it happens, not when bench exits.
    main(
      arguments, families: families, output: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
      errorOutput: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
  }

  /// Runs bench with `arguments` knowing `families` (the built-in ones, or more a test adds), sending report lines
  /// to `output`, and warnings and the one-line error to `errorOutput`; a run's journal meets `journalFaults` (a
  /// test's full disk) before each append.
  public static func main(
    _ arguments: [String], families: FamilySet = .builtIn, journalFaults: JournalFaults = .none,
    output: @escaping (String) -> Void, errorOutput: @escaping (String) -> Void
  ) -> Int32 {
    let status: ExitStatus
    do {
      status = try dispatch(
        arguments,
        context: CommandContext(output: output, warn: errorOutput, families: families, journalFaults: journalFaults))
    } catch let error as BenchError {
      // One line, whatever another program printed into it.
      errorOutput("bench: " + Escaping.terminalText(error.description))
      status = error.status
    } catch {
      errorOutput("bench: " + Escaping.terminalText(BenchError.reason(error)))
      status = .software
    }
    return status.rawValue
  }

  static func dispatch(_ arguments: [String], context: CommandContext) throws -> ExitStatus {
    guard let first = arguments.first else {
      context.warn(usage)
      return .usage
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case Flag.help.name, Flag.help.spec.alias:
      context.output(usage)
    case "help":
      // `bench help CMD` is `bench CMD --help`.
      guard let name = rest.first else {
        context.output(usage)
        return .success
      }
      guard rest.count == 1 else { throw BenchError.usage("help: give one command name (see 'bench --help')") }
      if name == HelpCatalog.flag {
        // Every command and option as declared, for tools; one document, its final newline the output's.
        context.output(String(try HelpCatalog(commands(context.families)).json().dropLast()))
        return .success
      }
      context.output(try command(named: name, families: context.families).helpText)
    case "--version":
      context.output("bench \(version)")
    default:
      return try command(named: first, families: context.families).run(rest, context: context)
    }
    return .success
  }
}
