import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The defects of the fourth hostile pass (issue 40, items 2 and 3) that `bench parse --stats-dir`, `bench analyze`,
/// `bench history` and a resume showed, each reproduced as the report did: no signal exit, no hang past a bound, no
/// sample lost, the exit status docs/reliability.md gives, one clear line.
@Suite struct FourthHostilePassTests {
  static let header = TraceRow.header + "\n"

  /// A folder with an empty trace (its header alone) of job `j` and a stats file of job `statsJob` counting `scopes`.
  static func statsFolder(_ temp: TemporaryDirectory, scopes: String, statsJob: String = "j") throws -> URL {
    let folder = temp.url.appendingPathComponent("d")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try header.write(to: folder.appendingPathComponent("trace-2-j-2.csv"), atomically: true, encoding: .utf8)
    try "{\"Sema.NumConstraintScopes\": \(scopes)}\n".write(
      to: folder.appendingPathComponent("stats-1-\(statsJob)-1.json"), atomically: true, encoding: .utf8)
    return folder
  }

  // MARK: - X1: counts outside what a record holds

  /// X1: a stats file whose scope count does not fit an Int64 trapped (SIGILL) at StatsTraceFolder.swift:80. Now it
  /// is bad data for its trace, in one line, exit 65; `9.2e18`, which fits, is over the 1e18 `bench run` allows any
  /// statistic, and so is a fraction.
  @Test(arguments: ["1e300", "9.3e18", "-1e300", "18446744073709551616", "9223372036854775807", "9.2e18", "1.5"])
  func aStatsCountOutsideWhatARecordHoldsIsBadDataInOneLine(_ value: String) throws {
    let temp = try TemporaryDirectory()
    let paired = bench(["parse", "--stats-dir", try Self.statsFolder(temp, scopes: value).path])
    #expect(paired.status == 65, "\(paired.transcript)")
    #expect(paired.errors.count == 1, "\(paired.transcript)")
    #expect(
      paired.errors.first?.hasPrefix("bench: trace-2-j-2.csv: its stats file stats-1-j-1.json counts ") == true
        && paired.errors.first?.contains("constraint scopes, which no compile does (bad data)") == true,
      "\(paired.transcript)")
    // A stats file of another job (tr14): the same line, beside the one that says its trace is missing.
    let other = try TemporaryDirectory()
    let alone = bench(["parse", "--stats-dir", try Self.statsFolder(other, scopes: value, statsJob: "k").path])
    #expect(alone.status == 65, "\(alone.transcript)")
    #expect(alone.errors.count == 2, "\(alone.transcript)")
    #expect(alone.errors.first?.hasPrefix("bench: stats-1-k-1.json: counts ") == true, "\(alone.transcript)")
  }

  /// X1, in the traces: two traces whose scope rows count 2^63 - 1 (delta and running total) trapped with an
  /// arithmetic overflow as their sums were taken. A scope row beyond what a compile reaches (a delta over 2^32, a
  /// total over 2^40 or below 0) is now an unreadable row: counted, one line per trace, exit 65.
  @Test(arguments: [
    ("9223372036854775807", "9223372036854775807"), ("4294967297", "4294967297"), ("1", "1099511627777"), ("0", "-1"),
  ])
  func aTraceScopeCountOutsideWhatACompileReachesIsAnUnreadableRow(_ delta: String, _ value: String) throws {
    let temp = try TemporaryDirectory()
    let rows = (1...3).map { time in
      "\(time),1,\"\(time == 2 ? "exit" : "entry")\",\"typecheck-expr\",\"Sema.NumConstraintScopes\",\(delta),\(value),"
        + "\"Sequence\",\"[a.swift:\(time == 3 ? 2 : 1):1 - line:1:5]\"\n"
    }.joined()
    for job in ["j", "k"] {
      try (Self.header + rows).write(
        to: temp.url.appendingPathComponent("trace-2-\(job)-2.csv"), atomically: true, encoding: .utf8)
    }
    let outcome = bench(["parse", "--stats-dir", temp.url.path])
    #expect(outcome.status == 65, "\(outcome.transcript)")
    #expect(
      outcome.errors
        == ["j", "k"].map {
          "bench: trace-2-\($0)-2.csv: 3 rows could not be read (the first at line 2); their counts are missing"
        }, "\(outcome.transcript)")
    #expect(outcome.output.last?.contains("6 trace rows could not be read") == true, "\(outcome.transcript)")
  }

  // MARK: - X2, X3: files that never end or never open

  /// X3 and X2: a trace that is a FIFO blocked for ever, one that is /dev/zero grew to 1.5 GB in 5 s. Each is named
  /// and skipped in one line, exit 65 (its job's expressions are missing), well within the bound; a stats file that
  /// is no regular file is named too, and leaves its trace to stand alone (exit 0).
  @Test func filesThatAreNoRegularFilesAreNamedAndSkipped() throws {
    let executable = try #require(BenchExecutable.path, "the bench executable is not built next to the tests")
    let temp = try TemporaryDirectory()
    let folder = temp.url.appendingPathComponent("d")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let trace = folder.appendingPathComponent("trace-200-swift-frontend-good-good.swift-x-2.csv")
    let stats = folder.appendingPathComponent("stats-100-swift-frontend-good-good.swift-x-1.json")
    func parse() throws -> ProcessResult {
      try ProcessRunner.run(executable, ["parse", "--stats-dir", folder.path], timeout: 30)
    }
    try "{\"Sema.NumConstraintScopes\": 0}\n".write(to: stats, atomically: true, encoding: .utf8)
    for (make, kind) in [
      ({ #expect(mkfifo(trace.path, 0o644) == 0) }, "a FIFO"),
      (
        { try FileManager.default.createSymbolicLink(atPath: trace.path, withDestinationPath: "/dev/zero") },
        "a character device"
      ),
      ({ try FileManager.default.createDirectory(at: trace, withIntermediateDirectories: false) }, "a folder"),
    ] as [(() throws -> Void, String)] {
      try make()
      let result = try parse()
      #expect(result.status == .exited(65), "\(kind): \(result.stdoutText)\(result.stderrText)")
      #expect(
        result.stderrText == "bench: \(trace.lastPathComponent): not a regular file (\(kind)); skipped\n",
        "\(kind): \(result.stderrText)")
      try FileManager.default.removeItem(at: trace)
    }
    try Self.header.write(to: trace, atomically: true, encoding: .utf8)
    try FileManager.default.removeItem(at: stats)
    #expect(mkfifo(stats.path, 0o644) == 0)
    let fifoStats = try parse()
    #expect(fifoStats.status == .exited(0), "\(fifoStats.stdoutText)\(fifoStats.stderrText)")
    #expect(
      fifoStats.stderrText
        == "bench: \(trace.lastPathComponent): its stats file \(stats.lastPathComponent) is not a regular file (a "
        + "FIFO); skipped; the trace is not checked against it\n")
  }

  /// X2: past the bounds, a trace is read in part and said to be (exit 65), a stats file is not read (its trace
  /// stands alone), and a line longer than any row is one unreadable row; the bounds are small here, as large files
  /// would be slow, and the same code applies the real ones (docs/scopes.md).
  @Test func filesPastTheBoundsAreReadOnlyUpToThem() throws {
    let folder = try StatsTraceFolderTests.folder(["swift-6.3.1/scopes"])
    let limits = StatsTraceFolder.Limits(traceBytes: 64 << 10, statsBytes: 4 << 10, lineLength: 1 << 10)
    let profile = try StatsTraceFolder.read(folder.url, limits: limits)
    let messages = profile.notes.map(\.message)
    #expect(messages.count == 3, "\(messages)")
    #expect(
      messages.contains { $0.hasPrefix("its stats file stats-") && $0.contains("more than the 4 KiB bench reads") })
    #expect(messages.contains("larger than the 64 KiB bench reads of a trace; the rest was not read"))
    #expect(messages.contains { $0.hasPrefix("the trace ends in the middle of line") })
    #expect(!profile.isComplete)
    // What was read before the bound is ranked.
    #expect(profile.entries.contains { $0.expression.range.line == 7 && $0.expression.scopes == 135 })
    // A row longer than 1 KiB among the rows: one unreadable row, the rest read.
    let trace = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).first { $0.hasPrefix("trace-") })
    let url = folder.url.appendingPathComponent(trace)
    var text = try String(contentsOf: url, encoding: .utf8)
    let secondLine = try #require(text.firstIndex(of: "\n"))
    text.insert(contentsOf: String(repeating: "x", count: 5000) + "\n", at: text.index(after: secondLine))
    try text.write(to: url, atomically: true, encoding: .utf8)
    let long = try StatsTraceFolder.read(folder.url, limits: StatsTraceFolder.Limits(lineLength: 1 << 10))
    #expect(long.unreadableRows == 1)
    #expect(long.tracedScopes == long.statsScopes)
  }

  // MARK: - M4: unreadable rows

  /// M4: a source file whose name holds a line feed cuts each of its trace rows in two. The 135-scope expression
  /// of `mixed` is lost; the output counts the unreadable rows, and the exit is 65 even with other expressions over
  /// the gate (it was 2, which hid the loss) or none (the summary said "No expression uses more than").
  @Test func unreadableRowsAreCountedAndExitIncompleteWhateverIsOverTheGate() throws {
    let folder = try StatsTraceFolderTests.folder(["swift-6.3.1/scopes", "swift-6.3.1/mixed"])
    let trace = try #require(
      try FileManager.default.contentsOfDirectory(atPath: folder.url.path).first {
        $0.hasPrefix("trace-") && $0.contains("mixed")
      })
    let url = folder.url.appendingPathComponent(trace)
    let text = try String(contentsOf: url, encoding: .utf8)
    try text.replacingOccurrences(of: "mixed.swift:", with: "new\nline.swift:").write(
      to: url, atomically: true, encoding: .utf8)
    let rows = text.components(separatedBy: "mixed.swift:").count - 1
    for (gate, over) in [("0.01%", true), ("50%", false)] {
      let run = try StatsTraceFolderTests.parse(["--stats-dir", folder.url.path, "--fail-over", gate])
      #expect(run.status == .badData, "\(gate): \(run.output)")
      #expect(run.output.contains("; \(rows * 2) trace rows could not be read: the checks they counted are missing"))
      #expect(!run.output.contains("mixed.swift") && !run.output.contains("after the traces end"))
      #expect(run.warnings.contains { $0.contains("\(rows * 2) rows could not be read") }, "\(run.warnings)")
      if over {
        #expect(run.output.hasSuffix("2 expressions use more than 0.01% of the budget or reached the limit."))
      } else {
        #expect(
          run.output.hasSuffix(
            "No expression read uses more than 50% of the budget, but some could not be read (exit 65)."))
      }
    }
    let json = try StatsTraceFolderTests.parse(["--stats-dir", folder.url.path, "--format", "json"])
    #expect(
      json.output.contains("\"unreadableRows\" : \(rows * 2)") || json.output.contains("\"unreadableRows\":\(rows * 2)")
    )
  }

  /// M4: `bench analyze` of a file whose name holds a line feed is refused before any compile, in one line.
  @Test(.enabled(if: Integration.hasCompiler, "needs an installed swiftc"))
  func analyzeRefusesAFileWhoseNameHoldsALineFeed() throws {
    let temp = try TemporaryDirectory()
    let file = try temp.file("new\nline.swift", "let z = 1 + 2.0 * 3\n")
    let outcome = bench(["analyze", file.path, "--scopes-only"])
    #expect(outcome.status == 64, "\(outcome.transcript)")
    #expect(outcome.errors.count == 1 && outcome.output.isEmpty, "\(outcome.transcript)")
    #expect(outcome.errors.first?.contains("new\\nline.swift has a line feed in its name") == true)
  }

  // MARK: - D6: a folder deleted mid-run

  /// D6: the output folder deleted during a run. bench stops (74) and writes run.json again with every sample, but
  /// the resumed journal held only the new samples and the folder lacked its marker, so `report --check` failed with
  /// 65 for good. The resume now restores both, each in one line, and the check passes. A deletion during a compile
  /// recorded that compile as the case's `error` ("the compiler cannot compile case … here", exit 70), which the
  /// resume kept: it is now not kept, and the stop is 74 as for any deletion.
  @Test(.enabled(if: Integration.hasCompiler, "needs an installed swiftc"))
  func aRunFolderDeletedMidRunResumesToAWholeJournal() throws {
    let executable = try #require(BenchExecutable.path, "the bench executable is not built next to the tests")
    let temp = try TemporaryDirectory()
    let folder = temp.url.appendingPathComponent("o02")
    let journal = folder.appendingPathComponent("samples.jsonl")
    let run = BackgroundRun(
      executable,
      ["run", "--depth", "1...6", "--runs", "2", "--warmup", "0", "--model", "unified", "-o", folder.path, "--quiet"],
      groups: ChildProcessGroups(), timeout: 300)
    let started = eventually(within: 240) {
      ((try? String(contentsOf: journal, encoding: .utf8))?.split(separator: "\n").count ?? 0) >= 2
    }
    try FileManager.default.removeItem(at: folder)
    let stopped = try run.result()
    try #require(started, "no sample was journaled: \(stopped.stdoutText)\(stopped.stderrText)")
    #expect(stopped.status == .exited(74), "\(stopped.stdoutText)\(stopped.stderrText)")
    let kept = try RecordStore.sweep(folder).samples.count
    #expect(kept >= 2)
    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    #expect(
      resumed.output.first
        == "Restored \(journal.path): \(kept) samples run.json holds were missing from it", "\(resumed.transcript)")
    #expect(OutputFolder.marker(in: folder) == .run)
    let check = bench(["report", folder.path, "--check"])
    #expect(check.status == 0, "\(check.transcript)")
    let record = try RecordStore.sweep(folder)
    let journaled = try SampleJournal.read(journal)
    #expect(journaled.count == record.samples.count)
    // No compile that failed for want of its deleted case file is kept as the case's `error`.
    #expect(record.samples.allSatisfy { !$0.outcome.isFailure }, "\(record.samples.map(\.outcome))")
  }
}
