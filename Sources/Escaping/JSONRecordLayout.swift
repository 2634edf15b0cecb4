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

  /// `compact`, a compact JSON text, in the record layout (without a final newline): one pass that copies every byte
  /// and, outside strings, breaks the lines of the first `expandedLevels` containers.
  static func text(ofCompact compact: [UInt8]) -> String {
    var out: [UInt8] = []
    out.reserveCapacity(compact.count + compact.count / 16)
    compact.withUnsafeBufferPointer { json in
      // How many containers are open; the innermost is laid out one entry per line when it opened within the first
      // `expandedLevels`.
      var depth = 0
      var inString = false
      var index = 0
      func newline(indent: Int) {
        out.append(UInt8(ascii: "\n"))
        out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
      }
      while index < json.count {
        let byte = json[index]
        index += 1
        if inString {
          out.append(byte)
          if byte == backslash {
            out.append(json[index])
            index += 1
          } else if byte == quote {
            inString = false
          }
          continue
        }
        switch byte {
        case quote:
          inString = true
          out.append(byte)
        case openBrace, openBracket:
          out.append(byte)
          if depth < expandedLevels, index < json.count, json[index] != closeBrace, json[index] != closeBracket {
            depth += 1
            newline(indent: depth)
          } else if depth < expandedLevels {
            // An empty container stays `[]` or `{}`.
            out.append(json[index])
            index += 1
          } else {
            depth += 1
          }
        case closeBrace, closeBracket:
          depth -= 1
          if depth < expandedLevels { newline(indent: depth) }
          out.append(byte)
        case comma:
          out.append(byte)
          if depth <= expandedLevels { newline(indent: depth) }
        case colon:
          if depth <= expandedLevels { out.append(contentsOf: [space, colon, space]) } else { out.append(byte) }
        default:
          out.append(byte)
        }
      }
    }
    return String(decoding: out, as: UTF8.self)
  }

  private static let quote = UInt8(ascii: "\""), backslash = UInt8(ascii: "\\"), comma = UInt8(ascii: ",")
  private static let colon = UInt8(ascii: ":"), space = UInt8(ascii: " ")
  private static let openBrace = UInt8(ascii: "{"), closeBrace = UInt8(ascii: "}")
  private static let openBracket = UInt8(ascii: "["), closeBracket = UInt8(ascii: "]")
}
