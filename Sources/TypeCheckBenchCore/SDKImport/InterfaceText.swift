import Foundation

/// A `.swiftinterface` file's text as lines, each remembering the line of the original file it came from, so that
/// declarations dropped or rewritten over many rounds are still reported at the line a reader finds in the SDK.
public struct InterfaceText: Sendable, Equatable {
  /// A position in the current text: 1-based line and column (columns count UTF-8 bytes, as swiftc's do).
  public struct Position: Sendable, Equatable, Comparable {
    public var line: Int
    public var column: Int
    public init(line: Int, column: Int) {
      self.line = line
      self.column = column
    }
    public static func < (a: Position, b: Position) -> Bool {
      (a.line, a.column) < (b.line, b.column)
    }
  }

  public private(set) var lines: [String]
  /// `origins[i]` is the 1-based line of the original file that current line `i + 1` came from.
  public private(set) var origins: [Int]

  public init(_ text: String) {
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" && lines.count > 1 { lines.removeLast() }
    self.lines = lines
    self.origins = lines.isEmpty ? [] : Array(1...lines.count)
  }

  public var text: String { lines.joined(separator: "\n") + "\n" }

  /// The original line of current line `line` (1-based).
  public func origin(of line: Int) -> Int { origins[line - 1] }

  /// The text of current line `line` (1-based).
  public func line(_ line: Int) -> String { lines[line - 1] }

  /// Removes current lines `range` (1-based, inclusive).
  public mutating func removeLines(_ range: ClosedRange<Int>) {
    lines.removeSubrange((range.lowerBound - 1)...(range.upperBound - 1))
    origins.removeSubrange((range.lowerBound - 1)...(range.upperBound - 1))
  }

  /// Inserts `text` as a new line before current line `line` (1-based; `lines.count + 1` appends); it has no
  /// original line (origin 0).
  public mutating func insertLine(_ text: String, before line: Int) {
    lines.insert(text, at: line - 1)
    origins.insert(0, at: line - 1)
  }

  /// Replaces the text of current line `line`.
  public mutating func setLine(_ line: Int, _ text: String) { lines[line - 1] = text }

  /// Removes the text from `start` up to and including the byte at `end` (both in the current text); the lines in
  /// between go, and what is left of the first and last line is joined on the first line.
  public mutating func removeText(from start: Position, through end: Position) {
    let first = Array(lines[start.line - 1].utf8)
    let last = Array(lines[end.line - 1].utf8)
    let head = first.prefix(max(0, start.column - 1))
    let tail = last.count >= end.column ? Array(last[end.column...]) : []
    let joined = String(decoding: head + tail, as: UTF8.self)
    if end.line > start.line { removeLines((start.line + 1)...end.line) }
    lines[start.line - 1] = joined
  }
}
