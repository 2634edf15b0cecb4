import Foundation

/// An integer axis (depth, branches) with half a step of padding on each side.
struct IntegerAxis: Hashable, Sendable {
  var lower: Double
  var upper: Double
  var step: Int
  var first: Int
  var last: Int

  init(covering values: [Int]) {
    first = values.min() ?? 0
    last = max(values.max() ?? 1, first)
    let span = last - first
    step = [1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000].first(where: { span / $0 <= 12 }) ?? max(1, span / 12)
    let padding = span == 0 ? 1 : max(0.5, Double(span) * 0.04)
    lower = Double(first) - padding
    upper = Double(last) + padding
  }

  /// The position of `value` between 0 (left) and 1 (right).
  func fraction(_ value: Double) -> Double { (value - lower) / (upper - lower) }

  /// Tick values, multiples of `step` within the data range.
  var ticks: [Int] {
    let start = Int((Double(first) / Double(step)).rounded(.up)) * step
    return Array(stride(from: start, through: last, by: step))
  }
}
