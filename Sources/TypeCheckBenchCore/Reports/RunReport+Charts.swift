import Generators

extension RunReport {
  /// What a chart plots.
  enum ChartQuantity: Hashable {
    case time, scopes
    /// Another `-stats-output-dir` entry chosen with `--counter`.
    case counter(String)

    /// The part of the chart's file name after the family.
    var slug: String {
      switch self {
      case .time: "time"
      case .scopes: "scopes"
      case .counter(let name):
        "counter-" + String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber) ? $0 : "-" })
      }
    }
  }

  /// The quantities charted: time, constraint scopes, and every other `--counter` of the run that a compile wrote (an
  /// empty chart would say nothing; the growth lines say that the counter was never written).
  var chartQuantities: [ChartQuantity] {
    [.time, .scopes] + extraCounters.filter { !unwrittenCounters.contains($0) }.map(ChartQuantity.counter)
  }

  /// The run's `--counter` names other than constraint scopes (which every report charts).
  var extraCounters: [String] { record.chartedCounters.filter { $0 != StatName.constraintScopes } }

  /// Every chart of the run: per family, type-check time, constraint scopes and each other counter, keyed by
  /// relative path.
  var charts: [(path: String, chart: GrowthChart)] {
    families.flatMap { family in
      chartQuantities.map { quantity in
        (RunReport.chartPath(family, quantity), chart(family, quantity))
      }
    }
  }

  /// `charts/<family>-<quantity>.svg`.
  static func chartPath(_ family: CaseFamily, _ quantity: ChartQuantity) -> String {
    "charts/\(family.rawValue)-\(quantity.slug).svg"
  }

  static func chartTitle(_ family: CaseFamily, _ quantity: ChartQuantity, axis: String? = nil) -> String {
    let what =
      switch quantity {
      case .time: "type-check time"
      case .scopes: "constraint scopes"
      case .counter(let name): name
      }
    return "\(title(of: family)): \(what) by \(axis ?? family.axis)"
  }

  /// Dash patterns telling toolchains apart.
  static let dashes: [[Double]] = [[], [7, 4], [2, 3], [9, 3, 2, 3]]
  /// Colours that tell the compared values apart (per-kind red, unified blue; compat red, modern blue, extracted
  /// green), darker to lighter across a family's comparisons (for example K=2 … K=11).
  static func color(ofContrast contrast: String, index: Int, shade: Int = 0, of shades: Int = 1) -> String {
    let hue: Double =
      switch contrast {
      case BuilderModel.perKind.rawValue, ChartVariant.compat.rawValue: 352
      case BuilderModel.unified.rawValue, ChartVariant.modern.rawValue: 212
      case ChartVariant.extracted.rawValue: 148
      default: Double(40 + 70 * index).truncatingRemainder(dividingBy: 360)
      }
    let lightness = shades > 1 ? 0.28 + 0.37 * Double(shade) / Double(shades - 1) : 0.48
    return hexColor(hue: hue, saturation: 0.62, lightness: lightness)
  }

  /// `#rrggbb` of an HSL colour.
  static func hexColor(hue: Double, saturation: Double, lightness: Double) -> String {
    let chroma = (1 - abs(2 * lightness - 1)) * saturation
    let h = hue / 60
    let x = chroma * (1 - abs(h.truncatingRemainder(dividingBy: 2) - 1))
    let (r, g, b): (Double, Double, Double) =
      switch h {
      case ..<1: (chroma, x, 0)
      case ..<2: (x, chroma, 0)
      case ..<3: (0, chroma, x)
      case ..<4: (0, x, chroma)
      case ..<5: (x, 0, chroma)
      default: (chroma, 0, x)
      }
    let m = lightness - chroma / 2
    let hex = [r, g, b].map { channel in
      let value = Int(((channel + m) * 255).rounded())
      let text = String(min(255, max(0, value)), radix: 16)
      return text.count == 1 ? "0" + text : text
    }
    return "#" + hex.joined()
  }

  private func chart(_ family: CaseFamily, _ quantity: ChartQuantity) -> GrowthChart {
    var lines: [GrowthChart.Series] = []
    // What stopped the drawn censored points (the solver, bench's --timeout, or both), for the legend.
    var stops: Set<Outcome> = []
    let familyComparisons = comparisons[family] ?? []
    for (comparisonIndex, comparison) in familyComparisons.enumerated() {
      for (toolchainIndex, toolchain) in comparison.toolchains.enumerated() {
        for (contrastIndex, contrast) in comparison.contrasts.enumerated() {
          guard let line = comparison.series(contrast: contrast, toolchain: toolchain) else { continue }
          let label = label(of: line, in: comparison)
          let drawn = line.points.compactMap { point in chartPoint(point, quantity, label: label).map { (point, $0) } }
          stops.formUnion(drawn.filter { $0.0.isCensored }.map(\.0.outcome))
          lines.append(
            GrowthChart.Series(
              label: label,
              color: RunReport.color(
                ofContrast: contrast, index: contrastIndex, shade: comparisonIndex, of: familyComparisons.count),
              dash: RunReport.dashes[toolchainIndex % RunReport.dashes.count],
              points: drawn.map(\.1), limitLabel: contrast))
        }
      }
    }
    let runs = record.provenance.runs
    let subtitle: String
    let yLabel: String
    switch quantity {
    case .time:
      subtitle =
        "Median of \(runs) run\(runs == 1 ? "" : "s") per point (the case's own bodies); whiskers min–max; log scale"
        + (record.instructionMetering?.source.disturbsTime == true ? "; under cachegrind: not comparable" : "")
      yLabel = "type-check time (ms, log)"
    case .scopes:
      subtitle = "Sema.NumConstraintScopes, the solver's deterministic work counter; log scale"
      yLabel = "constraint scopes (log)"
    case .counter(let name) where name == StatName.instructions:
      subtitle = "The case's own instructions (count less the import-only baseline), median per point; log scale"
      yLabel = "instructions (log)"
    case .counter(let name):
      subtitle = "\(name) from -stats-output-dir, median per point; log scale"
      yLabel = "\(name) (log)"
    }
    var chart = GrowthChart(
      title: RunReport.chartTitle(family, quantity, axis: axisName(of: family)), subtitle: subtitle,
      xLabel: axisName(of: family), yLabel: yLabel, series: lines)
    if stops.contains(.timeout) {
      chart.censoredLegend =
        stops.contains(.tooComplex) ? "≥ censored (solver limit or timeout)" : "≥ censored (timeout)"
    }
    return chart
  }

  private func chartPoint(_ point: PointSummary, _ quantity: ChartQuantity, label: String) -> GrowthChart.Point? {
    guard point.isMeasured else { return nil }
    let axis = "\(point.spec.axisName) \(point.spec.axisValue)"
    let bound = point.isCensored ? "≥ " : ""
    let outcome = point.isCensored ? ", \(point.outcome.rawValue)" : ""
    switch quantity {
    case .time:
      guard let statistics = point.milliseconds, statistics.median > 0 else { return nil }
      let note =
        "\(label), \(axis): \(bound)\(RunReport.milliseconds(statistics.median)) ms (median of \(statistics.count), "
        + "min \(RunReport.milliseconds(statistics.min)), max \(RunReport.milliseconds(statistics.max))\(outcome))"
      return GrowthChart.Point(
        axisValue: point.spec.axisValue, value: statistics.median,
        low: statistics.min > 0 ? statistics.min : statistics.median,
        high: statistics.max, isCensored: point.isCensored, note: note)
    case .scopes:
      guard let scopes = point.constraintScopes, scopes > 0 else { return nil }
      let note = "\(label), \(axis): \(bound)\(RunReport.grouped(scopes)) scopes\(outcome)"
      return GrowthChart.Point(
        axisValue: point.spec.axisValue, value: scopes, low: scopes, high: scopes, isCensored: point.isCensored,
        note: note)
    case .counter(let name):
      guard let value = point.statistics[name], value > 0 else { return nil }
      let note = "\(label), \(axis): \(bound)\(NumberFormat.compact(value, digits: 6)) \(name)\(outcome)"
      return GrowthChart.Point(
        axisValue: point.spec.axisValue, value: value, low: value, high: value, isCensored: point.isCensored,
        note: note)
    }
  }
}
