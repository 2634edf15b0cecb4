/// A gyb template of the subset the compiler's type-checker performance suite uses, parsed once and rendered for
/// each N without Python.
///
/// The subset: text lines with `${expr}` substitutions (`$$` is a literal `$` and `%%` a literal `%`; any other `%`
/// within a line is literal text, as gyb reads it); code lines (a `%` after optional indentation) holding
/// `for NAME in range(a[, b[, c]]):`, `if COND:`, `elif COND:`, `else:`, `end`, or `NAME = expr`; expressions of
/// integers, names, `+ - * // %`, unary minus, parentheses, `str(…)` and `list(range(…))`; a condition is one
/// expression (true when not zero) or one comparison of two (`== != < <= > >=`). Anything else is refused as
/// `unsupported: <construct> at line:col`, never rendered wrongly.
///
/// Every reading and rendering is bounded before it can exhaust the stack, the memory or the time: expressions nest
/// at most `maximumNesting` levels and `%for`/`%if` blocks `maximumLoopNesting` (Python's own limits), a
/// `list(range(…))` larger than the output left is refused before it is built, and a rendering takes at most
/// `maximumSteps` steps.
public struct GybTemplate: Sendable {
  /// One piece of a text line.
  enum Segment: Sendable {
    case literal(String)
    case substitution(GybExpression)
  }

  indirect enum Node: Sendable {
    case text([Segment], line: Int)
    case loop(variable: String, range: [GybExpression], body: [Node], line: Int, column: Int)
    case assignment(name: String, value: GybExpression)
    /// `%if` … `%elif` … `%else` … `%end`: the first branch whose condition holds (`nil` for `else`) is rendered.
    case conditional([(condition: GybCondition?, body: [Node])])
  }

  /// An open block while parsing: the root, a `%for`, or an `%if` with the branches already closed.
  private enum Block {
    case root
    case loop(variable: String, range: [GybExpression])
    case conditional(closed: [(condition: GybCondition?, body: [Node])], current: GybCondition?, sawElse: Bool)
  }

  /// The deepest an expression nests (parentheses, unary minus, calls): Python's parser refuses more than 200 nested
  /// parentheses too.
  public static let maximumNesting = 200
  /// The deepest `%for` loops nest: Python refuses more than 20 statically nested blocks.
  public static let maximumLoopNesting = 20
  /// The most steps (loop iterations, statements, text lines, expression nodes and list elements) one rendering
  /// takes: a template that loops a billion times without writing anything stops here instead of running for hours.
  public static let maximumSteps = 10_000_000

  let nodes: [Node]
  /// Whether the source ended with a line break (kept in the output).
  let endsWithNewline: Bool

  /// Parses `source`.
  /// - Throws: `GybError` naming the construct, line and column.
  public init(source: String) throws(GybError) {
    var lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    endsWithNewline = lines.last == ""
    if endsWithNewline { lines.removeLast() }
    // A stack of open blocks: the nodes collected so far at each depth.
    var stack: [(block: Block, line: Int, column: Int, nodes: [Node])] = [(.root, 0, 0, [])]
    for (index, rawLine) in lines.enumerated() {
      let lineNumber = index + 1
      let line = rawLine.hasSuffix("\r") ? String(rawLine.dropLast()) : rawLine
      let indentation = line.prefix { $0 == " " || $0 == "\t" }
      let rest = line.dropFirst(indentation.count)
      if rest.hasPrefix("%") && !rest.hasPrefix("%%") {
        let codeColumn = indentation.count + 2
        let code = String(rest.dropFirst())
        if code.hasPrefix("{") {
          throw GybError(.unsupported, "Python block %{ }%", line: lineNumber, column: codeColumn - 1)
        }
        let statement = try GybStatement.parse(code, line: lineNumber, column: codeColumn)
        switch statement {
        case .end:
          guard stack.count > 1 else {
            throw GybError(.malformed, "%end without an open %for or %if", line: lineNumber, column: codeColumn)
          }
          let open = stack.removeLast()
          let node: Node
          switch open.block {
          case .root: preconditionFailure("the root block is never closed")
          case .loop(let variable, let range):
            node = .loop(variable: variable, range: range, body: open.nodes, line: open.line, column: open.column)
          case .conditional(let closed, let current, _):
            node = .conditional(closed + [(current, open.nodes)])
          }
          stack[stack.count - 1].nodes.append(node)
        case .loop(let variable, let range):
          guard stack.count <= Self.maximumLoopNesting else {
            throw GybError(
              .malformed, "%for nested deeper than \(Self.maximumLoopNesting) blocks", line: lineNumber,
              column: codeColumn)
          }
          stack.append((.loop(variable: variable, range: range), lineNumber, codeColumn, []))
        case .conditional(let condition):
          guard stack.count <= Self.maximumLoopNesting else {
            throw GybError(
              .malformed, "%if nested deeper than \(Self.maximumLoopNesting) blocks", line: lineNumber,
              column: codeColumn)
          }
          stack.append((.conditional(closed: [], current: condition, sawElse: false), lineNumber, codeColumn, []))
        case .elseIf(let condition), .otherwise(let condition):
          let keyword = condition == nil ? "%else" : "%elif"
          guard let open = stack.last, case .conditional(let closed, let current, let sawElse) = open.block else {
            throw GybError(.malformed, "\(keyword) without an open %if", line: lineNumber, column: codeColumn)
          }
          guard !sawElse else {
            throw GybError(.malformed, "\(keyword) after %else", line: lineNumber, column: codeColumn)
          }
          stack[stack.count - 1] = (
            .conditional(closed: closed + [(current, open.nodes)], current: condition, sawElse: condition == nil),
            open.line, open.column, []
          )
        case .assignment(let name, let value):
          stack[stack.count - 1].nodes.append(.assignment(name: name, value: value))
        case .comment:
          continue
        }
      } else {
        let text = rest.hasPrefix("%%") ? String(indentation) + String(rest.dropFirst()) : line
        stack[stack.count - 1].nodes.append(.text(try Self.segments(of: text, line: lineNumber), line: lineNumber))
      }
    }
    if stack.count > 1, let open = stack.last {
      let what = if case .loop = open.block { "%for" } else { "%if" }
      throw GybError(.malformed, "unterminated \(what)", line: open.line, column: open.column)
    }
    nodes = stack[0].nodes
  }

