import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// Measurement version 2 (timed compiles without instruments, one instrumented compile per point) against the
/// records of version 1: they still load and render, `compare` warns across the versions, `--resume` refuses to mix
/// them.
@Suite struct MeasurementVersionTests {
  /// A run bench measured with version 1 (Results/example-arithmetic-chain as committed at 24c4190, before the
  /// committed runs were re-measured with version 2).
  static let versionOneRun = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures/measurement-version-1", isDirectory: true)

  /// A run of version 1 against a fresh run of version 2.
  @Test func compareWarnsAcrossMeasurementVersions() throws {
    let committed = Self.versionOneRun
    let old = try RecordStore.sweep(committed)
    #expect(old.provenance.measurementVersion == 1)
    #expect(old.samples.allSatisfy { $0.pass == nil })
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let new = temp.url.appendingPathComponent("new")
    let run = bench(
      [
        "run", "--swiftc", fake.path, "-o", new.path, "--quiet", "--template",
        CommittedResultsTests.results.deletingLastPathComponent().appendingPathComponent(
          "examples/templates/arithmetic-chain.swift"
        ).path, "--param", "N=1...2", "--runs", "1", "--warmup", "0",
      ])
    #expect(run.status == 0, "\(run.transcript)")
    #expect(try RecordStore.sweep(new).provenance.measurementVersion == RunCommand.measurementVersion)
    let compared = bench(["compare", committed.path, new.path, "--metric", "scopes"])
    #expect(
      compared.output.contains { $0.contains("Warning: measurement versions differ (BASE 1, NEW 2)") },
      "\(compared.transcript)")
    // An old record renders: its report says how its times were taken.
    let report = temp.url.appendingPathComponent("report")
    #expect(bench(["report", committed.path, "--format", "md", "-o", report.path]).status == 0)
    let markdown = try String(contentsOf: report.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(markdown.contains("Measurement version 1: every compile also armed the expression timer"))
  }

  @Test func resumeRefusesARunOfAnotherMeasurementVersion() throws {
    let temp = try TemporaryDirectory()
    let folder = try FaultInjectionTests.validRun(in: temp)
    var record = try RecordStore.sweep(folder)
    record.provenance.measurementVersion = 1
    record.provenance.finishedAt = nil
    try ReportRenderer.runJSON(record).write(
      to: folder.appendingPathComponent("run.json"), atomically: true, encoding: .utf8)
    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 64, "\(resumed.transcript)")
    #expect(
      resumed.errors.first?.contains("was measured with measurement version 1 and this bench measures with version 2")
        == true, "\(resumed.transcript)")
  }
}
