import Foundation
import TestSupport

@testable import TypeCheckBench

/// What the installer tests share: scripts/install-toolchain.sh run with a chosen environment, a stand-in registry and
/// a debootstrap that fails or hangs on purpose (fault handling only: nothing is downloaded), and hard-linked copies
/// of the installed debian-6.0 root, so a test may break or move its own copy and never the installed one.
struct InstallerHarness {
  static let scripts = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts")
  static let installer = scripts.appendingPathComponent("install-toolchain.sh").path

  /// True on Linux as root with bubblewrap and curl (which reads the stand-in registry's file:// address): the
  /// conditions under which the installer gets past its requirements without a network.
  static var canReachTheFaults: Bool {
    #if os(Linux)
      return getuid() == 0 && which("bwrap") != nil && which("curl") != nil && which("flock") != nil
    #else
      return false
    #endif
  }

  /// The path of `command` on PATH, or nil.
  static func which(_ command: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(command)" }
      .first { FileManager.default.isExecutableFile(atPath: $0) }
  }

  let folder: TemporaryDirectory
  /// A folder of stand-in commands put first on PATH.
  let tools: URL
  /// Where the stand-in debootstrap logs "start PID" and "end PID".
  let log: URL
  /// A registry that answers the installer's reachability check, and nothing else.
  let mirror: URL

  init() throws {
    folder = try TemporaryDirectory()
    tools = folder.url.appendingPathComponent("tools")
    log = folder.url.appendingPathComponent("debootstrap.log")
    mirror = folder.url.appendingPathComponent("mirror")
    for suite in ["trixie", "sid"] {
      let dists = mirror.appendingPathComponent("dists/\(suite)")
      try FileManager.default.createDirectory(at: dists, withIntermediateDirectories: true)
      try Data().write(to: dists.appendingPathComponent("InRelease"))
    }
    try FileManager.default.createDirectory(at: tools, withIntermediateDirectories: true)
    // A debootstrap that starts a root, waits FAKE_SLEEP seconds, and fails: a failure or an interruption to handle.
    try tool(
      "debootstrap",
      """
      echo "start $$" >>'\(log.path)'
      mkdir -p "$3" && echo partial >"$3/partial-file"
      sleep "${FAKE_SLEEP:-0}"
      echo "end $$" >>'\(log.path)'
      exit 1
      """)
  }

  /// Writes an executable stand-in `name` into `tools`.
  func tool(_ name: String, _ body: String) throws {
    let file = tools.appendingPathComponent(name)
    try Data("#!/bin/sh\n\(body)\n".utf8).write(to: file)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
  }

  /// The environment the installer runs in: this process's, with the stand-in tools first on PATH and the stand-in
  /// registry, plus `extra`.
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    var environment = ProcessInfo.processInfo.environment
    environment["PATH"] = tools.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
    environment["DEBIAN_MIRROR"] = "file://" + mirror.path
    environment.removeValue(forKey: "TYPECHECKBENCH_TOOLCHAINS")
    return environment.merging(extra) { $1 }
  }

  /// Runs the installer with `arguments`.
  func install(_ arguments: [String], environment extra: [String: String] = [:], in directory: URL? = nil) throws
    -> ProcessResult
  {
    try ProcessRunner.run(
      "/bin/bash", [Self.installer] + arguments, workingDirectory: directory, environment: environment(extra),
      timeout: 300)
  }

  /// Runs a bash script with the installer's environment (`$I` names the installer).
  func bash(_ script: String, environment extra: [String: String] = [:]) throws -> ProcessResult {
    try ProcessRunner.run(
      "/bin/bash", ["-c", script],
      environment: environment(extra.merging(["I": Self.installer]) { $1 }), timeout: 300)
  }

  /// The lines the stand-in debootstrap logged.
  var logged: [String] {
    ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
  }

  /// Every file and folder under `url`, relative to it (empty when `url` is gone).
  static func contents(_ url: URL) -> [String] {
    (FileManager.default.subpaths(atPath: url.path) ?? []).sorted()
  }

  /// The installed debian-6.0 root (beside the wrapper `InstalledToolchain` finds), or nil.
  static var installedRoot: URL? {
    guard let wrapper = InstalledToolchain.wrapper("debian-6.0") else { return nil }
    let root = URL(fileURLWithPath: wrapper).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("root")
    return FileManager.default.fileExists(atPath: root.appendingPathComponent("usr/bin/swiftc").path) ? root : nil
  }

  /// Copies the installed debian-6.0 root into `prefix`/debian-6.0/root as hard links (seconds, no space): the
  /// installer only ever renames, unlinks or writes new files there, and the tests only delete, so the installed
  /// root's files are never changed. The copy has no wrapper and no marker of its own.
  func copyInstalledRoot(into prefix: URL) throws {
    guard let root = Self.installedRoot else { throw BenchError.software("the installed debian-6.0 root is missing") }
    let home = prefix.appendingPathComponent("debian-6.0")
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    let copy = try ProcessRunner.run(
      "/bin/cp", ["-al", root.path, home.appendingPathComponent("root").path], timeout: 300)
    guard copy.status == .exited(0) else {
      throw BenchError.software("cp -al of \(root.path) failed (another filesystem?): \(copy.stderrText)")
    }
  }
}
