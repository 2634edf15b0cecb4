/// A compiler diagnostic line (`file:line:col: error: message`).
public struct CompilerDiagnostic: Codable, Hashable, Sendable {
  public enum Severity: String, Codable, Sendable { case error, warning, note, remark }
  public var severity: Severity
  /// The path as printed, or nil when the compiler printed no location (`error: …`, `<unknown>:0: error: …`).
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
