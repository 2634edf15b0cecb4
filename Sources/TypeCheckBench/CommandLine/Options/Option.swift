import Generators
import TypeCheckBenchCore

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

extension Option where Value == String {
  /// A folder bench writes (`--output DIR`): `-` and the empty path, which name no folder, are refused when it is
  /// read (`OutputFolder.checkPath`, exit 64), whichever command holds it.
  public static func folder(
    _ name: String, default defaultValue: String? = nil, alias: String? = nil, help: String
  ) -> Option<String> {
    Option(name, value: "DIR", default: defaultValue, alias: alias, help: help) { text, name in
      try OutputFolder.checkPath(text, flag: name)
      return text
    }
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
