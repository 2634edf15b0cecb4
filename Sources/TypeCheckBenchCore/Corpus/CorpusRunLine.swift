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
