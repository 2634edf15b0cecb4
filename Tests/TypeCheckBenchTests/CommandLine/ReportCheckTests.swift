import Escaping
import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `bench report RUN --check` (CommittedResultsTests runs it on every committed run): a folder `bench run` wrote
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

  /// The reports a run folder holds, found independently of the check: each file outside cases/ but run.json, the
  /// journal and bench's dot files (samples.csv, summary.csv, report.md, index.html and the charts, and the files of
  /// a format added since).
  static func reports(in folder: URL) throws -> [String] {
    try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
      !$0.hasPrefix("cases") && !$0.hasPrefix(".") && $0 != "charts" && $0 != "run.json" && $0 != "samples.jsonl"
    }
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
    let reports = try Self.reports(in: folder)
    #expect(reports.count >= 6 && reports.contains("charts/nesting-scopes.svg"), "\(reports)")
    let said = outcome.output.last ?? ""
    #expect(
      said.hasSuffix(
        "run.json, \(reports.count) reports and 8 files in cases/ are what this bench writes from run.json"),
      "\(said)")
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
    #expect(
      line.hasSuffix(
        "first: cases/reproduce.sh is missing; `bench generate --from \(folder.path)` writes it"), "\(line)")
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

  /// A folder holding no file of a format (as a run written before bench gained it) passes its check: the formats it
  /// holds are compared. Holding one of the format's files, changed, fails naming it; so does one of several missing.
  /// The charts are the exception: report.md links them, so a folder without them fails at report.md.
  @Test(arguments: ReportFormat.reports) func aFormatTheFolderHoldsNoFileOfIsNotCompared(_ format: ReportFormat) throws
  {
    let temp = try TemporaryDirectory()
    let folder = try measuredRun(in: temp)
    // The format's files, found by their extension, independently of the check.
    let paths = try FileManager.default.subpathsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix("." + format.rawValue) && !$0.hasPrefix("cases/")
    }.sorted()
    let first = try #require(paths.first, "the run wrote no .\(format.rawValue) file")
    let original = try Data(contentsOf: folder.appendingPathComponent(first))
    for path in paths { try FileManager.default.removeItem(at: folder.appendingPathComponent(path)) }
    let without = bench(["report", folder.path, "--check"])
    if format == .svg {
      #expect(without.status == 65, "\(without.transcript)")
      #expect(without.errors.first?.contains("first: report.md differs") == true, "\(without.transcript)")
    } else {
      #expect(without.status == 0, "\(without.transcript)")
    }
    // --format names the formats to compare: a format named must be there.
    let named = bench(["report", folder.path, "--check", "--format", format.rawValue])
    #expect(named.status == 65, "\(named.transcript)")
    #expect(named.errors.first?.contains("first: \(first) is missing") == true, "\(named.transcript)")
    try original.write(to: folder.appendingPathComponent(first))
    try changeOneByte(of: folder.appendingPathComponent(first), at: 10)
    let changed = bench(["report", folder.path, "--check"])
    #expect(changed.status == 65, "\(changed.transcript)")
    #expect(changed.errors.first?.contains("first: \(first) differs") == true, "\(changed.transcript)")
    if paths.count > 1 {
      try original.write(to: folder.appendingPathComponent(first))
      let missing = bench(["report", folder.path, "--check"])
      #expect(missing.status == 65, "\(missing.transcript)")
      #expect(missing.errors.first?.contains("first: \(paths[1]) is missing") == true, "\(missing.transcript)")
    }
  }

  /// `--format` names the formats compared: the folder's files of the others are left alone.
  @Test func checkWithFormatComparesOnlyThose() throws {
    let temp = try TemporaryDirectory()
    let folder = try measuredRun(in: temp)
    try changeOneByte(of: folder.appendingPathComponent("index.html"))
    #expect(bench(["report", folder.path, "--check", "--format", "csv,md"]).status == 0)
    let all = bench(["report", folder.path, "--check"])
    #expect(all.errors.first?.contains("first: index.html differs") == true, "\(all.transcript)")
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

  /// The generated sources (case files and modules) of `folder`'s cases/, by name, removed from the folder as a
  /// committed run lacks them; its journal goes too, as a committed run's does.
  private func removeGeneratedSources(of folder: URL) throws -> [String: Data] {
    let cases = folder.appendingPathComponent("cases")
    var removed: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: cases.path) where name.hasSuffix(".swift") {
      removed[name] = try Data(contentsOf: cases.appendingPathComponent(name))
      try FileManager.default.removeItem(at: cases.appendingPathComponent(name))
    }
    try FileManager.default.removeItem(at: folder.appendingPathComponent("samples.jsonl"))
    return removed
  }

  /// A committed run keeps its record, not its generated sources: without them the folder still passes, the check
  /// regenerating each from run.json; `bench generate --from` writes back exactly what the run wrote.
  @Test func aFolderWithoutItsGeneratedSourcesPassesAndGenerateFromWritesThemBack() throws {
    let temp = try TemporaryDirectory()
    let folder = try measuredRun(in: temp)
    let written = try removeGeneratedSources(of: folder)
    #expect(written.count == 7)
    let reports = try Self.reports(in: folder).count
    let outcome = bench(["report", folder.path, "--check"])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    #expect(
      outcome.output.last?.hasSuffix(
        "run.json, \(reports) reports and 8 files in cases/ (7 of them regenerated, as the run measured them) are what this "
          + "bench writes from run.json") == true, "\(outcome.transcript)")
    let generate = bench(["generate", "--from", folder.path])
    #expect(generate.status == 0, "\(generate.transcript)")
    let cases = folder.appendingPathComponent("cases")
    for (name, data) in written {
      #expect(FileManager.default.contents(atPath: cases.appendingPathComponent(name).path) == data, "\(name)")
    }
    #expect(bench(["report", folder.path, "--check"]).output.last?.contains("regenerated") == false)
    // Elsewhere with -o; a sweep option with --from is refused, the sweep being the record's.
    let elsewhere = temp.url.appendingPathComponent("elsewhere")
    #expect(
      bench(["generate", "--from", folder.appendingPathComponent("run.json").path, "-o", elsewhere.path]).status == 0)
    #expect(
      Set(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).filter { !$0.hasPrefix(".") })
        == Set(written.keys).union(["reproduce.sh"]))
    let refused = bench(["generate", "--from", folder.path, "--depth", "2"])
    #expect(refused.status == 64 && refused.errors.first?.contains("drop --depth") == true, "\(refused.transcript)")
  }

  /// Without the sources, what the run recorded of them still catches a generator that no longer writes what was
  /// measured: a sample's cache key hashes the source it compiled, and a module's name a hash of its source. Here
  /// the record is changed instead of the generator, which is the same mismatch seen from the other side.
  @Test(arguments: ["cache key", "module name"])
  func aSourceThatNoLongerRegeneratesAsMeasuredFails(_ what: String) throws {
    let temp = try TemporaryDirectory()
    let folder = try measuredRun(in: temp)
    _ = try removeGeneratedSources(of: folder)
    let url = folder.appendingPathComponent("run.json")
    var text = try String(contentsOf: url, encoding: .utf8)
    let record = try RecordStore.sweep(folder)
    let (old, new, named): (String, String, String)
    if what == "cache key" {
      let sample = try #require(record.samples.first)
      let key = try #require(sample.cacheKey)
      (old, new) = (key, String(key.dropLast()) + (key.hasSuffix("0") ? "1" : "0"))
      named =
        "cases/\(sample.caseID).swift, as this bench generates it from run.json, differs from what the run measured"
    } else {
      let module = try #require(record.moduleBuilds.first?.module)
      (old, new) = (module, module + "0")
      named = "cases/\(new).swift differs: the run built this module, and this bench generates no module of that name"
    }
    let range = try #require(text.range(of: old))
    text.replaceSubrange(range, with: new)
    try text.write(to: url, atomically: true, encoding: .utf8)
    let outcome = bench(["report", folder.path, "--check"])
    #expect(outcome.status == 65)
    #expect(outcome.errors.first?.contains("first: \(named)") == true, "\(outcome.transcript)")
    // Nor are they regenerated as if they were what the run measured.
    let generate = bench(["generate", "--from", folder.path])
    #expect(generate.status == 65)
    #expect(
      generate.errors.first?.contains("this bench does not generate the sources the run measured: \(named)") == true,
      "\(generate.transcript)")
    let left = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("cases").path)
    #expect(left.filter { !$0.hasPrefix(".") } == ["reproduce.sh"])
  }

  /// A run.json in the pretty-printed layout bench wrote before the record layout is the same record: it reads, and
  /// passes the check; `bench report` rewrites it in the record layout without changing a value.
  @Test func aRunJSONInThePrettyLayoutPassesAndRewritesUnchanged() throws {
    let temp = try TemporaryDirectory()
    let folder = try measuredRun(in: temp)
    let url = folder.appendingPathComponent("run.json")
    let record = try RecordStore.sweep(folder)
    let recordLayout = try String(contentsOf: url, encoding: .utf8)
    let pretty = try ReportRenderer.legacyRunJSON(record)
    #expect(pretty != recordLayout)
    #expect(recordLayout.split(separator: "\n").count < pretty.split(separator: "\n").count / 4)
    try pretty.write(to: url, atomically: true, encoding: .utf8)
    #expect(try RecordStore.sweep(folder) == record)
    let outcome = bench(["report", folder.path, "--check"])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    #expect(bench(["report", folder.path, "--format", "json"]).status == 0)
    #expect(try String(contentsOf: url, encoding: .utf8) == recordLayout)
    // Independently of bench's decoder: the two texts hold the same JSON value.
    let values = try [pretty, recordLayout].map {
      try JSONSerialization.jsonObject(with: Data($0.utf8)) as? NSDictionary
    }
    #expect(values[0] != nil && values[0] == values[1])
  }
}
