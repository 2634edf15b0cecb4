import Escaping
import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// `bench corpus` ends as `bench run` does (one finish stage): reports that cannot be written stop the run with every
/// compile kept, and the resume finishes it. (A full disk: DiskFullTests, for both.)
@Suite(.serialized) struct CorpusFaultTests {
  /// A scale test of four compiles (N = 1…4: `--end` is not taken), run by a fake compiler acting out `scenario`.
  static func run(_ fake: FakeCompiler, into folder: URL, journalFaults: JournalFaults = .none) -> BenchOutcome {
    let test = CorpusIntegrationTests.fixtures.appendingPathComponent("fast/linear_sum.swift.gyb")
    return bench(
      [
        "corpus", test.path, "--ignore-requires", "asserts", "--toolchain", "fake=\(fake.path)", "-o", folder.path,
        "--quiet",
      ], journalFaults: journalFaults)
  }

  @Test func reportsThatCannotBeWrittenStopTheRunWithEveryCompileKept() throws {
    let temp = try TemporaryDirectory()
    let folder = temp.url.appendingPathComponent("run")
    let report = folder.appendingPathComponent("report.md")
    // At the last compile a folder takes the report's place: the compiles are done, the report cannot be written.
    let fake = try FakeCompiler(in: temp, scenario: "if [ \"$count\" = 4 ]; then mkdir -p '\(report.path)/x'; fi")
    let outcome = Self.run(fake, into: folder)
    #expect(outcome.status == 74, "\(outcome.transcript)")
    #expect(outcome.errors.count == 1, "\(outcome.transcript)")
    #expect(outcome.errors.first?.hasPrefix("bench: cannot write \(report.path)") == true, "\(outcome.transcript)")
    #expect(outcome.output.contains("Stopped: 4 compiles kept in \(folder.path)"), "\(outcome.transcript)")
    #expect(
      outcome.output.contains("Once the cause is fixed, resume with: bench corpus --resume \(folder.path)"),
      "\(outcome.transcript)")
    #expect(journalLineCount(folder) == 4)

    try FileManager.default.removeItem(at: report)
    let resumed = bench(["corpus", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    #expect(
      resumed.output.first
        == "Resuming \(folder.path): 4 compiles already done; none left to take, writing the reports.",
      "\(resumed.transcript)")
    #expect(try RecordStore.corpus(folder).samples.count == 4)
    #expect(FileManager.default.fileExists(atPath: report.path))
    // Only the reports were left to write: no compile ran again.
    #expect(fake.invocations == 4)
  }

  /// A corpus shows its progress as a sweep does (one display, fed the same events): a line for its first compile and
  /// the scale line a crash stops, whose later N are then not compiled (as scale-test does).
  @Test func progressGoesThroughTheSweepsDisplay() throws {
    let temp = try TemporaryDirectory()
    let folder = temp.url.appendingPathComponent("run")
    let fake = try FakeCompiler(in: temp, scenario: "if [ \"$count\" = 2 ]; then kill -SEGV $$; fi")
    let test = CorpusIntegrationTests.fixtures.appendingPathComponent("fast/linear_sum.swift.gyb")
    let outcome = bench([
      "corpus", test.path, "--ignore-requires", "asserts", "--toolchain", "fake=\(fake.path)", "-o", folder.path,
    ])
    #expect(outcome.status == 1, "\(outcome.transcript)")
    let first = outcome.output.first { $0.hasPrefix("[1/4] ") }
    #expect(first?.contains("@fake compile elapsed") == true, "\(outcome.transcript)")
    let record = try RecordStore.corpus(folder)
    // The crash is said once, as the line it stops (a corpus's tests often expect a failed compile: the verdicts say).
    #expect(record.samples.contains { $0.outcome == .crash })
    #expect(!outcome.output.contains { $0.contains("@fake: crash: ") }, "\(outcome.transcript)")
    #expect(
      outcome.output.contains { $0.hasSuffix("@fake: crash at N 2; higher N values of this series are skipped") },
      "\(outcome.transcript)")
    #expect(record.samples.count == 2)
    #expect(fake.invocations == 2)
  }

  /// `--resume` is the run's: an option that would change the plan, or a test given, is refused, and so is a run of
  /// another measurement version (its compiles would not mix with new ones).
  @Test func resumeRefusesWhatWouldChangeThePlan() throws {
    let temp = try TemporaryDirectory()
    let folder = temp.url.appendingPathComponent("run")
    #expect(Self.run(try FakeCompiler(in: temp), into: folder).status == 0)
    for extra in [["--jobs", "2"], ["more.swift"]] {
      let refused = bench(["corpus", "--resume", folder.path] + extra)
      #expect(refused.status == 64, "\(refused.transcript)")
      #expect(
        refused.errors == [
          "bench: --resume continues the run exactly as it was planned (only --quiet and --timeout may change); "
            + "drop \(extra[0])"
        ])
    }
    var record = try RecordStore.corpus(folder)
    record.provenance.measurementVersion = 2
    try AtomicFile.write(try JSONFormat.record(record), to: folder.appendingPathComponent("run.json"))
    // No corpus was ever measured with version 2: the reader refuses it before the resume would.
    let other = bench(["corpus", "--resume", folder.path, "--quiet"])
    #expect(other.status == 65, "\(other.transcript)")
    #expect(
      other.errors == [
        "bench: \(folder.path)/run.json: provenance.measurementVersion is 2: this bench reads measurement version 1 "
          + "(a later bench measured it, or the file was edited)"
      ])
  }
}
