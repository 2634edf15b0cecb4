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
    add -warn-long-expression-type-checking with a large limit, as below. The armed timer slows the bodies it runs
    in (1.5-2x on builder-heavy code): for body times a developer sees, build once with -debug-time-function-bodies
    alone. A log with no timing line at all exits 65.

    SwiftPM's default batch mode prints a batch job's whole output once per file of the batch. bench counts each
    job's output once (a block between two progress lines that repeats an earlier block line for line, or, without
    progress lines as with swift build --quiet, a job's output over several files that follows itself line for line)
    and says how many repeats it left out.

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
    // Each log is read in chunks and its entries folded into the report's rows as the parser hands them over, so a
    // log of hundreds of megabytes is never held whole, as text or as entries.
    var merger = SlowestReport.Merger()
    var foundTimings = false
    // A line claiming more than a day (`1e47 ms`) is no compiler's measurement: left out, and said, never ranked
    // first (a run's samples are held to the same day).
    let day = 86_400_000.0
    var implausible = 0
    var firstImplausible: TimingEntry?
    func plausible(_ entry: TimingEntry) -> Bool {
      if entry.milliseconds <= day { return true }
      implausible += 1
      if firstImplausible == nil { firstImplausible = entry }
      return false
    }
    var (repeatedBlocks, repeatedEntries) = (0, 0)
    for path in parsed.positionals {
      var parser = TimingLogParser()
      if path == "-" {
        while let chunk = try FileHandle.standardInput.read(upToCount: 1 << 20), !chunk.isEmpty {
          parser.consume(chunk)
        }
      } else {
        let unreadable = BenchError.data("\(path): cannot read the file (missing or unreadable)")
        guard let handle = FileHandle(forReadingAtPath: path) else { throw unreadable }
        defer { try? handle.close() }
        do {
          while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty { parser.consume(chunk) }
        } catch {
          throw unreadable
        }
      }
      var entries = 0
      let log = parser.finish { entry in
        guard plausible(entry) else { return }
        merger.add(entry)
        entries += 1
      }
      // A log without debug-time lines is ranked by its long-type-check warnings (`bestAvailableEntries`).
      if entries == 0 {
        for warning in log.longTypeCheckWarnings where plausible(warning.entry) {
          merger.add(warning.entry)
          entries += 1
        }
      }
      merger.endLog()
      foundTimings = foundTimings || entries > 0
      repeatedBlocks += log.repeatedBlocks
      repeatedEntries += log.repeatedEntries
    }
    if let first = firstImplausible {
      context.warn(
        "warning: \(implausible) timing line\(implausible == 1 ? "" : "s") claiming more than a day "
          + "left out (first: \(NumberFormat.compact(first.milliseconds, digits: 3)) ms at \(first.location))")
    }
    let report = SlowestReport(
      merged: merger, limit: limit, thresholdMilliseconds: threshold, ranking: ranking, repeatedBlocks: repeatedBlocks,
      repeatedEntries: repeatedEntries)
    // A log with no timing line at all (garbage, or a build without the flags) is no input to rank: a script must
    // see that (exit 65), not an empty table.
    if !foundTimings {
      let names = parsed.positionals.map { $0 == "-" ? "standard input" : $0 }.joined(separator: ", ")
      throw BenchError.data(
        "no timing lines found in \(names); build with -Xfrontend -debug-time-function-bodies "
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
