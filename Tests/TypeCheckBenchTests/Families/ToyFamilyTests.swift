import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// A family registered from outside the package's sources goes through generate, run and report like a built-in one.
@Suite struct ToyFamilyTests {
  init() { FamilyRegistry.register(.toy) }

  @Test func generateWritesOneFilePerCaseWithTheToyCode() throws {
    let temp = try TemporaryDirectory()
    let folder = temp.url.appendingPathComponent("cases")
    let outcome = bench(["generate", "--family", "toy", "--width", "1...3", "--model", "unified", "-o", folder.path])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let manifest = try String(contentsOf: folder.appendingPathComponent("manifest.tsv"), encoding: .utf8)
    let files = manifest.split(separator: "\n").dropFirst().map { String($0.split(separator: "\t")[0]) }
    #expect(files == ["toy-unified-w1.swift", "toy-unified-w2.swift", "toy-unified-w3.swift"])
    let source = try String(contentsOf: folder.appendingPathComponent("toy-unified-w3.swift"), encoding: .utf8)
    #expect(source.contains("return p0 + p1 + p2"))
  }

  @Test func runAndReportTreatTheToyFamilyLikeABuiltInOne() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let run = temp.url.appendingPathComponent("run")
    let outcome = bench(
      [
        "run", "--swiftc", fake.path, "--output", run.path, "--quiet", "--family", "toy", "--width", "1,2",
        "--runs", "1", "--warmup", "0",
      ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    // Two widths, both models, one measured compile each.
    #expect(fake.invocations == 4)
    let record = try RecordFile.read(run)
    // The canonical order: series, then the axis.
    #expect(record.cases.map(\.id) == ["toy-per-kind-w1", "toy-per-kind-w2", "toy-unified-w1", "toy-unified-w2"])
    #expect(record.samples.allSatisfy { $0.outcome == .ok })

    let report = temp.url.appendingPathComponent("report")
    let rendered = bench(["report", run.path, "--format", "md,csv", "-o", report.path])
    #expect(rendered.status == 0, "\(rendered.transcript)")
    let markdown = try String(contentsOf: report.appendingPathComponent("report.md"), encoding: .utf8)
    // The descriptor's title and axis head the family's section; the fake's scopes (42) are every point's.
    #expect(markdown.contains("## Toy"))
    #expect(markdown.contains("width"))
    let summary = try String(contentsOf: report.appendingPathComponent("summary.csv"), encoding: .utf8)
    #expect(summary.split(separator: "\r\n").count == 5)
  }
}
