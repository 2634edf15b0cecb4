import Foundation
import TypeCheckBenchCore

/// `bench parse FILE|-`: ranks the slowest bodies and expressions in any compiler log; `bench parse --stats-dir DIR`
/// ranks the expressions of a build's traces by constraint scopes.
enum ParseCommand {
  struct Options: ScopeCommandOptions {
    var limit = Option<Int>.integer("--limit", default: "20", minimum: 1, help: "Rows per section.")
    var threshold = Option<Double>.milliseconds(
      "--threshold", default: "0", help: "Only rows at or above this many milliseconds.")
    var rank = Option<SlowestReport.Ranking>.choice(
      "--rank", value: "maximum|total", default: "maximum", help: "Rank by the slowest occurrence or the total.")
    /// `--format`: the text, read as a log report's format or a ranking's.
    var format = Option<String>(
      "--format", value: "table|csv|json|md|github", default: "table",
      help: "Output format (github with --stats-dir, csv with logs).")
    var statsDir = Option<String>(
      "--stats-dir", value: "DIR", help: "Rank by constraint scopes the traces a build wrote into DIR, not a log.")
    var scopes = ScopeOptions()
    var dependencies = Flag("--dependencies", help: "With --stats-dir: also rank files under checkouts/.")
  }

  static let help = """
    USAGE: bench parse FILE... | -
           bench parse --stats-dir DIR [--fail-over SHARE]

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

    With --stats-dir, reads instead the files a build wrote with -stats-output-dir DIR -Xfrontend
    -trace-stats-events: one trace-*.csv per frontend job, streamed, and the stats-*.json beside each. Every
    type-checked expression and statement gets the constraint scopes counted while it was checked (its own, not
    those of the checks nested in it) and its share of the solver's budget (--solver-scope-threshold, the
    compiler's default unless the build moved it); they are ranked by scopes, those the solver gave up on first.
    Each trace is checked against its stats file. A SwiftPM build on Swift 6.3 needs whole-module jobs that emit
    their module themselves (-wmo -no-emit-module-separately-wmo, and --disable-index-store): its separate
    emit-module job crashes writing its trace, and a batch job writes its trace before its later files' bodies are
    checked. --fail-over exits 2 when an expression of your own code (not under checkouts/) uses more of the budget;
    a trace that leaves some job's scopes unaccounted for exits 65, and so do unreadable trace rows, whatever is over
    the gate. Only regular files are read (a FIFO or a device is named and skipped), rows up to 64 KiB, traces up to
    8 GiB, stats files up to 16 MiB.

    EXAMPLES:
      swift build -Xswiftc -Xfrontend -Xswiftc -debug-time-function-bodies \\
        -Xswiftc -Xfrontend -Xswiftc -debug-time-expression-type-checking \\
        -Xswiftc -Xfrontend -Xswiftc -warn-long-expression-type-checking=100000 2>&1 | bench parse -
      bench parse build.log --limit 10 --threshold 5 --format md
      swift build --disable-index-store -Xswiftc -wmo -Xswiftc -no-emit-module-separately-wmo \\
        -Xswiftc -stats-output-dir -Xswiftc /tmp/stats -Xswiftc -Xfrontend -Xswiftc -trace-stats-events
      bench parse --stats-dir /tmp/stats --fail-over 10% --format github
    """

  static let command = Command(
    name: "parse", summary: "Rank the slowest bodies and expressions in a compiler log (-debug-time-function-bodies).",
    help: help, options: Options(),
    body: run)

  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    if let folder = try parsed[\.statsDir] { return try runStatsFolder(folder, parsed: parsed, context: context) }
    // The budget's declared default means nothing to a log; any other budget, the gate or dependencies do.
    let declaredBudget = parsed.options.scopes.threshold.spec.defaultValue
    let budgetGiven = (parsed.text(\.scopes.threshold) ?? declaredBudget) != declaredBudget
    for option in [\Options.scopes.failOver, \.dependencies] as [PartialKeyPath<Options>] where parsed.has(option) {
      throw BenchError.usage("parse: \(parsed.name(option)) goes with --stats-dir DIR")
    }
    if budgetGiven { throw BenchError.usage("parse: --solver-scope-threshold goes with --stats-dir DIR") }
    guard !parsed.positionals.isEmpty else {
      throw BenchError.usage("parse: give a log file, or - to read standard input (see 'bench parse --help')")
    }
    let limit = try parsed.valueOrDefault(\.limit)
    let threshold = try parsed.valueOrDefault(\.threshold)
    let formatName = try parsed.valueOrDefault(\.format)
    guard formatName != "github" else { throw BenchError.usage("parse: --format github goes with --stats-dir DIR") }
    let format: SlowestReport.Format = try ValueParsers.choice(formatName, flag: parsed.name(\.format))
    let ranking = try parsed.valueOrDefault(\.rank)
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

  /// `bench parse --stats-dir DIR`: the expressions of a build's traces ranked by constraint scopes.
  static func runStatsFolder(_ path: String, parsed: ParsedArguments<Options>, context: CommandContext) throws
    -> ExitStatus
  {
    guard parsed.positionals.isEmpty else {
      throw BenchError.usage("parse: give either log files or --stats-dir DIR, not both")
    }
    let formatName = try parsed.valueOrDefault(\.format)
    guard formatName != "csv" else {
      throw BenchError.usage("parse: --format csv is for logs; --stats-dir takes table, md, json or github")
    }
    let format: ScopeRanking.Format = try ValueParsers.choice(formatName, flag: parsed.name(\.format))
    let limit = try parsed.valueOrDefault(\.limit)
    let (budget, failOver) = try ScopeOptions.parse(parsed)
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue else {
      throw BenchError.usage("--stats-dir: no such folder: \(path)")
    }
    let profile = try StatsTraceFolder.read(URL(fileURLWithPath: path))
    let dependencies = parsed[\.dependencies]
    let ranking = ScopeRanking(
      profile: profile, budget: budget, include: { dependencies || !ScopeOptions.isDependency($0) }, limit: limit,
      failOver: failOver, sources: { try? String(contentsOfFile: $0, encoding: .utf8) })
    ScopeOptions.warn(profile, context: context)
    ScopeOptions.gateLines(ranking).forEach(context.warn)
    var text = ranking.render(format, base: FileManager.default.currentDirectoryPath)
    if text.hasSuffix("\n") { text.removeLast() }
    context.output(text)
    return ScopeOptions.status([ranking])
  }
}