  /// Renders the template with `variables` bound (the suite binds `N`).
  /// - Parameters:
  ///   - limit: the most bytes the rendering may produce.
  ///   - steps: the most steps it may take.
  /// - Throws: `GybError` for an undefined name, an overflow, a zero step, output beyond `limit`, or a rendering of
  ///   more than `steps` steps.
  public func render(_ variables: [String: Int], limit: Int = 20_000_000, steps: Int = GybTemplate.maximumSteps)
    throws(GybError) -> String
  {
    var state = GybRendering(scope: variables.mapValues(GybValue.integer), limit: limit, maximumSteps: steps)
    try Self.render(nodes, into: &state)
    if !endsWithNewline && state.output.hasSuffix("\n") { state.output.removeLast() }
    return state.output
  }

  private static func render(_ nodes: [Node], into state: inout GybRendering) throws(GybError) {
    for node in nodes {
      switch node {
      case .text(let segments, let line):
        try state.step(line: line, column: 1)
        for segment in segments {
          switch segment {
          case .literal(let text): try state.write(text, line: line)
          case .substitution(let expression):
            try state.write(try expression.evaluate(&state).text, line: line)
          }
        }
        try state.write("\n", line: line)
      case .assignment(let name, let value):
        state.scope[name] = try value.evaluate(&state)
      case .loop(let variable, let range, let body, let line, let column):
        for value in try GybExpression.range(range, state: &state, line: line, column: column).values {
          try state.step(line: line, column: column)
          state.scope[variable] = .integer(value)
          try render(body, into: &state)
        }
      case .conditional(let branches):
        for branch in branches {
          guard try branch.condition?.holds(&state) ?? true else { continue }
          try render(branch.body, into: &state)
          break
        }
      }
    }
  }

  /// Splits a text line into literal text and `${…}` substitutions (`$$` and `%%` are `$` and `%`; any other `$` or
  /// `%`, `%{` included, is literal text within a line, as gyb's tokenizer reads it).
  private static func segments(of line: String, line lineNumber: Int) throws(GybError) -> [Segment] {
    var segments: [Segment] = []
    var literal = ""
    let characters = Array(line)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == "$", index + 1 < characters.count {
        let next = characters[index + 1]
        if next == "$" {
          literal.append("$")
          index += 2
          continue
        }
        if next == "{" {
          guard let close = characters[(index + 2)...].firstIndex(of: "}") else {
            throw GybError(.malformed, "unterminated ${", line: lineNumber, column: index + 1)
          }
          if !literal.isEmpty { segments.append(.literal(literal)) }
          literal = ""
          let text = String(characters[(index + 2)..<close])
          segments.append(.substitution(try GybExpression.parse(text, line: lineNumber, column: index + 3)))
          index = close + 1
          continue
        }
      }
      if character == "%", index + 1 < characters.count, characters[index + 1] == "%" {
        literal.append("%")
        index += 2
        continue
      }
      literal.append(character)
      index += 1
    }
    if !literal.isEmpty || segments.isEmpty { segments.append(.literal(literal)) }
    return segments
  }
}

