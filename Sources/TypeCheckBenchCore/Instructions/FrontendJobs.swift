/// The frontend jobs a `swiftc -###` invocation prints instead of running them: one command a line, its words
/// quoted for a POSIX shell where needed (`-I '/a folder'`).
public enum FrontendJobs {
  /// A line that is not a command bench can run.
  public struct Problem: Error, CustomStringConvertible, Equatable {
    public var description: String
  }

  /// The frontend commands (`swift-frontend -frontend …`) in `driverOutput`, in order, each as an argument vector.
  /// - Throws: `Problem` when a line's quoting is unbalanced, a line is another tool's (a linker: bench counts the
  ///   frontend alone), or there is no frontend job at all.
  public static func parse(_ driverOutput: String) throws -> [[String]] {
    var jobs: [[String]] = []
    for line in driverOutput.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
      guard let words = words(of: String(line)) else {
        throw Problem(description: "unbalanced quoting in the driver's job line: \(line.prefix(120))")
      }
      guard words.count > 1, words[1] == "-frontend" else {
        throw Problem(description: "the driver planned a job that is not a frontend: \(words.first ?? "")")
      }
      jobs.append(words)
    }
    guard !jobs.isEmpty else { throw Problem(description: "the driver printed no frontend job") }
    return jobs
  }

  /// Splits one line into words as a POSIX shell would (single quotes, double quotes, backslash escapes), without
  /// expanding anything; nil when a quote is left open.
  public static func words(of line: String) -> [String]? {
    var words: [String] = []
    var current = ""
    var inWord = false
    var characters = line.makeIterator()
    // Reads up to the closing `quote` into `current`; false when the line ends first. Inside double quotes a
    // backslash escapes only `$`, a backquote, `"` and itself; inside single quotes nothing is escaped.
    func readQuoted(_ quote: Character) -> Bool {
      while let next = characters.next() {
        if next == quote { return true }
        guard quote == "\"", next == "\\" else {
          current.append(next)
          continue
        }
        guard let escaped = characters.next() else { return false }
        if !"$`\"\\".contains(escaped) { current.append("\\") }
        current.append(escaped)
      }
      return false
    }
    while let character = characters.next() {
      switch character {
      case " ", "\t":
        if inWord { words.append(current) }
        current = ""
        inWord = false
      case "'", "\"":
        inWord = true
        guard readQuoted(character) else { return nil }
      case "\\":
        inWord = true
        guard let escaped = characters.next() else { return nil }
        current.append(escaped)
      default:
        inWord = true
        current.append(character)
      }
    }
    if inWord { words.append(current) }
    return words
  }
}
