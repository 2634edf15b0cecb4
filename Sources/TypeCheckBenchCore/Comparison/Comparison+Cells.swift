/// The table cells shared by the Markdown and plain-text renderings: per metric the comparison shows
/// (`Comparison.metrics`), a noisy one's two medians, ratio interval and noise band, an exact one's ratio.
extension Comparison {
  /// True when a side counted instructions: the tables then show their ratio.
  var showsInstructions: Bool { metrics.contains(.instructions) }

  /// The column titles, for example `Base ms`, `New ms`, `Time ratio (95% CI)`, `Noise band`, `Scopes ratio`.
  var columnTitles: [String] {
    ["Case"]
      + metrics.flatMap { metric in
        metric.isDeterministic
          ? ["\(metric.title) ratio"]
          : ["Base \(metric.unit)", "New \(metric.unit)", "\(metric.title) ratio (95% CI)", "Noise band"]
      } + ["Verdict"]
  }

  /// What the time columns mean, said under every table that shows them.
  static let columnsNote =
    "Time ratio: NEW / BASE of the median case time, with its 95% bootstrap interval. Noise band: the ratios that "
    + "count as no change, the threshold widened to the spread, (max - min) / median, either run shows; time is "
    + "slower (faster) only when the whole interval lies above (below) it."

  /// The cells of one row, unescaped.
  func cells(_ point: PointComparison) -> [String] {
    [point.caseID]
      + metrics.flatMap { metric -> [String] in
        guard let change = point.change(metric) else { return [] }
        guard let figures = change.change else { return [Comparison.exactRatio(point, change)] }
        let bothCensored = point.base.outcome.isCensored && point.new.outcome.isCensored
        return [
          Comparison.median(point.base, metric), Comparison.median(point.new, metric),
          Comparison.timeRatio(bothCensored ? nil : figures.interval), Comparison.noiseBand(figures),
        ]
      } + [point.verdict.label + Comparison.verdictReason(point)]
  }

  /// NEW / BASE of an exact metric, or both values when no ratio applies.
  static func exactRatio(_ point: PointComparison, _ change: MetricChange) -> String {
    if let value = change.ratio {
      return NumberFormat.fixed(value, decimals: change.metric.ratioDecimals, trimZeros: false) + "x"
    }
    if let base = point.base.value(change.metric), let new = point.new.value(change.metric) {
      return "\(NumberFormat.compact(base, digits: 15)) -> \(NumberFormat.compact(new, digits: 15))"
    }
    return "-"
  }

  /// What decided the verdict, for example ` (time, scopes)`, `: NEW hits the limit: too-complex` or
  /// `: time too few samples (1 and 1 of 5)`, then any change a metric that does not gate saw.
  static func verdictReason(_ point: PointComparison) -> String {
    if let note = point.note { return ": " + note }
    var reason = ""
    let measures = point.decidingMeasures.map { id in
      point.changes.first { $0.metric.id == id }?.gates == false ? "\(id), not gated" : id
    }
    if !measures.isEmpty { reason = " (\(measures.joined(separator: ", ")))" }
    if point.isUndecided, let undecided = point.changes.first(where: { $0.gates && $0.verdict == .undecided }) {
      reason = ": \(undecided.metric.id) " + (undecided.change?.tooFewSamplesText ?? "")
    }
    var unGated = point.changes.filter { !$0.gates && $0.changed }.map { "\($0.metric.id) \($0.verdict.label)" }
    for change in point.changes where change.gates && point.verdict != .undecided && change.verdict == .undecided {
      unGated.append("\(change.metric.id) " + (change.change?.tooFewSamplesText ?? ""))
    }
    if !unGated.isEmpty { reason += "; " + unGated.joined(separator: ", ") + " (not gated)" }
    return reason
  }

  /// A side's median of `metric`, `>=`-marked when censored, the outcome when the compile failed.
  static func median(_ point: MeasuredPoint, _ metric: Metric) -> String {
    if point.failed { return point.outcome.rawValue }
    guard let median = point.value(metric) else { return "-" }
    let figure = NumberFormat.thousandsSeparated(NumberFormat.compact(median, digits: 4))
    return point.outcome.isCensored ? ">= \(figure) (\(point.outcome.rawValue))" : figure
  }

  static func ratio(_ value: Double) -> String {
    NumberFormat.fixed(value, decimals: 2, trimZeros: false) + "x"
  }

  static func timeRatio(_ time: RatioInterval?) -> String {
    guard let time else { return "-" }
    let lower = NumberFormat.fixed(time.lower, decimals: 2, trimZeros: false)
    let upper = NumberFormat.fixed(time.upper, decimals: 2, trimZeros: false)
    return "\(ratio(time.ratio)) [\(lower), \(upper)]"
  }

  /// The ratios that count as no change for a noisy metric, for example `[0.87, 1.15]`; `-` when it cannot decide.
  static func noiseBand(_ change: TimeChange) -> String {
    guard change.decision != .tooFewSamples, change.interval != nil else { return "-" }
    let lower = NumberFormat.fixed(change.lowerBound, decimals: 2, trimZeros: false)
    let upper = NumberFormat.fixed(change.upperBound, decimals: 2, trimZeros: false)
    return "[\(lower), \(upper)]"
  }
}
