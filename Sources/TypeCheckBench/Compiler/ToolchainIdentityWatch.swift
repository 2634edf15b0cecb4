import Foundation
import TypeCheckBenchCore

/// The identity of each compiler a run measures with, checked before and after every compile, so that a compiler
/// replaced during the run (an upgrade, a moved symbolic link, an edited script) never has its samples recorded under
/// the first one's name. Cheap: the files' sizes and modification times (a script's content), never a compiler run.
///
/// A toolchain's identity is the path its `swiftc` resolves to and the fingerprint its record keeps
/// (`ToolchainLocator.fingerprint` of the compiler, or of the compiler a wrapper runs), with a wrapper's own script
/// as it was when the watch started. A byte-identical copy put back is the same compiler.
struct ToolchainIdentityWatch: Sendable {
  /// Per toolchain name, the identity the run started with; a toolchain without a recorded fingerprint is not watched.
  private var expected: [String: String] = [:]

  init(_ toolchains: [ToolchainInfo]) {
    for toolchain in toolchains {
      guard let recorded = toolchain.executableFingerprint else { continue }
      expected[toolchain.name] = Self.identity(of: toolchain, fingerprint: recorded, resolved: Self.resolved(toolchain))
    }
  }

  /// `/resolved/swiftc (swiftc:1234#…)`, with ` via wrapper:…` for a wrapper script.
  private static func identity(of toolchain: ToolchainInfo, fingerprint: String?, resolved: String) -> String {
    var text = "\(resolved) (\(fingerprint ?? "missing"))"
    if toolchain.wrappedCompiler != nil {
      text += ", wrapper \(ToolchainLocator.fingerprint(toolchain.swiftcPath) ?? "missing")"
    }
    return text
  }

  private static func resolved(_ toolchain: ToolchainInfo) -> String {
    URL(fileURLWithPath: toolchain.wrappedCompiler ?? toolchain.swiftcPath).resolvingSymlinksInPath().path
  }

  /// The identity `toolchain` has now.
  static func current(_ toolchain: ToolchainInfo) -> String {
    identity(
      of: toolchain, fingerprint: ToolchainLocator.fingerprint(toolchain.wrappedCompiler ?? toolchain.swiftcPath),
      resolved: resolved(toolchain))
  }

  /// Checks that `toolchain` is still the compiler the run started with.
  /// - Throws: `BenchError.software`, one line naming the toolchain, its old identity and its new one.
  func check(_ toolchain: ToolchainInfo) throws {
    guard let old = expected[toolchain.name] else { return }
    let now = Self.current(toolchain)
    guard now != old else { return }
    throw BenchError.software(
      "toolchain \(toolchain.name) changed during the run: it was \(old), it is now \(now); nothing it compiled "
        + "since is kept")
  }
}
