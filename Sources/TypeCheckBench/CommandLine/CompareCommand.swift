import Foundation
import TypeCheckBenchCore

/// `bench compare BASE NEW`: a verdict per point with its uncertainty, and an exit status a pipeline can gate on.
enum CompareCommand {
  struct Options: Sendable {
    var baseToolchain = Option<String>(
      "--base-toolchain", value: "NAME", help: "The toolchain in BASE to compare (needed if it has several).")
    var newToolchain = Option<String>(
      "--new-toolchain", value: "NAME", help: "The toolchain in NEW to compare (needed if it has several).")
    var threshold = Options.share(
      "--threshold", default: "5%", help: "Smallest change that counts, e.g. 5% or 0.05.")
    var instructionThreshold = Options.share(
      "--instruction-threshold", default: "0.5%", help: "Smallest change of instruction counts that counts.")
    /// `--metric`: the text, read against the runs by `metric`.
    var metric = Option<String>(
      "--metric", value: "auto|both|LIST", default: "auto",
      help: "What gates: auto (above), both or any of \(Metric.gated.map(\.id).joined(separator: ",")).")
    var format = Option<Format>.choice(
      "--format", default: "text", help: "Output format (md suits $GITHUB_STEP_SUMMARY).")
    var bundle = Option<String>("--bundle", value: "DIR", help: "Write a repro bundle for each regression into DIR.")
    var allowMixedForms = Flag(
      "--allow-mixed-forms", help: "Compare a module-form run with an inline one (they measure different work).")
    var allowMixed = Flag(
      "--allow-mixed", help: "Compare an assertions build with a release build, on counters only (never times).")

    /// A share such as `5%` or `0.05`.
    static func share(_ name: String, default defaultValue: String, help: String) -> Option<Double> {
      Option(name, value: "PERCENT", default: defaultValue, help: help) { text, _ in
        try mapCompareError { try Comparison.parseThreshold(text) }
      }
    }
  }

  /// `--format`: how the comparison is printed.
  enum Format: String, CaseIterable, Sendable {
    case text, md, json
  }

  static let help = """
    USAGE: bench compare BASE NEW [options]
           bench compare RUN --base-toolchain A --new-toolchain B

    Matches points by case, and for each gives NEW/BASE ratios of the median type-check time (with a 95% bootstrap
    interval) and of constraint scopes (exact), and a verdict: slower, faster, no change, or undecided. Scopes are
    exact: a change beyond the threshold counts. Time needs 5 runs a side (fewer: undecided) and counts only when its
    interval clears both the threshold and the spread either run shows. A point that newly hits the solver limit is
    slower. Runs from different hosts get a warning and, unless --metric time, only scopes gate. An assertions build
    and a release build compare only with --allow-mixed, and then on scopes (and instructions) alone: their times are
    shown but never set against each other.
    Runs taken with --meter instructions also get the ratio of the case's own instructions (count less the
    import-only baseline), exact like scopes with its own threshold. --metric auto gates on scopes and
    instructions when both runs counted them (time between separate runs is then shown, and gates only with
    --metric time), else on both time and scopes.
    Corpus runs (bench corpus) compare test by test: a pass that now fails or errs, or a counter grown beyond the
    threshold at the largest N both measured, is a regression.
    Exit status: \(ExitStatus.list([.success, .regression, .improvementsOnly, .usage, .badData])).
    BASE and NEW with no point (or corpus test) in common are bad data: nothing was compared, so nothing passes.

    EXAMPLES:
      bench compare Results/base Results/new
      bench compare Results/ab --base-toolchain default --new-toolchain noprepared --format md >> "$GITHUB_STEP_SUMMARY"
      bench compare base.json new.json --threshold 10% --bundle /tmp/repro
      bench compare published/latest merged --metric scopes
      bench compare Results/base Results/new --metric instructions --instruction-threshold 0.2%
    """

  static let command = Command(
    name: "compare", summary: "Compare two runs (or two toolchains in one run); exit 2 on a regression.", help: help,
    options: Options(),
    body: run)

  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    guard (1...2).contains(parsed.positionals.count) else {
      throw BenchError.usage("compare: give BASE and NEW run folders (or one run and two --*-toolchain names)")
    }
    // The options every kind reads are checked before any record is read: a bad one is said first.
    _ = try parsed.valueOrDefault(\.threshold)
    _ = try parsed.valueOrDefault(\.instructionThreshold)
    _ = try parsed.valueOrDefault(\.format)
    _ = try (parsed[\.baseToolchain], parsed[\.newToolchain])
    let stored = try RecordStore.read(parsed.positionals, families: context.families)
    let kind = try RecordStore.oneKind(stored) {
      "compare: a \($0.title) run compares only with another \($0.title) run"
    }
    return try kind.compare(stored: stored, parsed: parsed, context: context)
  }

  /// `--metric`: `auto` gates on scopes and instructions when both runs counted instructions, else on time and
  /// scopes; asking for instructions of a run that has none is a usage error.
  static func metric(_ parsed: ParsedArguments<Options>, base: RunRecord, new: RunRecord) throws -> ComparisonMetric {
    let text = try parsed.valueOrDefault(\.metric)
    let bothCount = base.instructionMetering != nil && new.instructionMetering != nil
    if text == "auto" { return bothCount ? .scopesAndInstructions : .both }
    guard let metric = ComparisonMetric(rawValue: text) else {
      throw BenchError.usage(
        "--metric: unknown metric '\(text)'; expected auto, both, or a list of "
          + Metric.gated.map(\.id).joined(separator: ", "))
    }
    // Only the case's instructions are recorded by some runs and not others (`Metric.isOptional`).
    for gated in metric.ordered {
      for (side, record) in [("BASE", base), ("NEW", new)] where !gated.isRecorded(in: record) {
        throw BenchError.usage(
          "--metric \(gated.id): \(side) run \(record.runID) counted no \(gated.id) (bench run --meter instructions)")
      }
    }
    return metric
  }

  /// Maps the core's comparison errors to bench's exit statuses.
  static func mapCompareError<T>(_ body: () throws -> T) throws -> T {
    do {
      return try body()
    } catch let error as CompareError {
      switch error {
      case .usage(let message): throw BenchError.usage(message)
      case .data(let message): throw BenchError.data(message)
      }
    }
  }
}
