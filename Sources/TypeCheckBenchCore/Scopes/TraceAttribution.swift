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

/// Something wrong with a trace file, said in one line by whoever names the file.
public enum TraceProblem: Hashable, Sendable, CustomStringConvertible {
  /// The file is empty (the compiler was stopped before it wrote its trace, or the disk was full).
  case empty
  /// The first line is not the trace header: not a trace at all.
  case notATrace(firstLine: String)
  /// Rows that could not be read (their counts are missing), with the first one's line number.
  case malformedRows(count: Int, firstLine: Int)
  /// The file ends in the middle of a row: it was cut short, and the rows after the cut are missing.
  case truncated(atLine: Int)
  /// Rows of the scope counters are missing: their running totals jump.
  case scopeRowsMissing(count: Int)

  public var description: String {
    switch self {
    case .empty:
      "the trace is empty"
    case .notATrace(let firstLine):
      "not a -trace-stats-events trace (its first line is \"\(firstLine.prefix(60))\")"
    case .malformedRows(let count, let firstLine):
      "\(count) row\(count == 1 ? "" : "s") could not be read (the first at line \(firstLine)); their counts are missing"
    case .truncated(let line):
      "the trace ends in the middle of line \(line): it was cut short, and what came after is missing"
    case .scopeRowsMissing(let count):
      "the scope counters' running total jumps \(count) time\(count == 1 ? "" : "s"): rows that counted scopes are missing"
    }
  }
}
