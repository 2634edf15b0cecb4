import Escaping

/// Accumulates Swift source text line by line with indentation.
public struct SourceWriter: Sendable {
  public private(set) var text = ""
  private var depth = 0

  public init() {}

  /// The number of lines written so far.
  public private(set) var lineCount = 0

  /// Appends one line at the current indentation (an empty line has no indentation).
  public mutating func line(_ content: String = "") {
    if !content.isEmpty {
      text += String(repeating: "  ", count: depth)
      text += content
    }
    text += "\n"
    lineCount += 1
  }

  /// Appends several lines, each at the current indentation.
  public mutating func lines(_ contents: [String]) {
    for content in contents { line(content) }
  }

  /// Writes `header {`, the body one level deeper, then `}` (followed by `trailer`).
  public mutating func block(_ header: String, trailer: String = "", _ body: (inout SourceWriter) -> Void) {
    line(header.isEmpty ? "{" : header + " {")
    depth += 1
    body(&self)
    depth -= 1
    line("}" + trailer)
  }

  /// Writes `body` one level deeper without braces.
  public mutating func indented(_ body: (inout SourceWriter) -> Void) {
    depth += 1
    body(&self)
    depth -= 1
  }
}

extension String {
  /// The string as a Swift string literal, escaped.
  var swiftLiteral: String { Escaping.swiftStringLiteral(self) }
}
