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
  /// A kind of run as these tests start it: its command, what its kept line counts, how many compiles it takes and
  /// how it is started with a fake compiler into a folder.
  struct Kind: Sendable, CustomTestStringConvertible {
    var command: String
    var noun: String
    var compiles: Int
    /// Starts the run into the folder, its journal meeting the faults.
    var start: @Sendable (FakeCompiler, URL, JournalFaults) -> BenchOutcome
    var testDescription: String { "bench \(command)" }

    /// 6 points, an instrumented and a timed compile each.
    static let sweep = Kind(command: "run", noun: "samples", compiles: 12) {
      FaultInjectionTests.run($0, into: $1, journalFaults: $2)
    }
    /// A scale test of four compiles.
    static let corpus = Kind(command: "corpus", noun: "compiles", compiles: 4) {
      CorpusFaultTests.run($0, into: $1, journalFaults: $2)
    }
  }

  /// `bench run` and `bench corpus` alike (one finish stage): the sample whose append failed is saved once the
  /// reserve is freed.
  @Test(arguments: [Kind.sweep, .corpus]) func aJournalWriteFailingOnAFullDiskLosesNoSample(_ kind: Kind) throws {
    let temp = try TemporaryDirectory()
    let folder = temp.url.appendingPathComponent("run")
    let full = temp.url.appendingPathComponent("disk-full")
    // The third compile fills the disk: from then on journal appends fail until bench frees its reserve.
    let fake = try FakeCompiler(in: temp, scenario: "if [ \"$count\" = 3 ]; then touch '\(full.path)'; fi")
    let reserve = folder.appendingPathComponent(".reserve")
    // Handed to this run alone (through its CommandContext to the journal its pipeline opens).
    let faults = JournalFaults {
      FileManager.default.fileExists(atPath: full.path) && FileManager.default.fileExists(atPath: reserve.path)
    }
    let outcome = kind.start(fake, folder, faults)
    #expect(outcome.status == 74, "\(outcome.transcript)")
    #expect(
      outcome.errors == ["bench: cannot append to the sample journal: \(String(cString: strerror(ENOSPC)))"],
      "\(outcome.transcript)")
    #expect(outcome.output.contains("Stopped: 3 \(kind.noun) kept in \(folder.path)"), "\(outcome.transcript)")
    #expect(
      outcome.output.contains("Once the cause is fixed, resume with: bench \(kind.command) --resume \(folder.path)"),
      "\(outcome.transcript)")
    // The sample whose append failed reached the journal once the reserve was freed.
    #expect(journalLineCount(folder) == 3)
    #expect(!FileManager.default.fileExists(atPath: reserve.path))

    try FileManager.default.removeItem(at: full)
    let resumed = bench([kind.command, "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    #expect(journalLineCount(folder) == kind.compiles)
    let stored = try RecordStore.read(folder)
    #expect((stored.sweep?.samples ?? stored.corpus?.samples)?.count == kind.compiles)
    #expect((stored.sweep?.provenance ?? stored.corpus?.provenance)?.finishedAt != nil)
    // No compile was repeated: nothing measured was lost.
    #expect(fake.invocations == kind.compiles)
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
    // 16 points: an instrumented compile and 2 timed ones each. Every compile is journaled, but for one whose
    // statistics the full disk cut off: it is no sample, and the resume measures it again.
    #expect(taken > 0 && taken < 48)
    let journaled = journalLineCount(folder)
    #expect(journaled == taken || journaled == taken - 1)
    _ = try ProcessRunner.run("/bin/mount", ["-o", "remount,size=8m", mountPoint.path], timeout: 10)
    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    #expect(try RecordStore.sweep(folder).samples.count == 48)
    #expect(fake.invocations == 48 + taken - journaled)
  }

  /// The disk fills up while the compiler writes its statistics (an instrumented compile): an empty statistics file
  /// on a full disk is the disk's fault, exit 74 naming it, not an unreadable-statistics compiler fault (exit 70).
  @Test(.enabled(if: DiskFullTests.canMountTmpfs)) func aDiskFullWhileTheCompilerWritesStatisticsIsExit74() throws {
    let temp = try TemporaryDirectory()
    let mountPoint = temp.url.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    let mounted = try ProcessRunner.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", mountPoint.path], timeout: 10)
    try #require(mounted.status.isSuccess, "mount: \(mounted.stderrText)")
    defer { _ = try? ProcessRunner.run("/bin/umount", [mountPoint.path], timeout: 10) }
    let filler = mountPoint.appendingPathComponent("filler")
    // The fifth compile (depth 2's first instrumented one) fills the disk before it writes its statistics.
    let fake = try FakeCompiler(
      in: temp,
      scenario: "if [ \"$count\" = 5 ]; then dd if=/dev/zero of='\(filler.path)' bs=4k 2>/dev/null; fi")
    let folder = mountPoint.appendingPathComponent("run")
    let outcome = FaultInjectionTests.run(fake, into: folder)
    #expect(outcome.status == 74, "\(outcome.transcript)")
    let error = try #require(outcome.errors.first)
    #expect(error.contains(String(cString: strerror(ENOSPC))), "\(error)")
    #expect(error.contains("the file system holding \(folder.path)/"), "\(error)")
    #expect(!error.contains("unreadable"), "\(error)")
    #expect(outcome.output.contains("Stopped: 4 samples kept in \(folder.path)"), "\(outcome.transcript)")
    #expect(journalLineCount(folder) == 4)
    try FileManager.default.removeItem(at: filler)
    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    #expect(try RecordStore.sweep(folder).samples.count == 12)
    // Only the compile whose statistics were lost ran twice.
    #expect(fake.invocations == 13)
  }

  /// A run stopped after its last compile (the reports could not be written) resumes by writing the reports only:
  /// it used to rebuild every framework module and set a 1 MiB reserve aside, and so failed again on the disk that
  /// had filled up with 912 KB still free.
  @Test func aResumeWithNothingLeftToTakeOnlyWritesTheReports() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let folder = temp.url.appendingPathComponent("run")
    #expect(FaultInjectionTests.run(fake, into: folder).status == 0)
    let (compiles, modules) = (fake.invocations, fake.moduleBuilds)
    try FileManager.default.removeItem(at: folder.appendingPathComponent("report.md"))
    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    #expect(
      resumed.output.contains(
        "Resuming \(folder.path): 12 samples already taken; none left to take, writing the reports."),
      "\(resumed.transcript)")
    #expect(fake.invocations == compiles)
    #expect(fake.moduleBuilds == modules)
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("report.md").path))
  }

  /// The same on a real disk with 912 KB free, less than the reserve (a tmpfs: needs root and mount).
  @Test(.enabled(if: DiskFullTests.canMountTmpfs)) func aResumeWithNothingLeftFitsANearlyFullDisk() throws {
    let temp = try TemporaryDirectory()
    let mountPoint = temp.url.appendingPathComponent("disk")
    try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
    let mounted = try ProcessRunner.run(
      "/bin/mount", ["-t", "tmpfs", "-o", "size=8m", "tmpfs", mountPoint.path], timeout: 10)
    try #require(mounted.status.isSuccess, "mount: \(mounted.stderrText)")
    defer { _ = try? ProcessRunner.run("/bin/umount", [mountPoint.path], timeout: 10) }
    let fake = try FakeCompiler(in: temp)
    let folder = mountPoint.appendingPathComponent("run")
    #expect(FaultInjectionTests.run(fake, into: folder).status == 0)
    var info = statvfs()
    try #require(statvfs(mountPoint.path, &info) == 0)
    let free = Int(info.f_bavail) * Int(info.f_frsize)
    try Data(count: max(0, free - 912 * 1024)).write(to: mountPoint.appendingPathComponent("filler"))
    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
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
