import Generators

/// One claim of a `bench fidelity` run, both sides side by side: per point the scopes and outcome against the
/// miniature and against the SDK, their ratio, and whether the SDK shows the same growth law and the same first
/// censored point. Constraint scopes decide (they are deterministic); times are shown, never judged.
public struct FidelityComparison: Sendable {
  /// Whether the SDK agrees with the miniature on one question.
  public enum Agreement: String, Hashable, Sendable {
    case same, differs, undecided
  }

  /// One axis value: each side's point, nil when that side has none (not in its sweep, or after its series
  /// stopped).
  public struct Row: Sendable {
    public var axisValue: Int
    public var miniature: PointSummary?
    public var sdk: PointSummary?
  }

  public var claim: FidelityClaim
  /// The axis as the cases name it (`depth`, `branches`).
  public var axis: String
  public var rows: [Row]
  public var miniatureFit: GrowthFit
  public var sdkFit: GrowthFit
  /// Same growth law: the same shape, with bases (exponents) that agree to `baseTolerance`.
  public var growth: (agreement: Agreement, reason: String)
  /// The same first censored point (or neither censored within the sweep).
  public var censoring: (agreement: Agreement, reason: String)

  /// How far apart two exponential bases may be and still be "about" the same: the README quotes factors as "about
  /// 13", which a base of 9 or 19 would not bear out.
  public static let baseTolerance = 1.5
  /// How far apart two polynomial exponents may be and still be the same law.
  public static let exponentTolerance = 0.5

  /// The comparison of `claim`, given the record's cases and point summaries by case id (each case of a fidelity
  /// run is measured by one toolchain: its side's).
  public init(claim: FidelityClaim, specs: [String: CaseSpec], points: [String: PointSummary]) {
    self.claim = claim
    let miniature = claim.miniatureCases.compactMap { points[$0] }
    let sdk = claim.sdkCases.compactMap { points[$0] }
    let planned = (claim.miniatureCases + claim.sdkCases).compactMap { specs[$0] }
    axis = planned.first?.axisName ?? "axis"
    rows = Set(planned.map(\.axisValue)).sorted().map { value in
      Row(
        axisValue: value, miniature: miniature.first { $0.spec.axisValue == value },
        sdk: sdk.first { $0.spec.axisValue == value })
    }
    miniatureFit =
      miniature.isEmpty ? GrowthFit(points: []) : PointSeries(seriesID: "", toolchain: "", points: miniature).scopesFit
    sdkFit = sdk.isEmpty ? GrowthFit(points: []) : PointSeries(seriesID: "", toolchain: "", points: sdk).scopesFit
    growth = Self.growthAgreement(miniatureFit, sdkFit)
    let axis = axis
    func side(_ ids: [String], _ name: String) -> Side {
      Side(
        name: name, axis: axis, planned: ids.compactMap { specs[$0]?.axisValue }.sorted(),
        points: ids.compactMap { points[$0] }.sorted { $0.spec.axisValue < $1.spec.axisValue })
    }
    censoring = Self.censoringAgreement(side(claim.miniatureCases, "miniature"), side(claim.sdkCases, "SDK"))
  }

  /// Every claim of `record`, in its order.
  public static func comparisons(of record: RunRecord) -> [FidelityComparison] {
    let specs = CaseSpec.byID(record.cases)
    var points: [String: PointSummary] = [:]
    for point in PointSummary.summaries(of: record) where points[point.caseID] == nil { points[point.caseID] = point }
    return (record.fidelityClaims ?? []).map { FidelityComparison(claim: $0, specs: specs, points: points) }
  }

  /// Both questions together: `differs` when either differs, `same` when both agree, else `undecided`.
  public var agreement: Agreement {
    if growth.agreement == .differs || censoring.agreement == .differs { return .differs }
    return growth.agreement == .same && censoring.agreement == .same ? .same : .undecided
  }

  /// Compares two scope fits: undecided unless both name a growth shape.
  static func growthAgreement(_ miniature: GrowthFit, _ sdk: GrowthFit) -> (Agreement, String) {
    let both = "miniature \(miniature.summary), SDK \(sdk.summary)"
    guard miniature.verdict.claimsGrowth, sdk.verdict.claimsGrowth else { return (.undecided, both) }
    switch (miniature.verdict, sdk.verdict) {
    case (.linear, .linear):
      return (.same, "both linear (" + both + ")")
    case (.exponential(let a), .exponential(let b)):
      let apart = max(a, b) / min(a, b)
      return apart <= baseTolerance
        ? (.same, "both exponential (" + both + ")")
        : (.differs, "both exponential, but the bases are \(RunReport.ratio(apart))× apart (" + both + ")")
    case (.polynomial(let a), .polynomial(let b)):
      return abs(a - b) <= exponentTolerance
        ? (.same, "both polynomial (" + both + ")")
        : (.differs, "both polynomial, but with different exponents (" + both + ")")
    default:
      return (.differs, both)
    }
  }

  /// One side's points along the axis, and the axis values its sweep planned.
  struct Side {
    var name: String
    var axis: String
    var planned: [Int]
    var points: [PointSummary]

    /// The first censored point, or the reason it is unknown: a failed compile, or a point missing before where
    /// the series stops (an unfinished run).
    var stop: Result<PointSummary?, Unknown> {
      if let failed = points.first(where: { !$0.isMeasured }) {
        return .failure(
          Unknown(
            reason: "the \(name)'s compile at \(axis) \(failed.spec.axisValue) failed (\(failed.outcome.rawValue))"))
      }
      let stop = points.first(where: \.isCensored)
      let needed = planned.filter { value in stop.map { value <= $0.spec.axisValue } ?? true }
      if let missing = needed.first(where: { value in !points.contains { $0.spec.axisValue == value } }) {
        return .failure(Unknown(reason: "the \(name) has no point at \(axis) \(missing) (an unfinished run)"))
      }
      return .success(stop)
    }

    /// "depth 5 (too-complex)", or "none up to depth 5".
    func phrase(_ stop: PointSummary?) -> String {
      guard let stop else { return "none up to \(axis) \(planned.max() ?? 0)" }
      return "\(axis) \(stop.spec.axisValue) (\(stop.outcome.rawValue))"
    }
  }

  struct Unknown: Error {
    var reason: String
  }

  /// Where each side first goes censored; undecided when either side's is unknown.
  static func censoringAgreement(_ miniature: Side, _ sdk: Side) -> (Agreement, String) {
    switch (miniature.stop, sdk.stop) {
    case (.failure(let unknown), _), (_, .failure(let unknown)):
      return (.undecided, unknown.reason)
    case (.success(let left), .success(let right)):
      let text = "miniature \(miniature.phrase(left)), SDK \(sdk.phrase(right))"
      return left?.spec.axisValue == right?.spec.axisValue ? (.same, text) : (.differs, text)
    }
  }
}
