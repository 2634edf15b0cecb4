/// The table cells shared by the Markdown and plain-text renderings.
extension Comparison {
  static let columnTitles = ["Case", "Base ms", "New ms", "Time ratio (95% CI)", "Scopes ratio", "Verdict"]

  /// The cells of one row, unescaped.
  static func cells(_ point: PointComparison) -> [String] {
    [
      point.caseID, milliseconds(point.base), milliseconds(point.new), timeRatio(point.time),
      scopesRatio(point), point.verdict.label + verdictReason(point),
    ]
  }

  /// What decided the verdict, for example ` (time, scopes)` or `: NEW hits the limit: too-complex`.
  static func verdictReason(_ point: PointComparison) -> String {
    if let note = point.note { return ": " + note }
    let measures = point.decidingMeasures
    return measures.isEmpty ? "" : " (\(measures.joined(separator: ", ")))"
  }

  static func milliseconds(_ point: MeasuredPoint) -> String {
    if point.failed { return point.outcome.rawValue }
    guard let median = point.medianMilliseconds else { return "-" }
    let figure = NumberFormat.compact(median, digits: 4)
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

  static func scopesRatio(_ point: PointComparison) -> String {
    if let value = point.scopesRatio { return ratio(value) }
    if let base = point.base.scopes, let new = point.new.scopes {
      return "\(NumberFormat.compact(base, digits: 15)) -> \(NumberFormat.compact(new, digits: 15))"
    }
    return "-"
  }
}
