/// What the traces of a compile or a build say, expression by expression, with what was counted elsewhere and what
/// was wrong with each file.
///
/// One expression can be checked in several frontend jobs (a default argument in every job that calls the function,
/// a declaration another file needs): its occurrences are merged, and its figure is the occurrence with the most
/// scopes, the one the solver's budget applies to.
public struct ScopeProfile: Hashable, Sendable {
  /// One expression or statement, over all its occurrences.
  public struct Entry: Hashable, Sendable {
    /// The occurrence with the most scopes (among equals, the most leaf scopes, then an exact one, then the first
    /// read: only its time can differ from the others').
    public var expression: TracedExpression
    public var occurrences: Int
    /// The scopes of all occurrences together.
    public var totalScopes: Int64
  }

  /// A trace whose file had something wrong with it, or left scopes unexplained.
  public struct Note: Hashable, Sendable {
    /// The trace file, as the caller named it.
    public var source: String
    public var message: String
    /// True when the scopes bench attributes are missing some of that job's.
    public var incomplete: Bool
  }

  /// Every expression and statement, by source range.
  public var entries: [Entry] = []
  /// The trace files read.
  public var traces = 0
  /// The scopes the traces counted (their running totals at their last row), summed.
  public var tracedScopes: Int64 = 0
  /// The scopes given to expressions and statements, every occurrence counted.
  public var expressionScopes: Int64 = 0
  /// The scopes counted outside any expression or statement.
  public var outsideScopes: Int64 = 0
  /// The outside scopes by what was being checked (`typecheck-decl`, …).
  public var outsideScopesByEvent: [String: Int64] = [:]
  /// `Sema.NumConstraintScopes` of the stats files paired with traces, summed; nil when no trace has one.
  public var statsScopes: Int64?
  /// What the stats files count beyond their traces' last rows, summed (work after the compiler wrote its trace).
  public var untracedScopes: Int64 = 0
  /// Checks whose end bench had to guess.
  public var unseenEnds = 0
  /// Trace rows that could not be read, summed: the checks they counted may be missing whatever the totals say (a
  /// source file whose name holds a line feed cuts each of its rows in two).
  public var unreadableRows = 0
  public var notes: [Note] = []

  public init() {}

  /// True when no trace left the scopes incomplete (unreadable rows always do).
  public var isComplete: Bool { !notes.contains(where: \.incomplete) && unreadableRows == 0 }

  /// The profile of traces read one after the other; `add` merges each as it comes, so only the merged entries are
  /// held however many files a build wrote.
  public struct Builder: Sendable {
    private var profile = ScopeProfile()
    private var index: [Key: Int] = [:]

    private struct Key: Hashable {
      var kind: TracedExpression.Kind
      var range: TraceSourceRange
    }

    public init() {}

    /// Adds one trace.
    /// - Parameters:
    ///   - attribution: What the trace file says.
    ///   - statsScopes: `Sema.NumConstraintScopes` of the stats file the same job wrote, when there is one.
    ///   - source: The trace's name for notes.
    public mutating func add(_ attribution: TraceAttribution, statsScopes: Int64?, source: String) {
      profile.traces += 1
      // Sums over many traces saturate, never trap: each trace's are bounded by its reader, not their number.
      profile.tracedScopes = Self.sum(profile.tracedScopes, attribution.finalScopes)
      profile.outsideScopes = Self.sum(profile.outsideScopes, attribution.outsideScopes)
      for (event, scopes) in attribution.outsideScopesByEvent {
        profile.outsideScopesByEvent[event] = Self.sum(profile.outsideScopesByEvent[event] ?? 0, scopes)
      }
      profile.unseenEnds += attribution.unseenEnds
      for case .malformedRows(let count, _) in attribution.problems { profile.unreadableRows += count }
      for expression in attribution.expressions {
        profile.expressionScopes = Self.sum(profile.expressionScopes, expression.scopes)
        let key = Key(kind: expression.kind, range: expression.range)
        if let position = index[key] {
          var entry = profile.entries[position]
          entry.occurrences += 1
          entry.totalScopes = Self.sum(entry.totalScopes, expression.scopes)
          if (expression.scopes, expression.leafScopes, expression.exact ? 1 : 0)
            > (entry.expression.scopes, entry.expression.leafScopes, entry.expression.exact ? 1 : 0)
          {
            entry.expression = expression
          }
          profile.entries[position] = entry
        } else {
          index[key] = profile.entries.count
          profile.entries.append(Entry(expression: expression, occurrences: 1, totalScopes: expression.scopes))
        }
      }
      if let statsScopes {
        profile.statsScopes = Self.sum(profile.statsScopes ?? 0, statsScopes)
        profile.untracedScopes = Self.sum(
          profile.untracedScopes, max(0, Self.sum(statsScopes, -attribution.finalScopes)))
      }
      for note in Self.notes(attribution, statsScopes: statsScopes) {
        profile.notes.append(Note(source: source, message: note.message, incomplete: note.incomplete))
      }
    }

