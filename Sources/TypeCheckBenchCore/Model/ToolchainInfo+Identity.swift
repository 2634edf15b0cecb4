/// What a toolchain is, in the words every report, header and comparison uses: its version, its build configuration
/// and its target, all read from the `swiftc --version` text the record keeps.
extension ToolchainInfo {
  /// `release`, or `assertions` for a build with assertions enabled (a development snapshot, or a distribution's
  /// build such as Debian's 6.2.3), whose times are not comparable with a release build's.
  public var buildConfiguration: String { assertionsEnabled ? "assertions" : "release" }

  /// The target triple the version text names (`x86_64-unknown-linux-gnu`, `arm64-apple-macosx15.0`), or nil when it
  /// names none.
  public var target: String? {
    for line in versionText.split(whereSeparator: \.isNewline) {
      let text = line.trimmingCharacters(in: .whitespaces)
      if text.hasPrefix("Target: ") {
        let triple = text.dropFirst("Target: ".count).trimmingCharacters(in: .whitespaces)
        return triple.isEmpty ? nil : triple
      }
    }
    return nil
  }

  /// `Swift 6.0.3, release, x86_64-pc-linux-gnu`: what was measured, wherever a toolchain is named.
  public var identity: String {
    (["Swift \(version)", buildConfiguration] + (target.map { [$0] } ?? [])).joined(separator: ", ")
  }

  /// True when the times of `self` and `other` may be set against each other: both release builds, or both built
  /// with assertions (an assertions build's checks cost time a release build does not spend).
  public func timesComparable(with other: ToolchainInfo) -> Bool {
    assertionsEnabled == other.assertionsEnabled
  }
}

extension ToolchainInfo {
  /// `swift-6.0 = /path/to/swiftc (Swift 6.0.3, release, x86_64-pc-linux-gnu, flags -x)`, with the compiler a
  /// wrapper runs (`runs /root/usr/bin/swiftc`): how a command names the toolchains it is about to measure.
  public var assignmentLabel: String {
    let flags = extraFlags.isEmpty ? "" : ", flags \(extraFlags.joined(separator: " "))"
    let runs = wrappedCompiler.map { ", runs \($0)" } ?? ""
    return "\(name) = \(swiftcPath) (\(identity)\(flags)\(runs))"
  }
}
