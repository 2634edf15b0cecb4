import Generators

/// A point's identity within a record: what was measured (a case, a corpus case, or a corpus test for its verdict)
/// and with which toolchain. The one key for points: no command joins the two into a string to look a point up.
public struct PointKey: Hashable, Sendable, CustomStringConvertible {
  public var caseID: String
  public var toolchain: String

  public init(caseID: String, toolchain: String) { (self.caseID, self.toolchain) = (caseID, toolchain) }

  /// The point `sample` belongs to.
  public init(_ sample: TypeCheckSample) {
    self.init(caseID: sample.caseID, toolchain: sample.toolchain)
  }

  /// `caseID@toolchain`, as reports and messages name a point.
  public var description: String { caseID + "@" + toolchain }
}

/// A series with one toolchain: the points of a sweep's series (`CaseSpec.seriesID`), or the N of a corpus scale
/// line, measured with one toolchain. Such a series stops at its first censored or failed point.
public struct SeriesKey: Hashable, Sendable {
  public var seriesID: String
  public var toolchain: String

  public init(seriesID: String, toolchain: String) { (self.seriesID, self.toolchain) = (seriesID, toolchain) }
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

extension Outcome {
  /// Rank used to pick a point's worst outcome: ok, too-complex, timeout, bad data, error, crash.
  public var severity: Int {
    switch self {
    case .ok: 0
    case .tooComplex: 1
    case .timeout: 2
    case .badData: 3
    case .error: 4
    case .crash: 5
    }
  }

  /// True when a sample with this outcome carries a measurement (a lower bound when censored): not a failure.
  public var isMeasured: Bool { !isFailure }

  /// The worst outcome among `samples`, nil when there are none: a censored or failed sample makes the point so.
  public static func worst(of samples: [TypeCheckSample]) -> Outcome? {
    samples.map(\.outcome).max { $0.severity < $1.severity }
  }
}

extension TypeCheckSample {
  /// The samples that carry a measurement, in their order.
  public static func measured(_ samples: [TypeCheckSample]) -> [TypeCheckSample] {
    samples.filter { $0.outcome.isMeasured }
  }

  /// The median of a compiler counter over the samples that recorded statistics, nil when none did. Only non-zero
  /// counters are written, so a sample with statistics but without the counter counts as 0.
  public static func medianCounter(_ counter: KeyPath<TypeCheckSample, Double?>, of samples: [TypeCheckSample])
    -> Double?
  {
    let values = samples.filter { !$0.stats.isEmpty }.map { $0[keyPath: counter] ?? 0 }.sorted()
    return values.isEmpty ? nil : SampleStatistics.median(ofSorted: values)
  }
}
