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
