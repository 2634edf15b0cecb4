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

/// `bench run`, `report`, `compare` and `merge` against broken compilers, signals, hostile files and failing disks:
/// every fault ends in a one-line message and a documented exit status, and no finished sample is lost.
@Suite struct FaultInjectionTests {
  /// A small sweep: depths 1 to 3 of both models, one measured run each: 6 points of 2 samples, the instrumented
  /// compile (an extra one, with no warm-up) and the timed one.
  static let sweep = ["--depth", "1...3", "--model", "per-kind,unified", "--runs", "1", "--warmup", "0"]

  /// The case ids of `sweep` in sweep order: d1 per-kind, d1 unified, d2 per-kind, …
  static func caseIDs(_ arguments: [String] = sweep) throws -> [String] {
    try runSweep(arguments).cases.map(\.id)
  }

  /// Shell code that runs `action` when the compile is of case `id`.
  static func when(_ id: String, _ action: String) -> String {
    "case \"$file\" in */\(id).swift) \(action) ;; esac"
  }

  static func run(
    _ fake: FakeCompiler, into folder: URL, _ extra: [String] = [], journalFaults: JournalFaults = .none
  ) -> BenchOutcome {
    bench(
      ["run", "--swiftc", fake.path, "--output", folder.path, "--quiet"] + sweep + extra, journalFaults: journalFaults)
  }

  // MARK: - Compiler faults

  @Test func aCrashIsASampleAndTheSweepGoesOn() throws {
    let temp = try TemporaryDirectory()
    let crashing = try Self.caseIDs()[2]
    let fake = try FakeCompiler(in: temp, scenario: Self.when(crashing, "kill -SEGV $$"))
    let folder = temp.url.appendingPathComponent("run")
    let outcome = Self.run(fake, into: folder)
    // A crash is a finding, not a failure of bench: the run completes and exits 0.
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let record = try RecordStore.sweep(folder)
    #expect(record.samples.count == 12)
    // Both of the crashing case's compiles are kept as crashes: the instrumented one and the timed one.
    let crashes = record.samples.filter { $0.caseID == crashing }
    #expect(crashes.map(\.outcome) == [.crash, .crash])
    #expect(Set(crashes.compactMap(\.pass)) == [.instrumented, .timed])
    #expect(crashes.allSatisfy { $0.detail == "SIGSEGV" })
    #expect(record.samples.filter { $0.outcome == .ok }.count == 10)
    #expect(outcome.output.contains { $0.contains(crashing) && $0.contains("crash") && $0.contains("SIGSEGV") })
    #expect(journalLineCount(folder) == 12)
  }

  @Test func aHangIsKilledAtTheTimeoutWithItsChildrenAndStopsItsSeries() throws {
    let temp = try TemporaryDirectory()
    let ids = try Self.caseIDs()
    let pidFile = temp.url.appendingPathComponent("grandchild.pid")
    // The hanging compile has a child of its own: the timeout must take the whole process group.
    let fake = try FakeCompiler(
      in: temp, scenario: Self.when(ids[2], "sleep 30 & echo $! > '\(pidFile.path)'; wait; exit 0"))
    let folder = temp.url.appendingPathComponent("run")
    let outcome = Self.run(fake, into: folder, ["--timeout", "1"])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let record = try RecordStore.sweep(folder)
    // The instrumented compile timing out does not decide (it runs slower); the timed one's timeout does.
    let hung = record.samples.filter { $0.caseID == ids[2] }
    #expect(hung.map(\.outcome) == [.timeout, .timeout])
    #expect(hung.map(\.pass) == [.instrumented, .timed])
    // Its lower bound is the timeout, not the bodies that finished before the kill.
    #expect(hung.map(\.caseMilliseconds) == [1000, 1000])
    // Depth 3 of the per-kind series is skipped; the unified series goes on.
    #expect(!record.samples.contains { $0.caseID == ids[4] })
    #expect(record.samples.contains { $0.caseID == ids[5] && $0.outcome == .ok })
    #expect(record.samples.count == 10)
    #expect(fake.invocations == 10)
    #expect(outcome.output.contains { $0.contains("timeout at depth 2") && $0.contains("skipped") })
    let text = try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
    let grandchild = try #require(Int32(text))
    #expect(eventually(within: 5) { !isRunning(grandchild) }, "the hung compile's child \(grandchild) survived")
  }

