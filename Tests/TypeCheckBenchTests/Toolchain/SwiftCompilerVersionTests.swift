import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

@Suite struct SwiftCompilerVersionTests {
  @Test func readsALinuxRelease() {
    let version = SwiftCompilerVersion(
      versionText: "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu")
    #expect(version == SwiftCompilerVersion(version: "6.3.1", assertionsEnabled: false))
  }

  @Test func readsAnAppleRelease() {
    let version = SwiftCompilerVersion(
      versionText: "Apple Swift version 6.1 (swiftlang-6.1.0.110.21 clang-1700.0.13.3)\nTarget: arm64-apple-macosx15.0")
    #expect(version == SwiftCompilerVersion(version: "6.1", assertionsEnabled: false))
  }

  @Test func readsXcodesDriverPrefixedLine() {
    let version = SwiftCompilerVersion(
      versionText: """
        swift-driver version: 1.115.1 Apple Swift version 6.0.3 (swiftlang-6.0.3.1.10 clang-1600.0.30.1)
        Target: arm64-apple-macosx15.0
        """)
    #expect(version == SwiftCompilerVersion(version: "6.0.3", assertionsEnabled: false))
  }

  @Test func readsAnOlderLinuxRelease() {
    let version = SwiftCompilerVersion(versionText: "Swift version 5.10.1 (swift-5.10.1-RELEASE)")
    #expect(version == SwiftCompilerVersion(version: "5.10.1", assertionsEnabled: false))
  }

  @Test func flagsADevelopmentSnapshot() {
    let version = SwiftCompilerVersion(
      versionText:
        "Swift version 6.2-dev (LLVM fa1f889407fc8ca, Swift 4b8a9bbe3e0c6a9)\nTarget: x86_64-unknown-linux-gnu")
    #expect(version == SwiftCompilerVersion(version: "6.2-dev", assertionsEnabled: true))
  }

  @Test func flagsAnAssertionsBuildConfig() {
    let version = SwiftCompilerVersion(
      versionText: """
        Apple Swift version 6.2-dev (LLVM 81ab6d9f7e4810f, Swift 9cc1947527bacea)
        Target: arm64-apple-macosx15.0
        Build config: +assertions
        """)
    #expect(version?.assertionsEnabled == true)
    #expect(version?.version == "6.2-dev")
  }

  @Test func flagsASnapshotNamedInTheText() {
    let version = SwiftCompilerVersion(versionText: "Swift version 6.2 (swift-6.2-DEVELOPMENT-SNAPSHOT-2025-06-25-a)")
    #expect(version == SwiftCompilerVersion(version: "6.2", assertionsEnabled: true))
  }

  @Test func refusesTextThatIsNoSwiftVersion() {
    #expect(SwiftCompilerVersion(versionText: "hello") == nil)
    #expect(SwiftCompilerVersion(versionText: "") == nil)
    #expect(SwiftCompilerVersion(versionText: "clang version 17.0.0") == nil)
    #expect(SwiftCompilerVersion(versionText: "Swift version unknown") == nil)
  }
}
