/// A value an expression yields: an integer, a string (`str(…)`) or a list (`list(range(…))`).
enum GybValue: Sendable {
  case integer(Int)
  case string(String)
  case list([Int])

  /// The value as Python's `str` prints it.
  var text: String {
    switch self {
    case .integer(let value): String(value)
    case .string(let value): value
    case .list(let values): "[" + values.map(String.init).joined(separator: ", ") + "]"
    }
  }
}
