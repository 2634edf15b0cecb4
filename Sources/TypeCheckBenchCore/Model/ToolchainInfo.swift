import Generators

/// One compiler configuration measured in a run: a swiftc and the extra flags given to it.
public struct ToolchainInfo: Codable, Hashable, Sendable {
  /// The name samples refer to (for example `default`, or `6.1=/path/to/swiftc`'s `6.1`).
  public var name: String
  public var swiftcPath: String
  /// The full `swiftc --version` text.
  public var versionText: String
  /// The parsed version, for example `6.3.1`.
  public var version: String
  /// Extra flags passed to every compile, as given on the command line.
  public var extraFlags: [String]
  /// True for assertions-enabled (development snapshot) compilers, whose timings are not comparable with releases.
  public var assertionsEnabled: Bool
  /// Size and modification time of the compiler's files (`swiftc` as resolved, and `swift-frontend` beside it), so a
  /// compiler rebuilt in place with an unchanged `--version` text is still told apart; for a wrapper, those of the
  /// compiler it runs (`wrappedCompiler`), never the wrapper script's. Nil in older records.
  public var executableFingerprint: String?
  /// The compiler a wrapper script runs, as a path on this host (for example the `usr/bin/swiftc` inside a root that
  /// `scripts/install-toolchain.sh` installed); nil when `swiftcPath` is the compiler itself, and in older records.
  public var wrappedCompiler: String?
  /// The interfaces of the module set `bench sdk import` built, where the toolchain compiles against one (`--framework
  /// sdk --sdk DIR`): each module's source file, SHA-256 and size, from the set's manifest; nil otherwise and in older
  /// records. The interfaces themselves are never in a record.
  public var sdkSources: [SDKImportManifest.Source]?

  public init(
    name: String, swiftcPath: String, versionText: String, version: String, extraFlags: [String],
    assertionsEnabled: Bool, executableFingerprint: String? = nil, wrappedCompiler: String? = nil,
    sdkSources: [SDKImportManifest.Source]? = nil
  ) {
    self.name = name
    self.swiftcPath = swiftcPath
    self.versionText = versionText
    self.version = version
    self.extraFlags = extraFlags
    self.assertionsEnabled = assertionsEnabled
    self.executableFingerprint = executableFingerprint
    self.wrappedCompiler = wrappedCompiler
    self.sdkSources = sdkSources
  }
}
