/// One builder initializer of a shared primitive, spelled as the SDK spells it: argument labels, generic parameters,
/// defaulted parameters, the constrained extension it lives in and the builder attribute of its closures.
public struct InitializerForm: Hashable, Sendable {
  public var primitive: Primitive
  /// The kind whose builder the content closure uses (`View`, `TableRowContent`), or `ContentBuilder` for the
  /// unified model's unconstrained forms.
  public var kind: String
  /// The SDK's name of the form plus what tells apart forms with equal labels: `init(_:content:) [Range<Int>]`.
  public var name: String
  /// The requirements of the constrained extension that declares it.
  var extensionRequirements: [String]
  /// The declaration, one line with its body.
  var declaration: String
  /// The miniature module that declares it on an SDK surface (`SwiftUICore`, `SwiftUI`, `Charts`,
  /// `_MapKit_SwiftUI`), nil on a legacy surface's single module.
  public internal(set) var module: MiniatureModule?

  /// True when the SDK, and so the miniature, ranks the form below the others (`@_disfavoredOverload`).
  public var isDisfavored: Bool { declaration.hasPrefix("@_disfavoredOverload ") }
  /// True for a form kept for source compatibility only (`@available(*, deprecated)`).
  public var isDeprecated: Bool { declaration.hasPrefix("@available(*, deprecated) ") }

  /// The same form ranked below the others (`@_disfavoredOverload` prepended once).
  var disfavored: InitializerForm {
    guard !isDisfavored else { return self }
    var copy = self
    copy.declaration = "@_disfavoredOverload " + declaration
    return copy
  }
}
