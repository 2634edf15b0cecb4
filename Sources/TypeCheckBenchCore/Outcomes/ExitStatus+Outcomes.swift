/// The help's exit-status paragraph, which reads `WorkOutcome` (above the vocabulary, so it lives beside it).
extension ExitStatus {
  /// The `EXIT STATUS:` paragraph of `bench --help`: the whole table, wrapped to `width` columns, then what each kind
  /// of outcome gives.
  public static func paragraph(width: Int = 116) -> String {
    wrapped("EXIT STATUS:", list() + ".", width: width) + "\n"
      + wrapped(
        "OUTCOMES:",
        WorkOutcome.allCases.map { "\($0.status.rawValue) when \($0.meaning)" }.joined(separator: "; ") + ".",
        width: width)
  }

  private static func wrapped(_ title: String, _ text: String, width: Int) -> String {
    var lines: [String] = []
    var line = title
    for word in text.split(separator: " ") {
      if line.count + 1 + word.count > width {
        lines.append(line)
        line = String(word)
      } else {
        line += " " + word
      }
    }
    return (lines + [line]).joined(separator: "\n")
  }
}
