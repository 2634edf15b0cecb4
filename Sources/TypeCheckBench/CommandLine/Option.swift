import Generators
import TypeCheckBenchCore

/// Something a command's options hold that the scanner, the help and `bench help --json` list: an `Option` or a
/// `Flag`.
public protocol OptionDeclaration: Sendable {
  var spec: OptionSpec { get }
}

/// An option that takes a value, declared once with the parser that turns its text into a `Value`. A command's code
/// reads it through `ParsedArguments` by key path into the command's options, never by its name.
public struct Option<Value>: OptionDeclaration {
  public var spec: OptionSpec
  /// Turns the given (or default) text into the value; its errors name the option (`--runs: …`).
  let parse: @Sendable (_ text: String, _ name: String) throws -> Value

  public var name: String { spec.name }

  /// An option whose value `parse` reads (given the text and the option's name, for its error messages).
  public init(
    _ name: String, value form: String, default defaultValue: String? = nil, alias: String? = nil,
    repeatable: Bool = false, help: String, parse: @escaping @Sendable (_ text: String, _ name: String) throws -> Value
  ) {
    spec = OptionSpec(
      name, value: form, default: defaultValue, alias: alias, repeatable: repeatable, help: help)
    self.parse = parse
  }
}

extension Option where Value == String {
  /// An option whose value is its text as given (a path, a name, a pattern).
  public init(
    _ name: String, value form: String, default defaultValue: String? = nil, alias: String? = nil,
    repeatable: Bool = false, help: String
  ) {
    self.init(
      name, value: form, default: defaultValue, alias: alias, repeatable: repeatable, help: help,
      parse: { text, _ in text })
  }
}

extension Option where Value == Int {
  /// One whole number from `minimum` to `maximum` (`--jobs 2`).
  public static func integer(
    _ name: String, value form: String = "N", default defaultValue: String? = nil, minimum: Int,
    maximum: Int = 10_000, help: String
  ) -> Option<Int> {
    Option(name, value: form, default: defaultValue, help: help) { text, name in
      try ValueParsers.integer(text, flag: name, minimum: minimum, maximum: maximum)
    }
  }

  /// One whole number within `limit` (`--runs 5`).
  public static func integer(
    _ name: String, value form: String = "N", default defaultValue: String? = nil, limit: SweepLimits.Limit,
    help: String
  ) -> Option<Int> {
    integer(
      name, value: form, default: defaultValue, minimum: limit.range.lowerBound, maximum: limit.range.upperBound,
      help: help)
  }
}

extension Option where Value == Double {
  /// A positive number of seconds, at most a day (`--timeout 300`).
  public static func seconds(_ name: String, default defaultValue: String? = nil, help: String) -> Option<Double> {
    Option(name, value: "SECONDS", default: defaultValue, help: help) { text, name in
      try ValueParsers.seconds(text, flag: name)
    }
  }

  /// A number of milliseconds, 0 or more (`--threshold 5`).
  public static func milliseconds(_ name: String, default defaultValue: String? = nil, help: String)
    -> Option<Double>
  {
    Option(name, value: "MS", default: defaultValue, help: help) { text, name in
      try ValueParsers.milliseconds(text, flag: name)
    }
  }
}

extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
  /// One value of a closed set (`--format md`), its form the set (`table|md|json`) unless given.
  public static func choice(
    _ name: String, value form: String? = nil, default defaultValue: String? = nil, help: String
  ) -> Option<Value> {
    Option(
      name, value: form ?? Value.allCases.map(\.rawValue).joined(separator: "|"), default: defaultValue, help: help
    ) { text, name in try ValueParsers.choice(text, flag: name) }
  }
}

extension Option where Value == ShardSpec {
  /// `--shard I/N` (`run`, `corpus`).
  static func shard(help: String) -> Option<ShardSpec> {
    Option("--shard", value: "I/N", help: help) { text, name in
      do {
        return try ShardSpec(parsing: text)
      } catch {
        throw BenchError.usage("\(name): \(error)")
      }
    }
  }
}

/// A switch: given or not (`--quiet`).
public struct Flag: OptionDeclaration {
  public var spec: OptionSpec

  public var name: String { spec.name }