/// Why a template cannot be rendered: a construct outside the subset, or a broken template.
public struct GybError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Hashable, Sendable {
    /// Valid gyb, but outside the subset bench renders (the test is `unsupported`).
    case unsupported
    /// Not a valid template (the test is an `error`).
    case malformed
  }

  public var kind: Kind
  public var construct: String
  /// 1-based; 0 when the problem has no place (an output limit).
  public var line: Int
  public var column: Int

  public init(_ kind: Kind, _ construct: String, line: Int, column: Int) {
    self.kind = kind
    self.construct = construct
    self.line = line
    self.column = column
  }

  /// `xrange() at 12:15`: the construct and where it is (the construct alone when it has no place).
  public var placed: String {
    construct + (line > 0 ? " at \(line):\(column)" : "")
  }

  /// `unsupported: xrange at 12:15`, or `gyb: unterminated %for at 6:2`.
  public var description: String {
    (kind == .unsupported ? "unsupported: " : "gyb: ") + placed
  }
}

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

/// The state of one rendering: the names bound, the output so far, and the budgets it may not exceed.
struct GybRendering {
  var scope: [String: GybValue]
  var output = ""
  var outputBytes = 0
  let limit: Int
  var steps = 0
  let maximumSteps: Int

  init(scope: [String: GybValue], limit: Int, maximumSteps: Int) {
    self.scope = scope
    self.limit = limit
    self.maximumSteps = maximumSteps
  }

  /// The steps the rendering may still take.
  var remainingSteps: Int { maximumSteps - steps }

  /// The bytes the output may still grow by.
  var remainingBytes: Int { max(0, limit - outputBytes) }

  /// Counts `count` steps of the rendering.
  /// - Throws: `GybError` at `line`:`column` once the rendering would take more than `maximumSteps`.
  mutating func step(_ count: Int = 1, line: Int, column: Int) throws(GybError) {
    guard count <= remainingSteps else {
      throw GybError(.malformed, "rendering takes more than \(maximumSteps) steps", line: line, column: column)
    }
    steps += count
  }

  /// Appends `text` to the output.
  /// - Throws: `GybError` at `line` when the output would grow beyond `limit` bytes.
  mutating func write(_ text: String, line: Int) throws(GybError) {
    let bytes = text.utf8.count
    guard bytes <= remainingBytes else {
      throw GybError(.malformed, "output larger than \(limit) bytes", line: line, column: 1)
    }
    outputBytes += bytes
    output += text
  }
}

/// An integer expression of the subset.
struct GybExpression: Sendable {
  indirect enum Node: Sendable {
    case integer(Int)
    case name(String)
    case negate(GybExpression)
    /// A left-associative chain of one precedence (`a - b + c`, `a * b // c`): kept flat, so that a long sum neither
    /// nests the tree nor the evaluation.
    case chain(GybExpression, [Operation])
    case call(String, [GybExpression])
  }

  /// One operator of a chain with its right operand; `column` is the operator's.
  struct Operation: Sendable {
    var op: String
    var operand: GybExpression
    var column: Int
  }

  var node: Node
  var line: Int
  var column: Int

  static func isName(_ text: String) -> Bool {
    guard let first = text.first, first.isLetter || first == "_" else { return false }
    return text.allSatisfy { ($0.isLetter || $0.isNumber || $0 == "_") && $0.isASCII }
  }

  /// Parses `text`; `column` is where it starts on its line.
  static func parse(_ text: String, line: Int, column: Int) throws(GybError) -> GybExpression {
    var parser = Parser(characters: Array(text), line: line, column: column)
    let expression = try parser.expression()
    parser.skipSpaces()
    if parser.index < parser.characters.count {
      throw GybError(
        .unsupported, "'\(String(parser.characters[parser.index...]).trimmingWhitespace)'", line: line,
        column: column + parser.index)
    }
    return expression
  }

  /// How many values `stride(from: start, to: end, by: step)` yields, computed without listing them.
  static func count(from start: Int, to end: Int, by step: Int) -> Int {
    guard step > 0 ? start < end : start > end else { return 0 }
    // The distance as a magnitude: it can exceed Int.max (from Int.min to Int.max).
    let distance = step > 0 ? UInt(bitPattern: end &- start) : UInt(bitPattern: start &- end)
    let stride = step.magnitude
    return Int(clamping: (distance - 1) / stride + 1)
  }

