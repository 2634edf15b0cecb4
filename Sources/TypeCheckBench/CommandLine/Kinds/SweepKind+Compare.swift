import Foundation
import TypeCheckBenchCore

extension SweepKind {
  /// Compares sweeps point by point (`Comparison`): a verdict per point with its uncertainty, the gate `--metric`
  /// chooses, and a repro bundle per regression with `--bundle`.
  func compare(
    _ records: [RunRecord], parsed: ParsedArguments<CompareCommand.Options>, context: CommandContext
  ) throws -> ExitStatus {
    let threshold = try parsed.valueOrDefault(\.threshold)
    let instructionThreshold = try parsed.valueOrDefault(\.instructionThreshold)
    let format = try parsed.valueOrDefault(\.format)
    let baseName = try parsed[\.baseToolchain]
    let newName = try parsed[\.newToolchain]
    let baseRecord = records[0]
    let newRecord = records[records.count - 1]
    let metric = try CompareCommand.metric(parsed, base: baseRecord, new: newRecord)
    let mixed = parsed[\.allowMixedForms]
    let mixedBuilds = parsed[\.allowMixed]
    var comparisons: [Comparison] = []
    if parsed.positionals.count == 1 {
      guard let baseName, let newName else {
        throw BenchError.usage("compare: with one run, name both sides with --base-toolchain and --new-toolchain")
      }
      comparisons.append(
        try CompareCommand.mapCompareError {
          try Comparison(
            record: baseRecord, baseToolchain: baseName, newToolchain: newName, threshold: threshold, metric: metric,
            allowMixedForms: mixed, instructionThreshold: instructionThreshold,
            allowMixedBuilds: mixedBuilds)
        })
    } else if baseName != nil || newName != nil {
      comparisons.append(
        try CompareCommand.mapCompareError {
          try Comparison(
            base: baseRecord, new: newRecord, baseToolchain: baseName, newToolchain: newName, threshold: threshold,
            metric: metric, allowMixedForms: mixed, instructionThreshold: instructionThreshold,
            allowMixedBuilds: mixedBuilds)
        })
    } else {
      for pair in Comparison.toolchainPairs(base: baseRecord, new: newRecord) {
        comparisons.append(
          try CompareCommand.mapCompareError {
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
    try vet(comparisons, context: context)
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

  /// Refuses comparisons with no point in common (a gate given the wrong runs must not pass: nothing compared is no
  /// verdict) and warns, once per toolchain, of a record whose version its compiler contradicts.
  func vet(_ comparisons: [Comparison], context: CommandContext) throws {
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
  }
}
