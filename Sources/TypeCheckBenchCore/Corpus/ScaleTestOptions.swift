/// `%scale-test`'s options, named as `utils/scale-test` names them (an unambiguous prefix of a long option is
/// accepted, as Python's argparse does: `--invert` is `--invert-result`).
public struct ScaleTestOptions: Hashable, Sendable, Codable {
  public var begin = 10
  public var end = 100
  public var step = 10
  /// Counters whose names contain this (case-sensitive) are fitted; empty selects every counter.
  public var select = ""
  public var invertResult = false
  public var expectedExitCode: Int32 = 0
  public var polynomialThreshold = 1.2
  public var exponentialThreshold = 1.2
  public var frontendFlags: [String] = []
  /// `--typecheck` was given (bench type-checks only in any case; scale-test would compile with `-c` without it).
  public var typecheck = false
  /// `not %scale-test`: the line passes when scale-test fails.
  public var negated = false

  public init() {}

  /// The N values swept: `begin`, `begin + step`, … below `end`.
  public var values: [Int] { Array(stride(from: begin, to: end, by: step)) }

  static let valueOptions = [
    "--begin", "--end", "--step", "--select", "--expected-exit-code", "--polynomial-threshold",
    "--exponential-threshold", "--swiftc-binary", "--tmpdir",
  ]
  static let switches = ["--invert-result", "--typecheck", "--values", "--quiet", "--trace", "--save-temps"]
  /// Options that change what scale-test compiles or measures in ways bench does not reproduce.
  static let unsupportedSwitches = [
    "--parse", "--debuginfo", "--whole-module-optimization", "--dtrace", "--multi-file", "--sum-multi",
    "--llvm-stat-reporter", "--optimize", "--optimize-none", "--optimize-unchecked", "--debug", "--self-test",
  ]

  /// Reads the words after `%scale-test`.
  static func parse(_ words: [String]) throws(CorpusRunLine.Problem) -> ScaleTestOptions {
    var options = ScaleTestOptions()
    var sawFile = false
    var index = 0
    func value(_ name: String) throws(CorpusRunLine.Problem) -> String {
      index += 1
      guard index < words.count else { throw .error("\(name) needs a value") }
      return words[index]
    }
    while index < words.count {
      let word = words[index]
      defer { index += 1 }
      if word == "%s" {
        sawFile = true
        continue
      }
      if word.hasPrefix("-Xfrontend") {
        if word.hasPrefix("-Xfrontend=") {
          options.frontendFlags.append(String(word.dropFirst("-Xfrontend=".count)))
        } else if word == "-Xfrontend" {
          options.frontendFlags.append(try value(word))
        } else {
          throw .error("cannot read '\(word)'")
        }
        continue
      }
      if ["-typecheck"].contains(word) {
        options.typecheck = true
        continue
      }
      if ["-parse", "-g", "-wmo", "-O", "-Onone", "-Ounchecked"].contains(word) {
        throw .unsupported("scale-test option \(word)")
      }
      guard word.hasPrefix("--") else {
        if word.contains("%") { throw .unsupported("lit substitution '\(word)'") }
        throw .error("unexpected argument '\(word)' to %scale-test")
      }
      let (given, inlineValue): (String, String?) =
        if let equals = word.firstIndex(of: "=") {
          (String(word[..<equals]), String(word[word.index(after: equals)...]))
        } else {
          (word, nil)
        }
      let name = try optionName(given)
      if unsupportedSwitches.contains(name) { throw .unsupported("scale-test option \(name)") }
      if switches.contains(name) {
        if name == "--invert-result" { options.invertResult = true }
        if name == "--typecheck" { options.typecheck = true }
        continue
      }
      let text: String
      if let inlineValue {
        text = inlineValue
      } else {
        text = try value(name)
      }
      try options.set(name, to: text)
    }
    guard sawFile else { throw .error("%scale-test without %s") }
    try options.checkRange()
    return options
  }

  /// The option `given` names: itself, or the one option it is an unambiguous prefix of.
  static func optionName(_ given: String) throws(CorpusRunLine.Problem) -> String {
    let all = valueOptions + switches + unsupportedSwitches
    let matches = all.contains(given) ? [given] : all.filter { $0.hasPrefix(given) }
    guard matches.count == 1, let name = matches.first else {
      throw matches.isEmpty
        ? .error("unknown scale-test option \(given)")
        : .error("ambiguous scale-test option \(given) (\(matches.joined(separator: ", ")))")
    }
    return name
  }

  /// Sets the value option `name` (one of `valueOptions`) from its text.
  mutating func set(_ name: String, to text: String) throws(CorpusRunLine.Problem) {
    switch name {
    case "--begin", "--end", "--step":
      guard let number = StrictNumber.integer(Substring(text)) ?? (text.hasPrefix("-") ? Int(text) : nil) else {
        throw .error("\(name) '\(text)' is not an integer")
      }
      if name == "--begin" { begin = number }
      if name == "--end" { end = number }
      if name == "--step" { step = number }
    case "--select":
      select = text
    case "--expected-exit-code":
      guard let code = Int32(text) else { throw .error("--expected-exit-code '\(text)' is not an integer") }
      expectedExitCode = code
    case "--polynomial-threshold", "--exponential-threshold":
      guard let threshold = StrictNumber.decimal(text) else { throw .error("\(name) '\(text)' is not a number") }
      if name == "--polynomial-threshold" {
        polynomialThreshold = threshold
      } else {
        exponentialThreshold = threshold
      }
    default:
      // --swiftc-binary and --tmpdir name lit's own paths: bench uses the toolchain under test and its scratch.
      break
    }
  }

  /// The swept range holds: a positive step, begin before end, and at most 1,000 values.
  func checkRange() throws(CorpusRunLine.Problem) {
    guard step > 0 else { throw .error("--step \(step) is not positive") }
    guard begin < end else {
      throw .error("--begin \(begin) is not before --end \(end) (end is exclusive)")
    }
    // Counted, never listed: `--end 99999999999999` listed 10^14 values before this check (and a span beyond Int
    // overflowed).
    let (span, overflow) = end.subtractingReportingOverflow(begin)
    guard !overflow else {
      throw .error("--begin \(begin) --end \(end): the range is too large to count")
    }
    guard step <= span else {
      throw .error("--step \(step) is too large for --begin \(begin) --end \(end)")
    }
    let count = (span - 1) / step + 1
    guard count <= 1000 else { throw .error("\(count) values of N, more than 1000") }
  }
}