  /// The values of `range(arguments)`, as Python gives them.
  static func range(_ arguments: [GybExpression], state: inout GybRendering, line: Int, column: Int)
    throws(GybError) -> (values: StrideTo<Int>, count: Int)
  {
    var values: [Int] = []
    for argument in arguments { values.append(try argument.integer(&state)) }
    let (start, end, step): (Int, Int, Int) =
      switch values.count {
      case 1: (0, values[0], 1)
      case 2: (values[0], values[1], 1)
      default: (values[0], values[1], values[2])
      }
    guard step != 0 else { throw GybError(.malformed, "range() step of 0", line: line, column: column) }
    // Every value is a step of the loop or an element of the list: a range the budget cannot hold is refused
    // before its first value.
    let count = count(from: start, to: end, by: step)
    if count > state.remainingSteps {
      throw GybError(
        .malformed, "range() of \(count) values: rendering takes more than \(state.maximumSteps) steps",
        line: line, column: column)
    }
    return (stride(from: start, to: end, by: step), count)
  }

  func integer(_ state: inout GybRendering) throws(GybError) -> Int {
    guard case .integer(let value) = try evaluate(&state) else {
      throw GybError(.unsupported, "arithmetic on a string or list", line: line, column: column)
    }
    return value
  }

  /// `a op b` as Python computes it on integers.
  static func apply(_ op: String, _ a: Int, _ b: Int, line: Int, column: Int) throws(GybError) -> Int {
    let result: (partialValue: Int, overflow: Bool)
    switch op {
    case "+": result = a.addingReportingOverflow(b)
    case "-": result = a.subtractingReportingOverflow(b)
    case "*": result = a.multipliedReportingOverflow(by: b)
    default:
      guard b != 0 else { throw GybError(.malformed, "division by zero", line: line, column: column) }
      // Int.min // -1 is 2**63, beyond 64 bits; Int.min % -1 is 0 (Swift's remainder traps on both).
      if b == -1 {
        result = op == "//" ? (0).subtractingReportingOverflow(a) : (0, false)
      } else {
        // Python's // and % round towards negative infinity.
        let quotient = a / b - ((a % b != 0 && (a < 0) != (b < 0)) ? 1 : 0)
        result = (op == "//" ? quotient : a - quotient * b, false)
      }
    }
    if result.overflow { throw GybError(.malformed, "integer overflow", line: line, column: column) }
    return result.partialValue
  }

  func evaluate(_ state: inout GybRendering) throws(GybError) -> GybValue {
    try state.step(line: line, column: column)
    switch node {
    case .integer(let value):
      return .integer(value)
    case .name(let name):
      guard let value = state.scope[name] else {
        throw GybError(.malformed, "undefined name '\(name)'", line: line, column: column)
      }
      return value
    case .negate(let operand):
      let (value, overflow) = (0).subtractingReportingOverflow(try operand.integer(&state))
      if overflow { throw GybError(.malformed, "integer overflow", line: line, column: column) }
      return .integer(value)
    case .chain(let first, let operations):
      var value = try first.integer(&state)
      for operation in operations {
        value = try Self.apply(
          operation.op, value, try operation.operand.integer(&state), line: line, column: operation.column)
      }
      return .integer(value)
    case .call(let function, let arguments):
      switch function {
      case "str":
        return .string(try arguments[0].evaluate(&state).text)
      case "list":
        guard case .call("range", let rangeArguments) = arguments[0].node else {
          throw GybError(.unsupported, "list() of anything but range()", line: line, column: column)
        }
        let (values, count) = try Self.range(rangeArguments, state: &state, line: line, column: column)
        // Printed, each value takes at least one digit and a separator: a list the output cannot hold is refused
        // before it is built.
        if count > state.remainingBytes / 3 {
          throw GybError(
            .malformed, "list(range()) of \(count) values: output larger than \(state.limit) bytes", line: line,
            column: column)
        }
        try state.step(count, line: line, column: column)
        return .list(Array(values))
      default:
        throw GybError(.unsupported, "range() outside a for or list()", line: line, column: column)
      }
    }
  }

  /// A recursive-descent parser over one expression's characters.
  struct Parser {
    var characters: [Character]
    var index = 0
    var line: Int
    var column: Int
    /// How deep the factor being read nests (parentheses, unary minus, calls).
    var depth = 0

    init(characters: [Character], line: Int, column: Int) {
      self.characters = characters
      self.line = line
      self.column = column
    }

