/// One line of `-debug-time-function-bodies` or `-debug-time-expression-type-checking` output.
public struct TimingEntry: Codable, Hashable, Sendable {
  public enum Kind: String, Codable, Sendable {
    /// A type-checked body (function, accessor, closure, initializer).
    case function
    /// A type-checked expression.
    case expression
  }

  public var kind: Kind
  /// Milliseconds as printed by the compiler (process CPU time).
  public var milliseconds: Double
  /// The source file path as printed, or nil for `<invalid loc>`.
  public var file: String?
  public var line: Int?
  public var column: Int?
  /// The description column (for example `global function main.(file).f()@a.swift:4:6`, or `(closure)`); nil for
  /// expression lines.
  public var description: String?

  public init(
    kind: Kind, milliseconds: Double, file: String?, line: Int?, column: Int?, description: String? = nil
  ) {
    self.kind = kind
    self.milliseconds = milliseconds
    self.file = file
    self.line = line
    self.column = column
    self.description = description
  }

  /// `file:line:col`, the key results are merged by; `<invalid loc>` when the compiler printed none.
  public var location: String {
    guard let file, let line, let column else { return "<invalid loc>" }
    return "\(file):\(line):\(column)"
  }

  /// True for closure bodies, whose time is already part of their enclosing body's.
  public var isClosure: Bool { description == "(closure)" }
}
