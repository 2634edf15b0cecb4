/// One value of a case parameter: a whole number, a name (an enumeration's raw value), or a sequence of names.
public enum ParameterValue: Hashable, Sendable, Comparable, ExpressibleByIntegerLiteral, ExpressibleByStringLiteral,
  ExpressibleByArrayLiteral
{
  case integer(Int)
  case name(String)
  case names([String])

  public init(integerLiteral value: Int) { self = .integer(value) }
  public init(stringLiteral value: String) { self = .name(value) }
  public init(arrayLiteral elements: String...) { self = .names(elements) }

  /// An enumeration's value by its raw value (`BlockStyle.pack` is `pack`).
  public init<T: RawRepresentable>(_ value: T) where T.RawValue == String { self = .name(value.rawValue) }

  /// The whole number, or nil for a name.
  public var integer: Int? {
    if case .integer(let value) = self { return value }
    return nil
  }

  /// The value as text: `3`, `pack`, and a sequence joined with `+` (`group+section`), as ids and CSV spell it.
  public var text: String {
    switch self {
    case .integer(let value): String(value)
    case .name(let name): name
    case .names(let names): names.joined(separator: "+")
    }
  }

  /// Whole numbers by value; otherwise by text (only values of one parameter are ever compared).
  public static func < (lhs: Self, rhs: Self) -> Bool {
    if let left = lhs.integer, let right = rhs.integer { return left < right }
    return lhs.text < rhs.text
  }
}
