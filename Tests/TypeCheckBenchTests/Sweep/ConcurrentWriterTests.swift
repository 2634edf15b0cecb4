import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// Every writer of a shared folder takes its lock before it checks or changes anything.
@Suite struct ConcurrentWriterTests {
  /// `count` finished one-point runs with distinct run ids.
  static func runs(_ count: Int, in temp: TemporaryDirectory) throws -> [URL] {
    let base = try FaultInjectionTests.validRun(in: temp, named: "base")
    var record = try RecordStore.sweep(base)
    return try (1...count).map { index in
      let folder = temp.url.appendingPathComponent("run-\(index)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      record.runID = "run-\(index)"
      try ReportRenderer.runJSON(record).write(
        to: folder.appendingPathComponent("run.json"), atomically: true, encoding: .utf8)
      return folder
    }
  }

  @Test func concurrentHistoryAppendsLoseNothing() throws {
    let executable = try #require(BenchExecutable.path, "the bench executable is not built next to the tests")
    let temp = try TemporaryDirectory()
    let count = 16
    let runs = try Self.runs(count, in: temp)
    let site = temp.url.appendingPathComponent("site")
    // Separate processes, as two CI jobs would be.
    let statuses = CapturedLines()
    DispatchQueue.concurrentPerform(iterations: count) { index in
      let result = try? ProcessRunner.run(
        executable, ["history", site.path, "--append", runs[index].path], timeout: 120)
      statuses.append(result.map { "\($0.status)" } ?? "failed to start")
    }
    #expect(statuses.all.allSatisfy { $0 == "\(ProcessStatus.exited(0))" }, "\(statuses.all)")
    let history = try History(
      jsonLines: String(contentsOf: site.appendingPathComponent("history.jsonl"), encoding: .utf8))
    #expect(Set(history.runIDs) == Set((1...count).map { "run-\($0)" }))
  }

  @Test func mergeIntoARunInProgressIsRefusedAndAMeasuredRunIsNeverReplaced() throws {
    let temp = try TemporaryDirectory()
    let measured = try FaultInjectionTests.validRun(in: temp)
    let other = try FaultInjectionTests.validRun(in: temp, named: "other")
    let before = try Data(contentsOf: measured.appendingPathComponent("run.json"))
    let held = try RunFolder(url: measured).lock()
    let busy = bench(["merge", other.path, "-o", measured.path])
    #expect(busy.status == 64, "\(busy.transcript)")
    #expect(busy.errors.first?.contains("in use by another bench") == true, "\(busy.transcript)")
    held.release()
    let replaced = bench(["merge", other.path, "-o", measured.path])
    #expect(replaced.status == 64, "\(replaced.transcript)")
    #expect(replaced.errors.first?.contains("holds a measured run") == true, "\(replaced.transcript)")
    #expect(try Data(contentsOf: measured.appendingPathComponent("run.json")) == before)
    // An earlier merge result is replaced.
    let merged = temp.url.appendingPathComponent("merged")
    #expect(bench(["merge", other.path, "-o", merged.path]).status == 0)
    #expect(bench(["merge", measured.path, "-o", merged.path]).status == 0)
  }

  @Test func runsStartedAtOnceIntoOneFolderDoNotBothSucceed() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp, scenario: "sleep 0.3")
    let folder = temp.url.appendingPathComponent("shared")
    let statuses = CapturedLines()
    DispatchQueue.concurrentPerform(iterations: 4) { _ in
      let outcome = bench(
        [
          "run", "--swiftc", fake.path, "-o", folder.path, "--quiet", "--depth", "1", "--model", "unified", "--runs",
          "1", "--warmup", "0",
        ])
      statuses.append("\(outcome.status)")
    }
    #expect(statuses.all.sorted() == ["0", "64", "64", "64"], "\(statuses.all)")
    #expect(try RecordStore.sweep(folder).samples.map(\.pass) == [.instrumented, .timed])
  }
}
