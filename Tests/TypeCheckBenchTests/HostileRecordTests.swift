import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// Ids read from records become file names and page text: outside the strict character set they are bad data.
@Suite struct HostileRecordTests {
  /// A site with a valid history, then one crafted line.
  static func site(in temp: TemporaryDirectory, crafted edit: (inout [String: Any]) -> Void) throws -> URL {
    let run = try FaultInjectionTests.validRun(in: temp)
    let site = temp.url.appendingPathComponent("site")
    #expect(bench(["history", site.path, "--append", run.path]).status == 0)
    let historyURL = site.appendingPathComponent("history.jsonl")
    let firstLine = try String(contentsOf: historyURL, encoding: .utf8).split(separator: "\n")[0]
    var entry = try #require(try JSONSerialization.jsonObject(with: Data(firstLine.utf8)) as? [String: Any])
    edit(&entry)
    let crafted = String(decoding: try JSONSerialization.data(withJSONObject: entry), as: UTF8.self)
    let handle = try FileHandle(forWritingTo: historyURL)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data((crafted + "\n").utf8))
    try handle.close()
    return site
  }

  @Test(arguments: [
    ("caseID", "../../escape"), ("caseID", "nesting/../../../escape"), ("runID", "<script>alert(1)</script>"),
    ("toolchain", "a\"><img src=x>"), ("caseID", ".hidden"), ("runID", ""),
  ])
  func aHistoryWithAHostileIdIsRefusedAndNothingIsWritten(_ field: String, _ value: String) throws {
    let temp = try TemporaryDirectory()
    let site = try Self.site(in: temp) { $0[field] = value }
    let before = try OutputFolderTests.snapshot(temp.url)
    let outcome = bench(["history", site.path])
    #expect(outcome.status == 65, "\(outcome.transcript)")
    #expect(outcome.errors.count == 1)
    #expect(outcome.errors.first?.contains("history line 2: ") == true, "\(outcome.transcript)")
    #expect(outcome.errors.first?.contains("is not an identifier") == true, "\(outcome.transcript)")
    #expect(try OutputFolderTests.snapshot(temp.url) == before)
  }

  @Test(arguments: ["runID", "toolchain", "caseID"])
  func aRecordWithAHostileIdIsRefused(_ field: String) throws {
    let temp = try TemporaryDirectory()
    let valid = try FaultInjectionTests.validRun(in: temp)
    let record = valid.appendingPathComponent("run.json")
    var object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: record)) as? [String: Any])
    switch field {
    case "runID": object["runID"] = "../<script>"
    case "toolchain":
      var toolchains = object["toolchains"] as! [[String: Any]]
      toolchains[0]["name"] = "../x"
      object["toolchains"] = toolchains
    default:
      var samples = object["samples"] as! [[String: Any]]
      samples[0]["caseID"] = "../../x"
      object["samples"] = samples
    }
    try JSONSerialization.data(withJSONObject: object).write(to: record)
    for arguments in [["report", valid.path], ["run", "--resume", valid.path], ["compare", valid.path, valid.path]] {
      let outcome = bench(arguments)
      #expect(outcome.status == 65, "\(arguments): \(outcome.transcript)")
      #expect(outcome.errors.first?.contains("is not an identifier") == true, "\(arguments): \(outcome.transcript)")
    }
  }

  @Test func aJournalLineWithAHostileCaseIdIsRefusedOnResume() throws {
    let temp = try TemporaryDirectory()
    let folder = try FaultInjectionTests.validRun(in: temp)
    let journal = folder.appendingPathComponent("samples.jsonl")
    let text = try String(contentsOf: journal, encoding: .utf8)
    try text.replacingOccurrences(of: "\"caseID\":\"", with: "\"caseID\":\"..\\/").write(
      to: journal, atomically: true, encoding: .utf8)
    let outcome = bench(["run", "--resume", folder.path])
    #expect(outcome.status == 65, "\(outcome.transcript)")
  }

  @Test func aRunOrMergeFolderNameBecomesAValidRunId() throws {
    let temp = try TemporaryDirectory()
    let run = try FaultInjectionTests.validRun(in: temp)
    let merged = temp.url.appendingPathComponent("my merged <run>")
    let outcome = bench(["merge", run.path, "-o", merged.path])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    #expect(try RecordStore.sweep(merged).runID == "my-merged--run-")
    #expect(RecordID.sanitized("..hidden") == "hidden")
    #expect(RecordID.isValid("20261122-071500-nesting+branches"))
  }
}
