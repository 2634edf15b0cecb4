/// The source range of a traced event, as the compiler writes it: `[path:line:col - line:line:col]`,
/// `[path:line:col - other/path:line:col]` when the range ends in another file, or a bare `path:line:col` (some
/// events give a location, not a range).
public struct TraceSourceRange: Hashable, Comparable, Sendable {
  public var file: String
  public var line: Int
  public var column: Int
  public var endLine: Int
  public var endColumn: Int

  public init(file: String, line: Int, column: Int, endLine: Int, endColumn: Int) {
    self.file = file
    self.line = line
    self.column = column
    self.endLine = endLine
    self.endColumn = endColumn
  }

  /// Reads a range field's text (without its quotes); nil for `<invalid loc>`, an empty field or anything else.
  /// Paths may hold colons and spaces: the numbers are read from the right.
  public init?(_ text: String) {
    guard let range = Self.parse(text) else { return nil }
    self = range
  }

  private static func parse(_ text: String) -> Self? {
    guard text.hasPrefix("["), text.hasSuffix("]") else {
      guard !text.hasPrefix("<"), let start = location(text[...]) else { return nil }
      return Self(
        file: start.path, line: start.line, column: start.column, endLine: start.line, endColumn: start.column)
    }
    let inner = text.dropFirst().dropLast()
    guard let dash = inner.range(of: " - ", options: .backwards), let start = location(inner[..<dash.lowerBound]),
      let end = location(inner[dash.upperBound...])
    else { return nil }
    // `line:L:C` is the compiler's way of saying "same file"; another path means the range ends elsewhere, which
    // leaves the end on the start's line for snippets.
    let sameFile = end.path == "line" || end.path == start.path
    guard !sameFile || (end.line, end.column) >= (start.line, start.column) else { return nil }
    return Self(
      file: start.path, line: start.line, column: start.column, endLine: sameFile ? end.line : start.line,
      endColumn: sameFile ? end.column : start.column)
  }

  /// `path:line:col` read from the right.
  private static func location(_ text: Substring) -> (path: String, line: Int, column: Int)? {
    guard let lastColon = text.lastIndex(of: ":"), let column = Int(text[text.index(after: lastColon)...]) else {
      return nil
    }
    let rest = text[..<lastColon]
    guard let colon = rest.lastIndex(of: ":"), let line = Int(rest[rest.index(after: colon)...]) else { return nil }
    let path = String(rest[..<colon])
    guard !path.isEmpty, line > 0, column > 0 else { return nil }
    return (path, line, column)
  }

  /// `path:line:col`, the start.
  public var location: String { "\(file):\(line):\(column)" }

  /// True when `line:column` lies within the range (both ends included).
  public func contains(line: Int, column: Int) -> Bool {
    (line, column) >= (self.line, self.column) && (line, column) <= (endLine, endColumn)
  }

  /// True when `other` lies within this range, in the same file.
  public func encloses(_ other: Self) -> Bool {
    file == other.file && (other.line, other.column) >= (line, column)
      && (other.endLine, other.endColumn) <= (endLine, endColumn)
  }

  public static func < (a: Self, b: Self) -> Bool {
    (a.file, a.line, a.column, a.endLine, a.endColumn) < (b.file, b.line, b.column, b.endLine, b.endColumn)
  }
}
