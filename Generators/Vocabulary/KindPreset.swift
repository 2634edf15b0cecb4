/// How many builder initializers each shared primitive carries.
public enum KindPreset: String, Codable, CaseIterable, Sendable {
  /// SwiftUI's real counts: Group 11, ForEach about 25, Section 19 builder initializers.
  case swiftui
  /// Two kinds (views and toolbar content), one initializer per kind and primitive.
  case minimal
}
