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
