import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

/// scripts/install-toolchain.sh never deletes a root that works, checked on hard-linked copies of the installed
/// debian-6.0 root (the installed one is never touched): odd characters in the prefix, a missing TMPDIR, a missing
/// marker, and a root whose standard library module was deleted.
@Suite(
  .extended,
  .enabled(
    if: InstallerHarness.canReachTheFaults && InstallerHarness.installedRoot != nil,
    "needs Linux, root, bubblewrap, curl, flock and scripts/install-toolchain.sh debian-6.0"))
struct InstalledRootTests {
  /// The copy's driver file, whose inode shows the root was neither rebuilt nor replaced.
  static func driverInode(_ prefix: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(
      atPath: prefix.appendingPathComponent("debian-6.0/root/usr/libexec/swift/bin/swift-frontend").path)
    return try #require(attributes[.systemFileNumber] as? Int)
  }

  /// A root in a prefix holding & ' \ | and a space (each of which broke the old sed substitution) keeps working: the
  /// installer writes a wrapper that runs it and prints its path, and the wrapper type-checks a file as plain swiftc
  /// does, here with TMPDIR naming a missing folder and the `installed` marker gone.
  @Test func aWorkingRootInAnOddPrefixIsKept() throws {
    let harness = try InstallerHarness()
    let prefix = harness.folder.url.appendingPathComponent("odd a&b'c\\d|e")
    try harness.copyInstalledRoot(into: prefix)
    let inode = try Self.driverInode(prefix)
    let wrapper = prefix.appendingPathComponent("debian-6.0/bin/swiftc").path
    for environment in [[:], ["TMPDIR": harness.folder.url.appendingPathComponent("missing-tmp").path]] {
      try? FileManager.default.removeItem(at: prefix.appendingPathComponent("debian-6.0/installed"))
      let result = try harness.install(["debian-6.0", "--prefix", prefix.path], environment: environment)
      #expect(result.status == .exited(0), "\(environment): \(result.stderrText)")
      #expect(result.stdoutText == wrapper + "\n")
      #expect(result.stderrText.isEmpty)
      #expect(try Self.driverInode(prefix) == inode)
    }
    let check = try harness.install(["debian-6.0", "--check", "--prefix", prefix.path])
    #expect(check.status == .exited(0))
    #expect(check.stdoutText == wrapper + "\n")
    #expect(FileManager.default.fileExists(atPath: prefix.appendingPathComponent("debian-6.0/installed").path))
    let list = try harness.install(["--list", "--prefix", prefix.path])
    #expect(list.stdoutText.contains("debian-6.0  Swift 6.0.3  Debian trixie  installed: \(wrapper)\n"))
    let source = try harness.folder.file("ok.swift", "let sum = [1, 2, 3].reduce(0, +)\nprint(sum)\n")
    let bad = try harness.folder.file("bad.swift", "let x: Int = \"text\"\n")
    let plain = try InstalledCompiler.required()
    for (file, status) in [(source, Int32(0)), (bad, Int32(1))] {
      let wrapped = try ProcessRunner.run(wrapper, ["-typecheck", file.path], timeout: 300)
      let unwrapped = try ProcessRunner.run(plain, ["-typecheck", file.path], timeout: 300)
      #expect(wrapped.status == .exited(status), "\(wrapped.stderrText)")
      #expect(unwrapped.status == wrapped.status)
    }
  }

