import Foundation

/// The `bench` command line: the command table, dispatch, and errors mapped to exit statuses.
public enum BenchCommandLine {
  public static let version = "0.1.0"

  /// Every command, in the order `bench --help` lists them. A new command is one entry here.
  static let commands: [Command] = [
    RunCommand.command, GenerateCommand.command, ParseCommand.command, ReportCommand.command,
    CompareCommand.command, MergeCommand.command, HistoryCommand.command, CompatCommand.command,
    FidelityCommand.command, AnalyzeCommand.command, CountersCommand.command, CorpusCommand.command,
  ]

  static let exitStatuses = """
    EXIT STATUS: 0 success, 2 regression, 4 improvements only, 64 bad usage, 65 bad data, 70 compiler or case failure,
    73 output folder not bench's (not new, empty or marked), 74 file system error, 130 interrupted.
    """

  /// `bench --help`: the commands and their summaries, from the table.
  static var usage: String {
    let width = commands.map(\.name.count).max() ?? 0
    let rows = commands.map { "  " + $0.name.padding(toLength: width + 3, withPad: " ", startingAt: 0) + $0.summary }
    return """
      USAGE: bench <command> [options]

      COMMANDS:
      \(rows.joined(separator: "\n"))

      Run 'bench <command> --help' (or 'bench help <command>') for a command's options and examples.
      \(exitStatuses)
      """
  }

  /// The command named `name`, or a usage error suggesting the nearest one.
  static func command(named name: String) throws -> Command {
    if let command = commands.first(where: { $0.name == name }) { return command }
    var message = "unknown command '\(name)'"
    if let suggestion = ArgumentScanner.nearest(name, among: commands.map(\.name) + ["help"]) {
      message += "; did you mean '\(suggestion)'?"
    }
    throw BenchError.usage(message + " (see 'bench --help')")
  }

  /// Runs bench with `arguments` (without the program name) and returns the exit status.
  public static func main(_ arguments: [String]) -> Int32 {
    // Written and flushed line by line: CI logs and pipes see progress as it happens, not when bench exits.
    main(
      arguments, output: { FileHandle.standardOutput.write(Data(($0 + "\n").utf8)) },
      errorOutput: { FileHandle.standardError.write(Data(($0 + "\n").utf8)) })
  }

  /// Runs bench with `arguments`, sending report lines to `output` and the one-line error to `errorOutput`.
  public static func main(
    _ arguments: [String], output: @escaping (String) -> Void, errorOutput: (String) -> Void
  ) -> Int32 {
    do {
      return try dispatch(arguments, output: output, errorOutput: errorOutput)
    } catch let error as BenchError {
      errorOutput("bench: \(error.description)")
      return error.exitStatus
    } catch {
      errorOutput("bench: \(BenchError.reason(error))")
      return 70
    }
  }

  static func dispatch(
    _ arguments: [String], output: @escaping (String) -> Void, errorOutput: (String) -> Void
  ) throws -> Int32 {
    guard let first = arguments.first else {
      errorOutput(usage)
      return 64
    }
    let rest = Array(arguments.dropFirst())
    switch first {
    case OptionSpec.help.name, OptionSpec.help.alias:
      output(usage)
      return 0
    case "help":
      // `bench help CMD` is `bench CMD --help`.
      guard let name = rest.first else {
        output(usage)
        return 0
      }
      guard rest.count == 1 else { throw BenchError.usage("help: give one command name (see 'bench --help')") }
      output(try command(named: name).helpText)
      return 0
    case "--version":
      output("bench \(version)")
      return 0
    default:
      return try command(named: first).run(rest, output: output)
    }
  }
}
