import Generators

/// The points of one series (cases sharing `seriesID`) measured by one toolchain, ordered along the family's axis.
public struct PointSeries: Hashable, Sendable {
  public var seriesID: String
  public var toolchain: String
  /// Points in increasing axis value.
  public var points: [PointSummary]

  public init(seriesID: String, toolchain: String, points: [PointSummary]) {
    self.seriesID = seriesID
    self.toolchain = toolchain
    self.points = points.sorted { $0.spec.axisValue < $1.spec.axisValue }
  }

  /// The case of the series' first point, standing for the whole series (every parameter but the axis is shared).
  public var spec: CaseSpec { points[0].spec }
  public var family: CaseFamily { spec.family }
  /// `CaseSpec.seriesLabel`, for legends and tables.
  public var label: String { spec.seriesLabel }

  /// The first point whose value is only a lower bound: the sweep stops the series there.
  public var firstCensored: PointSummary? { points.first(where: \.isCensored) }
  /// The axis value at which the series goes censored, if it does.
  public var firstCensoredAxisValue: Int? { firstCensored?.spec.axisValue }

  /// Measured, uncensored points before the first censored one: the only ones a growth fit may use.
  public var fittablePoints: [PointSummary] {
    let limit = firstCensoredAxisValue ?? Int.max
    return points.filter { $0.outcome == .ok && $0.spec.axisValue < limit }
  }

  /// Growth of the median of `metric` along the axis (`PointSummary.value(_:)`).
  public func fit(_ metric: Metric) -> GrowthFit { fit { $0.value(metric) } }

  /// Growth of the median type-check time along the axis.
  public var timeFit: GrowthFit { fit(.time) }

  /// Growth of the constraint-scope count along the axis.
  public var scopesFit: GrowthFit { fit(.scopes) }

  /// Growth of the median of the statistics entry `name` (a `--counter`) along the axis.
  public func counterFit(_ name: String) -> GrowthFit { fit { $0.statistics[name] } }

  /// Growth of `value` over the fittable points that have one.
  private func fit(_ value: (PointSummary) -> Double?) -> GrowthFit {
    GrowthFit(points: fittablePoints.compactMap { point in value(point).map { (Double(point.spec.axisValue), $0) } })
  }

  /// Groups `summaries` into series, ordered by first appearance.
  public static func series(of summaries: [PointSummary]) -> [PointSeries] {
    var order: [SeriesKey] = []
    var members: [SeriesKey: [PointSummary]] = [:]
    for summary in summaries {
      let key = SeriesKey(seriesID: summary.spec.seriesID, toolchain: summary.toolchain)
      if members[key] == nil { order.append(key) }
      members[key, default: []].append(summary)
    }
    return order.map { PointSeries(seriesID: $0.seriesID, toolchain: $0.toolchain, points: members[$0]!) }
  }

  private struct SeriesKey: Hashable {
    var seriesID: String
    var toolchain: String
  }
}
