/// How one compile ended.
public enum Outcome: String, Codable, CaseIterable, Sendable {
  /// Type-checked with no diagnostics.
  case ok
  /// The solver gave up ("unable to type-check this expression in reasonable time"): a censored value.
  case tooComplex = "too-complex"
  /// Killed by our own `--timeout`: a censored value.
  case timeout
  /// An unexpected diagnostic: the case is not a data point. With one toolchain of several it is that toolchain's
  /// outcome at the point (compiled once, its series goes on); when every toolchain measuring the case rejects it,
  /// the run stops (a generator bug, or the compiler's installation).
  case error
  /// The compiler died from a signal.
  case crash
  /// The compile finished but what it reported is out of range (a statistic of 1e300, a negative time): the sample
  /// is kept as a record of that, without the bad values, and carries no measurement.
  case badData = "bad-data"

  /// True when the measured value is only a lower bound on the real cost.
  public var isCensored: Bool { self == .tooComplex || self == .timeout }

  /// True when the sample carries no measurement at all: the compile errored or crashed, or reported bad data.
  public var isFailure: Bool { self == .error || self == .crash || self == .badData }
}
