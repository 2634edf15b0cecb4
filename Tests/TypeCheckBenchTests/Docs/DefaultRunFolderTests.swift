import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

/// The README's main job, then `swift test`, as a newcomer runs them on a fresh clone: `bench run` with no output
/// option writes `Results/<UTC time>-nesting` into the repository, and the tests still take only the committed runs
/// for committed runs (`CommittedRuns`): CommittedResultsTests and the headline tables GeneratedDocsTests checks.
@Suite struct DefaultRunFolderTests {
  @Test(.enabled(if: Integration.hasCompiler, "needs an installed swiftc"))
  func aRunWrittenIntoResultsByDefaultIsNoCommittedRun() throws {
    let executable = try #require(BenchExecutable.path, "the bench executable is not built next to the tests")
    let repository = CommittedResultsTests.repository
    let results = CommittedResultsTests.results
    let manager = FileManager.default
    let before = Set(try manager.contentsOfDirectory(atPath: results.path))
    let committed = try CommittedRuns.names(in: repository)
    // The README's command with a one-case sweep, run where the README runs it: the repository's root.
    let run = try ProcessRunner.run(
      executable, ["run", "--depth", "1", "--model", "unified", "--runs", "1", "--warmup", "0", "--quiet"],
      workingDirectory: repository, timeout: 300)
    let added = Set(try manager.contentsOfDirectory(atPath: results.path)).subtracting(before)
    defer { for name in added { try? manager.removeItem(at: results.appendingPathComponent(name)) } }
    #expect(run.status == .exited(0), "\(run.stdoutText)\(run.stderrText)")
    let name = try #require(added.first, "bench run wrote no folder into Results/")
    #expect(added.count == 1 && name.hasSuffix("-nesting"), "\(added)")
    let folder = results.appendingPathComponent(name)
    #expect(manager.fileExists(atPath: folder.appendingPathComponent("run.json").path))
    // The new run is no committed run: the tests' enumerations are what they were.
    // Bound first: Swift 6.0.3's #expect takes no `try` inside its operands.
    let namesNow = try CommittedRuns.names(in: repository)
    let folders = try CommittedResultsTests.runFolders().map(\.lastPathComponent)
    let headlined = try GeneratedDocs.referenceRuns().map(\.name)
    #expect(namesNow == committed)
    #expect(!folders.contains(name))
    #expect(headlined == committed)
    // .gitignore ignores it: the clone's `git status` stays clean.
    if CommittedResultsTests.isCheckout {
      let status = try CommittedResultsTests.git(["status", "--porcelain", "--untracked-files=all", "--", "Results"])
      #expect(!status.stdoutText.contains(name), "\(status.stdoutText)")
    }
  }
}
