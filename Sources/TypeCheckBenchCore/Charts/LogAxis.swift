import Foundation

/// A base-10 logarithmic value axis spanning whole decades, with 1-2-5 ticks when it spans few of them.
struct LogAxis: Hashable, Sendable {
  var lowerDecade: Int
  var upperDecade: Int
  /// log10 of the axis ends.
  var lowerBound: Double
  var upperBound: Double

  /// An axis covering every positive value in `values`; one decade around 1 when there are none.
  init(covering values: [Double]) {
    let positive = values.filter { $0 > 0 && $0.isFinite }
    guard let low = positive.min(), let high = positive.max() else {
      lowerDecade = 0
      upperDecade = 1
      lowerBound = 0
      upperBound = 1
      return
    }
    // A small tolerance keeps exact powers of ten (100) from opening an empty decade.
    lowerDecade = Int(floor(log10(low) + 1e-9))
    upperDecade = max(lowerDecade + 1, Int(ceil(log10(high) - 1e-9)))
    // A little room beyond the data so a point on a decade is not drawn on the frame.
    let padding = 0.04 * Double(upperDecade - lowerDecade)
    lowerBound = min(Double(lowerDecade), log10(low) - padding)
    upperBound = max(Double(upperDecade), log10(high) + padding)
  }

  /// The position of `value` between 0 (bottom) and 1 (top).
  func fraction(_ value: Double) -> Double {
    (log10(value) - lowerBound) / (upperBound - lowerBound)
  }

  /// Tick values: every decade, plus 2 and 5 within decades when the axis spans at most two.
  var ticks: [(value: Double, major: Bool)] {
    var ticks: [(value: Double, major: Bool)] = []
    for decade in lowerDecade...upperDecade {
      let base = pow(10, Double(decade))
      ticks.append((base, true))
      if decade < upperDecade && upperDecade - lowerDecade <= 2 {
        ticks.append((2 * base, false))
        ticks.append((5 * base, false))
      }
    }
    return ticks
  }

  /// A compact tick label: 0.1, 1, 10, 100, 1k, 10k, 1M.
  static func label(_ value: Double) -> String {
    switch value {
    case 1e9...: NumberFormat.compact(value / 1e9, digits: 3) + "G"
    case 1e6...: NumberFormat.compact(value / 1e6, digits: 3) + "M"
    case 1e3...: NumberFormat.compact(value / 1e3, digits: 3) + "k"
    default: NumberFormat.compact(value, digits: 3)
    }
  }
}
