/// The expressions and statements of a profile ranked by their constraint scopes, each with its share of the solver's
/// budget: those the solver gave up on first, then by scopes. Deterministic: the order reads only counts and
/// positions, never times.
public struct ScopeRanking: Hashable, Sendable {
  /// One ranked expression or statement.
  public struct Row: Hashable, Sendable {
    /// Its occurrence with the most scopes.
    public var expression: TracedExpression
    public var occurrences: Int
    public var budgetShare: Double
    /// True when the solver gave up on it: its scopes are past the threshold, or the compiler said "unable to
    /// type-check this expression in reasonable time" there.
    public var atLimit: Bool
    /// True when it uses more of the budget than the `--fail-over` share.
    public var overShare: Bool
    /// Its first line of source, when the file could be read.
    public var snippet: String?

    public var range: TraceSourceRange { expression.range }
  }

  public var budget: ScopeBudget
  /// The `--fail-over` share, when one gates.
  public var failOver: Double?
  /// The ranked rows, at most the limit.
  public var rows: [Row]
  /// Every row over the `--fail-over` share or at the limit, ranked (not cut by the limit).
  public var violations: [Row]
  /// The checks ranked, before the limit.
  public var rankedCount: Int
  /// The ranked checks the solver gave up on.
  public var atLimitCount: Int
  /// The ranked checks whose counts are not exact.
  public var inexactCount: Int
  /// "Unable to type-check" diagnostics that no traced expression matches.
  public var unmatchedGiveUps: [CompilerDiagnostic]
  /// The profile's totals and notes.
  public var profile: ScopeProfile

  /// The words of the diagnostic the solver's give-up produces (Swift 4 and later; Swift 2 and 3 said "too complex").
  public static let giveUpMessages = [
    "unable to type-check this expression in reasonable time", "expression was too complex to be solved",
  ]

  /// Ranks `profile`.
  /// - Parameters:
  ///   - include: Keeps a row only when its file passes (the package's own files).
  ///   - limit: The most rows listed.
  ///   - failOver: Rows over this share of the budget are violations.
  ///   - diagnostics: The compile's diagnostics: a give-up marks the expression it points at.
  ///   - sources: The text of a file given its path as the trace names it, or nil.
  public init(
    profile: ScopeProfile, budget: ScopeBudget = ScopeBudget(), include: (String) -> Bool = { _ in true },
    limit: Int = 20, failOver: Double? = nil, diagnostics: [CompilerDiagnostic] = [],
    sources: (String) -> String? = { _ in nil }
  ) {
    self.budget = budget
    self.failOver = failOver
    var entries = profile.entries.filter { include($0.expression.range.file) }
    var unmatched: [CompilerDiagnostic] = []
    var gaveUp = Set<Int>()
    for diagnostic in diagnostics where diagnostic.severity == .error {
      guard Self.giveUpMessages.contains(where: diagnostic.message.contains), let file = diagnostic.file,
        let line = diagnostic.line
      else { continue }
      let column = diagnostic.column ?? 1
      let candidates = entries.indices.filter { index in
        let range = entries[index].expression.range
        return Self.samePath(range.file, file) && (range.contains(line: line, column: column) || range.line == line)
      }
      // 6.3 points at the expression; 6.0 and 6.2 at the pattern it initializes (`let x = …`): the same line.
      if let best = candidates.max(by: { entries[$0].expression.scopes < entries[$1].expression.scopes }) {
        gaveUp.insert(best)
      } else {
        unmatched.append(diagnostic)
      }
    }
    unmatchedGiveUps = unmatched
    var cache: [String: String?] = [:]
    var ranked: [Row] = entries.indices.map { index in
      let entry = entries[index]
      let share = budget.share(entry.expression.scopes)
      let atLimit = gaveUp.contains(index) || budget.isAtLimit(entry.expression.scopes)
      return Row(
        expression: entry.expression, occurrences: entry.occurrences, budgetShare: share, atLimit: atLimit,
        overShare: failOver.map { share > $0 } ?? false, snippet: nil)
    }
    entries = []
    ranked.sort(by: Self.ranksBefore)
    rankedCount = ranked.count
    atLimitCount = ranked.filter(\.atLimit).count
    inexactCount = ranked.filter { !$0.expression.exact }.count
    func withSnippet(_ row: Row) -> Row {
      var row = row
      let file = row.range.file
      if cache[file] == nil { cache[file] = .some(sources(file)) }
      if let text = cache[file] ?? nil { row.snippet = SourceSnippet.make(text, range: row.range) }
      return row
    }
    rows = ranked.prefix(limit).map(withSnippet)
    violations = ranked.filter { $0.overShare || $0.atLimit }.map(withSnippet)
    self.profile = profile
    self.profile.entries = []
  }

  /// The ranking's order: given up first, then more scopes, more leaf scopes, then by position.
  static func ranksBefore(_ a: Row, _ b: Row) -> Bool {
    if a.atLimit != b.atLimit { return a.atLimit }
    if a.expression.scopes != b.expression.scopes { return a.expression.scopes > b.expression.scopes }
    if a.expression.leafScopes != b.expression.leafScopes { return a.expression.leafScopes > b.expression.leafScopes }
    return (a.range, a.expression.kind.rawValue) < (b.range, b.expression.kind.rawValue)
  }

  /// True when two paths name the same file as printed (one may be relative to the compile's folder).
  static func samePath(_ a: String, _ b: String) -> Bool {
    a == b || a.hasSuffix("/" + b) || b.hasSuffix("/" + a)
  }

  /// True when the gate fails: some included expression uses more of the budget than `failOver`, or the solver
  /// gave up on it.
  public var failsGate: Bool { failOver != nil && !violations.isEmpty }
}
