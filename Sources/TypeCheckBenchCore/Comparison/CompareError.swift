/// A one-line failure of comparing, sharding or merging records; the command line maps `usage` to exit status 64
/// and `data` to 65.
public enum CompareError: Error, Equatable, CustomStringConvertible, Sendable {
  /// The request cannot be carried out as given (an unknown toolchain name, a malformed `i/n`).
  case usage(String)
  /// The records cannot be combined or compared (mismatched provenance, duplicate points).
  case data(String)

  public var description: String {
    switch self {
    case .usage(let message), .data(let message): message
    }
  }
}
