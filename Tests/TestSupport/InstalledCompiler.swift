import Foundation
import TypeCheckBench

/// The compiler the tests compile with: the one `bench` itself finds (`ToolchainLocator.locateSwiftc`, in the order
/// `ToolchainLocator.lookupOrder` lists), so a test and a `bench run` in the same shell measure the same swiftc.
public enum InstalledCompiler {
  /// The swiftc path, or nil when there is none.
  public static let swiftc: String? = try? ToolchainLocator.locateSwiftc()

  /// True when a real compiler is there to compile with.
  public static var isAvailable: Bool { swiftc != nil }

  /// The swiftc path.
  /// - Throws: `BenchError.software` naming the lookup order when there is none.
  public static func required() throws -> String {
    try ToolchainLocator.locateSwiftc()
  }
}

/// The extra real compilers `scripts/install-toolchain.sh` installs (Debian's Swift 6.0.3 release and 6.2.3
/// assertions build, each in a root of its own), where this machine has them: tests that need one are enabled only
/// then (CI installs debian-6.0).
public enum InstalledToolchain {
  /// The wrapper of toolchain `name` (`debian-6.0`, `debian-6.2`) under the installer's prefix
  /// (`$TYPECHECKBENCH_TOOLCHAINS`, else `${XDG_CACHE_HOME:-$HOME/.cache}/typecheckbench/toolchains`), or nil.
  public static func wrapper(_ name: String) -> String? {
    let environment = ProcessInfo.processInfo.environment
    let prefix =
      environment["TYPECHECKBENCH_TOOLCHAINS"]
      ?? ((environment["XDG_CACHE_HOME"] ?? ((environment["HOME"] ?? "/root") + "/.cache"))
        + "/typecheckbench/toolchains")
    let path = "\(prefix)/\(name)/bin/swiftc"
    guard FileManager.default.isExecutableFile(atPath: path),
      FileManager.default.fileExists(atPath: "\(prefix)/\(name)/installed")
    else { return nil }
    return path
  }
}
