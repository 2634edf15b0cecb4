/// Splits a template into text and placeholders, tracking lines and columns.
struct TemplateScanner {
  private let characters: [Character]
  private var offset = 0
  private var line = 1
  private var column = 1

  init(_ text: String) { characters = Array(text) }

  static func isLineBreak(_ character: Character) -> Bool {
    character == "\n" || character == "\r\n" || character == "\r"
  }

  private mutating func advance() {
    if Self.isLineBreak(characters[offset]) {
      line += 1
      column = 1
    } else {
      column += 1
    }
    offset += 1
  }

  private func startsPlaceholder(at index: Int) -> Bool {
    index + 1 < characters.count && characters[index] == "{" && characters[index + 1] == "{"
  }

  mutating func tokens() throws(TemplateError) -> [TemplateToken] {
    var tokens: [TemplateToken] = []
    var text: [Character] = []
    while offset < characters.count {
      guard startsPlaceholder(at: offset) else {
        text.append(characters[offset])
        advance()
        continue
      }
      if !text.isEmpty {
        tokens.append(.text(text))
        text = []
      }
      let location = TemplateLocation(line: line, column: column)
      advance()
      advance()
      let contentStart = offset
      var inString = false
      var closed = false
      // A placeholder closes on its own line. A quote opens a string only where one belongs (a literal
      // `{{"…"}}`, a `separator="…"`): in Swift code such as `"a{{b"` it is the code's own quote.
      while offset < characters.count, !Self.isLineBreak(characters[offset]) {
        let character = characters[offset]
        if inString {
          if character == "\\" && offset + 1 < characters.count && !Self.isLineBreak(characters[offset + 1]) {
            advance()
          } else if character == "\"" {
            inString = false
          }
          advance()
          continue
        }
        if character == "\"" {
          let before = String(characters[contentStart..<offset]).trimmingBlanks
          inString = before.isEmpty || before.hasSuffix("=")
        } else if character == "}" && offset + 1 < characters.count && characters[offset + 1] == "}" {
          closed = true
          break
        }
        advance()
      }
      guard closed else {
        throw TemplateError(
          inString
            ? "unterminated string in placeholder (its closing '\"' is missing)"
            : "'{{' opens a placeholder that is never closed with '}}' on its line; a literal '{{' is written "
              + "{{\"{{\"}}",
          at: location)
      }
      let content = String(characters[contentStart..<offset])
      advance()
      advance()
      let tag = try Self.tag(content, at: location)
      if case .literal(let value) = tag {
        text.append(contentsOf: value)
        continue
      }
      tokens.append(.tag(tag, location))
    }
    if !text.isEmpty { tokens.append(.text(text)) }
    return tokens
  }

  /// Reads a placeholder's content (between `{{` and `}}`).
  static func tag(_ raw: String, at location: TemplateLocation) throws(TemplateError) -> TemplateTag {
    let content = Array(raw.trimmingBlanks)
    let expected = "expected {{NAME}}, {{#repeat NAME}}, {{#repeat NAME separator=\"…\"}} or {{/repeat}}"
    guard let first = content.first else {
      throw TemplateError("empty placeholder '{{\(raw)}}'; \(expected)", at: location)
    }
    if first == "\"" {
      var cursor = TagCursor(content)
      _ = cursor.take("\"")
      let value = try cursor.quotedRest(at: location)
      cursor.skipBlanks()
      guard cursor.atEnd else {
        throw TemplateError(
          "a quoted placeholder holds one string, written as it is: {{\"{{\"}} writes '{{'", at: location)
      }
      return .literal(value)
    }
    if first == "/" {
      guard String(content.dropFirst()).trimmingBlanks == "repeat" else {
        throw TemplateError("unknown closing tag '{{\(raw)}}'; expected {{/repeat}}", at: location)
      }
      return .close
    }
    if first == "#" {
      var cursor = TagCursor(Array(content.dropFirst()))
      let directive = cursor.word()
      guard directive == "repeat" else {
        throw TemplateError("unknown block '{{\(raw)}}'; the only block is {{#repeat NAME}}", at: location)
      }
      cursor.skipBlanks()
      let countText = cursor.word()
      let count: TemplateCount
      if countText == "i" {
        count = .index
      } else if isIdentifier(countText) {
        count = .parameter(countText)
      } else if !countText.isEmpty && countText.allSatisfy(\.isASCII) && countText.allSatisfy(\.isNumber),
        let value = Int(countText), value <= 1_000_000
      {
        count = .literal(value)
      } else {
        throw TemplateError(
          countText.isEmpty
            ? "{{#repeat}} needs a count: a parameter name, i, or a number"
            : "'\(countText)' is not a repeat count: give a parameter name, i, or a number up to 1000000",
          at: location)
      }
      var separator = ""
      var sawSeparator = false
      while true {
        cursor.skipBlanks()
        if cursor.atEnd { break }
        let attribute = cursor.word(stoppingAt: "=")
        guard attribute == "separator" else {
          throw TemplateError(
            "unknown attribute '\(attribute)' in {{#repeat}}; the only attribute is separator=\"…\"", at: location)
        }
        guard !sawSeparator else { throw TemplateError("separator is given twice", at: location) }
        sawSeparator = true
        cursor.skipBlanks()
        let hasEquals = cursor.take("=")
        cursor.skipBlanks()
        guard hasEquals, cursor.take("\"") else {
          throw TemplateError("separator needs a quoted value, as in separator=\" + \"", at: location)
        }
        separator = try cursor.quotedRest(at: location)
      }
      return .open(count: count, separator: separator)
    }
    let name = String(content)
    guard isIdentifier(name) else {
      throw TemplateError("unknown placeholder '{{\(raw)}}'; \(expected)", at: location)
    }
    return name == "i" ? .index : .name(name)
  }

