/// What the scanner, the help and `bench help --json` know of an option: its name, the kind of value it takes, its
/// default and its help. Commands declare options as `Option` and `Flag` values, which hold one of these.
public struct OptionSpec: Sendable {
  /// What follows the option on the command line.
  public enum Kind: Sendable, Equatable {
    /// A switch: present or not (`--quiet`).
    case flag
    /// `--name VALUE` or `--name=VALUE`; the form is shown in errors and help (for example `1...8 | 1,2,4`).
    case value(form: String)
  }

  public var name: String
  public var kind: Kind
  public var help: String
  /// The value the command uses when the option is not given, printed in the help as `(default: …)`; read it with
  /// `ParsedArguments.valueOrDefault(_:)`. Nil when there is none, or when the default is not a value (the help says).
  public var defaultValue: String?
  /// A short spelling (`-o`, `-h`), accepted only as a whole argument: never inside another option's value.
  public var alias: String?
  /// True when the option may be given several times, each value kept (`--toolchain`, `--param`); any other option
  /// given twice is refused, never silently taking the last value.
  public var repeatable: Bool
  /// The group of options it belongs to (`sweep`, `measurement`, `toolchains`, `output`), or the command's name for
  /// one of its own: where its command declares it (`OptionDeclarations.list`).
  public var group = ""

  /// True for `--flag VALUE` (or `--flag=VALUE`), false for a switch.
  public var takesValue: Bool { kind != .flag }
  /// The value's form, or "" for a switch.
  public var valueForm: String {
    if case .value(let form) = kind { return form }
    return ""
  }

  public init(
    _ name: String, value valueForm: String? = nil, default defaultValue: String? = nil, alias: String? = nil,
    repeatable: Bool = false, help: String
  ) {
    self.name = name
    self.repeatable = repeatable
    self.kind = valueForm.map { .value(form: $0) } ?? .flag
    self.help = help
    self.defaultValue = defaultValue
    self.alias = alias
  }

  /// The help text with the declared default and alias: `Measured compiles per point (default: 5).`; a note
  /// already in parentheses at the end is extended: `Folder to write into (required; alias -o).`
  public var helpLine: String {
    let notes = (defaultValue.map { ["default: \($0)"] } ?? []) + (alias.map { ["alias \($0)"] } ?? [])
    guard !notes.isEmpty else { return help }
    let joined = notes.joined(separator: "; ")
    if help.hasSuffix(").") { return String(help.dropLast(2)) + "; " + joined + ")." }
    return (help.hasSuffix(".") ? String(help.dropLast()) : help) + " (" + joined + ")."
  }
}
