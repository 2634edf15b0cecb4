import Generators

/// Everything a report shows about one run, computed once from the record: points, series, comparisons.
public struct RunReport: Sendable {
  public var record: RunRecord
  /// One summary per (case, toolchain), in case order then toolchain order.
  public var points: [PointSummary]
  public var series: [PointSeries]
  /// Toolchain names in the record's order (plus any named only by samples).
  public var toolchains: [String]
  /// Families with at least one point, in declaration order.
  public var families: [CaseFamily]
  /// Comparisons per family.
  public var comparisons: [CaseFamily: [SeriesComparison]]

  public init(_ record: RunRecord) {
    self.record = record
    points = PointSummary.summaries(of: record)
    series = PointSeries.series(of: points)
    var toolchains = record.toolchains.map(\.name)
    for point in points where !toolchains.contains(point.toolchain) { toolchains.append(point.toolchain) }
    self.toolchains = toolchains
    let present = Set(points.map(\.spec.family))
    families = CaseFamily.allCases.filter(present.contains)
    var comparisons: [CaseFamily: [SeriesComparison]] = [:]
    for family in families {
      comparisons[family] = SeriesComparison.comparisons(
        of: series.filter { $0.family == family }, toolchains: toolchains)
    }
    self.comparisons = comparisons
  }

  /// A family's name for headings, for example `Nesting`.
  /// What the compared values of a comparison mean, when their names alone could mislead (the chart variants).
  static func legend(for comparison: SeriesComparison) -> String? {
    guard comparison.family == .chart else { return nil }
    if comparison.series.allSatisfy({ $0.spec.model == .perKind }) {
      return "Per-kind Charts has no back-deployment overload: compat is Charts' own per-kind builder as shipped, "
        + "extracted the same chain moved into a @ChartContentBuilder function."
    }
    return "compat: the Chart closure's ContentBuilder carries Charts' back-deployment buildEither (returning "
      + "BuilderConditional); modern: deployment target 27, without it; extracted: the chain moved into a "
      + "@ChartContentBuilder function, the technote's remedy."
  }

  static func title(of family: CaseFamily) -> String {
    switch family {
    case .nesting: "Nesting"
    case .branches: "Branches"
    case .chart: "Chart"
    case .state: "State"
    case .template: "Template"
    }
  }

  /// The x axis of a family's tables and charts: the family's own, or the parameter a template is swept along.
  func axisName(of family: CaseFamily) -> String {
    guard family == .template else { return family.axis }
    return points.first { $0.spec.family == .template }?.spec.axisName ?? family.axis
  }

  /// "at depth 4", "at 8 branches", "at 16 states", or for a template's own parameter "at N=6".
  static func axisPhrase(_ family: CaseFamily, _ value: Int, axis: String? = nil) -> String {
    if family == .template { return "at \(axis ?? family.axis)=\(value)" }
    return switch family.axis {
    case "depth": "at depth \(value)"
    case "branches": "at \(value) branch\(value == 1 ? "" : "es")"
    default: "at \(value) \(value == 1 ? String(family.axis.dropLast()) : family.axis)"
    }
  }

  /// A series label: what it compares, what tells its comparison apart, and the toolchain when there are several.
  func label(of line: PointSeries, in comparison: SeriesComparison) -> String {
    var label = comparison.distinction.isEmpty ? line.label : SeriesComparison.contrast(of: line.spec)
    if !comparison.distinction.isEmpty { label += ", " + comparison.distinction }
    return toolchains.count > 1 ? "\(label) @ \(line.toolchain)" : label
  }
}
