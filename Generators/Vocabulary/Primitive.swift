/// A container a nesting level uses: a shared primitive that carries one builder initializer per kind (`group`,
/// `section`, `foreach`), or `list`, SwiftUI's `List`, which serves views only (the `list` shape,
/// `--primitives list,section,foreach`, nests `List { Section { ForEach { … } } }` as a settings screen does).
public enum Primitive: String, Codable, CaseIterable, Sendable {
  case group, section, foreach, list

  /// The Swift type name of the primitive in generated code.
  public var typeName: String {
    switch self {
    case .group: "Group"
    case .section: "Section"
    case .foreach: "ForEach"
    case .list: "List"
    }
  }
}