  /// A Swift-style identifier: a letter or `_`, then letters, digits or `_`.
  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.first, first.isLetter || first == "_" else { return false }
    return text.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
  }

  static func isBlank(_ character: Character) -> Bool { character == " " || character == "\t" }

  /// Removes every line that holds only a block tag and blanks, with its line break (Mustache's standalone rule).
  /// Standalone-ness is judged on the tokens as scanned, then the cuts are made.
  static func removeStandaloneLines(_ tokens: inout [TemplateToken]) {
    var cutTail: Set<Int> = []  // text tokens whose blanks after their last line break go
    var cutHead: Set<Int> = []  // text tokens whose blanks and first line break go
    for (index, token) in tokens.enumerated() {
      guard case .tag(let tag, _) = token, tag.isBlock else { continue }
      var startsLine = index == 0
      if index > 0, case .text(let before) = tokens[index - 1] {
        let lastBreak = before.lastIndex(where: isLineBreak)
        let tail = before[(lastBreak.map { $0 + 1 } ?? 0)...]
        startsLine = tail.allSatisfy(isBlank) && (lastBreak != nil || index - 1 == 0)
      }
      var endsLine = index == tokens.count - 1
      if index + 1 < tokens.count, case .text(let after) = tokens[index + 1] {
        let firstBreak = after.firstIndex(where: isLineBreak)
        let head = after[..<(firstBreak ?? after.count)]
        endsLine = head.allSatisfy(isBlank) && (firstBreak != nil || index + 1 == tokens.count - 1)
      }
      guard startsLine && endsLine else { continue }
      if index > 0 { cutTail.insert(index - 1) }
      if index + 1 < tokens.count { cutHead.insert(index + 1) }
    }
    for index in tokens.indices {
      guard case .text(var characters) = tokens[index] else { continue }
      if cutTail.contains(index) {
        let lastBreak = characters.lastIndex(where: isLineBreak)
        characters.removeSubrange((lastBreak.map { $0 + 1 } ?? 0)...)
      }
      if cutHead.contains(index) {
        // Judged on the original token: its head is blanks up to the first break (or the whole token).
        let firstBreak = characters.firstIndex(where: isLineBreak)
        characters.removeSubrange(..<(firstBreak.map { $0 + 1 } ?? characters.count))
      }
      tokens[index] = .text(characters)
    }
  }
}

/// Reads the words of a block tag.
private struct TagCursor {
  let characters: [Character]
  var offset = 0

  init(_ characters: [Character]) { self.characters = characters }

  var atEnd: Bool { offset >= characters.count }

  mutating func skipBlanks() {
    while !atEnd && characters[offset].isWhitespace { offset += 1 }
  }

  mutating func word(stoppingAt stop: Character? = nil) -> String {
    let start = offset
    while !atEnd && !characters[offset].isWhitespace && characters[offset] != stop && characters[offset] != "\"" {
      offset += 1
    }
    return String(characters[start..<offset])
  }

  mutating func take(_ character: Character) -> Bool {
    guard !atEnd && characters[offset] == character else { return false }
    offset += 1
    return true
  }

  /// The rest of a quoted string whose opening quote was taken, unescaped.
  mutating func quotedRest(at location: TemplateLocation) throws(TemplateError) -> String {
    var value = ""
    while !atEnd {
      let character = characters[offset]
      offset += 1
      switch character {
      case "\"": return value
      case "\\":
        guard !atEnd else { break }
        let escaped = characters[offset]
        offset += 1
        switch escaped {
        case "n": value.append("\n")
        case "t": value.append("\t")
        case "\"", "\\": value.append(escaped)
        default:
          throw TemplateError(
            "unknown escape '\\\(escaped)' in a quoted string; use \\n, \\t, \\\" or \\\\", at: location)
        }
      default: value.append(character)
      }
    }
    throw TemplateError("unterminated string in placeholder (its closing '\"' is missing)", at: location)
  }
}

extension String {
  /// The string without leading and trailing spaces, tabs and line breaks.
  var trimmingBlanks: String {
    var characters = Substring(self)
    while let first = characters.first, first.isWhitespace { characters.removeFirst() }
    while let last = characters.last, last.isWhitespace { characters.removeLast() }
    return String(characters)
  }
}
