/// A confidence interval for the ratio NEW / BASE of two medians, by a seeded percentile bootstrap.
///
/// Each of `resamples` rounds draws both sides with replacement (same sizes as measured) and takes the ratio of the
/// resampled medians; the interval is the central `confidence` share of those ratios. The ratio of medians is what the
/// headline figures show, needs no assumption about the shape of compile-time noise (which is skewed: a compile is
/// only ever slowed down by interference), and a fixed seed makes it reproducible. With very few runs per point the
/// interval understates the noise (one run per side gives a zero-width interval), so gates want `--runs 5` or more.
public struct RatioInterval: Codable, Hashable, Sendable {
  /// The ratio of the measured medians.
  public var ratio: Double
  public var lower: Double
  public var upper: Double

  /// The default number of bootstrap rounds.
  public static let defaultResamples = 2000

  /// The interval for `new / base`, or nil when either side is empty or the base median is not positive.
  /// - Parameters:
  ///   - seed: seeds the generator; callers mix in the point's identity so each point's interval is independent of
  ///     which other points are compared.
  public static func bootstrap(
    base: [Double], new: [Double], seed: UInt64, resamples: Int = defaultResamples, confidence: Double = 0.95
  ) -> RatioInterval? {
    guard !base.isEmpty, !new.isEmpty else { return nil }
    let baseMedian = SampleStatistics.median(ofSorted: base.sorted())
    let newMedian = SampleStatistics.median(ofSorted: new.sorted())
    guard baseMedian > 0 else { return nil }
    let ratio = newMedian / baseMedian
    var generator = SplitMix64(seed: seed)
    var ratios: [Double] = []
    ratios.reserveCapacity(resamples)
    var baseDraw = [Double](repeating: 0, count: base.count)
    var newDraw = [Double](repeating: 0, count: new.count)
    for _ in 0..<max(1, resamples) {
      for index in baseDraw.indices { baseDraw[index] = base[generator.index(below: base.count)] }
      for index in newDraw.indices { newDraw[index] = new[generator.index(below: new.count)] }
      baseDraw.sort()
      newDraw.sort()
      let resampledBase = SampleStatistics.median(ofSorted: baseDraw)
      // A resample of a base that holds zeros can have a zero median; it says nothing about the ratio.
      guard resampledBase > 0 else { continue }
      ratios.append(SampleStatistics.median(ofSorted: newDraw) / resampledBase)
    }
    guard !ratios.isEmpty else { return RatioInterval(ratio: ratio, lower: ratio, upper: ratio) }
    ratios.sort()
    let tail = (1 - confidence) / 2
    return RatioInterval(
      ratio: ratio, lower: percentile(ratios, tail), upper: percentile(ratios, 1 - tail))
  }

  /// The `p` quantile of sorted values by linear interpolation between closest ranks.
  static func percentile(_ sorted: [Double], _ p: Double) -> Double {
    let position = p * Double(sorted.count - 1)
    let low = Int(position.rounded(.down))
    let high = min(low + 1, sorted.count - 1)
    let fraction = position - Double(low)
    return sorted[low] + (sorted[high] - sorted[low]) * fraction
  }
}
