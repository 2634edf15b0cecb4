/// What one point (a case compiled by one toolchain) measured, reduced to what comparisons and history need.
public struct MeasuredPoint: Codable, Hashable, Sendable {
  public var caseID: String
  /// `ToolchainInfo.name` of the compiler.
  public var toolchain: String
  /// The worst outcome among the point's samples (crash, then error, timeout, too-complex, ok).
  public var outcome: Outcome
  /// The first `detail` of a sample with that outcome (the diagnostic or signal).
  public var detail: String?
  /// Type-check milliseconds of every sample that has them, in iteration order; lower bounds when censored.
  public var milliseconds: [Double]
  /// The median `Sema.NumConstraintScopes`, or nil when no sample recorded statistics.
  public var scopes: Double?
  /// The cache key all its measured samples share (one hash of host, compiler, flags, measurement version and case
  /// source), or nil when a sample has none or they differ.
  public var inputKey: String?
  /// The case's own instructions (total less the import-only baseline) of every timed compile that counted them, in
  /// iteration order; empty when the run did not count instructions.
  public var instructionCounts: [Double] = []

  public init(
    caseID: String, toolchain: String, outcome: Outcome, detail: String? = nil, milliseconds: [Double],
    scopes: Double?, inputKey: String? = nil, instructionCounts: [Double] = []
  ) {
    self.instructionCounts = instructionCounts
    self.caseID = caseID
    self.toolchain = toolchain
    self.outcome = outcome
    self.detail = detail
    self.milliseconds = milliseconds
    self.scopes = scopes
    self.inputKey = inputKey
  }

  /// The median time, or nil when no sample has one.
  public var medianMilliseconds: Double? {
    milliseconds.isEmpty ? nil : SampleStatistics.median(ofSorted: milliseconds.sorted())
  }

  /// The median of the case's own instructions, or nil when none were counted.
  public var instructions: Double? {
    instructionCounts.isEmpty ? nil : SampleStatistics.median(ofSorted: instructionCounts.sorted())
  }

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
    // Time and instructions come from the timed compiles (the counted ones under --meter instructions), counters
    // from the instrumented one (`CompilePass`).
    let timed = TypeCheckSample.timed(ordered)
    let worst = TypeCheckSample.pointOutcome(of: ordered) ?? .ok
    self.init(
      caseID: caseID, toolchain: toolchain, outcome: worst,
      detail: ordered.first { $0.outcome == worst }?.detail,
      milliseconds: TypeCheckSample.headlineTimes(of: timed).milliseconds,
      scopes: TypeCheckSample.medianCounter(\.constraintScopes, of: TypeCheckSample.counted(ordered)),
      inputKey: Set(ordered.map(\.cacheKey)).count == 1 ? ordered.first?.cacheKey : nil,
      instructionCounts: timed.compactMap(\.caseInstructions))
  }
}
