import Generators

extension RunReport {
  /// Every chart of the run: per family, one for each charted metric (time, constraint scopes, each other counter),
  /// keyed by relative path.
  var charts: [(path: String, chart: GrowthChart)] {
    families.flatMap { family in
      chartedMetrics.map { metric in
        (RunReport.chartPath(family, metric), chart(family, metric))
      }
    }
  }

  /// `charts/<family>-<metric's chart file>.svg`.
  static func chartPath(_ family: CaseFamily, _ metric: Metric) -> String {
    "charts/\(family.rawValue)-\(metric.charting.file).svg"
  }

  static func chartTitle(_ family: CaseFamily, _ metric: Metric, axis: String? = nil) -> String {
    "\(title(of: family)): \(metric.charting.quantity) by \(axis ?? family.axis)"
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

  private func chart(_ family: CaseFamily, _ metric: Metric) -> GrowthChart {
    var lines: [GrowthChart.Series] = []
    // What stopped the drawn censored points (the solver, bench's --timeout, or both), for the legend.
    var stops: Set<Outcome> = []
    let familyComparisons = comparisons[family] ?? []
    for (comparisonIndex, comparison) in familyComparisons.enumerated() {
      for (toolchainIndex, toolchain) in comparison.toolchains.enumerated() {
        for (contrastIndex, contrast) in comparison.contrasts.enumerated() {
          guard let line = comparison.series(contrast: contrast, toolchain: toolchain) else { continue }
          let label = label(of: line, in: comparison)
          let drawn = line.points.compactMap { point in chartPoint(point, metric, label: label).map { (point, $0) } }
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
    let subtitle =
      metric.isDeterministic
      ? "\(metric.charting.subtitle); log scale"
      : "Median of \(runs) run\(runs == 1 ? "" : "s") per point (\(metric.charting.subtitle)); whiskers min–max; log "
        + "scale" + (timesUnderCachegrind ? "; under cachegrind: not comparable" : "")
    var chart = GrowthChart(
      title: RunReport.chartTitle(family, metric, axis: axisName(of: family)), subtitle: subtitle,
      xLabel: axisName(of: family), yLabel: metric.charting.axisLabel, series: lines)
    if stops.contains(.timeout) {
      chart.censoredLegend =
        stops.contains(.tooComplex) ? "≥ censored (solver limit or timeout)" : "≥ censored (timeout)"
    }
    return chart
  }

  /// A point of `metric`'s chart: a noisy metric's median with its min–max whiskers, an exact one's median; nil when
  /// the point has no positive value (a log scale cannot draw it).
  private func chartPoint(_ point: PointSummary, _ metric: Metric, label: String) -> GrowthChart.Point? {
    guard point.isMeasured else { return nil }
    let axis = "\(point.spec.axisName) \(point.spec.axisValue)"
    let bound = point.isCensored ? "≥ " : ""
    let outcome = point.isCensored ? ", \(point.outcome.rawValue)" : ""
    if !metric.isDeterministic {
      guard let statistics = point.distribution(metric), statistics.median > 0 else { return nil }
      let median = RunReport.milliseconds(statistics.median)
      let note =
        "\(label), \(axis): \(bound)\(median) \(metric.unit) (median of \(statistics.count), "
        + "min \(RunReport.milliseconds(statistics.min)), max \(RunReport.milliseconds(statistics.max))\(outcome))"
      return GrowthChart.Point(
        axisValue: point.spec.axisValue, value: statistics.median,
        low: statistics.min > 0 ? statistics.min : statistics.median,
        high: statistics.max, isCensored: point.isCensored, note: note)
    }
    guard let value = point.value(metric), value > 0 else { return nil }
    let figure = metric.charting.groupsDigits ? RunReport.grouped(value) : NumberFormat.compact(value, digits: 6)
    let note = "\(label), \(axis): \(bound)\(figure) \(metric.unit)\(outcome)"
    return GrowthChart.Point(
      axisValue: point.spec.axisValue, value: value, low: value, high: value, isCensored: point.isCensored, note: note)
  }
}
