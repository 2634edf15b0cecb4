/// What type-checking a reproducer should give.
public enum CompatExpectation: Hashable, Sendable {
  /// No error.
  case compiles
  /// An error whose message contains this text.
  case diagnostic(String)

  /// The expectation as one line for a matrix cell.
  public var summary: String {
    switch self {
    case .compiles: "compiles"
    case .diagnostic(let text): "error: \(text)"
    }
  }
}