  @Test func aFiftyMegabyteStandardErrorFloodCompletes() throws {
    let temp = try TemporaryDirectory()
    let ids = try Self.caseIDs()
    // 810,000 lines of 62 bytes: 50 MB, ending with a whole line so that the timing line after it stands alone.
    let flood = "yes 'warning: a fake compiler floods standard error with this line' | head -n 810000 >&2"
    let fake = try FakeCompiler(in: temp, scenario: Self.when(ids[0], flood))
    let folder = temp.url.appendingPathComponent("run")
    let outcome = bench(
      [
        "run", "--swiftc", fake.path, "--output", folder.path, "--quiet", "--depth", "1", "--model", "per-kind",
        "--runs", "1", "--warmup", "0",
      ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    let record = try RecordStore.sweep(folder)
    #expect(record.samples.map(\.pass) == [.instrumented, .timed])
    #expect(record.samples.allSatisfy { $0.outcome == .ok })
    // The timing line after 50 MB of noise is still found, in both compiles.
    #expect(record.samples.map(\.caseMilliseconds) == [1.25, 1.25])
    #expect(record.samples.first?.constraintScopes == 42)
  }

  // MARK: - Interrupts and resume

  /// SIGINT (or SIGTERM) at a seeded random compile of a `bench` subprocess, then `--resume` in this process.
  func interruptAndResume(signal name: String, seed: UInt64) throws {
    let executable = try #require(BenchExecutable.path, "the bench executable is not built next to the tests")
    let temp = try TemporaryDirectory()
    let arguments = ["--depth", "1...3", "--model", "per-kind,unified", "--runs", "2", "--warmup", "0"]
    var random = SplitMix64(seed: seed)
    let planned = 18  // 6 points: an instrumented compile and 2 timed ones each
    let interruptAt = 2 + random.index(below: planned - 2)  // 2…11: some samples before, some after
    let folder = temp.url.appendingPathComponent("interrupted")
    let journalAtInterrupt = temp.url.appendingPathComponent("journal-at-interrupt")
    // The compile signals its parent, bench, as a user's Ctrl-C would, and records what the journal held then.
    let fake = try FakeCompiler(
      in: temp,
      scenario: """
        if [ "$count" = "\(interruptAt)" ]; then
          wc -l < '\(folder.path)/samples.jsonl' | tr -d ' ' > '\(journalAtInterrupt.path)'
          kill -\(name) $PPID
          sleep 10
        fi
        """)
    let interrupted = try ProcessRunner.run(
      executable, ["run", "--swiftc", fake.path, "--output", folder.path, "--quiet"] + arguments, timeout: 60)
    #expect(interrupted.status == .exited(130), "\(interrupted.stdoutText)\(interrupted.stderrText)")
    #expect(interrupted.stdoutText.contains("Resume with: bench run --resume \(folder.path)"))
    // Flushed per sample: every compile before the interrupted one is in the journal.
    let journaled = try String(contentsOf: journalAtInterrupt, encoding: .utf8)
    #expect(Int(journaled.trimmingCharacters(in: .whitespacesAndNewlines)) == interruptAt - 1)
    #expect(try RecordStore.sweep(folder).samples.count == interruptAt - 1)
    #expect(try RecordStore.sweep(folder).provenance.finishedAt == nil)

    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    #expect(resumed.output.first == "Resuming \(folder.path): \(interruptAt - 1) samples already taken.")

    let reference = temp.url.appendingPathComponent("reference")
    let uninterrupted = bench(["run", "--swiftc", fake.path, "--output", reference.path, "--quiet"] + arguments)
    #expect(uninterrupted.status == 0, "\(uninterrupted.transcript)")
    let resumedPoints = try points(ofRunAt: folder)
    let referencePoints = try points(ofRunAt: reference)
    #expect(resumedPoints.count == planned)
    #expect(Set(resumedPoints).count == planned)
    #expect(Set(resumedPoints) == Set(referencePoints))
    #expect(try RecordStore.sweep(folder).provenance.finishedAt != nil)
    // The interrupted compile was not kept; every other was taken once.
    #expect(fake.invocations == planned + 1 + planned)
  }

  @Test func anInterruptKeepsEverySampleAndResumeCompletesTheSameSweep() throws {
    try interruptAndResume(signal: "INT", seed: 20_261_122)
  }

  @Test func aTerminateSignalIsAnInterruptToo() throws {
    try interruptAndResume(signal: "TERM", seed: 7)
  }

  // MARK: - Hostile run records

  /// One corruption of a valid run.json, and a fragment of the message it must give.
  struct Corruption: Sendable, CustomStringConvertible {
    var name: String
    var expected: String
    var apply: @Sendable (Data) throws -> Data

    var description: String { name }
  }

  /// Changes the JSON object of a record with `change`.
  static func editing(_ change: @escaping @Sendable (inout [String: Any]) -> Void) -> @Sendable (Data) throws -> Data {
    { data in
      var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      change(&object)
      return try JSONSerialization.data(withJSONObject: object)
    }
  }

  /// Changes the first sample of a record with `change`.
  static func editingFirstSample(_ change: @escaping @Sendable (inout [String: Any]) -> Void)
    -> @Sendable (Data) throws -> Data
  {
    editing { object in
      var samples = object["samples"] as! [[String: Any]]
      change(&samples[0])
      object["samples"] = samples
    }
  }

  static let corruptions: [Corruption] = [
    Corruption(name: "empty", expected: "the file is empty") { _ in Data() },
    Corruption(name: "truncated", expected: "not valid JSON (truncated or corrupted)") { $0.prefix($0.count / 2) },
    Corruption(name: "not JSON", expected: "not valid JSON") { _ in Data("hello, world\n".utf8) },
    Corruption(name: "future schema", expected: "schema version 99 is not supported") { data in
      try editing { $0["schemaVersion"] = 99 }(data)
    },
    Corruption(name: "JSON array", expected: "not a bench run record (the JSON is an array") { _ in
      Data("[1, 2, 3]".utf8)
    },
    Corruption(name: "missing field", expected: "missing field 'provenance'") { data in
      try editing { $0["provenance"] = nil }(data)
    },
    Corruption(name: "absurd number", expected: "wall time of") { data in
      try editingFirstSample { $0["wallSeconds"] = 1e300 }(data)
    },
    Corruption(name: "negative number", expected: "is negative") { data in
      try editingFirstSample { $0["userSeconds"] = -1.5 }(data)
    },
    Corruption(name: "string for a number", expected: "wrong type at 'samples.[0].wallSeconds'") { data in
      try editingFirstSample { $0["wallSeconds"] = "NaN" }(data)
    },
    Corruption(name: "unknown kind", expected: "a record of kind 'study', which this bench does not read") { data in
      try editing { $0["kind"] = "study" }(data)
    },
  ]

  /// A finished, valid one-point run.
  static func validRun(in temp: TemporaryDirectory, named name: String = "valid") throws -> URL {
    let fake = try FakeCompiler(in: temp, name: "swiftc-\(name)")
    let folder = temp.url.appendingPathComponent(name)
    let outcome = bench(
      [
        "run", "--swiftc", fake.path, "--output", folder.path, "--quiet", "--depth", "1", "--model", "unified",
        "--runs", "1", "--warmup", "0",
      ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    return folder
  }

  @Test(arguments: corruptions)
  func aCorruptedRecordIsRefusedInOneLineByEveryCommand(_ corruption: Corruption) throws {
    let temp = try TemporaryDirectory()
    let valid = try Self.validRun(in: temp)
    let broken = temp.url.appendingPathComponent("broken")
    try FileManager.default.copyItem(at: valid, to: broken)
    try FileManager.default.removeItem(at: broken.appendingPathComponent(".lock"))
    let record = broken.appendingPathComponent("run.json")
    try corruption.apply(try Data(contentsOf: record)).write(to: record)
    let merged = temp.url.appendingPathComponent("merged")
    let invocations: [[String]] = [
      ["report", broken.path],
      ["report", record.path, "--format", "md"],
      ["compare", broken.path, valid.path],
      ["compare", valid.path, broken.path],
      ["merge", valid.path, broken.path, "-o", merged.path],
      ["run", "--resume", broken.path],
    ]
    for arguments in invocations {
      let outcome = bench(arguments)
      let command = arguments.joined(separator: " ")
      #expect(outcome.status == 65, "\(command): \(outcome.transcript)")
      #expect(outcome.errors.count == 1, "\(command): \(outcome.transcript)")
      let line = outcome.errors.first ?? ""
      #expect(line.hasPrefix("bench: \(record.path): "), "\(command): \(line)")
      #expect(line.contains(corruption.expected), "\(command): \(line)")
    }
    #expect(!FileManager.default.fileExists(atPath: merged.path))
    // Nothing was started in the broken folder: no lock taken, no journal written, no report rewritten.
    #expect(!FileManager.default.fileExists(atPath: broken.appendingPathComponent(".lock").path))
  }

  @Test func theExecutableRefusesACorruptedRecordWithoutAStackTrace() throws {
    let executable = try #require(BenchExecutable.path, "the bench executable is not built next to the tests")
    let temp = try TemporaryDirectory()
    let record = try temp.file("run.json", "{\"schemaVersion\": 1, \"runID\": ")
    for arguments in [
      ["report", record.path], ["compare", record.path, record.path], ["merge", record.path, "-o", "x"],
    ] {
      let result = try ProcessRunner.run(executable, arguments, timeout: 30)
      #expect(result.status == .exited(65))
      #expect(result.stderrText == "bench: \(record.path): not valid JSON (truncated or corrupted)\n")
      #expect(result.stdoutText.isEmpty)
    }
  }

  @Test func aCorruptedJournalLineIsRefusedOnResume() throws {
    let temp = try TemporaryDirectory()
    let folder = try Self.validRun(in: temp)
    let journal = folder.appendingPathComponent("samples.jsonl")
    let lines = try String(contentsOf: journal, encoding: .utf8)
    try ("{\"caseID\": 3}\n" + lines).write(to: journal, atomically: true, encoding: .utf8)
    let outcome = bench(["run", "--resume", folder.path])
    #expect(outcome.status == 65)
    #expect(outcome.errors == ["bench: \(journal.path): line 1 is not a valid sample"])
  }

  // MARK: - File system faults

  @Test func anOutputFolderUnderAFileIsRefusedBeforeAnyCompile() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    // A path below a regular file fails for root too (permissions would not).
    let plain = try temp.file("plain", "not a folder")
    for flag in ["--output", "--results"] {
      let target = plain.appendingPathComponent("run").path
      let outcome = bench(["run", "--swiftc", fake.path, flag, target, "--quiet"] + Self.sweep)
      #expect(outcome.status == 74, "\(outcome.transcript)")
      #expect(outcome.errors.count == 1)
      #expect(outcome.errors.first?.hasPrefix("bench: cannot create \(plain.path)") == true, "\(outcome.transcript)")
      #expect(outcome.errors.first?.contains("Not a directory") == true, "\(outcome.transcript)")
    }
    #expect(fake.invocations == 0)
  }

  @Test func aWriteFailureMidRunKeepsEarlierSamplesAndTheRunResumes() throws {
    let temp = try TemporaryDirectory()
    let folder = temp.url.appendingPathComponent("run")
    let cases = folder.appendingPathComponent("cases")
    // After the second compile the cases folder becomes a file: the next case file cannot be written.
    let fake = try FakeCompiler(
      in: temp, scenario: "if [ \"$count\" = 2 ]; then rm -rf '\(cases.path)' && echo x > '\(cases.path)'; fi")
    let outcome = Self.run(fake, into: folder)
    #expect(outcome.status == 74, "\(outcome.transcript)")
    #expect(outcome.errors.count == 1)
    #expect(outcome.errors.first?.hasPrefix("bench: cannot write \(cases.path)/") == true, "\(outcome.transcript)")
    // Depth 1's four compiles (both models, instrumented and timed) need no new case file; depth 2's first does.
    #expect(outcome.output.contains("Stopped: 4 samples kept in \(folder.path)"))
    #expect(journalLineCount(folder) == 4)
    #expect(try RecordStore.sweep(folder).samples.count == 4)

    try FileManager.default.removeItem(at: cases)
    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    #expect(try RecordStore.sweep(folder).samples.count == 12)
    #expect(fake.invocations == 12)
  }

  // MARK: - Unusable compilers

  @Test(arguments: ["missing", "not executable", "says hello"])
  func anUnusableCompilerIsRefusedBeforeAnyWork(_ kind: String) throws {
    let temp = try TemporaryDirectory()
    let swiftc: String
    let expected: String
    switch kind {
    case "missing":
      swiftc = temp.url.appendingPathComponent("no-such-swiftc").path
      expected = "swiftc not found: \(swiftc)"
    case "not executable":
      swiftc = try temp.file("swiftc", "#!/bin/sh\necho 'Swift version 6.3.1'\n").path
      expected = "swiftc is not executable: \(swiftc)"
    default:
      swiftc = try temp.script("swiftc", "echo hello")
      expected = "not a Swift compiler: \(swiftc) --version exit status 0, printed \"hello\""
    }
    let output = temp.url.appendingPathComponent("run")
    let parent = temp.url.appendingPathComponent("Results")
    for target in [["--output", output.path], ["--results", parent.path]] {
      let outcome = bench(["run", "--swiftc", swiftc, "--quiet"] + target + Self.sweep)
      #expect(outcome.status == 70, "\(outcome.transcript)")
      #expect(outcome.errors == ["bench: \(expected)"])
      #expect(outcome.output.isEmpty)
    }
    #expect(!FileManager.default.fileExists(atPath: output.path))
    #expect(!FileManager.default.fileExists(atPath: parent.path))
  }

  // MARK: - Durability

  @Test func twoConcurrentRunsIntoOneParentGetDistinctFolders() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let parent = temp.url.appendingPathComponent("Results")
    let statuses = CapturedLines()
    DispatchQueue.concurrentPerform(iterations: 2) { _ in
      let outcome = bench(
        [
          "run", "--swiftc", fake.path, "--results", parent.path, "--quiet", "--depth", "1", "--model", "unified",
          "--runs", "1", "--warmup", "0",
        ])
      statuses.append("\(outcome.status)")
    }
    #expect(statuses.all == ["0", "0"])
    let folders = try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted()
    #expect(folders.count == 2)
    #expect(Set(folders).count == 2)
    for name in folders {
      #expect(try RecordStore.sweep(parent.appendingPathComponent(name)).samples.count == 2)
    }
  }

  @Test func runFoldersCreatedAtOnceWithOneNameAreDistinct() throws {
    let temp = try TemporaryDirectory()
    let parent = temp.url
    let created = CapturedLines()
    DispatchQueue.concurrentPerform(iterations: 8) { _ in
      if let (folder, lock) = try? RunFolder.create(under: parent, base: "20261122-071500-nesting") {
        created.append(folder.url.lastPathComponent)
        lock.release()
      }
    }
    #expect(created.all.count == 8)
    #expect(Set(created.all).count == 8)
    #expect(Set(created.all).contains("20261122-071500-nesting"))
  }

  @Test func resumingAFolderAnotherBenchHoldsIsRefused() throws {
    let temp = try TemporaryDirectory()
    let folder = try Self.validRun(in: temp)
    let held = try RunFolder(url: folder).lock()
    let refused = bench(["run", "--resume", folder.path])
    #expect(refused.status == 64)
    #expect(
      refused.errors == [
        "bench: \(folder.path) is in use by another bench (pid \(getpid())); wait for it to finish or stop it first"
      ])
    held.release()
    // The lock file stays behind, as after a killed bench: it does not block anyone.
    #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent(".lock").path))
    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
  }

  @Test func aRunFolderHoldsNoTemporaryFiles() throws {
    // Atomic writes leave no temporary files behind, and a run folder holds only what bench means to write.
    let temp = try TemporaryDirectory()
    let folder = try Self.validRun(in: temp)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
    // The reports every format writes (charts/ a folder of them), run.json among them.
    let reports = try ReportRenderer.render(try RecordStore.sweep(folder)).paths.map { String($0.prefix { $0 != "/" }) }
    #expect(names == Set([".lock", ".typecheckbench", "cases", "samples.jsonl"] + reports).sorted())
    #expect(names.contains("report.md") && names.contains("charts") && names.contains("run.json"))
  }
}

/// True while `pid` is a live (not zombie) process.
func isRunning(_ pid: Int32) -> Bool {
  #if os(Linux)
    guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let close = stat.lastIndex(of: ")")
    else { return false }
    let state = stat[stat.index(after: close)...].trimmingCharacters(in: .whitespaces).first
    return state != "Z" && state != "X"
  #else
    return kill(pid, 0) == 0
  #endif
}
