/// A light Swift tokenizer for shape scans: identifiers, keywords and single punctuation characters with their
/// 1-based positions; comments, string literals and numbers are dropped.
enum SwiftLexer {
  struct Token: Hashable {
    var text: String
    var line: Int
    var column: Int
  }

  static func isIdentifier(_ text: String) -> Bool {
    guard let first = text.unicodeScalars.first else { return false }
    return first == "_" || first == "`" || first.properties.isAlphabetic
  }

  private static func isIdentifierCharacter(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
  }

  /// A position in the source, advanced scalar by scalar with line and column kept.
  private struct Cursor {
    let scalars: [Unicode.Scalar]
    var index = 0
    var line = 1
    var column = 1

    var atEnd: Bool { index >= scalars.count }
    var current: Unicode.Scalar { scalars[index] }

    func peek(_ offset: Int) -> Unicode.Scalar? {
      index + offset < scalars.count ? scalars[index + offset] : nil
    }

    mutating func advance(_ count: Int = 1) {
      for _ in 0..<count where index < scalars.count {
        if scalars[index] == "\n" {
          line += 1
          column = 1
        } else {
          column += 1
        }
        index += 1
      }
    }
  }

  static func tokens(_ source: String) -> [Token] {
    var cursor = Cursor(scalars: Array(source.unicodeScalars))
    var tokens: [Token] = []
    while !cursor.atEnd {
      let scalar = cursor.current
      if scalar == "/" && cursor.peek(1) == "/" {
        while !cursor.atEnd && cursor.current != "\n" { cursor.advance() }
      } else if scalar == "/" && cursor.peek(1) == "*" {
        var depth = 0
        repeat {
          if cursor.current == "/" && cursor.peek(1) == "*" {
            depth += 1
            cursor.advance(2)
          } else if cursor.current == "*" && cursor.peek(1) == "/" {
            depth -= 1
            cursor.advance(2)
          } else {
            cursor.advance()
          }
        } while !cursor.atEnd && depth > 0
      } else if scalar == "#" && (cursor.peek(1) == "\"" || cursor.peek(1) == "#") {
        // A raw string: count the hashes, then skip to the closing quote followed by as many.
        var hashes = 0
        while cursor.peek(hashes) == "#" { hashes += 1 }
        guard cursor.peek(hashes) == "\"" else {
          cursor.advance()
          continue
        }
        cursor.advance(hashes)
        skipString(&cursor, hashes: hashes)
      } else if scalar == "\"" {
        skipString(&cursor, hashes: 0)
      } else if isIdentifierCharacter(scalar) || scalar == "`" {
        let startLine = cursor.line
        let startColumn = cursor.column
        var text = ""
        if scalar == "`" {
          cursor.advance()
          while !cursor.atEnd && cursor.current != "`" && cursor.current != "\n" {
            text.unicodeScalars.append(cursor.current)
            cursor.advance()
          }
          cursor.advance()
        } else {
          while !cursor.atEnd && isIdentifierCharacter(cursor.current) {
            text.unicodeScalars.append(cursor.current)
            cursor.advance()
          }
        }
        // Numbers are not names.
        if let first = text.unicodeScalars.first, !("0"..."9").contains(first) {
          tokens.append(Token(text: text, line: startLine, column: startColumn))
        }
      } else if "{}()[]:,.".unicodeScalars.contains(scalar) {
        tokens.append(Token(text: String(scalar), line: cursor.line, column: cursor.column))
        cursor.advance()
      } else {
        cursor.advance()
      }
    }
    return tokens
  }

  /// Skips a string literal starting at its opening quote (single-line or `"""`), interpolations included.
  private static func skipString(_ cursor: inout Cursor, hashes: Int) {
    let multiline = cursor.peek(1) == "\"" && cursor.peek(2) == "\""
    let quoteCount = multiline ? 3 : 1
    cursor.advance(quoteCount)
    func closes(_ cursor: Cursor) -> Bool {
      for offset in 0..<quoteCount where cursor.peek(offset) != "\"" { return false }
      for offset in 0..<hashes where cursor.peek(quoteCount + offset) != "#" { return false }
      return true
    }
    while !cursor.atEnd {
      if closes(cursor) {
        cursor.advance(quoteCount + hashes)
        return
      }
      let scalar = cursor.current
      if !multiline && scalar == "\n" { return }
      if scalar == "\\" {
        var hashRun = 0
        while hashRun < hashes && cursor.peek(1 + hashRun) == "#" { hashRun += 1 }
        guard hashRun == hashes else {
          cursor.advance()
          continue
        }
        cursor.advance(1 + hashes)
        if !cursor.atEnd && cursor.current == "(" {
          // An interpolation: skip to its balancing parenthesis (nested strings inside are rare in builder code).
          var depth = 0
          repeat {
            if cursor.current == "(" { depth += 1 }
            if cursor.current == ")" { depth -= 1 }
            cursor.advance()
          } while !cursor.atEnd && depth > 0
        } else {
          cursor.advance()
        }
        continue
      }
      cursor.advance()
    }
  }
}
