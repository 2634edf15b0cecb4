import Escaping
import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `bench report RUN --check` (scripts/check-results.sh runs it on every committed run): a folder `bench run` wrote
/// passes; one changed byte, a missing or an extra file fails in one line naming the folder and the file.
@Suite struct ReportCheckTests {
  /// A run written by `bench run` with a fake compiler: per-kind goes censored at depth 2, so its depth-3 case is
  /// never compiled and has no file, while the unified series runs to depth 3.
  private func measuredRun(in temp: TemporaryDirectory) throws -> URL {
    let censored = CaseSpec(model: .perKind, depth: 2).id
    let fake = try FakeCompiler(
      in: temp,
      scenario: FaultInjectionTests.when(
        censored,
        "echo \"$file:9:5: error: the compiler is unable to type-check this expression in reasonable time; "
          + "try breaking up the expression into distinct sub-expressions\" >&2; exit 1"))
    let folder = temp.url.appendingPathComponent("run")
    let outcome = bench([
      "run", "--swiftc", fake.path, "--depth", "1...3", "--runs", "1", "--warmup", "0", "-o", folder.path, "--quiet",
      // The legacy surfaces: one module per model (an SDK surface's modules are checked in SDKSurfaceRunTests).
      "--surface", "ios18,idealised",
    ])
    try #require(outcome.status == 0, "\(outcome.transcript)")
    return folder
  }

  /// Replaces the byte at `offset` of `file` by a different one.
  private func changeOneByte(of file: URL, at offset: Int = 120) throws {
    var data = try Data(contentsOf: file)
    data[offset] = data[offset] == UInt8(ascii: "Z") ? UInt8(ascii: "Y") : UInt8(ascii: "Z")
    try data.write(to: file)
  }

  @Test func aFolderBenchRunWrotePassesItsCheck() throws {
    let temp = try TemporaryDirectory()
    let folder = try measuredRun(in: temp)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cases").path)
    // What the run wrote, independently of the check: two modules, reproduce.sh, five compiled cases.
    #expect(files.filter { $0.hasPrefix("Mini") }.count == 2)
    #expect(files.contains("reproduce.sh"))
    #expect(!files.contains(CaseSpec(model: .perKind, depth: 3).id + ".swift"))
    #expect(files.filter { $0.hasPrefix("nesting-") }.count == 5)
    let outcome = bench(["report", folder.path, "--check"])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    // samples.csv, summary.csv, report.md, index.html and the nesting time and scopes charts.
    let said = outcome.output.last ?? ""
    #expect(
      said.hasSuffix("run.json, 6 reports and 8 files in cases/ are what this bench writes from run.json"), "\(said)")
  }

  @Test(arguments: ["module", "case", "report.md", "summary.csv", "charts/nesting-scopes.svg", "run.json"])
  func oneChangedByteFailsNamingTheFile(_ what: String) throws {
    let temp = try TemporaryDirectory()
    let folder = try measuredRun(in: temp)
    let cases = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cases").path)
    let path =
      switch what {
      case "module": "cases/" + cases.first { $0.hasPrefix("MiniUnified") }!
      case "case": "cases/" + CaseSpec(model: .unified, depth: 2).id + ".swift"
      default: what
      }
    var changed = path
    if what == "run.json" {
      // A changed run.json is another record (one digit of its start time): the reports no longer match it, and the
      // first of them in path order is named.
      let url = folder.appendingPathComponent(path)
      let text = try String(contentsOf: url, encoding: .utf8)
      let start = try #require(text.range(of: "\"startedAt\" : \"2"))
      try text.replacingCharacters(in: start, with: "\"startedAt\" : \"1").write(
        to: url, atomically: true, encoding: .utf8)
      changed = "index.html"
    } else {
      try changeOneByte(of: folder.appendingPathComponent(path))
    }
    let outcome = bench(["report", folder.path, "--check"])
    #expect(outcome.status == 65)
    #expect(outcome.errors.count == 1, "\(outcome.transcript)")
    let line = outcome.errors.first ?? ""
    #expect(line.hasPrefix("bench: \(folder.path): "), "\(line)")
    #expect(
      line.contains(" files differ from what this bench writes from its run.json; first: \(changed) differs"),
      "\(line)")
  }

  @Test func aMissingOrExtraFileFails() throws {
    let temp = try TemporaryDirectory()
    let folder = try measuredRun(in: temp)
    let reproduce = folder.appendingPathComponent("cases/reproduce.sh")
    try FileManager.default.removeItem(at: reproduce)
    var line = bench(["report", folder.path, "--check"]).errors.first ?? ""
    #expect(line.hasSuffix("first: cases/reproduce.sh is missing"), "\(line)")
    try Data(ReproduceScript.text.utf8).write(to: reproduce)
    try Data("// mine\n".utf8).write(to: folder.appendingPathComponent("cases/MiniPerKindSwiftUIPack.swift"))
    line = bench(["report", folder.path, "--check"]).errors.first ?? ""
    #expect(
      line.hasSuffix("first: cases/MiniPerKindSwiftUIPack.swift is not a file bench writes for this record"), "\(line)")
    // The journal and bench's dot files are not reports: they never count.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("cases/MiniPerKindSwiftUIPack.swift"))
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("samples.jsonl").path))
    #expect(bench(["report", folder.path, "--check"]).status == 0)
  }

  @Test func checkWritesNothingAndRefusesOutputOptions() throws {
    let temp = try TemporaryDirectory()
    let folder = try measuredRun(in: temp)
    #expect(bench(["report", folder.path, "--check", "-o", temp.url.appendingPathComponent("x").path]).status == 64)
    #expect(bench(["report", folder.path, "--check", "--format", "gh-benchmark"]).status == 64)
    #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("x").path))
  }

  /// The docs say --check compares every file, but the sample journal was never looked at: a journal that lost a
  /// sample, or holds one run.json lacks, fails the check now, naming the sample.
  @Test func theJournalIsCheckedAgainstTheRecord() throws {
    let temp = try TemporaryDirectory()
    let folder = try measuredRun(in: temp)
    #expect(bench(["report", folder.path, "--check"]).status == 0)
    let journal = folder.appendingPathComponent("samples.jsonl")
    let original = try String(contentsOf: journal, encoding: .utf8)
    var lines = original.split(separator: "\n").map(String.init)
    let first = try JSONFormat.decode(TypeCheckSample.self, from: Data(lines[0].utf8))
    lines.removeFirst()
    try (lines.joined(separator: "\n") + "\n").write(to: journal, atomically: true, encoding: .utf8)
    let lost = bench(["report", folder.path, "--check"])
    #expect(lost.status == 65, "\(lost.transcript)")
    #expect(
      lost.errors.first?.contains(
        "samples.jsonl lacks a sample run.json holds (\(first.caseID)@\(first.toolchain) iteration 0)") == true,
      "\(lost.transcript)")
    var extra = first
    extra.caseID = CaseSpec(model: .unified, depth: 9).id
    try (original + (try JSONFormat.line(extra)) + "\n").write(to: journal, atomically: true, encoding: .utf8)
    let added = bench(["report", folder.path, "--check"])
    #expect(added.status == 65, "\(added.transcript)")
    #expect(added.errors.first?.contains("samples.jsonl holds a sample run.json lacks") == true, "\(added.transcript)")
  }
}
