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

  public init(
    caseID: String, toolchain: String, outcome: Outcome, detail: String? = nil, milliseconds: [Double],
    scopes: Double?
  ) {
    self.caseID = caseID
    self.toolchain = toolchain
    self.outcome = outcome
    self.detail = detail
    self.milliseconds = milliseconds
    self.scopes = scopes
  }

  /// The median time, or nil when no sample has one.
  public var medianMilliseconds: Double? {
    milliseconds.isEmpty ? nil : SampleStatistics.median(ofSorted: milliseconds.sorted())
  }

  /// True when the compiler failed (error or crash), so the point has no usable measurement.
  public var failed: Bool { outcome.isFailure }

  /// Every point of `record` with at least one sample, in sweep order, then in the record's toolchain order.
  public static func points(in record: RunRecord) -> [MeasuredPoint] {
    var grouped: [PointKey: [TypeCheckSample]] = [:]
    for sample in record.samples {
      grouped[PointKey(caseID: sample.caseID, toolchain: sample.toolchain), default: []].append(sample)
    }
    let order = PointOrder(record)
    return grouped.keys.sorted(by: order.areInIncreasingOrder).map { key in
      MeasuredPoint(caseID: key.caseID, toolchain: key.toolchain, samples: grouped[key]!)
    }
  }

  /// Summarises the samples of one point.
  public init(caseID: String, toolchain: String, samples: [TypeCheckSample]) {
    let ordered = samples.sorted { $0.iteration < $1.iteration }
    let worst = ordered.map(\.outcome).max { MeasuredPoint.severity($0) < MeasuredPoint.severity($1) } ?? .ok
    let measured = ordered.filter { !$0.outcome.isFailure }
    // Only non-zero counters are written, so a sample with statistics but no scopes counter did zero solver work.
    let scopes = measured.filter { !$0.stats.isEmpty }.map { $0.constraintScopes ?? 0 }.sorted()
    self.init(
      caseID: caseID, toolchain: toolchain, outcome: worst,
      detail: ordered.first { $0.outcome == worst }?.detail,
      milliseconds: TypeCheckSample.headlineTimes(of: measured).milliseconds,
      scopes: scopes.isEmpty ? nil : SampleStatistics.median(ofSorted: scopes))
  }

  static func severity(_ outcome: Outcome) -> Int {
    switch outcome {
    case .ok: 0
    case .tooComplex: 1
    case .timeout: 2
    case .badData: 3
    case .error: 4
    case .crash: 5
    }
  }
}

/// A point's identity within a record: a case and a toolchain.
struct PointKey: Hashable, Sendable {
  var caseID: String
  var toolchain: String
}

/// Sweep order of a record's points: the record's case order (unlisted cases after, by id), then its toolchain order.
struct PointOrder {
  private var caseIndex: [String: Int] = [:]
  private var toolchainIndex: [String: Int] = [:]

  init(_ record: RunRecord) {
    for (index, spec) in record.cases.enumerated() where caseIndex[spec.id] == nil { caseIndex[spec.id] = index }
    for (index, toolchain) in record.toolchains.enumerated() where toolchainIndex[toolchain.name] == nil {
      toolchainIndex[toolchain.name] = index
    }
  }

  func areInIncreasingOrder(_ lhs: PointKey, _ rhs: PointKey) -> Bool {
    let left = (caseIndex[lhs.caseID] ?? Int.max, lhs.caseID)
    let right = (caseIndex[rhs.caseID] ?? Int.max, rhs.caseID)
    if left != right { return left < right }
    let leftTool = (toolchainIndex[lhs.toolchain] ?? Int.max, lhs.toolchain)
    let rightTool = (toolchainIndex[rhs.toolchain] ?? Int.max, rhs.toolchain)
    return leftTool < rightTool
  }
}
