/// A compiler diagnostic line (`file:line:col: error: message`).
public struct CompilerDiagnostic: Codable, Hashable, Sendable {
  public enum Severity: String, Codable, Sendable { case error, warning, note, remark }
  public var severity: Severity
  public var file: String?
  public var line: Int?
  public var column: Int?
  public var message: String

  public init(severity: Severity, file: String?, line: Int?, column: Int?, message: String) {
    self.severity = severity
    self.file = file
    self.line = line
    self.column = column
    self.message = message
  }
}

/// Everything the parser recognised in a compiler log.
public struct ParsedTimingLog: Hashable, Sendable {
  public var entries: [TimingEntry]
  public var diagnostics: [CompilerDiagnostic]

  public init(entries: [TimingEntry] = [], diagnostics: [CompilerDiagnostic] = []) {
    self.entries = entries
    self.diagnostics = diagnostics
  }
}

/// Parses swiftc's timing output and diagnostics, line by line (STUB: replaced by the parser work).
public enum TimingLogParser {
  public static func parse(_ text: String) -> ParsedTimingLog {
    ParsedTimingLog()
  }
}
