/// What one `RUN:` line of a corpus test asks for: a `%scale-test` sweep, a `%target-typecheck-verify-swift`
/// compile, or a `%target-swift-frontend … -typecheck` compile, read from the line's words.
public enum CorpusRunLine: Hashable, Sendable, Codable {
  case scaleTest(ScaleTestOptions)
  /// `%target-typecheck-verify-swift FLAGS`: the flags are frontend flags added to the verifier's own.
  case verify(flags: [String])
  /// `%target-swift-frontend ARGUMENTS` with `-typecheck` among them: the frontend's arguments in their order, `%s`
  /// standing for the file. With `-verify` among them the verifier decides, as for `.verify`; otherwise the compile
  /// passes when it type-checks (exit status 0).
  case frontend(arguments: [String])

  /// Why a RUN line cannot be run: a tool or option bench does not run (`unsupported`), or a line that cannot be
  /// right (`error`), in one line.
  public enum Problem: Error, Hashable, Sendable {
    case unsupported(String)
    case error(String)
  }

  /// The frontend flags the verifier always gets, as lit's `%target-typecheck-verify-swift` expands.
  public static let verifyFlags = [
    "-typecheck", "-verify", "-disable-objc-attr-requires-foundation-module", "-swift-version", "4",
  ]
  /// The frontend flags `%target-swift-frontend` itself adds, as lit expands it (a test's own `-swift-version`
  /// comes later and wins).
  public static let frontendFlags = ["-swift-version", "4"]

  /// True for the lit substitutions that stand for the target triple and that bench fills in with the toolchain's
  /// own target (`swiftc --version`'s `Target:`): `%target-triple`, and `%target-swift-5.9-abi-triple` and its
  /// kin, which are the plain target triple where Swift's runtime is not part of the OS (Linux, Windows).
  public static func isTargetTripleSubstitution(_ word: String) -> Bool {
    if word == "%target-triple" { return true }
    guard word.hasPrefix("%target-swift-"), word.hasSuffix("-abi-triple") else { return false }
    let version = word.dropFirst("%target-swift-".count).dropLast("-abi-triple".count)
    return !version.isEmpty
      && version.split(separator: ".", omittingEmptySubsequences: false).allSatisfy {
        !$0.isEmpty && $0.allSatisfy(\.isNumber)
      }
  }

  /// True when the compile is the verifier's (`%target-typecheck-verify-swift`, or `-verify` given to
  /// `%target-swift-frontend`), which checks the file's `expected-…` comments.
  public var isVerifier: Bool {
    switch self {
    case .verify: true
    case .frontend(let arguments): arguments.contains("-verify")
    case .scaleTest: false
    }
  }

  /// True when the line names the target triple (`isTargetTripleSubstitution`).
  public var usesTargetTriple: Bool {
    words.contains(where: Self.isTargetTripleSubstitution)
  }

  /// The line's flags or arguments as written.
  private var words: [String] {
    switch self {
    case .scaleTest(let options): options.frontendFlags
    case .verify(let flags): flags
    case .frontend(let arguments): arguments
    }
  }

  /// `words` with each target-triple substitution replaced by `triple`.
  public static func substitutingTarget(_ words: [String], triple: String) -> [String] {
    words.map { isTargetTripleSubstitution($0) ? triple : $0 }
  }

  /// True when `words` hold lit substitutions other than `%s` and the target triple.
  static func firstUnknownSubstitution(_ words: some Sequence<String>) -> String? {
    words.first { $0.contains("%") && $0 != "%s" && !isTargetTripleSubstitution($0) }
  }

