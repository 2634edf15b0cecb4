import Generators

/// One framework module built with one toolchain's `swiftc -emit-module`, before any case importing it was measured.
public struct ModuleBuild: Codable, Hashable, Sendable {
  /// The module name (`FrameworkModule.name`).
  public var module: String
  /// `ToolchainInfo.name` of the compiler that built it.
  public var toolchain: String
  /// The build's process wall-clock time, seconds.
  public var wallSeconds: Double
  /// The build's kept statistics (its `Sema.NumConstraintScopes` is the framework's own type-checking work).
  public var stats: [String: Double]

  public init(module: String, toolchain: String, wallSeconds: Double, stats: [String: Double]) {
    self.module = module
    self.toolchain = toolchain
    self.wallSeconds = wallSeconds
    self.stats = stats
  }

  /// `Sema.NumConstraintScopes` of the build.
  public var constraintScopes: Double? { stats[StatName.constraintScopes] }
}
