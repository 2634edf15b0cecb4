/// How a per-kind builder spells multi-element blocks.
public enum BlockStyle: String, Codable, CaseIterable, Sendable {
  /// A disfavored variadic pack `buildBlock<each C>` (iOS 17 and later).
  case pack
  /// Ten fixed-arity `buildBlock<C0, …, C9>` overloads (iOS 16 and earlier).
  case fixedArity = "fixed-arity"
}
