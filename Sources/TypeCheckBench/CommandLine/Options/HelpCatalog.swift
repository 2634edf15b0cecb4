import Escaping

/// `bench help --json`: every command and its options as declared, for tools and the generated docs.
struct HelpCatalog: Codable, Equatable {
  struct CommandEntry: Codable, Equatable {
    var name: String
    var summary: String
    var options: [OptionEntry]
  }

  struct OptionEntry: Codable, Equatable {
    var name: String
    var alias: String?
    /// The value's form (`N`, `DIR`, `time|instructions`); nil for a switch.
    var value: String?
    var `default`: String?
    var repeatable: Bool
    var help: String
    /// The group it is declared in (`sweep`, `measurement`, `toolchains`, `output`, …), or its command's name.
    var group: String
  }

  /// `bench help --json`.
  static let flag = "--json"

  var version: String
  var commands: [CommandEntry]

  init(_ commands: [Command]) {
    version = BenchCommandLine.version
    self.commands = commands.map { command in
      CommandEntry(
        name: command.name, summary: command.summary,
        options: command.allOptions.map { option in
          OptionEntry(
            name: option.name, alias: option.alias, value: option.takesValue ? option.valueForm : nil,
            default: option.defaultValue, repeatable: option.repeatable, help: option.help, group: option.group)
        })
    }
  }

  /// The catalog as a JSON document (keys sorted, as every JSON bench writes).
  func json() throws -> String { try JSONFormat.document(self) }
}
