import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

/// The revision recorded in a run is bench's own, from the checkout it was built from, not the current directory's.
@Suite struct HostFactsTests {
  @Test func theRevisionIsTheCheckoutBenchWasBuiltFrom() throws {
    let git = try #require(
      ["/usr/bin/git", "/usr/local/bin/git"].first { FileManager.default.isExecutableFile(atPath: $0) }, "no git")
    let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    let head = try ProcessRunner.run(git, ["-C", packageRoot.path, "rev-parse", "--short=12", "HEAD"], timeout: 10)
    try #require(head.status.isSuccess, "this package is not a git checkout")
    let revision = HostFacts.gitRevision()
    #expect(revision.hasPrefix(head.stdoutText.trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(revision.count == 12 || revision.hasSuffix("-modified"), "\(revision)")
  }

  @Test func aBuildOutsideAnyCheckoutIsUnknown() throws {
    #expect(
      HostFacts.gitRevision(sourceFile: "/nonexistent/Sources/TypeCheckBench/System/HostFacts.swift") == "unknown")
    // A package folder that is not a git checkout (the temporary folder is outside any repository).
    let temp = try TemporaryDirectory()
    _ = try temp.file("Package.swift", "// swift-tools-version:6.0\n")
    let source = temp.url.appendingPathComponent("Sources/X/X.swift")
    #expect(
      HostFacts.packageRoot(containing: source.path)?.standardizedFileURL.path == temp.url.standardizedFileURL.path)
    #expect(HostFacts.gitRevision(sourceFile: source.path) == "unknown")
  }
}
