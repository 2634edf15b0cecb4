/// What one point (a case compiled by one toolchain) measured, reduced to what comparisons and history need.
public struct MeasuredPoint: Encodable, Hashable, Sendable {
  public var caseID: String
  /// `ToolchainInfo.name` of the compiler.
  public var toolchain: String
  /// The worst outcome among the point's samples (crash, then error, timeout, too-complex, ok).
  public var outcome: Outcome
  /// The first `detail` of a sample with that outcome (the diagnostic or signal).
  public var detail: String?
  /// Every metric's values among the point's samples (`Metric.values(of:)`), in iteration order; lower bounds when
  /// censored. A metric the point did not measure has no entry.
  public var values: [Metric: [Double]]
  /// The cache key all its measured samples share (one hash of host, compiler, flags, measurement version and case
  /// source), or nil when a sample has none or they differ.
  public var inputKey: String?

  public init(
    caseID: String, toolchain: String, outcome: Outcome, detail: String? = nil, values: [Metric: [Double]],
    inputKey: String? = nil
  ) {
    self.caseID = caseID
    self.toolchain = toolchain
    self.outcome = outcome
    self.detail = detail
    self.values = values.filter { !$0.value.isEmpty }
    self.inputKey = inputKey
  }

  /// A point from its time, scopes and instruction figures.
  public init(
    caseID: String, toolchain: String, outcome: Outcome, detail: String? = nil, milliseconds: [Double],
    scopes: Double?, inputKey: String? = nil, instructionCounts: [Double] = []
  ) {
    self.init(
      caseID: caseID, toolchain: toolchain, outcome: outcome, detail: detail,
      values: [.time: milliseconds, .scopes: scopes.map { [$0] } ?? [], .instructions: instructionCounts],
      inputKey: inputKey)
  }

  /// The median of `metric`, or nil when no sample has it.
  public func value(_ metric: Metric) -> Double? {
    guard let values = values[metric], !values.isEmpty else { return nil }
    return SampleStatistics.median(ofSorted: values.sorted())
  }

  /// Type-check milliseconds of every sample that has them, in iteration order; lower bounds when censored.
  public var milliseconds: [Double] { values[.time] ?? [] }
  /// The median time, or nil when no sample has one.
  public var medianMilliseconds: Double? { value(.time) }
  /// The median `Sema.NumConstraintScopes`, or nil when no sample recorded statistics.
  public var scopes: Double? { value(.scopes) }
  /// The case's own instructions (total less the import-only baseline) of every timed compile that counted them, in
  /// iteration order; empty when the run did not count instructions.
  public var instructionCounts: [Double] { values[.instructions] ?? [] }
  /// The median of the case's own instructions, or nil when none were counted.
  public var instructions: Double? { value(.instructions) }

  /// True when the compiler failed (error or crash), so the point has no usable measurement.
  public var failed: Bool { outcome.isFailure }

  /// Every point of `record` with at least one sample, in sweep order, then in the record's toolchain order.
  public static func points(in record: RunRecord) -> [MeasuredPoint] {
    var grouped: [PointKey: [TypeCheckSample]] = [:]
    for sample in record.samples {
      grouped[PointKey(sample), default: []].append(sample)
    }
    let order = PointOrder(record)
    return grouped.keys.sorted(by: order.areInIncreasingOrder).map { key in
      MeasuredPoint(caseID: key.caseID, toolchain: key.toolchain, samples: grouped[key]!)
    }
  }

  /// Summarises the samples of one point.
  public init(caseID: String, toolchain: String, samples: [TypeCheckSample]) {
    let ordered = samples.sorted { $0.iteration < $1.iteration }
    let worst = TypeCheckSample.pointOutcome(of: ordered) ?? .ok
    self.init(
      caseID: caseID, toolchain: toolchain, outcome: worst,
      detail: ordered.first { $0.outcome == worst }?.detail,
      values: Dictionary(uniqueKeysWithValues: Metric.all.map { ($0, $0.values(of: ordered)) }),
      inputKey: Set(ordered.map(\.cacheKey)).count == 1 ? ordered.first?.cacheKey : nil)
  }

  /// The JSON `bench compare --json` writes: a noisy metric's values under its source's name (`milliseconds`,
  /// `instructionCounts`, always present), an exact statistic's median under its key (`scopes`, when measured).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: JSONKey.self)
    try container.encode([
      "caseID": caseID, "toolchain": toolchain, "outcome": outcome, "detail": detail, "inputKey": inputKey,
    ])
    for metric in Metric.all {
      switch metric.source {
      case .headlineTime: try container.encode(values[metric] ?? [], forKey: JSONKey("milliseconds"))
      case .caseInstructions: try container.encode(values[metric] ?? [], forKey: JSONKey("instructionCounts"))
      case .statistic: try container.encodeIfPresent(value(metric), forKey: JSONKey(metric.key))
      }
    }
  }
}
