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

/// The arguments of one subcommand split into options and positionals, by option name: what the scanner hands to
/// `ParsedArguments`, through which commands read them.
public struct ScannedArguments: Sendable {
  /// Values of each option in the order given (a repeated option keeps every value).
  public var values: [String: [String]] = [:]
  public var switches: Set<String> = []
  public var positionals: [String] = []
  /// The arguments as given (for the record of a run's command line).
  public var arguments: [String] = []

  /// The last value given for `name`, or nil.
  func value(_ name: String) -> String? { values[name]?.last }
  func has(_ name: String) -> Bool { switches.contains(name) || values[name] != nil }
}

/// Splits arguments by a list of option specs; unknown options fail with the nearest known one suggested.
public enum ArgumentScanner {
  public static func scan(_ arguments: [String], options: [OptionSpec], command: String) throws -> ScannedArguments {
    var parsed = ScannedArguments()
    parsed.arguments = arguments
    var index = 0
    var onlyPositionals = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
        // An empty argument names nothing; as a path it would quietly mean the current folder.
        guard !argument.isEmpty else {
          throw BenchError.usage("\(command): an argument is empty ('')")
        }
        parsed.positionals.append(argument)
        continue
      }
      if argument == "--" {
        onlyPositionals = true
        continue
      }
      // An alias is a whole argument (`-o`); an option's value is never looked at here, so `--Xswiftc -o` stays.
      var name = options.first(where: { $0.alias == argument })?.name ?? argument
      var inlineValue: String?
      if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      guard let spec = options.first(where: { $0.name == name }) else {
        var message = "\(command): unknown option '\(name)'"
        if let suggestion = nearest(name, among: options.map(\.name)) { message += "; did you mean '\(suggestion)'?" }
        throw BenchError.usage(message + " (see 'bench \(command) --help')")
      }
      if spec.takesValue {
        let value: String
        if let inlineValue {
          value = inlineValue
        } else {
          guard index < arguments.count else {
            throw BenchError.usage("\(command): \(name) needs a value (\(spec.valueForm))")
          }
          value = arguments[index]
          index += 1
        }
        guard !value.isEmpty else {
          throw BenchError.usage("\(command): \(name) needs a value, not '' (\(spec.valueForm))")
        }
        if !spec.repeatable, let earlier = parsed.values[name]?.first {
          throw BenchError.usage(
            "\(command): \(name) is given twice ('\(earlier)', then '\(value)'); give it once")
        }
        parsed.values[name, default: []].append(value)
      } else {
        guard inlineValue == nil else { throw BenchError.usage("\(command): \(name) takes no value") }
        parsed.switches.insert(name)
      }
    }
    return parsed
  }

  /// The known name closest to `name` by edit distance, when it is close enough to be a likely typo.
  public static func nearest(_ name: String, among names: [String]) -> String? {
    // `bench parse` on this package's own build once ranked a one-line tuple-sorting closure here as its slowest body
    // (2.4 s to type-check): a plain loop with explicit types is instant.
    var best: (name: String, distance: Int)?
    for candidate in names.sorted() {
      let distance: Int = editDistance(name, candidate)
      if best == nil || distance < best!.distance { best = (candidate, distance) }
    }
    guard let best, best.distance <= max(2, best.name.count / 3) else { return nil }
    return best.name
  }

  static func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a)
    let b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    for i in 1...a.count {
      var current = [i] + Array(repeating: 0, count: b.count)
      for j in 1...b.count {
        current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
      }
      previous = current
    }
    return previous[b.count]
  }
}
