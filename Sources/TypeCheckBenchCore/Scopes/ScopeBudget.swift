import Foundation

/// The solver's budget: how many constraint scopes one expression may open before the compiler gives up with "the
/// compiler is unable to type-check this expression in reasonable time".
///
/// Swift 6.x sets it to 1,048,576 scopes (`-solver-scope-threshold=N` moves it); the solver counts the scopes of
/// the expression it is solving and stops once the count passes the threshold, so an expression it gave up on has
/// at least threshold + 1.
public struct ScopeBudget: Hashable, Sendable {
  /// The threshold of Swift 6.x when no flag moves it.
  public static let defaultThreshold: Int64 = 1 << 20

  /// The threshold in force.
  public var threshold: Int64

  public init(threshold: Int64 = defaultThreshold) {
    self.threshold = threshold
  }

  /// The share of the budget `scopes` use (1 is the whole budget).
  public func share(_ scopes: Int64) -> Double {
    Double(scopes) / Double(threshold)
  }

  /// True when `scopes` are past the threshold: the solver gave up on that expression.
  public func isAtLimit(_ scopes: Int64) -> Bool {
    scopes > threshold
  }

  /// A share as a percentage with three significant digits (`58.4%`, `0.00248%`).
  public static func percent(_ share: Double) -> String {
    NumberFormat.compact(share * 100, digits: 3) + "%"
  }

  /// Reads a share: `10%` or a fraction such as `0.1`.
  /// - Returns: nil unless it is a number from 0 to 100% (0 to 1).
  public static func parseShare(_ text: String) -> Double? {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    let isPercent = trimmed.hasSuffix("%")
    guard let value = Double(isPercent ? String(trimmed.dropLast()) : trimmed), value.isFinite else { return nil }
    let share = isPercent ? value / 100 : value
    return share >= 0 && share <= 1 ? share : nil
  }
}
