/// The lit directives of one test file: its `RUN:` lines (continuations joined), `REQUIRES:`, `UNSUPPORTED:` and
/// `XFAIL:` lines, each with the line it starts on.
public struct LitDirectives: Hashable, Sendable, Codable {
  public struct Line: Hashable, Sendable, Codable {
    public var line: Int
    public var text: String

    public init(line: Int, text: String) {
      self.line = line
      self.text = text
    }
  }

  public var run: [Line] = []
  public var requires: [Line] = []
  public var unsupported: [Line] = []
  public var xfail: [Line] = []

  public init(run: [Line] = [], requires: [Line] = [], unsupported: [Line] = [], xfail: [Line] = []) {
    self.run = run
    self.requires = requires
    self.unsupported = unsupported
    self.xfail = xfail
  }

  /// Reads the directives from a test's source. Like lit, a keyword counts anywhere on a line (after `//` in Swift
  /// tests), and a RUN line ending in `\` continues on the next RUN line.
  public init(source: String) {
    var pendingRun: Line?
    for (index, rawLine) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let lineNumber = index + 1
      let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine[...]
      for keyword in ["RUN:", "REQUIRES:", "UNSUPPORTED:", "XFAIL:"] {
        guard let range = line.range(of: keyword), Self.isDirective(line, keywordAt: range.lowerBound) else {
          continue
        }
        let text = line[range.upperBound...].trimmingWhitespace
        switch keyword {
        case "RUN:":
          if var pending = pendingRun {
            pending.text += " " + text
            pendingRun = pending
          } else {
            pendingRun = Line(line: lineNumber, text: text)
          }
          if var pending = pendingRun {
            if pending.text.hasSuffix("\\") {
              pending.text = String(pending.text.dropLast()).trimmingWhitespace
              pendingRun = pending
            } else {
              run.append(pending)
              pendingRun = nil
            }
          }
        case "REQUIRES:": requires.append(Line(line: lineNumber, text: text))
        case "UNSUPPORTED:": unsupported.append(Line(line: lineNumber, text: text))
        default: xfail.append(Line(line: lineNumber, text: text))
        }
        break
      }
    }
    if let pendingRun { run.append(pendingRun) }
  }

  /// True when the keyword at `position` is a directive: preceded only by a comment marker and spaces, or by
  /// nothing but non-word characters (so `// RUN:` counts and `let RUN: Int` or `myREQUIRES:` do not).
  private static func isDirective(_ line: Substring, keywordAt position: Substring.Index) -> Bool {
    if position > line.startIndex {
      let before = line[line.index(before: position)]
      if before.isLetter || before.isNumber || before == "_" || before == "-" { return false }
    }
    let prefix = line[..<position].trimmingWhitespace
    return prefix.hasSuffix("//") || prefix.hasSuffix("#") || prefix.isEmpty
  }
}
