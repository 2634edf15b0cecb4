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

/// A full disk stops the run cleanly: every completed sample is kept and the exact resume command is printed.
@Suite struct DiskFullTests {
  @Test func aJournalWriteFailingOnAFullDiskLosesNoSample() throws {
    let temp = try TemporaryDirectory()
    let folder = temp.url.appendingPathComponent("run")
    let full = temp.url.appendingPathComponent("disk-full")
    // The third compile fills the disk: from then on journal appends fail until bench frees its reserve.
    let fake = try FakeCompiler(in: temp, scenario: "if [ \"$count\" = 3 ]; then touch '\(full.path)'; fi")
    let journal = folder.appendingPathComponent("samples.jsonl")
    let reserve = folder.appendingPathComponent(".reserve")
    SampleJournal.faults.failAppends(to: journal) {
      FileManager.default.fileExists(atPath: full.path) && FileManager.default.fileExists(atPath: reserve.path)
    }
    defer { SampleJournal.faults.remove(journal) }
    let outcome = FaultInjectionTests.run(fake, into: folder)
    #expect(outcome.status == 74, "\(outcome.transcript)")
    #expect(
      outcome.errors == ["bench: cannot append to the sample journal: \(String(cString: strerror(ENOSPC)))"],
      "\(outcome.transcript)")
    #expect(outcome.output.contains("Stopped: 3 samples kept in \(folder.path)"), "\(outcome.transcript)")
    #expect(
      outcome.output.contains("Once the cause is fixed, resume with: bench run --resume \(folder.path)"),
      "\(outcome.transcript)")
    // The sample whose append failed reached the journal once the reserve was freed.
    #expect(journalLineCount(folder) == 3)
    #expect(!FileManager.default.fileExists(atPath: reserve.path))

    try FileManager.default.removeItem(at: full)
    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    #expect(try RecordFile.read(folder).samples.count == 6)
    // No compile was repeated: nothing measured was lost.
    #expect(fake.invocations == 6)
  }

  /// A real full disk: a 512 KB tmpfs (needs root and mount; skipped elsewhere).
  @Test(.enabled(if: DiskFullTests.canMountTmpfs)) func aRealFullDiskStopsCleanlyAndTheRunResumes() throws {
    let temp = try TemporaryDirectory()
    let mountPoint = temp.url.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    let mounted = try ProcessRunner.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", mountPoint.path], timeout: 10)
    try #require(mounted.status.isSuccess, "mount: \(mounted.stderrText)")
    defer { _ = try? ProcessRunner.run("/bin/umount", [mountPoint.path], timeout: 10) }
    let fake = try FakeCompiler(in: temp)
    let folder = mountPoint.appendingPathComponent("run")
    // Inline case files (tens of kilobytes each) fill the small disk.
    let arguments = ["--depth", "1...8", "--runs", "2", "--warmup", "0", "--framework", "inline"]
    let outcome = bench(["run", "--swiftc", fake.path, "-o", folder.path, "--quiet"] + arguments)
    #expect(outcome.status == 74, "\(outcome.transcript)")
    #expect(outcome.errors.first?.contains(String(cString: strerror(ENOSPC))) == true, "\(outcome.transcript)")
    #expect(outcome.output.contains("Once the cause is fixed, resume with: bench run --resume \(folder.path)"))
    let taken = fake.invocations
    #expect(taken > 0 && taken < 32)
    #expect(journalLineCount(folder) == taken)
    _ = try ProcessRunner.run("/bin/mount", ["-o", "remount,size=8m", mountPoint.path], timeout: 10)
    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    #expect(try RecordFile.read(folder).samples.count == 32)
    #expect(fake.invocations == 32)
  }

  static let canMountTmpfs: Bool = {
    #if os(Linux)
      guard geteuid() == 0, FileManager.default.isExecutableFile(atPath: "/bin/mount"),
        let probe = try? TemporaryDirectory()
      else { return false }
      guard
        let result = try? ProcessRunner.run(
          "/bin/mount", ["-t", "tmpfs", "-o", "size=64k", "tmpfs", probe.url.path], timeout: 10),
        result.status.isSuccess
      else { return false }
      _ = try? ProcessRunner.run("/bin/umount", [probe.url.path], timeout: 10)
      return true
    #else
      return false
    #endif
  }()
}
