/// Where a case's miniature framework lives when the case is type-checked.
public enum FrameworkForm: String, Codable, CaseIterable, Sendable {
  /// The framework is its own module, built once with `swiftc -emit-module`; the case file only imports it, as an
  /// app imports SwiftUI. The case's figures are then the case's own work.
  case module
  /// The framework is written at the top of every case file and type-checked with it (one file per case).
  case inline
}
