import Generators

extension RunReport {
  /// With `--meter instructions`, one sentence per family comparing its series by the case's own instructions at
  /// the largest axis value every series measured uncensored, and what the counts are; nil otherwise.
  var instructionsHeadline: String? {
    guard let metering = record.instructionMetering else { return nil }
    var clauses: [String] = []
    for family in families where family.descriptor.wording.growthHeadline == nil {
      guard let comparison = comparisons[family]?.first, let toolchain = comparison.toolchains.first else { continue }
      let lines = comparison.contrasts.compactMap { comparison.series(contrast: $0, toolchain: toolchain) }
      let counted = lines.map { line in
        Dictionary(
          line.fittablePoints.compactMap { point in
            point.statistics[StatName.instructions].map { (point.spec.axisValue, $0) }
          }, uniquingKeysWith: { first, _ in first })
      }
      guard let first = counted.first,
        let x = counted.dropFirst().reduce(Set(first.keys), { $0.intersection($1.keys) }).max()
      else { continue }
      let values = zip(lines, counted).map { line, counts in
        (name: RunReport.plainName(line, family: family), count: counts[x]!)
      }
      var clause =
        RunReport.plainAxis(family, x) + ", "
        + RunReport.list(values.map { "\($0.name) \(RunReport.millions($0.count))" })
      if values.count == 2, let low = values.map(\.count).min(), low > 0, let high = values.map(\.count).max() {
        clause += " (\(RunReport.ratio(high / low))×)"
      }
      clauses.append(clause)
    }
    let counts =
      "Instructions (the case's own: each compile's count less its import-only baseline, by "
      + "\(metering.source.rawValue))"
    let time =
      metering.source.disturbsTime
      ? "; times were taken under cachegrind, about 37 times slower than natively, and are not comparable" : ""
    guard !clauses.isEmpty else { return nil }
    return RunReport.sentence("", counts + ": " + clauses.joined(separator: "; ") + time)
  }

  /// `115 M instructions` style: millions with three significant digits.
  static func millions(_ value: Double) -> String {
    NumberFormat.compact(value / 1e6, digits: 3) + " M"
  }

  /// What the instruction counts are and how repeatable they were, for the report's method note; nil when the run
  /// did not count instructions.
  var instructionsNote: String? {
    guard let metering = record.instructionMetering else { return nil }
    var note =
      "Instructions are counted by \(metering.source.phrase), \(metering.detail), on the timed compiles' frontend "
      + "job alone (the driver's plan from swiftc -###, run directly; the instrumented compile is never counted): the "
      + "case's own figure is the compile's count less the import-only baseline of its preamble (below), both in "
      + "run.json."
    if metering.source.disturbsTime {
      note += " Under cachegrind a compile runs about 37 times slower: its times are not comparable with native ones."
    }
    // How repeatable the counts were when a point was counted more than once.
    var counts: [PointKey: [Double]] = [:]
    for sample in record.samples where sample.givesTime && sample.outcome == .ok {
      guard let instructions = sample.instructions else { continue }
      counts[PointKey(sample), default: []].append(instructions)
    }
    var largest: Double?
    for summary in points where summary.outcome == .ok {
      guard let counts = counts[PointKey(caseID: summary.caseID, toolchain: summary.toolchain)], counts.count > 1,
        let low = counts.min(), let high = counts.max(), low > 0
      else { continue }
      largest = max(largest ?? 0, (high - low) / low)
    }
    if let largest {
      note +=
        " Repeated counts of one point differed by at most "
        + NumberFormat.compact(largest * 100, digits: 2) + " %."
    } else {
      note += " One count per point (the counts are deterministic)."
    }
    return note
  }

  /// The import-only baselines, one row per preamble and toolchain, or nil when the run did not count instructions.
  var baselineTable: ReportTable? {
    guard let baselines = record.instructionMetering?.baselines, !baselines.isEmpty else { return nil }
    return ReportTable(
      header: ["preamble", "toolchain", "instructions"], alignments: [.left, .left, .right],
      rows: baselines.map { [$0.label, $0.toolchain, RunReport.grouped($0.instructions)] })
  }
}
