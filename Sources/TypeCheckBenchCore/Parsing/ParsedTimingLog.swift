/// Everything the parser recognised in a compiler log, in the order it was printed.
public struct ParsedTimingLog: Hashable, Sendable {
  /// The `-debug-time-function-bodies` and `-debug-time-expression-type-checking` lines (0.01 ms resolution).
  public var entries: [TimingEntry]
  /// Every diagnostic line, including the `-warn-long-…` warnings (which are also in `longTypeCheckWarnings`).
  public var diagnostics: [CompilerDiagnostic]
  /// The `-warn-long-function-bodies` / `-warn-long-expression-type-checking` warnings as timing entries.
  ///
  /// Kept apart from `entries` so a log made with both the debug-time and the warning flags does not count a body
  /// twice; their times are whole milliseconds (truncated), coarser than `entries`.
  public var longTypeCheckWarnings: [LongTypeCheckWarning]
  /// How many blocks of output (between build progress lines) repeated an earlier block line for line and were
  /// left out: SwiftPM's batch mode prints a batch job's output once per file of the batch.
  public var repeatedBlocks: Int
  /// How many timing lines those repeated blocks held (not in `entries`).
  public var repeatedEntries: Int

  public init(
    entries: [TimingEntry] = [], diagnostics: [CompilerDiagnostic] = [],
    longTypeCheckWarnings: [LongTypeCheckWarning] = [], repeatedBlocks: Int = 0, repeatedEntries: Int = 0
  ) {
    self.entries = entries
    self.diagnostics = diagnostics
    self.longTypeCheckWarnings = longTypeCheckWarnings
    self.repeatedBlocks = repeatedBlocks
    self.repeatedEntries = repeatedEntries
  }

  /// The debug-time entries when there are any, else the entries derived from long-type-check warnings.
  ///
  /// This is what a report should rank: the precise lines when the log has them, the warnings when the log was
  /// made with the warning flags only.
  public var bestAvailableEntries: [TimingEntry] {
    entries.isEmpty ? longTypeCheckWarnings.map(\.entry) : entries
  }
}
