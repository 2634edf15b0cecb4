import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The start every run goes through (`Pipeline.start`): a plan that cannot be prepared takes its folder back.
@Suite struct PipelineStartTests {
  /// A corpus whose test is gone by the time its cases are written (moved between planning and preparing) fails
  /// before its first compile and leaves no run behind: no folder, no run.json to resume. Before the one pipeline a
  /// corpus wrote its plan first and left the folder.
  @Test func aCorpusThatCannotBePreparedLeavesNoRunBehind() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let toolchain = try ToolchainLocator.inspect(swiftcPath: fake.path, name: "fake", extraFlags: [])
    let gone = temp.url.appendingPathComponent("gone.swift").path
    let test = CorpusTest.read(
      path: "gone.swift", id: "gone", source: gone, text: "// RUN: %target-typecheck-verify-swift\nlet x = 1\n",
      features: .host(operatingSystem: "linux", cpu: "x86_64", assertionsEnabled: false))
    let folder = temp.url.appendingPathComponent("run")
    do {
      _ = try Pipeline.start(
        .init(output: folder.path, results: temp.url.path, base: "unused"),
        plan: { runID in
          CorpusPlan(
            record: CorpusRecord(
              runID: runID,
              provenance: .measuring(
                command: "corpus", arguments: [], measurementVersion: CorpusCommand.measurementVersion, runs: 1,
                warmup: 0, timeout: 60, jobs: 1),
              toolchains: [toolchain], ignoredRequirements: [], tests: [test]))
        }, quiet: true, output: { _ in }, warn: { _ in })
      Issue.record("a corpus whose test is gone started")
    } catch {
      #expect(BenchError.reason(error).contains("\(gone): cannot read the test"), "\(error)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path))
    #expect(fake.invocations == 0)
  }
}
