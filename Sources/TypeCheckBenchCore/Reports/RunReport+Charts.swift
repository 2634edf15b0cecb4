import Generators

extension RunReport {
  /// What a chart plots.
  enum ChartQuantity: String, CaseIterable {
    case time, scopes
  }

  /// Every chart of the run: per family, type-check time and constraint scopes, keyed by relative path.
  var charts: [(path: String, chart: GrowthChart)] {
    families.flatMap { family in
      ChartQuantity.allCases.map { quantity in
        (RunReport.chartPath(family, quantity), chart(family, quantity))
      }
    }
  }

  /// `charts/<family>-<quantity>.svg`.
  static func chartPath(_ family: CaseFamily, _ quantity: ChartQuantity) -> String {
    "charts/\(family.rawValue)-\(quantity.rawValue).svg"
  }

  static func chartTitle(_ family: CaseFamily, _ quantity: ChartQuantity) -> String {
    let what = quantity == .time ? "type-check time" : "constraint scopes"
    return "\(title(of: family)): \(what) by \(family.axis)"
  }

  private static let dashes: [[Double]] = [[], [7, 4], [2, 3], [9, 3, 2, 3]]
  private static let fallbackColors = ["#7b4fa8", "#c77c1e", "#3a8f8f", "#8a8a2e"]

  /// Colours that tell the compared values apart: per-kind red, unified blue; compat red, modern blue, extracted green.
  static func color(ofContrast contrast: String, index: Int) -> String {
    switch contrast {
    case BuilderModel.perKind.rawValue, ChartVariant.compat.rawValue: "#d1495b"
    case BuilderModel.unified.rawValue, ChartVariant.modern.rawValue: "#2e6fb7"
    case ChartVariant.extracted.rawValue: "#2a9d5c"
    default: fallbackColors[index % fallbackColors.count]
    }
  }

  private func chart(_ family: CaseFamily, _ quantity: ChartQuantity) -> GrowthChart {
    var lines: [GrowthChart.Series] = []
    let familyComparisons = comparisons[family] ?? []
    for (comparisonIndex, comparison) in familyComparisons.enumerated() {
      for (toolchainIndex, toolchain) in comparison.toolchains.enumerated() {
        for (contrastIndex, contrast) in comparison.contrasts.enumerated() {
          guard let line = comparison.series(contrast: contrast, toolchain: toolchain) else { continue }
          let style = comparisonIndex * comparison.toolchains.count + toolchainIndex
          var label = label(of: line)
          if familyComparisons.count > 1 { label += " (\(comparison.title))" }
          lines.append(
            GrowthChart.Series(
              label: label, color: RunReport.color(ofContrast: contrast, index: contrastIndex),
              dash: RunReport.dashes[style % RunReport.dashes.count],
              points: line.points.compactMap { chartPoint($0, quantity, label: label) }))
        }
      }
    }
    let runs = record.provenance.runs
    let subtitle =
      quantity == .time
      ? "Median of \(runs) run\(runs == 1 ? "" : "s") per point (the case's own bodies); whiskers min–max; log scale"
      : "Sema.NumConstraintScopes, the solver's deterministic work counter; log scale"
    return GrowthChart(
      title: RunReport.chartTitle(family, quantity), subtitle: subtitle, xLabel: family.axis,
      yLabel: quantity == .time ? "type-check time (ms, log)" : "constraint scopes (log)", series: lines)
  }

  private func chartPoint(_ point: PointSummary, _ quantity: ChartQuantity, label: String) -> GrowthChart.Point? {
    guard point.isMeasured else { return nil }
    let axis = "\(point.spec.family.axis) \(point.spec.axisValue)"
    let bound = point.isCensored ? "≥ " : ""
    let outcome = point.isCensored ? ", \(point.outcome.rawValue)" : ""
    switch quantity {
    case .time:
      guard let statistics = point.milliseconds, statistics.median > 0 else { return nil }
      let note =
        "\(label), \(axis): \(bound)\(RunReport.milliseconds(statistics.median)) ms (median of \(statistics.count), "
        + "min \(RunReport.milliseconds(statistics.min)), max \(RunReport.milliseconds(statistics.max))\(outcome))"
      return GrowthChart.Point(
        axisValue: point.spec.axisValue, value: statistics.median, low: statistics.min > 0 ? statistics.min : statistics.median,
        high: statistics.max, isCensored: point.isCensored, note: note)
    case .scopes:
      guard let scopes = point.constraintScopes, scopes > 0 else { return nil }
      let note = "\(label), \(axis): \(bound)\(RunReport.grouped(scopes)) scopes\(outcome)"
      return GrowthChart.Point(
        axisValue: point.spec.axisValue, value: scopes, low: scopes, high: scopes, isCensored: point.isCensored,
        note: note)
    }
  }
}
