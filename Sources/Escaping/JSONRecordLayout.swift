/// The layout of a record file (run.json): the document's top level and the first level of each of its members one
/// entry per line, everything deeper compact on its entry's line. A run's cases, samples and module builds are then
/// one line each, so a diff names the samples that changed and a record of thousands of samples stays thousands of
/// lines; any JSON reader reads it as it reads the pretty-printed layout.
///
/// The layout only moves whitespace: it re-indents compact JSON (as `JSONEncoder` writes it without
/// `.prettyPrinted`), copying every key, string and number byte for byte.
enum JSONRecordLayout {
  /// How many levels are laid out one entry per line: the document and its members.
  static let expandedLevels = 2

  /// `compact`, a compact JSON text, in the record layout (without a final newline).
  static func text(ofCompact compact: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(compact.count + compact.count / 16)
    guard !compact.isEmpty else { return "" }
    write(compact, from: 0, to: valueEnd(compact, from: 0), indent: 0, levels: expandedLevels, into: &out)
    return String(decoding: out, as: UTF8.self)
  }

  private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), comma = UInt8(ascii: ",")
  private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
  private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")

  /// Writes the value `json[start..<end]`, its entries one per line at `indent + 2` spaces while `levels` remain.
  private static func write(
    _ json: [UInt8], from start: Int, to end: Int, indent: Int, levels: Int, into out: inout [UInt8]
  ) {
    let open = json[start]
    // A scalar, an empty container, or a level past the expanded ones: as it is.
    guard levels > 0, open == openBrace || open == openBracket, end - start > 2 else {
      out.append(contentsOf: json[start..<end])
      return
    }
    out.append(open)
    var index = start + 1
    while index < end - 1 {
      if json[index] == comma {
        out.append(comma)
        index += 1
      }
      out.append(UInt8(ascii: "\n"))
      out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
      if open == openBrace {
        // The member's key, then its value after the colon.
        let keyEnd = valueEnd(json, from: index)
        out.append(contentsOf: json[index..<keyEnd])
        out.append(contentsOf: Array(" : ".utf8))
        index = keyEnd + 1
      }
      let entryEnd = valueEnd(json, from: index)
      write(json, from: index, to: entryEnd, indent: indent + 2, levels: levels - 1, into: &out)
      index = entryEnd
    }
    out.append(UInt8(ascii: "\n"))
    out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    out.append(json[end - 1])
  }

  /// The index just past the value that starts at `start` in compact JSON.
  private static func valueEnd(_ json: [UInt8], from start: Int) -> Int {
    var index = start
    var depth = 0
    var inString = false
    while index < json.count {
      let byte = json[index]
      if inString {
        if byte == backslash {
          index += 1
        } else if byte == quote {
          inString = false
          if depth == 0 { return index + 1 }
        }
      } else {
        switch byte {
        case quote: inString = true
        case openBrace, openBracket: depth += 1
        case closeBrace, closeBracket:
          if depth == 0 { return index }  // The end of a scalar that is a container's last entry.
          depth -= 1
          if depth == 0 { return index + 1 }
        case comma where depth == 0: return index
        default: break
        }
      }
      index += 1
    }
    return index
  }
}
