import Foundation

/// The inheritance list on a type's or extension's header line (`public struct Text : Swift.Equatable, Swift.Sendable {`
/// lists `Swift.Equatable` and `Swift.Sendable`): its entries with their byte columns, and the line without one.
public enum InheritanceClause {
  public struct Entry: Sendable, Equatable {
    /// The entry as written, attributes included (`@unchecked Swift.Sendable`).
    public var name: String
    /// The 1-based byte columns the entry spans.
    public var columns: ClosedRange<Int>
  }

  /// The entries of the header on `line`, or none when the line declares no inheritance.
  public static func entries(of line: String) -> [Entry] {
    // Only a line with a declaration keyword and a colon can hold a clause.
    guard line.contains(":"),
      line.contains("struct") || line.contains("class") || line.contains("enum")
        || line.contains("protocol") || line.contains("extension") || line.contains("actor")
    else { return [] }
    let bytes = Array(line.utf8)
    guard let colon = clauseColon(bytes) else { return [] }
    var entries: [Entry] = []
    var depth = 0
    var start = colon + 1
    var index = colon + 1
    func finish(_ end: Int) {
      var first = start
      var last = end - 1
      while first <= last, bytes[first] == UInt8(ascii: " ") { first += 1 }
      while last >= first, bytes[last] == UInt8(ascii: " ") { last -= 1 }
      if first <= last {
        entries.append(
          Entry(name: String(decoding: bytes[first...last], as: UTF8.self), columns: (first + 1)...(last + 1)))
      }
    }
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "(") || byte == UInt8(ascii: "[") { depth += 1 }
      if byte == UInt8(ascii: ">") || byte == UInt8(ascii: ")") || byte == UInt8(ascii: "]") { depth -= 1 }
      if depth == 0 {
        if byte == UInt8(ascii: ",") {
          finish(index)
          start = index + 1
        } else if byte == UInt8(ascii: "{") || isWord("where", at: index, in: bytes) {
          break
        }
      }
      index += 1
    }
    finish(index)
    return entries
  }

  /// `line` without the entry `name` (and its separator); without the colon when it was the only entry.
  public static func removing(_ name: String, from line: String) -> String {
    let all = entries(of: line)
    guard let position = all.firstIndex(where: { $0.name == name }) else { return line }
    var bytes = Array(line.utf8)
    let entry = all[position]
    var lower = entry.columns.lowerBound - 1
    var upper = entry.columns.upperBound  // exclusive
    if all.count == 1 {
      // The colon goes too.
      lower = clauseColon(bytes) ?? lower
      while lower > 0, bytes[lower - 1] == UInt8(ascii: " ") { lower -= 1 }
    } else if position + 1 < all.count {
      upper = all[position + 1].columns.lowerBound - 1
    } else {
      lower = all[position - 1].columns.upperBound
    }
    bytes.removeSubrange(lower..<upper)
    if all.count == 1, lower < bytes.count, bytes[lower] != UInt8(ascii: " ") {
      bytes.insert(UInt8(ascii: " "), at: lower)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether entry text `entry` names protocol `name` (qualified or not, with attributes or not).
  public static func matches(_ entry: String, _ name: String) -> Bool {
    let bare = entry.split(separator: " ").last.map(String.init) ?? entry
    let entryLast = bare.split(separator: "<").first.map { $0.split(separator: ".").last.map(String.init) ?? "" } ?? ""
    let nameLast = name.split(separator: "<").first.map { $0.split(separator: ".").last.map(String.init) ?? "" } ?? ""
    return !entryLast.isEmpty && entryLast == nameLast
  }

  /// The byte index of the colon that opens the inheritance clause: the first top-level `:` after the declaration's
  /// keyword and name (generic parameters skipped), before any `{` or `where`.
  static func clauseColon(_ bytes: [UInt8]) -> Int? {
    let keywords = ["struct", "class", "enum", "protocol", "extension", "actor"]
    guard let keywordEnd = keywords.compactMap({ keywordEnd($0, in: bytes) }).min() else { return nil }
    var depth = 0
    var index = keywordEnd
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: "<") || byte == UInt8(ascii: "(") { depth += 1 }
      if byte == UInt8(ascii: ">") || byte == UInt8(ascii: ")") { depth -= 1 }
      if depth == 0 {
        if byte == UInt8(ascii: ":") { return index }
        if byte == UInt8(ascii: "{") || isWord("where", at: index, in: bytes) { return nil }
      }
      index += 1
    }
    return nil
  }

  /// The index after keyword `word` where it stands as a word outside attributes' parentheses, or nil.
  static func keywordEnd(_ word: String, in bytes: [UInt8]) -> Int? {
    var depth = 0
    for index in bytes.indices {
      if bytes[index] == UInt8(ascii: "(") { depth += 1 }
      if bytes[index] == UInt8(ascii: ")") { depth -= 1 }
      if depth == 0, isWord(word, at: index, in: bytes) { return index + word.utf8.count }
    }
    return nil
  }

  static func isWord(_ word: String, at index: Int, in bytes: [UInt8]) -> Bool {
    let pattern = word.utf8
    guard index + pattern.count <= bytes.count, bytes[index] == pattern.first else { return false }
    var offset = index
    for byte in pattern {
      guard bytes[offset] == byte else { return false }
      offset += 1
    }
    let before = index == 0 ? UInt8(ascii: " ") : bytes[index - 1]
    let after = index + pattern.count == bytes.count ? UInt8(ascii: " ") : bytes[index + pattern.count]
    return !isIdentifierByte(before) && before != UInt8(ascii: "@") && before != UInt8(ascii: ".")
      && !isIdentifierByte(after)
  }

  static func isIdentifierByte(_ byte: UInt8) -> Bool {
    DropPlanner.isWordByte(byte) || byte == UInt8(ascii: "_") || byte >= 0x80
  }
}
