/// What one trace file says: every expression and statement the compiler checked, with its own counts, what was
/// counted outside any of them, and what was wrong with the file.
public struct TraceAttribution: Hashable, Sendable {
  /// The checks, in the order they ended.
  public var expressions: [TracedExpression]
  /// `Sema.NumConstraintScopes` counted while no expression or statement was being checked.
  public var outsideScopes: Int64
  /// `Sema.NumLeafScopes` likewise.
  public var outsideLeafScopes: Int64
  /// The outside scopes by the innermost event open when they were counted (`typecheck-decl`, a request's name, or
  /// `(no event)`), for saying where they come from.
  public var outsideScopesByEvent: [String: Int64]
  /// The running total of `Sema.NumConstraintScopes` at the trace's last row that changed it (0 when none did).
  public var finalScopes: Int64
  /// The running total of `Sema.NumLeafScopes` likewise.
  public var finalLeafScopes: Int64
  /// The rows read.
  public var rows: Int
  /// Checks whose exit wrote no row, closed where bench could tell they had ended.
  public var unseenEnds: Int
  /// The files whose declarations the compiler checked (`typecheck-decl`), sorted: a job's primary files. More than
  /// one means a batch job.
  public var declarationFiles: [String] = []
  /// True when every row of the scope counters that the file holds was read: each running total is the one before
  /// plus its delta. Rows the trace never got (a file cut short) are not seen here; the stats file's total shows them.
  public var scopesAreWhole: Bool
  /// What was wrong with the file; empty for a whole, well-formed trace.
  public var problems: [TraceProblem]

  public init(
    expressions: [TracedExpression] = [], outsideScopes: Int64 = 0, outsideLeafScopes: Int64 = 0,
    outsideScopesByEvent: [String: Int64] = [:], finalScopes: Int64 = 0, finalLeafScopes: Int64 = 0, rows: Int = 0,
    unseenEnds: Int = 0, scopesAreWhole: Bool = true, problems: [TraceProblem] = []
  ) {
    self.expressions = expressions
    self.outsideScopes = outsideScopes
    self.outsideLeafScopes = outsideLeafScopes
    self.outsideScopesByEvent = outsideScopesByEvent
    self.finalScopes = finalScopes
    self.finalLeafScopes = finalLeafScopes
    self.rows = rows
    self.unseenEnds = unseenEnds
    self.scopesAreWhole = scopesAreWhole
    self.problems = problems
  }

  /// The scopes given to expressions and statements.
  public var expressionScopes: Int64 { expressions.reduce(0) { $0 + $1.scopes } }

}
