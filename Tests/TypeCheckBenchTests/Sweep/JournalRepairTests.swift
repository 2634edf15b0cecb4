import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// A torn last journal line (power cut, full disk, kill mid-write) is truncated away on open, never glued to.
@Suite struct JournalRepairTests {
  /// A finished 12-sample run (6 points, an instrumented and a timed compile each) whose journal then loses the second
  /// half of its last line.
  static func tornRun(in temp: TemporaryDirectory) throws -> (URL, FakeCompiler) {
    let fake = try FakeCompiler(in: temp)
    let folder = temp.url.appendingPathComponent("run")
    let outcome = FaultInjectionTests.run(fake, into: folder)
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let journal = folder.appendingPathComponent("samples.jsonl")
    let data = try Data(contentsOf: journal)
    let lastStart = data.dropLast().lastIndex(of: 0x0A)! + 1
    let torn = data.prefix(lastStart + (data.count - lastStart) / 2)
    try torn.write(to: journal)
    // The run.json written at the end holds every sample: make it the plan-only record of an interrupted run.
    var record = try RecordStore.sweep(folder)
    record.samples = []
    record.provenance.finishedAt = nil
    try ReportRenderer.runJSON(record).write(
      to: folder.appendingPathComponent("run.json"), atomically: true, encoding: .utf8)
    return (folder, fake)
  }

  @Test func aTornLastLineIsRemovedOnceAndTheRunStaysResumable() throws {
    let temp = try TemporaryDirectory()
    let (folder, fake) = try Self.tornRun(in: temp)
    let journal = folder.appendingPathComponent("samples.jsonl")
    let first = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(first.status == 0, "\(first.transcript)")
    #expect(first.output.filter { $0.hasPrefix("Repaired ") }.count == 1, "\(first.transcript)")
    #expect(first.output.contains("Resuming \(folder.path): 11 samples already taken."), "\(first.transcript)")
    // The torn sample was measured again: 12 compiles, then 1.
    #expect(fake.invocations == 13)
    // Every line is a whole sample; later opens neither repair nor refuse.
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
    #expect(lines.count == 12)
    for line in lines { _ = try JSONDecoder().decode(TypeCheckSample.self, from: Data(line.utf8)) }
    #expect(try RecordStore.sweep(folder).samples.count == 12)
    let again = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(again.status == 0, "\(again.transcript)")
    #expect(!again.output.contains { $0.hasPrefix("Repaired ") })
    let reuse = bench(
      [
        "run", "--swiftc", fake.path, "-o", temp.url.appendingPathComponent("reuse").path, "--reuse", folder.path,
        "--quiet",
      ] + FaultInjectionTests.sweep)
    #expect(reuse.status == 0, "\(reuse.transcript)")
  }

  @Test func appendingAfterATornLineStartsANewLine() throws {
    let temp = try TemporaryDirectory()
    let url = temp.url.appendingPathComponent("samples.jsonl")
    let sample = TypeCheckSample(
      caseID: "a", toolchain: "default", iteration: 0, outcome: .ok, wallSeconds: 1, userSeconds: 1,
      systemSeconds: 0, maxRSSBytes: 1, caseMilliseconds: 1, stats: [:])
    try Data("{\"caseID\":\"a\",\"tool".utf8).write(to: url)
    #expect(try SampleJournal.repair(url) == .truncated(bytes: 19))
    try SampleJournal(url: url).append(sample)
    #expect(try SampleJournal.read(url) == [sample])
    // A whole sample that only lacks its newline is kept.
    var line = try JSONEncoder().encode(sample)
    try line.write(to: url)
    #expect(try SampleJournal.repair(url) == .completed)
    line.append(0x0A)
    #expect(try Data(contentsOf: url) == line)
    #expect(try SampleJournal.repair(url) == Repair.none)
  }

  typealias Repair = SampleJournal.Repair
}
