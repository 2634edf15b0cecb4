import Escaping
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

extension ToolchainClaim {
  /// Why a resume refuses `recorded` now that its path answers as `now`, and the way forward: a compiler that answers
  /// another version is another compiler (start a new run); one whose files have the recorded sizes but other
  /// modification times (a byte-identical copy restored, a reinstall of the same build) gets the `touch` commands
  /// that give them back their recorded times, after which the run resumes.
  static func resumeRefusal(recorded: ToolchainInfo, now: ToolchainInfo) -> String {
    let start = "--resume: \(recorded.swiftcPath) is no longer the compiler this run started with"
    if now.versionText != recorded.versionText {
      return start + ": it answers Swift \(now.version) where the run measured Swift \(recorded.version); its samples "
        + "would not mix with the new compiler's: start a new run"
    }
    let before = fingerprintParts(recorded.executableFingerprint)
    let after = fingerprintParts(now.executableFingerprint)
    let compiler = URL(fileURLWithPath: now.wrappedCompiler ?? now.swiftcPath).resolvingSymlinksInPath()
    let folder = compiler.deletingLastPathComponent()
    guard !before.isEmpty, before.map(\.name) == after.map(\.name), before.map(\.size) == after.map(\.size) else {
      return start + ": the same version text, but its files changed (\(recorded.executableFingerprint ?? "?") then, "
        + "\(now.executableFingerprint ?? "?") now: a rebuild); its samples would not mix with the new build's: start "
        + "a new run"
    }
    // The time to the microsecond, half a millisecond into the recorded one: the fingerprint truncates to whole
    // milliseconds, and a time given exactly may read back a hair below it.
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime]
    formatter.timeZone = TimeZone(identifier: "UTC")
    let commands = before.map { part in
      let path = part.name == compiler.lastPathComponent ? compiler : folder.appendingPathComponent(part.name)
      let (seconds, milliseconds) = part.milliseconds.quotientAndRemainder(dividingBy: 1000)
      let whole = formatter.string(from: Date(timeIntervalSince1970: Double(seconds))).dropLast()  // its "Z"
      let fraction = String(milliseconds + 1000).dropFirst()
      return "touch -m -d \(whole).\(fraction)500Z \(Escaping.shellArgument(path.path))"
    }
    return start + ": its files have the sizes the run recorded but other modification times (a copy restored, or a "
      + "reinstall of the same build?); if it is the same compiler, give them back their times ("
      + commands.joined(separator: "; ") + ") and resume; otherwise start a new run"
  }

  /// The `NAME:SIZE@MTIME` parts of a fingerprint, in order; empty when it is nil or not in that form.
  static func fingerprintParts(_ fingerprint: String?) -> [(name: String, size: Int64, milliseconds: Int64)] {
    guard let fingerprint else { return [] }
    var parts: [(name: String, size: Int64, milliseconds: Int64)] = []
    for part in fingerprint.split(separator: " ") {
      guard let colon = part.lastIndex(of: ":"), let at = part.lastIndex(of: "@"), colon < at,
        let size = Int64(part[part.index(after: colon)..<at]), let time = Int64(part[part.index(after: at)...])
      else { return [] }
      parts.append((String(part[..<colon]), size, time))
    }
    return parts
  }
}
