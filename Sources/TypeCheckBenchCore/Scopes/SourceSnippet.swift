import Foundation

/// One line of source to name an expression by: its text from the range's start to its end (the end of the last
/// token, when it lies on the same line; else the end of the line, then `…`), spaces collapsed, cut to a width. A
/// range that is only an opening brace gives the whole line it opens.
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
    var end = lineEnd
    if range.endLine == range.line, range.endColumn >= range.column, range.endColumn - 1 < line.count {
      end = tokenEnd(utf8, from: utf8.index(lineStart, offsetBy: range.endColumn - 1), lineEnd: lineEnd)
    }
    var raw = String(decoding: utf8[start..<end], as: UTF8.self)
    // A range that is only an opening brace (a body, or the variables a result builder's transform declares
    // there) names nothing: the line it opens does.
    if raw.trimmingCharacters(in: .whitespaces) == "{" || raw.trimmingCharacters(in: .whitespaces).isEmpty {
      raw = String(decoding: line, as: UTF8.self)
      if range.endLine > range.line || end == lineEnd { raw += " …" }
    }
    var collapsed = raw.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    if collapsed.count > width {
      collapsed = String(collapsed.prefix(width - 1)) + "…"
    } else if range.endLine > range.line {
      collapsed += " …"
    }
    return collapsed
  }

  /// Where the token starting at `index` ends: a run of identifier characters, a string literal, or one character.
  private static func tokenEnd(
    _ utf8: String.UTF8View, from index: String.UTF8View.Index, lineEnd: String.UTF8View.Index
  ) -> String.UTF8View.Index {
    func isIdentifier(_ byte: UInt8) -> Bool {
      byte == UInt8(ascii: "_") || byte >= 0x80 || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
        || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
    }
    guard index < lineEnd else { return lineEnd }
    let first = utf8[index]
    var cursor = utf8.index(after: index)
    if first == UInt8(ascii: "\"") {
      var escaped = false
      while cursor < lineEnd {
        let byte = utf8[cursor]
        cursor = utf8.index(after: cursor)
        if escaped {
          escaped = false
        } else if byte == UInt8(ascii: "\\") {
          escaped = true
        } else if byte == UInt8(ascii: "\"") {
          return cursor
        }
      }
      return lineEnd
    }
    if isIdentifier(first) {
      while cursor < lineEnd, isIdentifier(utf8[cursor]) { cursor = utf8.index(after: cursor) }
    }
    return cursor
  }
}
