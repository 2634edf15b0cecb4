/// A problem in a template, at a line and column when it has one.
public struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
  public var location: TemplateLocation?
  public var message: String

  public init(_ message: String, at location: TemplateLocation?) {
    self.message = message
    self.location = location
  }

  /// `line 3, column 5: message`, or the message alone.
  public var description: String {
    guard let location else { return message }
    return "line \(location.line), column \(location.column): \(message)"
  }

  /// The compiler's form, `FILE:3:5: message`, for a one-line error that editors can jump to.
  public func described(file: String) -> String {
    guard let location else { return "\(file): \(message)" }
    return "\(file):\(location.line):\(location.column): \(message)"
  }
}
