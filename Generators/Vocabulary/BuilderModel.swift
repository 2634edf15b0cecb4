/// The builder design a generated file imitates.
public enum BuilderModel: String, Codable, CaseIterable, Sendable, Comparable {
  /// One result builder per kind of content, every operand constrained (Xcode 26 and earlier).
  case perKind = "per-kind"
  /// One unconstrained `ContentBuilder` shared by every kind (Xcode 27).
  case unified

  public static func < (lhs: Self, rhs: Self) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
