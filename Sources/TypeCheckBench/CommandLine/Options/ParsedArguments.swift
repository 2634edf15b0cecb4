import Generators
import TypeCheckBenchCore

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
