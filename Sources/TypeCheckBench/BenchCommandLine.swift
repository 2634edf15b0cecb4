import Foundation

/// The `bench` command line: parses arguments, dispatches subcommands, maps errors to exit statuses.
public enum BenchCommandLine {
  public static let version = "0.1.0"

  static let usage = """
    USAGE: bench <command> [options]

    COMMANDS:
      run        Generate cases, type-check them with swiftc, write a run folder (CSV, Markdown, JSON, SVG).
      generate   Write the generated Swift cases and a manifest, without compiling.
      parse      Rank the slowest bodies and expressions in a compiler log (-debug-time-function-bodies).
      report     Re-render a run folder's reports from its run.json, without compiling.
      compare    Compare two runs (or two toolchains in one run); exit 2 on a regression.
      merge      Join shard runs into one run record.
      history    Append a run to a published history and render its trend page (for GitHub Pages).
      compat     Type-check TN3211's compatibility corpus in both builder models; exit 1 on a failed expectation.
      analyze    Time a Swift package's or files' bodies and hint at extracting builder-heavy ones.
      counters   List the compiler counters that grew most across a run's sweep, with growth verdicts.

    Run 'bench <command> --help' for a command's options and examples.
    EXIT STATUS: 0 success, 2 regression, 4 improvements only, 64 bad usage, 65 bad data, 70 compiler or case failure,
    73 output folder not bench's (not new, empty or marked), 74 file system error, 130 interrupted.
    """

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
    guard let command = arguments.first else {
      errorOutput(usage)
      return 64
    }
    let rest = Array(arguments.dropFirst())
    switch command {
    case "--help", "-h", "help":
      output(usage)
      return 0
    case "--version":
      output("bench \(version)")
      return 0
    case "generate":
      try GenerateCommand.run(rest, output: output)
      return 0
    case "run":
      return try RunCommand.run(rest, output: output)
    case "parse":
      try ParseCommand.run(rest, output: output)
      return 0
    case "report":
      try ReportCommand.run(rest, output: output)
      return 0
    case "compare":
      return try CompareCommand.run(rest, output: output)
    case "merge":
      try MergeCommand.run(rest, output: output)
      return 0
    case "history":
      try HistoryCommand.run(rest, output: output)
      return 0
    case "compat":
      return try CompatCommand.run(rest, output: output)
    case "analyze":
      return try AnalyzeCommand.run(rest, output: output)
    case "counters":
      try CountersCommand.run(rest, output: output)
      return 0
    default:
      let known = [
        "run", "generate", "parse", "report", "compare", "merge", "history", "compat", "analyze", "counters",
      ]
      var message = "unknown command '\(command)'"
      if let suggestion = ArgumentScanner.nearest(command, among: known) {
        message += "; did you mean '\(suggestion)'?"
      }
      throw BenchError.usage(message + " (see 'bench --help')")
    }
  }
}
