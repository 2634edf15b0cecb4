/// lit's boolean feature expressions (`REQUIRES:`, `UNSUPPORTED:`, `XFAIL:`): comma-separated clauses, each built
/// from feature names with `!`, `&&`, `||` and parentheses, evaluated against the features this host and toolchain
/// have. A name that is not a known feature is false, as in lit (`REQUIRES: rdar38963783` never holds).
public enum LitRequirement {
  /// The features a test can ask for here.
  public struct Features: Hashable, Sendable {
    public var available: Set<String>

    public init(_ available: Set<String>) { self.available = available }

    /// The features of a host and toolchain, as lit names them: `OS=linux-gnu` or `OS=macosx`, `CPU=x86_64` or
    /// `CPU=arm64`/`aarch64`, `objc_interop` on Darwin, `asserts` or `no_asserts` from the toolchain,
    /// `tools-release` (toolchains are optimized builds, snapshots too), `no_asan` (they are not sanitized),
    /// `swift_stdlib_asserts` or `swift_stdlib_no_asserts`, `swift_swift_parser`.
    public static func host(
      operatingSystem: String, cpu: String, assertionsEnabled: Bool
    ) -> Features {
      var features: Set<String> = [
        "no_asan", "swift_swift_parser", "tools-release",
        assertionsEnabled ? "swift_stdlib_asserts" : "swift_stdlib_no_asserts",
      ]
      let os = operatingSystem.lowercased()
      if os.contains("mac") || os.contains("darwin") {
        features.formUnion(["OS=macosx", "objc_interop", "VENDOR=apple", "darwin"])
      } else if os.contains("linux") {
        features.formUnion(["OS=linux-gnu", "linux"])
      }
      let machine = cpu == "aarch64" && features.contains("OS=macosx") ? "arm64" : cpu
      features.insert("CPU=\(machine)")
      features.insert(assertionsEnabled ? "asserts" : "no_asserts")
      return Features(features)
    }
  }

  /// Why a line cannot be read.
  public struct SyntaxError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String
  }

  /// The clauses of one directive line (`asserts, no_asan`), each a boolean expression.
  public static func clauses(_ text: String) -> [String] {
    text.split(separator: ",").map { $0.trimmingWhitespace }.filter { !$0.isEmpty }
  }

  /// The first clause of `lines` that is false with `features`, or nil when all hold (REQUIRES).
  public static func firstUnmet(_ lines: [String], _ features: Features) throws(SyntaxError) -> String? {
    for line in lines {
      for clause in clauses(line) {
        if !(try evaluate(clause, features)) { return clause }
      }
    }
    return nil
  }

  /// The first clause of `lines` that is true with `features` (`*` always is), or nil (UNSUPPORTED, XFAIL).
  public static func firstMet(_ lines: [String], _ features: Features) throws(SyntaxError) -> String? {
    for line in lines {
      for clause in clauses(line) {
        if clause == "*" { return clause }
        if try evaluate(clause, features) { return clause }
      }
    }
    return nil
  }

  /// The deepest a clause nests (parentheses and `!`): the reader recurses once per level.
  public static let maximumNesting = 200

  /// Evaluates one clause.
  public static func evaluate(_ expression: String, _ features: Features) throws(SyntaxError) -> Bool {
    var tokens = try tokenize(expression)[...]
    let value = try or(&tokens, features, depth: 0)
    guard tokens.isEmpty else { throw SyntaxError(description: "unexpected '\(tokens.first!)' in '\(expression)'") }
    return value
  }

  private static func tokenize(_ text: String) throws(SyntaxError) -> [String] {
    var tokens: [String] = []
    let characters = Array(text)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if character == " " || character == "\t" {
        index += 1
      } else if character == "(" || character == ")" || character == "!" {
        tokens.append(String(character))
        index += 1
      } else if index + 1 < characters.count && (character == "&" || character == "|")
        && characters[index + 1] == character
      {
        tokens.append(String([character, character]))
        index += 2
      } else {
        var name = ""
        while index < characters.count && !" \t()!".contains(characters[index])
          && !((characters[index] == "&" || characters[index] == "|") && index + 1 < characters.count
            && characters[index + 1] == characters[index])
        {
          name.append(characters[index])
          index += 1
        }
        guard !name.isEmpty else { throw SyntaxError(description: "cannot read '\(text)'") }
        tokens.append(name)
      }
    }
    guard !tokens.isEmpty else { throw SyntaxError(description: "empty expression") }
    return tokens
  }

  private static func or(_ tokens: inout ArraySlice<String>, _ features: Features, depth: Int) throws(SyntaxError)
    -> Bool
  {
    var value = try and(&tokens, features, depth: depth)
    while tokens.first == "||" {
      tokens.removeFirst()
      let right = try and(&tokens, features, depth: depth)
      value = value || right
    }
    return value
  }

  private static func and(_ tokens: inout ArraySlice<String>, _ features: Features, depth: Int) throws(SyntaxError)
    -> Bool
  {
    var value = try not(&tokens, features, depth: depth)
    while tokens.first == "&&" {
      tokens.removeFirst()
      let right = try not(&tokens, features, depth: depth)
      value = value && right
    }
    return value
  }

  private static func not(_ tokens: inout ArraySlice<String>, _ features: Features, depth: Int) throws(SyntaxError)
    -> Bool
  {
    guard let token = tokens.first else { throw SyntaxError(description: "missing operand") }
    if token == "!" || token == "(", depth >= maximumNesting {
      throw SyntaxError(description: "nested deeper than \(maximumNesting) levels")
    }
    tokens.removeFirst()
    switch token {
    case "!":
      return !(try not(&tokens, features, depth: depth + 1))
    case "(":
      let value = try or(&tokens, features, depth: depth + 1)
      guard tokens.first == ")" else { throw SyntaxError(description: "missing )") }
      tokens.removeFirst()
      return value
    case ")", "&&", "||":
      throw SyntaxError(description: "unexpected '\(token)'")
    default:
      return features.available.contains(token)
    }
  }
}
