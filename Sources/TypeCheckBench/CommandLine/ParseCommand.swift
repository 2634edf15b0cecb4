import Foundation
import TypeCheckBenchCore

/// `bench parse FILE|-`: ranks the slowest bodies and expressions in any compiler log.
enum ParseCommand {
  static let options = [
    OptionSpec("--limit", value: "N", default: "20", help: "Rows per section."),
    OptionSpec("--threshold", value: "MS", default: "0", help: "Only rows at or above this many milliseconds."),
    OptionSpec(
      "--rank", value: "maximum|total", default: "maximum", help: "Rank by the slowest occurrence or the total."),
    OptionSpec("--format", value: "table|csv|json|md", default: "table", help: "Output format."),
  ]

  static let help = """
    USAGE: bench parse FILE... | -

    Reads compiler output (a build log, or - for standard input) with -debug-time-function-bodies and/or
    -debug-time-expression-type-checking lines (or -warn-long-function-bodies warnings), merges occurrences of one
    body or expression (same file:line:col and description) into a row with an occurrence count, and prints the
    slowest bodies and expressions. Since Swift 6.2 expression lines print only while an expression timer is armed:
    add -warn-long-expression-type-checking with a large limit, as below.

    SwiftPM's default batch mode prints a batch job's whole output once per file of the batch. bench counts each
    job's output once (a block between two progress lines that repeats an earlier block line for line) and says how
    many repeats it left out; a log without progress lines is read as it is.

    EXAMPLES:
      swift build -Xswiftc -Xfrontend -Xswiftc -debug-time-function-bodies \\
        -Xswiftc -Xfrontend -Xswiftc -debug-time-expression-type-checking \\
        -Xswiftc -Xfrontend -Xswiftc -warn-long-expression-type-checking=100000 2>&1 | bench parse -
      bench parse build.log --limit 10 --threshold 5 --format md
    """

  static let command = Command(
    name: "parse", summary: "Rank the slowest bodies and expressions in a compiler log (-debug-time-function-bodies).",
    help: help, options: options,
    body: run)

  static func run(_ parsed: ParsedArguments, context: CommandContext) throws -> ExitStatus {
    guard !parsed.positionals.isEmpty else {
      throw BenchError.usage("parse: give a log file, or - to read standard input (see 'bench parse --help')")
    }
    let limit = try ValueParsers.integer(try parsed.valueOrDefault("--limit"), flag: "--limit", minimum: 1)
    let threshold = try ValueParsers.milliseconds(try parsed.valueOrDefault("--threshold"), flag: "--threshold")
    let format: SlowestReport.Format = try ValueParsers.choice(try parsed.valueOrDefault("--format"), flag: "--format")
    let ranking: SlowestReport.Ranking = try ValueParsers.choice(try parsed.valueOrDefault("--rank"), flag: "--rank")
    var logs: [ParsedTimingLog] = []
    for path in parsed.positionals {
      if path == "-" {
        var parser = TimingLogParser()
        while let chunk = try FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty {
          parser.consume(chunk)
        }
        logs.append(parser.finish())
      } else {
        guard let data = FileManager.default.contents(atPath: path) else {
          throw BenchError.data("\(path): cannot read the file (missing or unreadable)")
        }
        logs.append(TimingLogParser.parse(utf8: data))
      }
    }
    let report = SlowestReport(logs: logs, limit: limit, thresholdMilliseconds: threshold, ranking: ranking)
    if report.matchingBodyCount + report.matchingExpressionCount == 0
      && logs.allSatisfy({ $0.bestAvailableEntries.isEmpty })
    {
      context.warn(
        "bench: no timing lines found; build with -Xfrontend -debug-time-function-bodies "
          + "(swift build -Xswiftc -Xfrontend -Xswiftc -debug-time-function-bodies)")
    }
    if format == .csv, let note = report.repeatsNote {
      context.warn("bench: " + note)
    }
    var text = report.render(format)
    if text.hasSuffix("\n") { text.removeLast() }
    context.output(text)
    return .success
  }
}
