/// Why a template cannot be rendered: a construct outside the subset, or a broken template.
public struct GybError: Error, Hashable, Sendable, CustomStringConvertible {
  public enum Kind: String, Hashable, Sendable {
    /// Valid gyb, but outside the subset bench renders (the test is `unsupported`).
    case unsupported
    /// Not a valid template (the test is an `error`).
    case malformed
  }

  public var kind: Kind
  public var construct: String
  /// 1-based; 0 when the problem has no place (an output limit).
  public var line: Int
  public var column: Int

  public init(_ kind: Kind, _ construct: String, line: Int, column: Int) {
    self.kind = kind
    self.construct = construct
    self.line = line
    self.column = column
  }

  /// `xrange() at 12:15`: the construct and where it is (the construct alone when it has no place).
  public var placed: String {
    construct + (line > 0 ? " at \(line):\(column)" : "")
  }

  /// `unsupported: xrange at 12:15`, or `gyb: unterminated %for at 6:2`.
  public var description: String {
    (kind == .unsupported ? "unsupported: " : "gyb: ") + placed
  }
}
