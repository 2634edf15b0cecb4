/// One parameter of a template instance.
public struct TemplateParameter: Hashable, Codable, Sendable {
  public var name: String
  public var value: Int
}
