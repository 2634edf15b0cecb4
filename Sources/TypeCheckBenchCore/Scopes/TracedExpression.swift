/// One type-checked expression, statement or declaration of a trace, with the work the compiler counted while it was
/// the innermost check: its own work, not that of the checks nested in it (they have rows of their own), but
/// including every other event nested in it (requests, generic signatures, conformance lookups), whose counts belong
/// to the check that asked for them.
public struct TracedExpression: Hashable, Sendable {
  /// What the compiler was checking: its trace event.
  public enum Kind: String, Codable, Hashable, Sendable, CaseIterable {
    /// `typecheck-expr`.
    case expression
    /// `typecheck-stmt`.
    case statement
    /// `typecheck-decl`: its own work is what is not inside an expression or statement of it (conformances,
    /// derived code; on Swift 6.0, whose expression events seldom write rows, its initializers' expressions too).
    case declaration

    /// The trace's event name for this kind.
    public var eventName: String {
      switch self {
      case .expression: "typecheck-expr"
      case .statement: "typecheck-stmt"
      case .declaration: "typecheck-decl"
      }
    }

    /// The short word tables print (`expr`, `stmt`, `decl`).
    public var abbreviation: String {
      switch self {
      case .expression: "expr"
      case .statement: "stmt"
      case .declaration: "decl"
      }
    }

    /// The kind whose event name is `name`, or nil for every other event.
    public init?(eventName name: String) {
      guard let kind = Self.allCases.first(where: { $0.eventName == name }) else { return nil }
      self = kind
    }
  }

  public var kind: Kind
  /// The compiler's name for the node (`Sequence`, `Call`, `Closure`, `Brace`, `Return`, a declaration's name, …).
  public var node: String

  /// How tables name the check: its kind and node; the variables a result builder's transform declares
  /// (`$__builder0`, …; placed at the body's opening brace) as the builder body they stand for.
  public var label: String {
    kind == .declaration && node.hasPrefix("$__builder")
      ? "result builder body (\(node))" : kind.abbreviation + " " + node
  }
  public var range: TraceSourceRange
  /// `Sema.NumConstraintScopes` counted while this was the innermost expression or statement.
  public var scopes: Int64
  /// `Sema.NumLeafScopes` counted likewise.
  public var leafScopes: Int64
  /// The process CPU time of the check in microseconds, less that of the expressions and statements checked inside
  /// it; nil when the trace has no row at its exit (the time is unknown).
  public var ownMicroseconds: Int64?
  /// True when both ends of the check are known from the trace, so the counts are exactly the deltas the trace
  /// gives it; false when its exit (or that of an expression inside it) wrote no row and bench had to guess where it
  /// ended, so the counts may hold some of the work around it.
  public var exact: Bool

  public init(
    kind: Kind, node: String, range: TraceSourceRange, scopes: Int64, leafScopes: Int64, ownMicroseconds: Int64?,
    exact: Bool
  ) {
    self.kind = kind
    self.node = node
    self.range = range
    self.scopes = scopes
    self.leafScopes = leafScopes
    self.ownMicroseconds = ownMicroseconds
    self.exact = exact
  }
}
