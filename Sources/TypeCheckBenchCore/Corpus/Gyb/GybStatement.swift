/// A code line's statement.
enum GybStatement {
  case end
  case loop(variable: String, range: [GybExpression])
  case conditional(GybCondition)
  case elseIf(GybCondition?)
  /// `else:` (carried as a nil condition, like an `elif` that always holds).
  case otherwise(GybCondition?)
  case assignment(name: String, value: GybExpression)
  case comment

  /// Parses the code after `%` (`column` is where it starts).
  static func parse(_ code: String, line: Int, column: Int) throws(GybError) -> GybStatement {
    let leading = code.prefix { $0 == " " || $0 == "\t" }.count
    let trimmed = code.trimmingWhitespace
    let start = column + leading
    if trimmed.isEmpty || trimmed.hasPrefix("#") { return .comment }
    if trimmed == "end" || trimmed.hasPrefix("end ") || trimmed.hasPrefix("end#") || trimmed.hasPrefix("end\t") {
      return .end
    }
    for keyword in ["if", "elif"] where trimmed.hasPrefix(keyword + " ") || trimmed.hasPrefix(keyword + "(") {
      guard trimmed.hasSuffix(":") else {
        throw GybError(.unsupported, "\(keyword) statement '\(trimmed)'", line: line, column: start)
      }
      let conditionText = String(trimmed.dropFirst(keyword.count).dropLast())
      let condition = try GybCondition.parse(conditionText, line: line, column: start + keyword.count)
      return keyword == "if" ? .conditional(condition) : .elseIf(condition)
    }
    if trimmed.hasPrefix("else") && trimmed.dropFirst(4).trimmingWhitespace == ":" {
      return .otherwise(nil)
    }
    if trimmed.hasPrefix("for ") || trimmed.hasPrefix("for\t") {
      // for NAME in range(ARGS):
      guard trimmed.hasSuffix(":") else {
        throw GybError(.unsupported, "for statement '\(trimmed)'", line: line, column: start)
      }
      let header = trimmed.dropFirst(3).dropLast().trimmingWhitespace
      let parts = header.split(separator: " ", maxSplits: 1).map(String.init)
      guard parts.count == 2, GybExpression.isName(parts[0]) else {
        throw GybError(.unsupported, "for statement '\(trimmed)'", line: line, column: start)
      }
      let afterName = parts[1].trimmingWhitespace
      guard afterName.hasPrefix("in ") else {
        throw GybError(.unsupported, "for statement '\(trimmed)'", line: line, column: start)
      }
      let iterable = afterName.dropFirst(3).trimmingWhitespace
      let iterableColumn = start + trimmed.count - 1 - iterable.count
      let expression = try GybExpression.parse(iterable, line: line, column: iterableColumn)
      guard case .call("range", let arguments) = expression.node else {
        throw GybError(
          .unsupported, "loop over '\(iterable)' (only range(…) is supported)", line: line, column: iterableColumn)
      }
      return .loop(variable: parts[0], range: arguments)
    }
    if let equals = trimmed.firstIndex(of: "="), trimmed[trimmed.index(after: equals)...].first != "=" {
      let name = trimmed[..<equals].trimmingWhitespace
      if GybExpression.isName(name), !["if", "elif", "while"].contains(name) {
        let valueText = String(trimmed[trimmed.index(after: equals)...])
        let valueColumn = start + trimmed.distance(from: trimmed.startIndex, to: equals) + 1
        return .assignment(name: name, value: try GybExpression.parse(valueText, line: line, column: valueColumn))
      }
    }
    let keyword = trimmed.prefix { $0.isLetter || $0 == "_" }
    let what = keyword.isEmpty ? "code '\(trimmed)'" : "\(keyword) statement"
    throw GybError(.unsupported, what, line: line, column: start)
  }
}