  public init(_ name: String, alias: String? = nil, help: String) {
    spec = OptionSpec(name, alias: alias, help: help)
  }

  /// `--help` (alias `-h`), which every command takes.
  public static let help = Flag("--help", alias: "-h", help: "Show this help.")
}

/// The options a value of declarations holds, in the order they are declared, each with its group: the name of the
/// property holding it in `options` (`sweep`, `measurement`, `toolchains`), or `group` for those declared directly.
/// Groups nest as structs; an array of declarations (one option per case parameter) is listed in its order.
enum OptionDeclarations {
  static func list(_ options: Any, group: String) -> [OptionSpec] {
    var result: [OptionSpec] = []
    for child in Mirror(reflecting: options).children {
      if let declaration = child.value as? any OptionDeclaration {
        var spec = declaration.spec
        spec.group = group
        result.append(spec)
        continue
      }
      let mirror = Mirror(reflecting: child.value)
      guard mirror.displayStyle == .struct || mirror.displayStyle == .collection else { continue }
      // A struct of declarations is a group named by its property; a list's elements stay in the list's group.
      let inner = mirror.displayStyle == .struct && !(child.label?.isEmpty ?? true) ? child.label! : group
      result += list(child.value, group: mirror.displayStyle == .collection ? group : inner)
    }
    return result
  }
}

/// A command's arguments scanned against its options: positionals, and each option's value read by key path into
/// the command's declarations (`parsed[\.measurement.runs]`), so that only a declared option can be read.
public struct ParsedArguments<Options: Sendable>: Sendable {
  /// The command's declarations the arguments were scanned against.
  public let options: Options
  private let scanned: ScannedArguments

  init(options: Options, scanned: ScannedArguments) {
    self.options = options
    self.scanned = scanned
  }

  public var positionals: [String] { scanned.positionals }
  /// The arguments as given (for the record of a run's command line).
  public var arguments: [String] { scanned.arguments }

  /// The name of the option at `key` (for a message that names it).
  public func name(_ key: PartialKeyPath<Options>) -> String {
    (options[keyPath: key] as? any OptionDeclaration)?.spec.name ?? ""
  }

  /// True when the option at `key` was given.
  public func has(_ key: PartialKeyPath<Options>) -> Bool { scanned.has(name(key)) }

  /// True when the switch at `key` was given.
  public subscript(_ key: KeyPath<Options, Flag>) -> Bool { scanned.has(options[keyPath: key].name) }

  /// The last value given for the option at `key`, parsed; nil when it is not given.
  public subscript<Value>(_ key: KeyPath<Options, Option<Value>>) -> Value? {
    get throws {
      let option = options[keyPath: key]
      return try scanned.value(option.name).map { try option.parse($0, option.name) }
    }
  }

  /// The text given for the option at `key` (for a message that quotes it), or nil.
  public func text<Value>(_ key: KeyPath<Options, Option<Value>>) -> String? {
    scanned.value(options[keyPath: key].name)
  }

  /// The value given for the option at `key`, else its declared default, parsed.
  /// - Throws: `BenchError.software` when the option declares no default (a bug in bench, said in one line).
  public func valueOrDefault<Value>(_ key: KeyPath<Options, Option<Value>>) throws -> Value {
    let option = options[keyPath: key]
    guard let text = scanned.value(option.name) ?? option.spec.defaultValue else {
      throw BenchError.software("internal error: \(option.name) has no declared default")
    }
    return try option.parse(text, option.name)
  }

  /// Every value given for the repeatable option at `key`, in order, parsed.
  public func all<Value>(_ key: KeyPath<Options, Option<Value>>) throws -> [Value] {
    let option = options[keyPath: key]
    return try (scanned.values[option.name] ?? []).map { try option.parse($0, option.name) }
  }

  /// The names of the options given but those at `keys`, sorted (for a command that takes only some of its options
  /// in one mode, as `--resume` does).
  public func given(except keys: [PartialKeyPath<Options>]) -> [String] {
    let allowed = Set(keys.compactMap { (options[keyPath: $0] as? any OptionDeclaration)?.spec.name })
    return (Array(scanned.values.keys) + scanned.switches).filter { !allowed.contains($0) }.sorted()
  }
}
