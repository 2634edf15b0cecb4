import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

/// The wrapper scripts/toolchain-wrapper.sh.in behaves like plain swiftc where files and arguments are concerned:
/// each case runs through a wrapper of the installed debian-6.0 root and through the installed swiftc, and both must
/// end alike.
@Suite(
  .extended,
  .enabled(
    if: InstallerHarness.canReachTheFaults && InstallerHarness.installedRoot != nil,
    "needs Linux, root, bubblewrap and scripts/install-toolchain.sh debian-6.0"))
struct ToolchainWrapperTests {
  /// A wrapper of the installed root written from the current template, as the installer writes it.
  static func wrapper(in folder: TemporaryDirectory) throws -> String {
    let root = try #require(InstallerHarness.installedRoot)
    let template = try String(
      contentsOf: InstallerHarness.scripts.appendingPathComponent("toolchain-wrapper.sh.in"), encoding: .utf8)
    let text = template.replacingOccurrences(of: "@ROOT@", with: root.path)
      .replacingOccurrences(of: "@NAME@", with: "debian-6.0").replacingOccurrences(of: "@SUITE@", with: "trixie")
      .replacingOccurrences(of: "@VERSION@", with: "6.0.3")
      .replacingOccurrences(of: "@INSTALLER@", with: InstallerHarness.installer)
    let wrapper = try folder.file("swiftc", text)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
    return wrapper.path
  }

  /// Runs `arguments` through both compilers (in `directory`, with `environment` added) and returns both results.
  static func both(
    _ wrapper: String, _ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:]
  ) throws -> (wrapped: ProcessResult, plain: ProcessResult) {
    let wrapped = try ProcessRunner.run(
      wrapper, arguments, workingDirectory: directory,
      environment: ProcessInfo.processInfo.environment.merging(environment) { $1 }, timeout: 300)
    let plain = try ProcessRunner.run(
      try InstalledCompiler.required(), arguments, workingDirectory: directory, timeout: 300)
    return (wrapped, plain)
  }

  /// A folder of its own under `parent` (a host path outside the folders the wrapper used to bind), removed after.
  static func folder(under parent: String) throws -> URL {
    let url = URL(fileURLWithPath: parent).appendingPathComponent("typecheckbench-wrapper-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Files in /dev/shm, /run and /var: an input there is read and an output written there, as by plain swiftc (the
  /// wrapper used to leave /dev/shm to bubblewrap's private /dev, and /run and /var to the root's).
  @Test(arguments: ["/dev/shm", "/run", "/var/cache"])
  func filesInSystemFoldersAreTheHosts(_ parent: String) throws {
    guard FileManager.default.isWritableFile(atPath: parent) else { return }
    let temporary = try TemporaryDirectory()
    let wrapper = try Self.wrapper(in: temporary)
    let folder = try Self.folder(under: parent)
    defer { try? FileManager.default.removeItem(at: folder) }
    let source = folder.appendingPathComponent("M.swift")
    try Data("public func answer() -> Int { 42 }\n".utf8).write(to: source)
    let module = folder.appendingPathComponent("out/M.swiftmodule")
    let arguments = ["-emit-module", "-module-name", "M", "-parse-as-library", source.path, "-o", module.path]
    for compiler in [wrapper, try InstalledCompiler.required()] {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent("out"))
      try FileManager.default.createDirectory(
        at: folder.appendingPathComponent("out"), withIntermediateDirectories: true)
      let result = try ProcessRunner.run(compiler, arguments, timeout: 300)
      #expect(result.status == .exited(0), "\(compiler): \(result.stderrText)")
      #expect(FileManager.default.fileExists(atPath: module.path), "\(compiler)")
    }
  }

  /// A working folder reached through a link into /dev/shm: relative paths resolve as for plain swiftc.
  @Test func aWorkingFolderLinkedIntoDevShm() throws {
    guard FileManager.default.isWritableFile(atPath: "/dev/shm") else { return }
    let temporary = try TemporaryDirectory()
    let wrapper = try Self.wrapper(in: temporary)
    let folder = try Self.folder(under: "/dev/shm")
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("let x = 1\n".utf8).write(to: folder.appendingPathComponent("a.swift"))
    let link = temporary.url.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: folder)
    // PWD names the link, as a shell that changed into it says.
    let (wrapped, plain) = try Self.both(wrapper, ["-typecheck", "a.swift"], in: link, environment: ["PWD": link.path])
    #expect(plain.status == .exited(0), "\(plain.stderrText)")
    #expect(wrapped.status == .exited(0), "\(wrapped.stderrText)")
  }

  /// 12,000 arguments (past bubblewrap's 9,000) reach the compiler whole and in order, with quotes, backslashes, tabs,
  /// spaces and the leading / of an absolute path kept: the file only type-checks when the last -D arrived and the
  /// oddly named file was found.
  @Test func aLongArgumentListReachesTheCompiler() throws {
    let temporary = try TemporaryDirectory()
    let wrapper = try Self.wrapper(in: temporary)
    let odd = try temporary.file("a \"quoted\" \\ name's\tü.swift", "let fromOddFile = 1\n")
    let main = try temporary.file(
      "main.swift",
      """
      #if FLAG11996
      let total = fromOddFile + 1
      #else
      #error("the last flag did not arrive")
      #endif
      """)
    let flags = (0..<11997).map { "-DFLAG\($0)" }
    let responses = temporary.url.appendingPathComponent("tmp")
    try FileManager.default.createDirectory(at: responses, withIntermediateDirectories: true)
    let (wrapped, plain) = try Self.both(
      wrapper, ["-typecheck"] + flags + [main.path, odd.path], environment: ["TMPDIR": responses.path])
    #expect(plain.status == .exited(0), "\(plain.stderrText)")
    #expect(wrapped.status == .exited(0), "\(wrapped.stderrText)")
    // A file the compiler rejects fails alike through a long list.
    let bad = try temporary.file("bad.swift", "let y: Int = \"no\"\n")
    let (wrongWrapped, wrongPlain) = try Self.both(wrapper, ["-typecheck"] + flags + [bad.path])
    #expect(wrongPlain.status == .exited(1))
    #expect(wrongWrapped.status == .exited(1))
    #expect(wrongWrapped.stderrText.contains("cannot convert value of type 'String' to specified type 'Int'"))
    // No response file is left behind.
    let left = try FileManager.default.contentsOfDirectory(atPath: responses.path)
    #expect(!left.contains { $0.hasPrefix("swiftc-arguments") })
  }
}
