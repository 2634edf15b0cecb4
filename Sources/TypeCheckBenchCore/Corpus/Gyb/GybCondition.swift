/// An `%if`/`%elif` condition: one expression, true when not zero (a string or list when not empty), or one
/// comparison of two integer expressions. `and`, `or`, `not`, `in` and chained comparisons are outside the subset.
struct GybCondition: Sendable {
  var left: GybExpression
  /// The comparison (`==`, `!=`, `<`, `<=`, `>`, `>=`) and its right side, or nil for a plain expression.
  var comparison: (op: String, right: GybExpression)?

  /// Parses `text` (the condition between the keyword and the `:`); `column` is where it starts on its line.
  static func parse(_ text: String, line: Int, column: Int) throws(GybError) -> GybCondition {
    let characters = Array(text)
    var depth = 0
    var found: (op: String, at: Int)?
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      if depth == 0, "=!<>".contains(character) {
        let two = index + 1 < characters.count && characters[index + 1] == "=" ? String([character, "="]) : nil
        let op = two ?? String(character)
        guard ["==", "!=", "<", "<=", ">", ">="].contains(op) else {
          throw GybError(.unsupported, "'\(op)' in a condition", line: line, column: column + index)
        }
        if found != nil {
          throw GybError(.unsupported, "chained comparison", line: line, column: column + index)
        }
        found = (op, index)
        index += op.count
        continue
      }
      index += 1
    }
    let words = text.split { !($0.isLetter || $0.isNumber || $0 == "_") }
    if let keyword = words.first(where: { ["and", "or", "not", "in", "is"].contains($0) }) {
      let position = text.range(of: keyword).map { text.distance(from: text.startIndex, to: $0.lowerBound) } ?? 0
      throw GybError(.unsupported, "'\(keyword)' in a condition", line: line, column: column + position)
    }
    guard let found else {
      return GybCondition(left: try GybExpression.parse(text, line: line, column: column), comparison: nil)
    }
    let leftText = String(characters[..<found.at])
    let rightStart = found.at + found.op.count
    let rightText = String(characters[rightStart...])
    return GybCondition(
      left: try GybExpression.parse(leftText, line: line, column: column),
      comparison: (found.op, try GybExpression.parse(rightText, line: line, column: column + rightStart)))
  }

  /// Whether the condition holds with `scope`, as Python decides it.
  func holds(_ state: inout GybRendering) throws(GybError) -> Bool {
    guard let comparison else {
      switch try left.evaluate(&state) {
      case .integer(let value): return value != 0
      case .string(let value): return !value.isEmpty
      case .list(let values): return !values.isEmpty
      }
    }
    let a = try left.integer(&state)
    let b = try comparison.right.integer(&state)
    switch comparison.op {
    case "==": return a == b
    case "!=": return a != b
    case "<": return a < b
    case "<=": return a <= b
    case ">": return a > b
    default: return a >= b
    }
  }
}
