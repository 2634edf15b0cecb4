/// How one metric of one point changed between BASE and NEW, and whether that gates the point's verdict.
///
/// An exact metric (`Metric.isDeterministic`) sets the two medians against each other (`Metric.exactVerdict`); a
/// noisy one needs `TimeChange.minimumSamples` samples a side and an interval outside the noise (`TimeChange`). Either
/// reads its direction through the metric's polarity.
public struct MetricChange: Hashable, Sendable {
  public var metric: Metric
  /// NEW / BASE of an exact metric's medians; nil when a side has none, BASE's is not positive, or the metric is
  /// noisy (its ratio is `change.interval`).
  public var ratio: Double?
  /// A noisy metric's figures (sample counts, spreads, the no-change band, the decision); nil for an exact one.
  public var change: TimeChange?
  public var verdict: Verdict
  /// True when the metric gates the point's verdict.
  public var gates: Bool

  public init(metric: Metric, ratio: Double?, change: TimeChange?, verdict: Verdict, gates: Bool) {
    self.metric = metric
    self.ratio = ratio
    self.change = change
    self.verdict = verdict
    self.gates = gates
  }

  /// An exact metric's change: the ratio of the medians and `Metric.exactVerdict`.
  public init(exact metric: Metric, base: MeasuredPoint, new: MeasuredPoint, threshold: Double, gates: Bool) {
    let (baseValue, newValue) = (base.value(metric), new.value(metric))
    self.init(
      metric: metric, ratio: Metric.ratio(base: baseValue, new: newValue), change: nil,
      verdict: metric.exactVerdict(base: baseValue, new: newValue, threshold: threshold), gates: gates)
  }

  /// True when the verdict found a change (`slower` or `faster`).
  public var changed: Bool { verdict == .slower || verdict == .faster }

  /// A noisy metric's verdict from its `TimeChange`: `undecided` with too few samples, the direction read through the
  /// polarity.
  static func noisyVerdict(_ change: TimeChange, polarity: Metric.Polarity) -> Verdict {
    guard let verdict = change.verdict else { return .undecided }
    guard polarity == .higherIsBetter else { return verdict }
    return verdict == .slower ? .faster : verdict == .faster ? .slower : verdict
  }
}
