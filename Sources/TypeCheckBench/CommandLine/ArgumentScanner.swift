/// An option a subcommand accepts.
public struct OptionSpec: Sendable {
  public var name: String
  /// True for `--flag VALUE` (or `--flag=VALUE`), false for a boolean switch.
  public var takesValue: Bool
  /// The value's form, shown in errors and help (for example `1...8 | 1..<9 | 1,2,4`).
  public var valueForm: String
  public var help: String

  public init(_ name: String, value valueForm: String? = nil, help: String) {
    self.name = name
    self.takesValue = valueForm != nil
    self.valueForm = valueForm ?? ""
    self.help = help
  }
}

/// The arguments of one subcommand, split into options and positionals.
public struct ParsedArguments: Sendable {
  /// Values of each option in the order given (a repeated option keeps every value).
  public var values: [String: [String]] = [:]
  public var switches: Set<String> = []
  public var positionals: [String] = []

  /// The last value given for `name`, or nil.
  public func value(_ name: String) -> String? { values[name]?.last }
  public func has(_ name: String) -> Bool { switches.contains(name) || values[name] != nil }
}

/// Splits arguments by a list of option specs; unknown options fail with the nearest known one suggested.
public enum ArgumentScanner {
  public static func scan(_ arguments: [String], options: [OptionSpec], command: String) throws -> ParsedArguments {
    var parsed = ParsedArguments()
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
      var name = argument
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
