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
