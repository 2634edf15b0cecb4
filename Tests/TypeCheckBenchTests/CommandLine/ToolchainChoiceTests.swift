import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `--toolchain` replaces the default swiftc, and every run says which compilers it measures.
@Suite struct ToolchainChoiceTests {
  static func toolchain(_ name: String, flags: [String] = []) -> ToolchainInfo {
    ToolchainInfo(
      name: name, swiftcPath: "/opt/swift/usr/bin/swiftc",
      versionText: "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu", version: "6.3.1",
      extraFlags: flags, assertionsEnabled: false)
  }

  @Test func aRunNamesItsCompilersAndWhetherTheDefaultIsAmongThem() {
    #expect(
      RunCommand.toolchainLine([Self.toolchain("default")], named: false)
        == "Toolchains: default = /opt/swift/usr/bin/swiftc (Swift 6.3.1, release, x86_64-unknown-linux-gnu)")
    let named = RunCommand.toolchainLine(
      [Self.toolchain("base"), Self.toolchain("noprep", flags: ["-Xfrontend", "-solver-disable-prepared-overloads"])],
      named: true)
    #expect(
      named.hasPrefix(
        "Toolchains: base = /opt/swift/usr/bin/swiftc (Swift 6.3.1, release, x86_64-unknown-linux-gnu), noprep = "))
    #expect(named.contains("flags -Xfrontend -solver-disable-prepared-overloads"))
    #expect(
      named.hasSuffix(
        "the default swiftc is not measured (--toolchain replaces it; add --toolchain default=PATH to keep it)"))
    #expect(
      !RunCommand.toolchainLine([Self.toolchain("default"), Self.toolchain("b")], named: true).contains("not measured"))
  }

  @Test func theHelpSaysThatNamedCompilersReplaceTheDefault() {
    let outcome = bench(["run", "--help"])
    #expect(outcome.output.joined(separator: " ").contains("replaces the default swiftc"))
  }
}
