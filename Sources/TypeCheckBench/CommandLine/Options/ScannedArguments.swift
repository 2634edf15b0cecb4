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
