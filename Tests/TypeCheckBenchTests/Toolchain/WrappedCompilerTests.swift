import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

/// A wrapper script is identified by the compiler it runs, never by the script itself.
@Suite struct WrappedCompilerTests {
  /// A root holding a fake compiler, and a wrapper that runs it and answers bench's query as the installer's do.
  static func wrapper(in folder: TemporaryDirectory) throws -> (wrapper: String, compiler: URL) {
    let root = folder.url.appendingPathComponent("root/usr/bin")
    try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    let compiler = root.appendingPathComponent("swiftc")
    try "#!/bin/sh\necho 'Swift version 6.0.3 (swift-6.0.3-RELEASE)'\necho 'Target: x86_64-pc-linux-gnu'\n"
      .write(to: compiler, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: compiler.path)
    let wrapper = try folder.script(
      "swiftc",
      """
      if [ "${TYPECHECKBENCH_WRAPPER_INFO:-}" = 1 ]; then
        printf 'typecheckbench-wrapper 1\\nname test\\nswiftc %s\\n' '\(compiler.path)'
        exit 0
      fi
      exec '\(compiler.path)' "$@"
      """)
    return (wrapper, compiler)
  }

  @Test func aWrapperIsIdentifiedByWhatItRuns() throws {
    let folder = try TemporaryDirectory()
    let (wrapper, compiler) = try Self.wrapper(in: folder)
    let info = try ToolchainLocator.inspect(swiftcPath: wrapper, name: "swift-6.0")
    #expect(info.wrappedCompiler == compiler.path)
    #expect(info.version == "6.0.3")
    #expect(info.identity == "Swift 6.0.3, release, x86_64-pc-linux-gnu")
    #expect(info.executableFingerprint == ToolchainLocator.fingerprint(compiler.path))
    #expect(info.executableFingerprint != ToolchainLocator.fingerprint(wrapper))
    // The root upgraded behind the same script, with the same version text: another compiler.
    try "#!/bin/sh\necho 'Swift version 6.0.3 (swift-6.0.3-RELEASE)'\necho 'Target: x86_64-pc-linux-gnu'\n# 2\n"
      .write(to: compiler, atomically: true, encoding: .utf8)
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: compiler.path)
    let upgraded = try ToolchainLocator.inspect(swiftcPath: wrapper, name: "swift-6.0")
    #expect(upgraded.versionText == info.versionText)
    #expect(upgraded.executableFingerprint != info.executableFingerprint)
  }

  @Test func aScriptThatDoesNotAnswerIsTheCompilerItself() throws {
    let folder = try TemporaryDirectory()
    let script = try folder.script("swiftc", "echo 'Swift version 6.3.1 (swift-6.3.1-RELEASE)'")
    let info = try ToolchainLocator.inspect(swiftcPath: script)
    #expect(info.wrappedCompiler == nil)
    #expect(info.executableFingerprint == ToolchainLocator.fingerprint(script))
  }

  @Test func aWrapperOfAMissingCompilerIsRefusedInOneLine() throws {
    let folder = try TemporaryDirectory()
    let script = try folder.script(
      "swiftc",
      """
      if [ "${TYPECHECKBENCH_WRAPPER_INFO:-}" = 1 ]; then printf 'typecheckbench-wrapper 1\\nswiftc /nonexistent/swiftc\\n'; exit 0; fi
      echo 'Swift version 6.0.3 (swift-6.0.3-RELEASE)'
      """)
    #expect(throws: BenchError.software("\(script) is a wrapper of /nonexistent/swiftc, which is missing")) {
      try ToolchainLocator.inspect(swiftcPath: script)
    }
  }

  @Test(.enabled(if: InstalledToolchain.wrapper("debian-6.0") != nil, "needs scripts/install-toolchain.sh debian-6.0"))
  func theInstalledSwift60IsNamedByItsRoot() throws {
    let wrapper = try #require(InstalledToolchain.wrapper("debian-6.0"))
    let info = try ToolchainLocator.inspect(swiftcPath: wrapper, name: "swift-6.0")
    #expect(info.version == "6.0.3")
    #expect(info.buildConfiguration == "release")
    #expect(info.target == "x86_64-pc-linux-gnu")
    let compiler = try #require(info.wrappedCompiler)
    #expect(compiler.hasSuffix("/debian-6.0/root/usr/bin/swiftc"))
    // The frontend inside the root, not the wrapper script, is what the fingerprint describes.
    #expect(info.executableFingerprint?.contains("swift-frontend:") == true)
    #expect(info.executableFingerprint == ToolchainLocator.fingerprint(compiler))
  }
}
