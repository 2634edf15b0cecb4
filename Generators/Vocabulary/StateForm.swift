/// How the `state` family spells a `@State` property.
public enum StateForm: String, Codable, CaseIterable, Sendable {
  /// `@State private var s0 = 0`, with `State` a property wrapper (Xcode 26 and earlier).
  case wrapper
  /// The `@State` macro's expansion written out: backing storage `_s0` and a computed `s0` with an init accessor.
  case macroExpansion = "macro-expansion"
}
