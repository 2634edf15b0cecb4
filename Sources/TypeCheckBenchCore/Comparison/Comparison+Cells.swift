/// The table cells shared by the Markdown and plain-text renderings.
extension Comparison {
  /// True when a side counted instructions: the tables then show their ratio.
  var showsInstructions: Bool { baseInstructionSource != nil || newInstructionSource != nil }

  /// The column titles; `Instructions ratio` only when a side counted instructions.
  var columnTitles: [String] {
    ["Case", "Base ms", "New ms", "Time ratio (95% CI)", "Noise band", "Scopes ratio"]
      + (showsInstructions ? ["Instructions ratio"] : []) + ["Verdict"]
  }

  /// What the time columns mean, said under every table that shows them.
  static let columnsNote =
    "Time ratio: NEW / BASE of the median case time, with its 95% bootstrap interval. Noise band: the ratios that "
    + "count as no change, the threshold widened to the spread, (max - min) / median, either run shows; time is "
    + "slower (faster) only when the whole interval lies above (below) it."

  /// The cells of one row, unescaped.
  func cells(_ point: PointComparison) -> [String] {
    [
      point.caseID, Comparison.milliseconds(point.base), Comparison.milliseconds(point.new),
      Comparison.timeRatio(point.base.outcome.isCensored && point.new.outcome.isCensored ? nil : point.time),
      Comparison.noiseBand(point), Comparison.scopesRatio(point),
    ] + (showsInstructions ? [Comparison.instructionsRatio(point)] : [])
      + [point.verdict.label + Comparison.verdictReason(point)]
  }

  /// NEW / BASE of the case's own instructions, or both counts when no ratio applies.
  static func instructionsRatio(_ point: PointComparison) -> String {
    if let value = point.instructionsRatio { return NumberFormat.fixed(value, decimals: 4, trimZeros: false) + "x" }
    if let base = point.base.instructions, let new = point.new.instructions {
      return "\(NumberFormat.compact(base, digits: 15)) -> \(NumberFormat.compact(new, digits: 15))"
    }
    return "-"
  }

  /// What decided the verdict, for example ` (time, scopes)`, `: NEW hits the limit: too-complex` or
  /// `: time too few samples (1 and 1 of 5)`, then any change a metric that does not gate saw.
  static func verdictReason(_ point: PointComparison) -> String {
    if let note = point.note { return ": " + note }
    var reason = ""
    let measures = point.decidingMeasures.map { $0 == "time" && !point.timeGates ? "time, not gated" : $0 }
    if !measures.isEmpty { reason = " (\(measures.joined(separator: ", ")))" }
    if point.isUndecided { reason = ": time " + point.timeChange.tooFewSamplesText }
    var unGated: [String] = []
    if !point.timeGates, point.timeVerdict == .slower || point.timeVerdict == .faster {
      unGated.append("time \(point.timeVerdict.label)")
    }
    if !point.scopesGate, point.scopesVerdict == .slower || point.scopesVerdict == .faster {
      unGated.append("scopes \(point.scopesVerdict.label)")
    }
    if !point.instructionsGate, point.instructionsVerdict == .slower || point.instructionsVerdict == .faster {
      unGated.append("instructions \(point.instructionsVerdict.label)")
    }
    if point.timeGates, point.verdict != .undecided, point.timeVerdict == .undecided {
      unGated.append("time " + point.timeChange.tooFewSamplesText)
    }
    if !unGated.isEmpty { reason += "; " + unGated.joined(separator: ", ") + " (not gated)" }
    return reason
  }

  static func milliseconds(_ point: MeasuredPoint) -> String {
    if point.failed { return point.outcome.rawValue }
    guard let median = point.medianMilliseconds else { return "-" }
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

  /// The ratios that count as no change for time, for example `[0.87, 1.15]`; `-` when time cannot decide.
  static func noiseBand(_ point: PointComparison) -> String {
    guard point.timeChange.decision != .tooFewSamples, point.time != nil else { return "-" }
    let lower = NumberFormat.fixed(point.timeChange.lowerBound, decimals: 2, trimZeros: false)
    let upper = NumberFormat.fixed(point.timeChange.upperBound, decimals: 2, trimZeros: false)
    return "[\(lower), \(upper)]"
  }

  static func scopesRatio(_ point: PointComparison) -> String {
    if let value = point.scopesRatio { return ratio(value) }
    if let base = point.base.scopes, let new = point.new.scopes {
      return "\(NumberFormat.compact(base, digits: 15)) -> \(NumberFormat.compact(new, digits: 15))"
    }
    return "-"
  }
}
