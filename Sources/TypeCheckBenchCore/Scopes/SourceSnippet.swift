/// One line of source to name an expression by: its text from the range's start to the end of that line, spaces
/// collapsed, cut to a width.
public enum SourceSnippet {
  /// The widest snippet, in characters, before it is cut with `…`.
  public static let width = 60

  /// The snippet of `range` in `text`, or nil when the line or column is not in the text. Columns count UTF-8
  /// bytes, as the compiler's do.
  public static func make(_ text: String, range: TraceSourceRange) -> String? {
    var lineNumber = 1
    var lineStart = text.utf8.startIndex
    let utf8 = text.utf8
    var index = utf8.startIndex
    while lineNumber < range.line {
      guard let newline = utf8[index...].firstIndex(of: 10) else { return nil }
      index = utf8.index(after: newline)
      lineNumber += 1
    }
    lineStart = index
    let lineEnd = utf8[lineStart...].firstIndex(of: 10) ?? utf8.endIndex
    let line = utf8[lineStart..<lineEnd]
    guard range.column - 1 <= line.count else { return nil }
    let start = utf8.index(lineStart, offsetBy: range.column - 1)
    let raw = String(decoding: utf8[start..<lineEnd], as: UTF8.self)
    var collapsed = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    if collapsed.count > width {
      collapsed = String(collapsed.prefix(width - 1)) + "…"
    } else if range.endLine > range.line {
      collapsed += " …"
    }
    return collapsed
  }
}
