/// The builder shape of one body, found by a light lexical scan: how deeply builder-style blocks nest and how many
/// branches its longest `if / else if / else` chain or `switch` has.
///
/// A builder-style block is a brace that follows a capitalised name (`Group {`, `ForEach(rows) { row in`,
/// `VStack(spacing: 2) {`). Strings and comments are skipped; nothing is type-checked, so the figures are hints.
public struct BuilderShape: Hashable, Codable, Sendable {
  /// Deepest nesting of builder-style blocks inside the body (0 when there are none).
  public var builderDepth: Int
  /// Branches of the longest `if` chain (each `if`, `else if` and `else`) or `switch` (each `case` and `default`).
  public var branchCount: Int
  /// Source lines the body spans.
  public var lineCount: Int
  /// True when the body holds a `Chart` block (the technote's chart case).
  public var containsChart: Bool

  public init(builderDepth: Int, branchCount: Int, lineCount: Int, containsChart: Bool = false) {
    self.builderDepth = builderDepth
    self.branchCount = branchCount
    self.lineCount = lineCount
    self.containsChart = containsChart
  }

  /// Scans the body that starts at or after `line`:`column` (1-based) of `source`: from the first `{` there to its
  /// matching `}`. Returns nil when no brace follows.
  public static func scan(_ source: String, line: Int, column: Int) -> BuilderShape? {
    let tokens = SwiftLexer.tokens(source)
    guard let start = tokens.firstIndex(where: { ($0.line, $0.column) >= (line, column) && $0.text == "{" }) else {
      return nil
    }
    return scan(tokens: tokens, from: start)
  }

  /// Scans a whole snippet as one body (for tests and for bodies given without a location).
  public static func scan(body source: String) -> BuilderShape {
    let tokens =
      [SwiftLexer.Token(text: "{", line: 0, column: 0)] + SwiftLexer.tokens(source)
      + [SwiftLexer.Token(text: "}", line: Int.max, column: 0)]
    return scan(tokens: tokens, from: 0) ?? BuilderShape(builderDepth: 0, branchCount: 0, lineCount: 0)
  }

  private enum Block {
    case builder
    case switchBody
    case other
  }

  private static func scan(tokens: [SwiftLexer.Token], from start: Int) -> BuilderShape? {
    var stack: [Block] = []
    var builderDepth = 0
    var maxBuilderDepth = 0
    var maxBranches = 0
    // Per open block: the length of the `if` chain in progress at that level, and the `case` count of a switch.
    var chains: [Int] = []
    var cases: [Int] = []
    var pendingSwitch = false
    var containsChart = false
    var parenthesesOpener: [Int?] = []  // for each open `(`, the index of the name before it
    var lastClosedCallee: Int?  // the name before the `(` of the `)` just closed
    var index = start
    while index < tokens.count {
      let token = tokens[index]
      let previous = index > start ? tokens[index - 1].text : ""
      switch token.text {
      case "(":
        parenthesesOpener.append(index > 0 && SwiftLexer.isIdentifier(tokens[index - 1].text) ? index - 1 : nil)
      case ")":
        lastClosedCallee = parenthesesOpener.popLast() ?? nil
      case "{":
        var kind = Block.other
        if pendingSwitch {
          kind = .switchBody
          pendingSwitch = false
        } else if index > start {
          var callee: String? = nil
          if previous == ")", let opener = lastClosedCallee { callee = tokens[opener].text }
          if SwiftLexer.isIdentifier(previous) { callee = previous }
          if let callee, let first = callee.first, first.isUppercase {
            kind = .builder
            if callee == "Chart" { containsChart = true }
          }
        }
        stack.append(kind)
        chains.append(0)
        cases.append(0)
        if kind == .builder {
          builderDepth += 1
          maxBuilderDepth = max(maxBuilderDepth, builderDepth)
        }
      case "}":
        guard let kind = stack.popLast() else { break }
        maxBranches = max(maxBranches, cases.popLast() ?? 0, chains.popLast() ?? 0)
        if kind == .builder { builderDepth -= 1 }
        if stack.isEmpty {
          return BuilderShape(
            builderDepth: maxBuilderDepth, branchCount: maxBranches,
            lineCount: token.line == Int.max ? 0 : token.line - tokens[start].line + 1, containsChart: containsChart)
        }
      case "if" where !stack.isEmpty:
        if previous == "else" {
          chains[chains.count - 1] += 1
        } else {
          maxBranches = max(maxBranches, chains[chains.count - 1])
          chains[chains.count - 1] = 1
        }
      case "else" where !stack.isEmpty:
        if index + 1 < tokens.count && tokens[index + 1].text == "{" { chains[chains.count - 1] += 1 }
      case "switch":
        pendingSwitch = true
      case "case", "default":
        // `if case`, `for case` and `catch` patterns are not switch cases; `default:` is, a `default` argument not.
        if stack.last == .switchBody && previous != "if" && previous != "for" && previous != ","
          && (token.text == "case" || (index + 1 < tokens.count && tokens[index + 1].text == ":"))
        {
          cases[cases.count - 1] += 1
        }
      default:
        break
      }
      index += 1
    }
    return nil
  }
}
