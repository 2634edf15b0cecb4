/// A 1-based line and column (in characters) in a template.
public struct TemplateLocation: Hashable, Sendable, CustomStringConvertible {
  public var line: Int
  public var column: Int

  public var description: String { "\(line):\(column)" }
}
