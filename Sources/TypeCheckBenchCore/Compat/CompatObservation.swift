import Generators

/// What type-checking one reproducer gave, reduced to a line, and whether it met the expectation.
public struct CompatObservation: Hashable, Codable, Sendable {
  /// `compiles`, or `error: <message>` for each error (joined by ` | `), or why nothing could be type-checked.
  public var observed: String
  public var pass: Bool

  public init(observed: String, pass: Bool) {
    self.observed = observed
    self.pass = pass
  }

  /// Judges a finished compile by its error diagnostics and exit status.
  /// - Parameters:
  ///   - expectation: What the reproducer should give.
  ///   - diagnostics: Every diagnostic the compiler printed (notes and warnings are ignored).
  ///   - succeeded: True when the compiler exited with status 0.
  public static func judge(
    _ expectation: CompatExpectation, diagnostics: [CompilerDiagnostic], succeeded: Bool
  ) -> CompatObservation {
    var errors: [String] = []
    for diagnostic in diagnostics where diagnostic.severity == .error && !errors.contains(diagnostic.message) {
      errors.append(diagnostic.message)
    }
    let observed: String
    if errors.isEmpty {
      observed = succeeded ? "compiles" : "fails without an error message"
    } else {
      observed = errors.map { "error: " + $0 }.joined(separator: " | ")
    }
    switch expectation {
    case .compiles:
      return CompatObservation(observed: observed, pass: succeeded && errors.isEmpty)
    case .diagnostic(let text):
      return CompatObservation(observed: observed, pass: !succeeded && errors.contains { $0.contains(text) })
    }
  }
}
