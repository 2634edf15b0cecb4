/// Summary statistics of one point's measured values.
public struct SampleStatistics: Codable, Hashable, Sendable {
  public var count: Int
  public var min: Double
  public var max: Double
  public var mean: Double
  public var median: Double
  /// Sample standard deviation (n − 1); 0 for a single value.
  public var standardDeviation: Double
  /// Median absolute deviation (unscaled).
  public var medianAbsoluteDeviation: Double
  /// Indices (into the input) of values whose modified z-score exceeds 3.5 (Iglewicz and Hoaglin).
  public var outlierIndices: [Int]

  /// Summarises `values`; nil when there are none.
  public init?(_ values: [Double]) {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    count = values.count
    min = sorted.first!
    max = sorted.last!
    mean = values.reduce(0, +) / Double(values.count)
    median = SampleStatistics.median(ofSorted: sorted)
    if values.count > 1 {
      let mean = self.mean
      let squares = values.reduce(0) { $0 + ($1 - mean) * ($1 - mean) }
      standardDeviation = (squares / Double(values.count - 1)).squareRoot()
    } else {
      standardDeviation = 0
    }
    let median = self.median
    let deviations = values.map { Swift.abs($0 - median) }.sorted()
    medianAbsoluteDeviation = SampleStatistics.median(ofSorted: deviations)
    let mad = medianAbsoluteDeviation
    outlierIndices =
      mad > 0
      ? values.indices.filter { Swift.abs(0.6745 * (values[$0] - median) / mad) > 3.5 }
      : []
  }

  /// The median of an already sorted, non-empty array.
  public static func median(ofSorted sorted: [Double]) -> Double {
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
  }
}
