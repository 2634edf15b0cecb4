import Foundation
import TypeCheckBenchCore

/// What a record claims of a compiler, held to the compiler itself when it is still on this host: the fingerprint a
/// record keeps (`ToolchainInfo.executableFingerprint`, the size and time of the compiler's files) names those files,
/// so when the files at the recorded path still have it, their `--version` is the version the record must claim.
/// `bench report --check` refuses a record that claims another; `bench compare` warns.
enum ToolchainClaim {
  /// The line saying how `toolchain`'s claimed version contradicts the compiler with its fingerprint on this host,
  /// or nil when it does not (or cannot be told: no fingerprint, the path or its files are not here, or changed).
  static func contradiction(_ toolchain: ToolchainInfo) -> String? {
    guard let recorded = toolchain.executableFingerprint,
      FileManager.default.isExecutableFile(atPath: toolchain.swiftcPath),
      ToolchainLocator.fingerprint(toolchain.wrappedCompiler ?? toolchain.swiftcPath) == recorded,
      let now = try? ToolchainLocator.inspect(swiftcPath: toolchain.swiftcPath, name: toolchain.name),
      now.executableFingerprint == recorded, now.versionText != toolchain.versionText
    else { return nil }
    return "toolchain \(toolchain.name) claims Swift \(toolchain.version) (\(toolchain.buildConfiguration)), but "
      + "\(toolchain.swiftcPath), with the very files the record fingerprints (\(recorded)), answers Swift "
      + "\(now.version) (\(now.buildConfiguration)): the record's version is not its compiler's (was run.json edited?)"
  }
}