  /// Reads one RUN line's text.
  /// - Throws: `Problem`.
  public static func parse(_ text: String) throws(Problem) -> CorpusRunLine {
    var words = try LitWords.split(text)
    var negated = false
    while words.first == "not" {
      negated.toggle()
      words.removeFirst()
    }
    guard var tool = words.first else { throw .error("empty RUN line") }
    var rest = words.dropFirst()
    // `%target-swift-frontend(mock-sdk: %clang-importer-sdk)` is one tool written with spaces.
    while tool.contains("(") && !tool.contains(")"), let next = rest.first {
      tool += " " + next
      rest = rest.dropFirst()
    }
    let arguments = Array(rest)
    switch tool {
    case "%scale-test":
      var options = try ScaleTestOptions.parse(arguments)
      options.negated = negated
      return .scaleTest(options)
    case "%target-typecheck-verify-swift", "%target-swift-frontend":
      guard !negated else { throw .unsupported("'not' before \(tool)") }
      if let pipe = arguments.firstIndex(where: { ["|", "&&", ";", "||", ">", "2>&1"].contains($0) }) {
        throw .unsupported("shell operator '\(arguments[pipe])' in a RUN line")
      }
      if let substitution = firstUnknownSubstitution(arguments) {
        throw .unsupported("lit substitution '\(substitution)'")
      }
      guard tool == "%target-swift-frontend" else { return .verify(flags: arguments.filter { $0 != "%s" }) }
      // Only a type-check of the test file itself is the type checker's work alone.
      guard arguments.contains("-typecheck") else {
        throw .unsupported("%target-swift-frontend without -typecheck")
      }
      guard arguments.filter({ $0 == "%s" }).count == 1 else {
        throw .unsupported("%target-swift-frontend not compiling the test file once (%s)")
      }
      return .frontend(arguments: arguments)
    default:
      throw .unsupported("RUN line with an unknown tool '\(tool)'")
    }
  }
}

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
      let all = valueOptions + switches + unsupportedSwitches
      let matches = all.contains(given) ? [given] : all.filter { $0.hasPrefix(given) }
      guard matches.count == 1, let name = matches.first else {
        throw matches.isEmpty
          ? .error("unknown scale-test option \(given)")
          : .error("ambiguous scale-test option \(given) (\(matches.joined(separator: ", ")))")
      }
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
      switch name {
      case "--begin", "--end", "--step":
        guard let number = StrictNumber.integer(Substring(text)) ?? (text.hasPrefix("-") ? Int(text) : nil) else {
          throw .error("\(name) '\(text)' is not an integer")
        }
        if name == "--begin" { options.begin = number }
        if name == "--end" { options.end = number }
        if name == "--step" { options.step = number }
      case "--select":
        options.select = text
      case "--expected-exit-code":
        guard let code = Int32(text) else { throw .error("--expected-exit-code '\(text)' is not an integer") }
        options.expectedExitCode = code
      case "--polynomial-threshold", "--exponential-threshold":
        guard let threshold = StrictNumber.decimal(text) else { throw .error("\(name) '\(text)' is not a number") }
        if name == "--polynomial-threshold" {
          options.polynomialThreshold = threshold
        } else {
          options.exponentialThreshold = threshold
        }
      default:
        // --swiftc-binary and --tmpdir name lit's own paths: bench uses the toolchain under test and its scratch.
        break
      }
    }
    guard sawFile else { throw .error("%scale-test without %s") }
    guard options.step > 0 else { throw .error("--step \(options.step) is not positive") }
    guard options.begin < options.end else {
      throw .error("--begin \(options.begin) is not before --end \(options.end) (end is exclusive)")
    }
    // Counted, never listed: `--end 99999999999999` listed 10^14 values before this check (and a span beyond Int
    // overflowed).
    let (span, overflow) = options.end.subtractingReportingOverflow(options.begin)
    guard !overflow else {
      throw .error("--begin \(options.begin) --end \(options.end): the range is too large to count")
    }
    guard options.step <= span else {
      throw .error("--step \(options.step) is too large for --begin \(options.begin) --end \(options.end)")
    }
    let count = (span - 1) / options.step + 1
    guard count <= 1000 else { throw .error("\(count) values of N, more than 1000") }
    return options
  }
}

/// Splits a RUN line into words as lit's shell does for these lines: spaces separate, single and double quotes group.
enum LitWords {
  static func split(_ text: String) throws(CorpusRunLine.Problem) -> [String] {
    var words: [String] = []
    var current = ""
    var inWord = false
    var quote: Character?
    for character in text {
      if let open = quote {
        if character == open {
          quote = nil
        } else {
          current.append(character)
        }
        continue
      }
      if character == "\"" || character == "'" {
        quote = character
        inWord = true
      } else if character == " " || character == "\t" {
        if inWord { words.append(current) }
        current = ""
        inWord = false
      } else {
        current.append(character)
        inWord = true
      }
    }
    guard quote == nil else { throw .error("unterminated quote in RUN line") }
    if inWord { words.append(current) }
    return words
  }
}
