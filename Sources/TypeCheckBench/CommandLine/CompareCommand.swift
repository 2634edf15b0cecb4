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
    let threshold = try parsed.valueOrDefault(\.threshold)
    let instructionThreshold = try parsed.valueOrDefault(\.instructionThreshold)
    let format = try parsed.valueOrDefault(\.format)
    let baseName = try parsed[\.baseToolchain]
    let newName = try parsed[\.newToolchain]
    let stored = try RecordStore.read(parsed.positionals, families: context.families)
    if let corpora = try RecordStore.corpusRuns(
      stored, mixed: "compare: a corpus run compares only with another corpus run")
    {
      let sweepOptions: [PartialKeyPath<Options>] = [\.bundle, \.metric, \.instructionThreshold]
      if let sweepOnly = sweepOptions.first(where: { parsed.has($0) }) {
        throw BenchError.usage(
          "\(parsed.name(sweepOnly)) applies to sweep runs; corpus runs compare verdicts and counters")
      }
      return try CorpusRecordCommands.compare(
        corpora, baseName: baseName, newName: newName, threshold: threshold, format: format.rawValue,
        output: context.output)
    }
    let baseRecord = try RecordStore.sweepRecord(stored[0])
    let newRecord = try RecordStore.sweepRecord(stored[stored.count - 1])
    let metric = try metric(parsed, base: baseRecord, new: newRecord)
    let mixed = parsed[\.allowMixedForms]
    let mixedBuilds = parsed[\.allowMixed]
    var comparisons: [Comparison] = []
    if parsed.positionals.count == 1 {
      guard let baseName, let newName else {
        throw BenchError.usage("compare: with one run, name both sides with --base-toolchain and --new-toolchain")
      }
      comparisons.append(
        try mapCompareError {
          try Comparison(
            record: baseRecord, baseToolchain: baseName, newToolchain: newName, threshold: threshold, metric: metric,
            allowMixedForms: mixed, instructionThreshold: instructionThreshold,
            allowMixedBuilds: mixedBuilds)
        })
    } else if baseName != nil || newName != nil {
      comparisons.append(
        try mapCompareError {
          try Comparison(
            base: baseRecord, new: newRecord, baseToolchain: baseName, newToolchain: newName, threshold: threshold,
            metric: metric, allowMixedForms: mixed, instructionThreshold: instructionThreshold,
            allowMixedBuilds: mixedBuilds)
        })
    } else {
      for pair in Comparison.toolchainPairs(base: baseRecord, new: newRecord) {
        comparisons.append(
          try mapCompareError {
            try Comparison(
              base: baseRecord, new: newRecord, baseToolchain: pair.base, newToolchain: pair.new, threshold: threshold,
              metric: metric, allowMixedForms: mixed, instructionThreshold: instructionThreshold,
              allowMixedBuilds: mixedBuilds)
          })
      }
      guard !comparisons.isEmpty else {
        throw BenchError.usage(
          "compare: BASE and NEW share no toolchain name; name them with --base-toolchain/--new-toolchain")
      }
    }
    // A gate given the wrong runs must not pass: nothing compared is no verdict.
    for comparison in comparisons where comparison.points.isEmpty {
      func some(_ ids: [String]) -> String { ids.first.map { ", first \($0)" } ?? "" }
      throw BenchError.data(
        "compare: BASE (run \(comparison.base.runID), toolchain \(comparison.base.toolchain.name)) and NEW (run "
          + "\(comparison.new.runID), toolchain \(comparison.new.toolchain.name)) have no point in common ("
          + "\(comparison.onlyInBase.count) only in BASE\(some(comparison.onlyInBase)); "
          + "\(comparison.onlyInNew.count) only in NEW\(some(comparison.onlyInNew))): nothing to compare; give runs of "
          + "the same sweep")
    }
    // A record whose version its compiler, still here with the files it fingerprints, contradicts is said once.
    var checked: Set<ToolchainInfo> = []
    for comparison in comparisons {
      for toolchain in [comparison.base.toolchain, comparison.new.toolchain] where checked.insert(toolchain).inserted {
        if let contradiction = ToolchainClaim.contradiction(toolchain) {
          context.warn("bench: warning: " + contradiction)
        }
      }
    }
    for comparison in comparisons {
      var text =
        switch format {
        case .md: comparison.markdown
        case .json: comparison.json
        case .text: comparison.text
        }
      if text.hasSuffix("\n") { text.removeLast() }
      context.output(text)
      if let folder = try parsed[\.bundle], !comparison.regressions.isEmpty {
        try OutputFolder.checkPath(folder, flag: parsed.name(\.bundle))
        try OutputFolder.claim(URL(fileURLWithPath: folder), as: .bundle, flag: parsed.name(\.bundle))
        let lock = try FolderLock.take(URL(fileURLWithPath: folder), wait: 60)
        defer { lock.release() }
        let written = try ReproBundle.write(
          comparison: comparison, baseRecord: baseRecord, newRecord: newRecord, to: URL(fileURLWithPath: folder))
        context.warn("bench: wrote \(written.count) repro file\(written.count == 1 ? "" : "s") to \(folder)")
      }
    }
    return Comparison.exitStatus(of: comparisons)
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
