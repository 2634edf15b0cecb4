import Foundation

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
