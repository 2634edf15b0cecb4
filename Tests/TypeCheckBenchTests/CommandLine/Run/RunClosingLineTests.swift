import Foundation
import TestSupport
import Testing

@testable import TypeCheckBench

/// The line a run ends with names what it wrote, and nothing it did not: `--format csv` once ended with "Wrote
/// report.md (and … charts/, index.html)" though it wrote neither.
@Suite struct RunClosingLineTests {
  @Test(arguments: [
    ("csv", "run.json (and samples.csv, summary.csv)"),
    ("md", "report.md (and run.json)"),
    ("md,svg", "report.md (and run.json, charts/)"),
    ("json", "run.json"),
    // Named rather than `all`, so that a format added to bench leaves this line as it is.
    ("csv,md,json,svg,html", "report.md (and run.json, samples.csv, summary.csv, charts/, index.html)"),
  ])
  func theClosingLineNamesWhatTheFormatsWrote(_ format: String, _ expected: String) throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let folder = temp.url.appendingPathComponent("run")
    let outcome = bench([
      "run", "--depth", "1", "--model", "unified", "--runs", "1", "--warmup", "0", "--framework", "inline",
      "--swiftc", fake.path, "--quiet", "--format", format, "-o", folder.path,
    ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    #expect(outcome.output.last == "Wrote \(folder.path)/\(expected)", "\(outcome.transcript)")
    // Every file the run wrote beside its cases and journal is named, and every name is there.
    let written = Set(
      try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
        !$0.hasPrefix(".") && $0 != "cases" && $0 != "samples.jsonl"
      }.map { $0 == "charts" ? "charts/" : $0 })
    let named = Set(
      expected.replacingOccurrences(of: " (and ", with: ", ").replacingOccurrences(of: ")", with: "")
        .components(separatedBy: ", "))
    #expect(written == named, "\(written.sorted())")
  }

  @Test func aFidelityRunLeadsWithItsClaims() {
    let line = RunFolder.writtenLine(
      "/r", paths: ["charts/a.svg", "fidelity.md", "index.html", "report.md", "run.json", "samples.csv", "summary.csv"])
    #expect(line == "Wrote /r/fidelity.md (and run.json, report.md, samples.csv, summary.csv, charts/, index.html)")
  }
}
