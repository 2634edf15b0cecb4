/// A `-warn-long-function-bodies` or `-warn-long-expression-type-checking` warning read as a timing entry.
///
/// `global function 'f()' took 123ms to type-check (limit: 100ms)` becomes a `.function` entry of 123 ms whose
/// description is the subject (`global function 'f()'`); `expression took 30ms …` becomes an `.expression` entry
/// with no description. The location is the diagnostic's.
public struct LongTypeCheckWarning: Codable, Hashable, Sendable {
  /// The timing the warning reports (whole milliseconds, as printed).
  public var entry: TimingEntry
  /// The limit the warning was raised against, in milliseconds.
  public var limitMilliseconds: Double
  /// The severity it was printed with: `.warning`, or `.error` under `-warnings-as-errors`.
  public var severity: CompilerDiagnostic.Severity

  public init(entry: TimingEntry, limitMilliseconds: Double, severity: CompilerDiagnostic.Severity = .warning) {
    self.entry = entry
    self.limitMilliseconds = limitMilliseconds
    self.severity = severity
  }
}