    mutating func skipSpaces() {
      while index < characters.count && (characters[index] == " " || characters[index] == "\t") { index += 1 }
    }

    func failure(_ what: String, kind: GybError.Kind = .unsupported, at position: Int? = nil) -> GybError {
      GybError(kind, what, line: line, column: column + (position ?? index))
    }

    /// `first` alone, or the chain of `first` and `operations`.
    func chain(_ first: GybExpression, _ operations: [Operation]) -> GybExpression {
      operations.isEmpty ? first : GybExpression(node: .chain(first, operations), line: line, column: first.column)
    }

    mutating func expression() throws(GybError) -> GybExpression {
      let first = try term()
      var operations: [Operation] = []
      while true {
        skipSpaces()
        guard index < characters.count, characters[index] == "+" || characters[index] == "-" else {
          return chain(first, operations)
        }
        let op = String(characters[index])
        let position = index
        index += 1
        operations.append(Operation(op: op, operand: try term(), column: column + position))
      }
    }

    mutating func term() throws(GybError) -> GybExpression {
      let first = try factor()
      var operations: [Operation] = []
      while true {
        skipSpaces()
        guard index < characters.count else { return chain(first, operations) }
        let position = index
        var op: String
        if characters[index] == "*" {
          if index + 1 < characters.count && characters[index + 1] == "*" { throw failure("** (power)") }
          op = "*"
        } else if characters[index] == "/" {
          guard index + 1 < characters.count && characters[index + 1] == "/" else {
            throw failure("/ (true division)")
          }
          op = "//"
        } else if characters[index] == "%" {
          op = "%"
        } else {
          return chain(first, operations)
        }
        index += op.count
        operations.append(Operation(op: op, operand: try factor(), column: column + position))
      }
    }

    /// A factor, at most `GybTemplate.maximumNesting` levels deep: the parser and the evaluation recurse once per
    /// level.
    mutating func factor() throws(GybError) -> GybExpression {
      guard depth < GybTemplate.maximumNesting else {
        throw failure("expression nested deeper than \(GybTemplate.maximumNesting) levels", kind: .malformed)
      }
      depth += 1
      defer { depth -= 1 }
      return try unnestedFactor()
    }

    private mutating func unnestedFactor() throws(GybError) -> GybExpression {
      skipSpaces()
      guard index < characters.count else { throw failure("missing operand", kind: .malformed) }
      let position = index
      let character = characters[index]
      if character == "-" {
        index += 1
        return GybExpression(node: .negate(try factor()), line: line, column: column + position)
      }
      if character == "(" {
        index += 1
        let inner = try expression()
        skipSpaces()
        guard index < characters.count, characters[index] == ")" else { throw failure("missing )", kind: .malformed) }
        index += 1
        return inner
      }
      if character.isASCII && character.isNumber {
        var digits = ""
        while index < characters.count && characters[index].isASCII && characters[index].isNumber {
          digits.append(characters[index])
          index += 1
        }
        if index < characters.count && (characters[index] == "." || characters[index].isLetter) {
          throw failure("number '\(digits)\(characters[index])…'", at: position)
        }
        guard let value = Int(digits) else { throw failure("integer overflow", kind: .malformed, at: position) }
        return GybExpression(node: .integer(value), line: line, column: column + position)
      }
      if character.isLetter || character == "_" {
        var name = ""
        while index < characters.count
          && (characters[index].isLetter || characters[index].isNumber || characters[index] == "_")
        {
          name.append(characters[index])
          index += 1
        }
        skipSpaces()
        guard index < characters.count, characters[index] == "(" else {
          return GybExpression(node: .name(name), line: line, column: column + position)
        }
        guard ["str", "list", "range"].contains(name) else { throw failure("\(name)()", at: position) }
        index += 1
        var arguments: [GybExpression] = []
        skipSpaces()
        if index < characters.count && characters[index] == ")" {
          index += 1
        } else {
          while true {
            arguments.append(try expression())
            skipSpaces()
            guard index < characters.count else { throw failure("missing )", kind: .malformed) }
            if characters[index] == "," {
              index += 1
              continue
            }
            guard characters[index] == ")" else { throw failure("'\(characters[index])' in \(name)()") }
            index += 1
            break
          }
        }
        let expected = name == "range" ? 1...3 : 1...1
        guard expected.contains(arguments.count) else {
          throw failure("\(name)() with \(arguments.count) arguments", at: position)
        }
        return GybExpression(node: .call(name, arguments), line: line, column: column + position)
      }
      throw failure("'\(character)'")
    }
  }
}
