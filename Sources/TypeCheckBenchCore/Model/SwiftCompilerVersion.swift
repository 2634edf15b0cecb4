/// What a `swiftc --version` text says about the compiler: its version and whether it is a development build.
public struct SwiftCompilerVersion: Hashable, Sendable {
  /// The version as printed, for example `6.3.1`, `6.1` or `6.2-dev`.
  public var version: String
  /// True for development snapshots and other assertions-enabled builds, whose timings are not comparable with
  /// releases.
  public var assertionsEnabled: Bool

  public init(version: String, assertionsEnabled: Bool) {
    self.version = version
    self.assertionsEnabled = assertionsEnabled
  }
}

extension SwiftCompilerVersion {
  /// Parses the text of `swiftc --version`, or returns nil when it is not a Swift compiler's.
  ///
  /// Handles `Swift version 6.3.1 (swift-6.3.1-RELEASE)`, `Apple Swift version 6.1 (swiftlang-…)`, Xcode's
  /// `swift-driver version: 1.115 Apple Swift version 6.0 (…)` and snapshots such as
  /// `Swift version 6.2-dev (LLVM …, Swift …)` with `Build config: +assertions`.
  public init?(versionText text: String) {
    guard let marker = text.range(of: "Swift version ") else { return nil }
    let version = text[marker.upperBound...].prefix { !$0.isWhitespace }
    guard let first = version.first, first.isNumber else { return nil }
    self.version = String(version)
    // Snapshots print a `-dev` version; newer ones also say `Build config: +assertions`, and the toolchain
    // names (`swift-DEVELOPMENT-SNAPSHOT-2025-…`, `swift-6.2-DEVELOPMENT-SNAPSHOT-…`) may appear in the text.
    self.assertionsEnabled =
      version.hasSuffix("-dev") || text.contains("+assertions") || text.contains("DEVELOPMENT-SNAPSHOT")
  }
}
