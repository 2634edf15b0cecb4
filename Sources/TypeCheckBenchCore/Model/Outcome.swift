/// How one compile ended.
public enum Outcome: String, Codable, CaseIterable, Sendable {
  /// Type-checked with no diagnostics.
  case ok
  /// The solver gave up ("unable to type-check this expression in reasonable time"): a censored value.
  case tooComplex = "too-complex"
  /// Killed by our own `--timeout`: a censored value.
  case timeout
  /// An unexpected diagnostic: the case is not a data point and the run fails.
  case error
  /// The compiler died from a signal.
  case crash

  /// True when the measured value is only a lower bound on the real cost.
  public var isCensored: Bool { self == .tooComplex || self == .timeout }
}