    /// A note for a stats file with no trace beside it: that job's expressions are missing.
    public mutating func addMissingTrace(statsScopes: Int64?, source: String) {
      if let statsScopes { profile.statsScopes = Self.sum(profile.statsScopes ?? 0, statsScopes) }
      profile.notes.append(
        Note(
          source: source,
          message: "no trace beside this stats file (the compiler ignored -trace-stats-events, or stopped before "
            + "writing it)", incomplete: true))
    }

    /// A note about the input that is not one trace's (an unreadable file, a job that crashed).
    public mutating func addNote(_ message: String, source: String, incomplete: Bool) {
      profile.notes.append(Note(source: source, message: message, incomplete: incomplete))
    }

    /// `a + b`, held at Int64's bounds.
    static func sum(_ a: Int64, _ b: Int64) -> Int64 {
      let (result, overflow) = a.addingReportingOverflow(b)
      return overflow ? (b > 0 ? .max : .min) : result
    }

    /// The profile, its entries sorted by file, position and kind.
    public func finish() -> ScopeProfile {
      var result = profile
      result.entries.sort {
        ($0.expression.range, $0.expression.kind.rawValue) < ($1.expression.range, $1.expression.kind.rawValue)
      }
      return result
    }

    /// What to say about one trace, and whether its scopes are incomplete.
    static func notes(
      _ attribution: TraceAttribution, statsScopes: Int64?
    ) -> [(message: String, incomplete: Bool)] {
      var notes: [(String, Bool)] = []
      // The stats file counts every scope the job spent; when it matches the trace's last running total, every row
      // that counted scopes was read, whatever else is wrong with the file.
      let matchesStats = statsScopes == attribution.finalScopes && attribution.scopesAreWhole
      for problem in attribution.problems {
        switch problem {
        case .empty, .notATrace:
          notes.append(("\(problem)", true))
        case .scopeRowsMissing:
          notes.append(("\(problem)", true))
        case .malformedRows:
          // Even with every scope there, the checks the unreadable rows named are missing from the ranking.
          notes.append(("\(problem)" + (matchesStats ? "; every scope is there, but not every check" : ""), true))
        case .truncated:
          if matchesStats {
            notes.append(("\(problem); every scope is there (the stats file's total matches)", false))
          } else {
            notes.append(("\(problem)", true))
          }
        }
      }
      if let statsScopes, statsScopes > attribution.finalScopes, attribution.problems.isEmpty {
        let missing = statsScopes - attribution.finalScopes
        if attribution.declarationFiles.count > 1 {
          notes.append(
            (
              "a batch job (\(attribution.declarationFiles.count) files): the compiler wrote its trace after its first "
                + "file's code generation, and \(missing) scopes counted later (the other files' function bodies) "
                + "are missing; build with -disable-batch-mode", true
            ))
        }
        // Otherwise the job spent them after writing its trace (it writes it before generating code) or building a
        // module interface: the totals say how many (`untracedScopes`), no expression holds them.
      } else if let statsScopes, statsScopes < attribution.finalScopes {
        notes.append(
          (
            "the trace counts \(attribution.finalScopes) scopes but the stats file \(statsScopes): they are not from "
              + "the same job", true
          ))
      }
      return notes
    }
  }
}
