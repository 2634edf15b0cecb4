import Generators
import TypeCheckBenchCore

/// What a command runs with: where its result goes, where its warnings go, and the families it knows. The executable
/// writes the first to standard output and the second to standard error; tests capture both.
struct CommandContext {
  /// The command's result: reports, listings, "Wrote …" lines, progress at series stops.
  var output: (String) -> Void
  /// Warnings and notes (`note: --depth does not apply …`): never mixed into the result.
  var warn: (String) -> Void
  /// The families bench was started with: what `--family` names and what records are read against.
  var families: FamilySet = .builtIn
}

/// One `bench` subcommand as a value: its name, one-line summary, help, options and what it runs. The command table
/// (`BenchCommandLine.commands`) lists these; usage, dispatch, `--help`/`-h`/`help CMD`, aliases such as `-o` and the
/// did-you-mean suggestions all come from it.
struct Command: Sendable {
  /// What a command does with its scanned arguments; returns an exit status of the one table.
  typealias Body = @Sendable (ParsedArguments, CommandContext) throws -> ExitStatus

  var name: String
  /// The line `bench --help` shows for this command.
  var summary: String
  /// The help before the option list: USAGE lines, what the command does, EXAMPLES.
  var help: String
  /// The command's own options; `--help` (alias `-h`) is added to every command.
  var options: [OptionSpec]
  var body: Body

  init(name: String, summary: String, help: String, options: [OptionSpec], body: @escaping Body) {
    self.name = name
    self.summary = summary
    self.help = help
    self.options = options
    self.body = body
  }

  /// Every option the command accepts, `--help` last.
  var allOptions: [OptionSpec] { options + [.help] }

  /// Scans `arguments` against the command's options, prints the help for `--help`/`-h`, else runs the command.
  func run(_ arguments: [String], context: CommandContext) throws -> ExitStatus {
    let parsed = try ArgumentScanner.scan(arguments, options: allOptions, command: name)
    if parsed.has(OptionSpec.help.name) {
      context.output(helpText)
      return .success
    }
    return try body(parsed, context)
  }

  /// `bench NAME --help`: the help, then the options with their declared defaults and aliases.
  var helpText: String { help + "\n\n" + Self.optionsText(allOptions) }

  /// The OPTIONS section: one option a line, its value form, its help with default and alias.
  static func optionsText(_ options: [OptionSpec]) -> String {
    let rows = options.map { option in
      (option.takesValue ? "\(option.name) <\(option.valueForm)>" : option.name, option.helpLine)
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
