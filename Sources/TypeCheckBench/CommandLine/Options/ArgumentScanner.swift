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
