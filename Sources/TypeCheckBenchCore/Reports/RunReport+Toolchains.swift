import Generators

/// The toolchains of a run side by side: what one run measured with several toolchains (`--toolchain A=… --toolchain
/// B=…`), or `bench merge` of runs that differ only in toolchain (as CI measures them), answers "what did B do to
/// type-checking compared with A?".
extension RunReport {
  /// A sentence introducing the side-by-side tables; nil with a single toolchain.
  var toolchainsNote: String? {
    guard toolchains.count > 1, let first = toolchains.first else { return nil }
    let infos = Dictionary(record.toolchains.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let apart = toolchains.dropFirst().filter { name in
      guard let info = infos[name], let reference = infos[first] else { return false }
      return !info.timesComparable(with: reference)
    }
    let builds =
      apart.isEmpty
      ? ""
      : " \(RunReport.list(apart)) and \(first) are builds of different configurations (release, assertions): their "
        + "times are shown but not divided (–), since an assertions build's checks cost time a release build does "
        + "not spend; scopes compare."
    let metered =
      record.instructionMetering == nil
      ? ""
      : " Instructions are each case's own, counted as the meter says; "
        + (timesUnderCachegrind ? "times, taken under cachegrind, are shown but not divided (–)." : "they compare.")
    return "Each row is one case measured by every toolchain: median type-check time (ms) and constraint scopes, "
      + "with each toolchain's ratio against \(first), the first. Above 1 is slower (more work) than \(first). "
      + "≥ marks a censored value (a lower bound); a ratio with a censored side is a bound (≥ or ≤). The family "
      + "charts above draw one line per toolchain (dashes tell toolchains apart)." + builds + metered
  }

  /// One table per family: rows are the family's series (compared value and parameters) by axis value; columns
  /// each toolchain's time, its time ratio against the first toolchain, then the same for each other tabulated metric
  /// (scopes, instructions). Nil with a single toolchain.
  func toolchainsTable(for family: CaseFamily) -> ReportTable? {
    guard toolchains.count > 1, let first = toolchains.first else { return nil }
    let others = toolchains.dropFirst()
    let metrics = tabulatedMetrics
    var header = ["series", family.axis]
    for (index, metric) in metrics.enumerated() {
      // The first metric's (time's) ratio columns go without its unit, as the table's headline.
      header += toolchains.map { "\($0) \(metric.unit)" }
      header += others.map { "\($0) ÷ \(first)" + (index == 0 ? "" : " \(metric.unit)") }
    }
    var rows: [[String]] = []
    for comparison in comparisons[family] ?? [] {
      for contrast in comparison.contrasts {
        let lines = toolchains.map { comparison.series(contrast: contrast, toolchain: $0) }
        guard let any = lines.compactMap({ $0 }).first else { continue }
        let label = comparison.distinction.isEmpty ? any.label : "\(contrast), \(comparison.distinction)"
        let axisValues = Set(lines.compactMap { $0 }.flatMap { $0.points.map(\.spec.axisValue) }).sorted()
        for axisValue in axisValues {
          var row = [label, String(axisValue)]
          for metric in metrics {
            row += lines.map { RunReport.cell(metric, $0, axisValue) }
            row += zip(toolchains, lines).dropFirst().map { name, line in
              metric.isDeterministic
                ? RunReport.countRatioCell(line, lines[0], axisValue, { $0.value(metric) })
                : timesComparable(name, first) && !timesUnderCachegrind
                  ? RunReport.ratioCell(metric, line, lines[0], axisValue) : "–"
            }
          }
          rows.append(row)
        }
      }
    }
    guard !rows.isEmpty else { return nil }
    return ReportTable(
      header: header, alignments: [.left] + Array(repeating: .right, count: header.count - 1), rows: rows)
  }

  /// True when the times of toolchains `a` and `b` may be divided: builds of one configuration (or unknown ones).
  func timesComparable(_ a: String, _ b: String) -> Bool {
    guard let first = record.toolchains.first(where: { $0.name == a }),
      let second = record.toolchains.first(where: { $0.name == b })
    else { return true }
    return first.timesComparable(with: second)
  }

  /// True when the run's times were taken under cachegrind (about 37 times slower): they are never divided.
  var timesUnderCachegrind: Bool { record.instructionMetering?.source.disturbsTime == true }

  /// A count (scopes, instructions) of `numerator` over `denominator` at one axis value, bounded (≥, ≤) when a side
  /// is censored.
  static func countRatioCell(
    _ numerator: PointSeries?, _ denominator: PointSeries?, _ axisValue: Int, _ count: (PointSummary) -> Double?
  ) -> String {
    guard let top = point(numerator, axisValue), let bottom = point(denominator, axisValue),
      top.isMeasured, bottom.isMeasured, !(top.isCensored && bottom.isCensored),
      let topScopes = count(top), let bottomScopes = count(bottom), bottomScopes > 0
    else { return "–" }
    let bound = top.isCensored ? "≥ " : bottom.isCensored ? "≤ " : ""
    let value = topScopes / bottomScopes
    return bound + ratioFigure(value, decimalsFromOne: 2, trimZeros: false) + "×"
  }
}
