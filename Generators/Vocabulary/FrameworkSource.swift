/// Where a generated case's SwiftUI comes from.
public enum FrameworkSource: String, Codable, CaseIterable, Sendable {
  /// bench's miniature of the builder model, in the generated file (the only choice where there is no SDK).
  case miniature
  /// The real SDK: the case says `import SwiftUI` (and `import Charts` for charts) and is compiled with `-sdk` and
  /// `-target` (macOS). The builder model is then the SDK's own: Xcode 26's per-kind or Xcode 27's unified.
  case sdk
}
