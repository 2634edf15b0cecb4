/// Which of a compatibility case's three sources a reproducer is.
public enum CompatVariant: String, CaseIterable, Codable, Sendable {
  /// The code as written against the per-kind framework (Xcode 26 and earlier): expected to compile.
  case perKind = "per-kind"
  /// The same code against the unified framework (Xcode 27): expected to fail with the technote's diagnostic.
  case unified
  /// The technote's remedy, against the unified framework: expected to compile.
  case fix

  /// The builder model the variant's miniature framework imitates.
  public var model: BuilderModel { self == .perKind ? .perKind : .unified }
}
