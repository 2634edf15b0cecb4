/// How a comparison decides an exact (deterministic) metric.
extension Metric {
  /// The verdict of an exact measure: NEW / BASE beyond 1 ± `threshold` is a change, its direction read through the
  /// polarity; equal values never are. From a BASE of 0, any NEW value is a change no ratio can express. A side
  /// without a value gives `unchanged`.
  public func exactVerdict(base: Double?, new: Double?, threshold: Double) -> Verdict {
    guard let base, let new else { return .unchanged }
    let increase: Verdict = polarity == .lowerIsBetter ? .slower : .faster
    let decrease: Verdict = polarity == .lowerIsBetter ? .faster : .slower
    if base == 0 { return new > 0 ? increase : .unchanged }
    let ratio = new / base
    if ratio > 1 + threshold { return increase }
    if ratio < 1 - threshold { return decrease }
    return .unchanged
  }
}
