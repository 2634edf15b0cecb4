import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

@Suite struct ToolchainLocatorTests {
  @Test func refusesAMissingPath() throws {
    let missing = "/nonexistent/TypeCheckBench/swiftc"
    #expect(throws: BenchError.software("swiftc not found: \(missing)")) {
      try ToolchainLocator.inspect(swiftcPath: missing)
    }
  }

  @Test func refusesAFileThatIsNotExecutable() throws {
    let folder = try TemporaryDirectory()
    let file = try folder.file("swiftc", "#!/bin/sh\necho 'Swift version 6.3.1'\n")
    #expect(throws: BenchError.software("swiftc is not executable: \(file.path)")) {
      try ToolchainLocator.inspect(swiftcPath: file.path)
    }
  }

  @Test func refusesAProgramThatIsNotASwiftCompiler() throws {
    let folder = try TemporaryDirectory()
    let script = try folder.script("swiftc", "echo hello")
    do {
      _ = try ToolchainLocator.inspect(swiftcPath: script)
      Issue.record("accepted")
    } catch let error as BenchError {
      #expect(error.exitStatus == 70)
      #expect(error.description.contains(script))
      #expect(error.description.contains("hello"))
      #expect(!error.description.contains("\n"))
    }
  }

  @Test func describesAFakeCompiler() throws {
    let folder = try TemporaryDirectory()
    let script = try folder.script(
      "swiftc", "echo 'Swift version 6.2-dev (LLVM abc, Swift def)'\necho 'Target: x86_64-unknown-linux-gnu'")
    let info = try ToolchainLocator.inspect(swiftcPath: script, name: "nightly", extraFlags: ["-swift-version", "5"])
    #expect(info.name == "nightly")
    #expect(info.swiftcPath == script)
    #expect(info.version == "6.2-dev")
    #expect(info.assertionsEnabled)
    #expect(info.extraFlags == ["-swift-version", "5"])
    #expect(info.versionText == "Swift version 6.2-dev (LLVM abc, Swift def)\nTarget: x86_64-unknown-linux-gnu")
  }

  @Test(.enabled(if: InstalledCompiler.isAvailable, "needs an installed swiftc"))
  func describesTheInstalledCompiler() throws {
    let info = try ToolchainLocator.inspect(swiftcPath: try InstalledCompiler.required())
    #expect(info.versionText.contains("Swift version \(info.version)"))
    #expect(info.version.first?.isNumber == true)
  }

  @Test func prefersTheExplicitPathThenTheEnvironmentThenPATH() throws {
    let folder = try TemporaryDirectory()
    let onPath = try folder.script("swiftc", "exit 0")
    let environment = ["SWIFTC": "/from/environment/swiftc", "PATH": "/nonexistent:\(folder.url.path)"]
    #expect(
      try ToolchainLocator.locateSwiftc(explicitPath: "/explicit/swiftc", environment: environment)
        == "/explicit/swiftc")
    #expect(try ToolchainLocator.locateSwiftc(environment: environment) == "/from/environment/swiftc")
    #expect(try ToolchainLocator.locateSwiftc(environment: ["PATH": folder.url.path]) == onPath)
    #expect(try ToolchainLocator.locateSwiftc(explicitPath: "swiftc", environment: ["PATH": folder.url.path]) == onPath)
  }
}
