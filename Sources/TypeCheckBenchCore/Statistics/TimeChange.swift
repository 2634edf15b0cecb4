/// Whether one point's type-check time changed between BASE and NEW, decided only when the data can carry a verdict.
///
/// The rule:
/// 1. Each side needs at least `minimumSamples` timed samples; with fewer the decision is `tooFewSamples`, never a
///    verdict (one run per side gives a zero-width interval that would call any difference a change).
/// 2. The 95% bootstrap interval of the ratio of medians NEW / BASE (`RatioInterval`) must lie wholly outside the
///    band that counts as no change. The band's upper edge is 1 + the largest of the threshold and the two sides'
///    own spreads; its lower edge is the smaller of 1 − threshold and 1 / (1 + the larger spread). A side's spread
///    is its full range relative to its median, (max − min) / median: the noise that run itself shows. So a change
///    must exceed both the threshold and the noise both runs show, and two runs of one compiler, whose difference is
///    their noise, are not called different.
public struct TimeChange: Codable, Hashable, Sendable {
  /// The outcome of the rule.
  public enum Decision: String, Codable, Hashable, Sendable {
    case slower
    case faster
    case unchanged
    /// Fewer than `minimumSamples` timed samples on a side: no verdict.
    case tooFewSamples
  }

  /// Timed samples each side needs before a verdict.
  public static let minimumSamples = 5

  public var decision: Decision
  /// NEW / BASE of the median times with its bootstrap interval; nil when a side has no time or BASE's median is 0.
  public var interval: RatioInterval?
  /// Timed samples on each side.
  public var baseCount: Int
  public var newCount: Int
  /// Each side's (max − min) / median; nil without samples or with a zero median.
  public var baseSpread: Double?
  public var newSpread: Double?
  /// The band of ratios that counts as no change: the interval must lie wholly above `upperBound` (slower) or wholly
  /// below `lowerBound` (faster).
  public var lowerBound: Double
  public var upperBound: Double

  public init(
    base: [Double], new: [Double], threshold: Double, seed: UInt64,
    resamples: Int = RatioInterval.defaultResamples
  ) {
    baseCount = base.count
    newCount = new.count
    interval = RatioInterval.bootstrap(base: base, new: new, seed: seed, resamples: resamples)
    baseSpread = TimeChange.spread(base)
    newSpread = TimeChange.spread(new)
    let noise = max(baseSpread ?? 0, newSpread ?? 0)
    upperBound = 1 + max(threshold, noise)
    lowerBound = min(1 - threshold, 1 / (1 + noise))
    decision = TimeChange.decide(
      interval, baseCount: base.count, newCount: new.count, lowerBound: lowerBound, upperBound: upperBound)
  }

  static func decide(
    _ interval: RatioInterval?, baseCount: Int, newCount: Int, lowerBound: Double, upperBound: Double
  ) -> Decision {
    guard baseCount >= minimumSamples, newCount >= minimumSamples else { return .tooFewSamples }
    guard let interval else { return .unchanged }
    if interval.lower > upperBound { return .slower }
    if interval.upper < lowerBound { return .faster }
    return .unchanged
  }

  /// (max − min) / median of `values`, or nil when there are none or the median is not positive.
  public static func spread(_ values: [Double]) -> Double? {
    guard let statistics = SampleStatistics(values), statistics.median > 0 else { return nil }
    return (statistics.max - statistics.min) / statistics.median
  }

  /// The decision as a comparison verdict; nil when too few samples.
  public var verdict: Verdict? {
    switch decision {
    case .slower: .slower
    case .faster: .faster
    case .unchanged: .unchanged
    case .tooFewSamples: nil
    }
  }

  /// For example `too few samples (1 and 3 of 5)`.
  public var tooFewSamplesText: String {
    "too few samples (\(baseCount) and \(newCount) of \(TimeChange.minimumSamples))"
  }
}