  /// A root whose standard library module was deleted: --check and --list both say so, the wrapper names the missing
  /// file, and an install moves the root aside (naming where) instead of deleting it, after its requirements are met.
  @Test func aRootWithoutItsStandardLibraryIsMovedAsideNotDeleted() throws {
    let harness = try InstallerHarness()
    let prefix = harness.folder.url.appendingPathComponent("prefix")
    try harness.copyInstalledRoot(into: prefix)
    let module = "/usr/libexec/swift/lib/swift/linux/Swift.swiftmodule"
    let home = prefix.appendingPathComponent("debian-6.0")
    try FileManager.default.removeItem(at: home.appendingPathComponent("root" + module))
    let first = try harness.install(["debian-6.0", "--check", "--prefix", prefix.path])
    #expect(first.status == .exited(1))
    #expect(
      first.stderrText
        == "install-toolchain: debian-6.0 under \(prefix.path) does not work: its root lacks \(module) (run "
        + "scripts/install-toolchain.sh debian-6.0 to repair it)\n")
    let list = try harness.install(["--list", "--prefix", prefix.path])
    #expect(list.stdoutText.contains("debian-6.0  Swift 6.0.3  Debian trixie  not working: its root lacks \(module)"))
    // Out of reach of the registry: refused, and the root stays where it is.
    let unreachable = try harness.install(
      ["debian-6.0", "--prefix", prefix.path], environment: ["DEBIAN_MIRROR": "file:///nonexistent-registry"])
    #expect(unreachable.status == .exited(69))
    #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("root/usr/bin/swiftc").path))
    let wrapped = try ProcessRunner.run(home.appendingPathComponent("bin/swiftc").path, ["--version"], timeout: 60)
    #expect(wrapped.status == .exited(127))
    #expect(wrapped.stderrText.contains("(\(module) is missing)"))
    // With the registry (and the stand-in debootstrap, which fails): moved aside and named, then the build fails.
    let install = try harness.install(["debian-6.0", "--prefix", prefix.path])
    #expect(install.status == .exited(70))
    let aside = try #require(
      try FileManager.default.contentsOfDirectory(atPath: home.path).first { $0.hasPrefix("root.broken-") })
    #expect(
      install.stderrText.contains(
        "install-toolchain: \(home.path)/root does not work (its root lacks \(module)); moved it aside to "
          + "\(home.path)/\(aside) (delete it when you no longer need it) and installing again\n"))
    #expect(FileManager.default.fileExists(atPath: home.appendingPathComponent("\(aside)/usr/bin/swiftc").path))
    #expect(!FileManager.default.fileExists(atPath: home.appendingPathComponent("root").path))
  }

  /// The last steps of a fresh install (apt inside the root, then the compiler's --version inside it) with TMPDIR
  /// naming a folder other than /tmp, which the root cannot see: resumed from a complete `root.partial` (a copy of the
  /// installed root whose /var, where apt and dpkg write in place, is copied, not linked), it completes. Asks Debian's
  /// registry for its package lists.
  @Test func aFreshInstallCompletesWithAnotherTMPDIR() throws {
    let harness = try InstallerHarness()
    let prefix = harness.folder.url.appendingPathComponent("prefix")
    try harness.copyInstalledRoot(into: prefix)
    let home = prefix.appendingPathComponent("debian-6.0")
    let staging = home.appendingPathComponent("root.partial")
    try FileManager.default.moveItem(at: home.appendingPathComponent("root"), to: staging)
    try FileManager.default.removeItem(at: staging.appendingPathComponent("var"))
    let root = try #require(InstallerHarness.installedRoot)
    let copy = try ProcessRunner.run(
      "/bin/cp", ["-a", root.appendingPathComponent("var").path, staging.appendingPathComponent("var").path],
      timeout: 300)
    #expect(copy.status == .exited(0))
    try Data().write(to: home.appendingPathComponent("root.partial.base"))
    let temporary = harness.folder.url.appendingPathComponent("caller-tmp")
    try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
    let result = try harness.install(["debian-6.0", "--prefix", prefix.path], environment: ["TMPDIR": temporary.path])
    #expect(result.status == .exited(0), "\(result.stderrText)")
    #expect(result.stdoutText == home.appendingPathComponent("bin/swiftc").path + "\n")
    #expect(try FileManager.default.contentsOfDirectory(atPath: home.path).sorted() == ["bin", "installed", "root"])
  }
}
