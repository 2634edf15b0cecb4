/// Formats option lists for `--help`.
enum CommandHelp {
  static func optionsText(_ options: [OptionSpec]) -> String {
    let rows = options.map { option in
      (option.takesValue ? "\(option.name) <\(option.valueForm)>" : option.name, option.help)
    }
    let width = min(44, rows.map(\.0.count).max() ?? 0)
    return "OPTIONS:\n"
      + rows.map { left, right in
        let pad =
          left.count <= width
          ? String(repeating: " ", count: width - left.count) : "\n  " + String(repeating: " ", count: width)
        return "  \(left)\(pad)  \(right)"
      }.joined(separator: "\n")
  }
}
