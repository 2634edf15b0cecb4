import Generators
import TypeCheckBenchCore

/// One `bench` subcommand as a value: its name, one-line summary, help, options and what it runs. The command table
/// (`BenchCommandLine.commands`) lists these; usage, dispatch, `--help`/`-h`/`help CMD`, aliases such as `-o`, the
/// did-you-mean suggestions, `bench help --json` and the generated docs all come from it.
struct Command: Sendable {
  var name: String
  /// The line `bench --help` shows for this command.
  var summary: String
  /// The help before the option list: USAGE lines, what the command does, EXAMPLES.
  var help: String
  /// The command's own options, in the order declared, each with its group; `--help` (alias `-h`) is added to every
  /// command.
  var options: [OptionSpec]
  /// Runs the command on arguments scanned against `allOptions`.
  private var body: @Sendable (ScannedArguments, CommandContext) throws -> ExitStatus

  /// A command whose `body` reads the options declared in `options` (`Option` and `Flag` values, in groups), and no
  /// other: it reads them by key path into `options`.
  init<Options: Sendable>(
    name: String, summary: String, help: String, options: Options,
    body: @escaping @Sendable (ParsedArguments<Options>, CommandContext) throws -> ExitStatus
  ) {
    self.name = name
    self.summary = summary
    self.help = help
    self.options = OptionDeclarations.list(options, group: name)
    self.body = { scanned, context in try body(ParsedArguments(options: options, scanned: scanned), context) }
  }

  /// Every option the command accepts, `--help` last.
  var allOptions: [OptionSpec] {
    var help = Flag.help.spec
    help.group = "help"
    return options + [help]
  }

  /// Scans `arguments` against the command's options, prints the help for `--help`/`-h`, else runs the command.
  func run(_ arguments: [String], context: CommandContext) throws -> ExitStatus {
    let scanned = try ArgumentScanner.scan(arguments, options: allOptions, command: name)
    if scanned.has(Flag.help.name) {
      context.output(helpText)
      return .success
    }
    return try body(scanned, context)
  }

  /// `arguments` scanned against `options` alone (no `--help`), as `command` would: for arguments bench builds
  /// itself, such as a fidelity claim's sweeps.
  static func parse<Options: Sendable>(_ arguments: [String], options: Options, command: String) throws
    -> ParsedArguments<Options>
  {
    ParsedArguments(
      options: options,
      scanned: try ArgumentScanner.scan(
        arguments, options: OptionDeclarations.list(options, group: command), command: command))
  }

  /// `bench NAME --help`: the help, then the options with their declared defaults and aliases.
  var helpText: String { help + "\n\n" + Self.optionsText(allOptions) }

  /// The OPTIONS section: one option a line, its value form, its help with default and alias, wrapped at
  /// `columns` under the help column (a help that lists, say, every metric's name may outgrow one line).
  static func optionsText(_ options: [OptionSpec], columns: Int = 120) -> String {
    let rows = options.map { option in
      (option.takesValue ? "\(option.name) <\(option.valueForm)>" : option.name, option.helpLine)
    }
    let width = min(44, rows.map(\.0.count).max() ?? 0)
    let indent = String(repeating: " ", count: width + 4)
    return "OPTIONS:\n"
      + rows.map { left, right in
        let pad =
          left.count <= width
          ? String(repeating: " ", count: width - left.count) : "\n  " + String(repeating: " ", count: width)
        return "  \(left)\(pad)  " + wrapped(right, width: columns - indent.count).joined(separator: "\n" + indent)
      }.joined(separator: "\n")
  }

  /// `text` in lines of at most `width` characters, broken at spaces (a longer word keeps a line of its own).
  static func wrapped(_ text: String, width: Int) -> [String] {
    var lines: [String] = []
    var line = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: false) {
      if !line.isEmpty && line.count + 1 + word.count > width {
        lines.append(line)
        line = String(word)
      } else {
        line += (line.isEmpty ? "" : " ") + word
      }
    }
    return lines + [line]
  }
}
