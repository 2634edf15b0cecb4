import Escaping
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

/// The defects the fourth hostile pass over bench found (issue 40, items 4 to 6 and its unclear messages), each
/// reproduced through the command line.
@Suite struct FourthHostilePassTests {
  // MARK: - Exits and words

  /// A compiler that exits 127 mid-run (a wrapper whose compiler vanished) left an `error` sample, called "a generator
  /// bug"; the resume "once the cause is fixed" kept it, exited 0, and its headline said the case "does not compile
  /// (error)". Now the sample is not kept, the line names the toolchain and the shell's reason, and the resume
  /// measures the point again: the record holds no error.
  @Test func aCompilerThatVanishedIsMeasuredAgainOnResume() throws {
    let temp = try TemporaryDirectory()
    let fixed = temp.url.appendingPathComponent("fixed")
    let fake = try FakeCompiler(
      in: temp,
      scenario: """
        if [ "$count" = 3 ] && [ ! -f '\(fixed.path)' ]; then
          echo "flaky.sh: 3: /opt/gone/swiftc: not found" >&2
          exit 127
        fi
        """)
    let folder = temp.url.appendingPathComponent("run")
    let arguments = ["--depth", "1...2", "--model", "unified", "--runs", "1", "--warmup", "0", "--quiet"]
    let stopped = bench(["run", "--toolchain", "flaky=\(fake.path)", "-o", folder.path] + arguments)
    #expect(stopped.status == 70, "\(stopped.transcript)")
    #expect(stopped.errors.count == 1, "\(stopped.transcript)")
    let line = try #require(stopped.errors.first)
    #expect(line.hasPrefix("bench: toolchain flaky (\(fake.path)) did not run for case "), "\(line)")
    #expect(line.contains("exit status 127: flaky.sh: 3: /opt/gone/swiftc: not found"), "\(line)")
    #expect(!line.contains("generator bug"), "\(line)")
    #expect(stopped.output.last == "Once the cause is fixed, resume with: bench run --resume \(folder.path)")
    // The two compiles before the fault are kept; the failed one is not.
    #expect(try SampleJournal.read(folder.appendingPathComponent("samples.jsonl")).count == 2)

    try Data().write(to: fixed)
    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    let record = try RecordStore.sweep(folder)
    #expect(record.samples.count == 4)
    #expect(record.samples.allSatisfy { $0.outcome == .ok })
    #expect(!resumed.output.joined().contains("does not compile"), "\(resumed.transcript)")
    #expect(bench(["report", folder.path, "--check"]).status == 0)
  }

  /// The words for each kind of unclean compile: the shell's 126 and 127 name the toolchain, a missing standard
  /// library the installation, and only a diagnostic in the case blames the generator.
  @Test func anUncleanCompileIsBlamedOnWhatFailed() throws {
    let toolchain = ToolchainInfo(
      name: "w", swiftcPath: "/x/swiftc", versionText: "", version: "6.3.1", extraFlags: [], assertionsEnabled: false)
    for status in [126, 127] {
      let detail = "swiftc ended with exit status \(status): sh: swiftc: Permission denied"
      #expect(SweepRunner.isEnvironmentFault(detail))
      #expect(
        SweepRunner.uncleanCompileMessage(caseID: "c", detail: detail, toolchain: toolchain).hasPrefix(
          "toolchain w (/x/swiftc) did not run for case c: \(detail)"))
    }
    #expect(SweepRunner.isEnvironmentFault("<unknown>:0: error: unable to load standard library for target 'x'"))
    #expect(!SweepRunner.isEnvironmentFault("swiftc ended with exit status 1"))
    #expect(!SweepRunner.isEnvironmentFault("swiftc ended with exit status 1270"))
    #expect(!SweepRunner.isEnvironmentFault("c.swift:3:5: error: cannot find 'x' in scope"))
    // A status without a diagnostic carries what the process printed last.
    #expect(
      CompileVerdict(status: .exited(127), timedOut: false, stderr: "1.25ms\tx\nflaky.sh: 3: swiftc: not found\n")
        == CompileVerdict(outcome: .error, detail: "swiftc ended with exit status 127: flaky.sh: 3: swiftc: not found"))
  }

  /// A sweep that selects no case said "an empty shard" with no --shard given, exited 70 and left an empty run
  /// folder: now one line, exit 65, and nothing written (neither the folder nor one under --results).
  @Test func aSweepSelectingNoCaseWritesNothing() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let folder = temp.url.appendingPathComponent("s17")
    let results = temp.url.appendingPathComponent("results")
    let selection = ["run", "--family", "chart", "--chart-variant", "modern", "--model", "per-kind", "--branches", "1"]
    for destination in [["-o", folder.path], ["--results", results.path]] {
      let outcome = bench(selection + ["--swiftc", fake.path] + destination)
      #expect(outcome.status == 65, "\(outcome.transcript)")
      #expect(outcome.errors.count == 1, "\(outcome.transcript)")
      #expect(outcome.errors.first?.hasPrefix("bench: no case matches these options") == true)
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path))
    #expect(!FileManager.default.fileExists(atPath: results.path))
    #expect(fake.invocations == 0)
  }

  /// Every merged folder failed `report --check` with "cases/reproduce.sh is missing", and its report.md pointed to
  /// that file: merge now writes it (it regenerates the cases from run.json when run, as a committed run's does),
  /// and a folder lacking it is told how to get it back.
  @Test func aMergedRunPassesItsCheck() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let shards = try (1...2).map { index in
      let folder = temp.url.appendingPathComponent("shard\(index)")
      let outcome = bench(
        [
          "run", "--swiftc", fake.path, "--depth", "1...2", "--model", "unified", "--runs", "1", "--warmup", "0",
          "--shard", "\(index)/2", "-o", folder.path, "--quiet",
        ])
      try #require(outcome.status == 0, "\(outcome.transcript)")
      return folder.path
    }
    let merged = temp.url.appendingPathComponent("merged")
    #expect(bench(["merge"] + shards + ["-o", merged.path]).status == 0)
    let script = merged.appendingPathComponent("cases/reproduce.sh")
    #expect(
      try String(contentsOf: script, encoding: .utf8)
        == String(
          contentsOf: URL(fileURLWithPath: shards[0]).appendingPathComponent("cases/reproduce.sh"), encoding: .utf8))
    let report = try String(contentsOf: merged.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(report.contains("sh cases/reproduce.sh"))
    let checked = bench(["report", merged.path, "--check"])
    #expect(checked.status == 0, "\(checked.transcript)")
    // A merge by an older bench (no script) is told the command that writes it.
    try FileManager.default.removeItem(at: script)
    let missing = bench(["report", merged.path, "--check"])
    #expect(missing.status == 65)
    #expect(
      missing.errors.first?.hasSuffix(
        "first: cases/reproduce.sh is missing; `bench generate --from \(merged.path)` writes it") == true,
      "\(missing.transcript)")
    #expect(bench(["generate", "--from", merged.path]).status == 0)
    #expect(bench(["report", merged.path, "--check"]).status == 0)
  }

  // MARK: - Ctrl-C at any moment

  /// Ctrl-C while the framework modules build (the first second of a run) exited 130 with no line, leaving the
  /// marker, `.lock`, `.scratch` and `cases/` without a run.json, which `--resume` refused. Now bench says it stopped
  /// and takes back the folder it made; in a resume, the stop is an ordinary one, and the run resumes after it.
  @Test func anInterruptWhileModulesBuildTakesTheFolderBack() throws {
    let executable = try #require(BenchExecutable.path, "the bench executable is not built next to the tests")
    let temp = try TemporaryDirectory()
    let armed = temp.url.appendingPathComponent("armed")
    try Data().write(to: armed)
    let fake = try FakeCompiler(
      in: temp, scenario: "[ \"$count\" != 2 ] || touch '\(armed.path)'",
      moduleScenario: "if [ -f '\(armed.path)' ]; then rm '\(armed.path)'; kill -INT $PPID; sleep 10; fi")
    var environment = ProcessInfo.processInfo.environment
    // No module cache: a module found there would not be built.
    environment["TYPECHECKBENCH_MODULE_CACHE"] = ""
    let folder = temp.url.appendingPathComponent("run")
    let arguments = [
      "run", "--swiftc", fake.path, "--depth", "1...2", "--model", "unified", "--runs", "1", "--warmup", "0",
      "--quiet",
    ]
    let first = try ProcessRunner.run(
      executable, arguments + ["-o", folder.path], environment: environment, timeout: 60)
    #expect(first.status == .exited(130), "\(first.stdoutText)\(first.stderrText)")
    #expect(
      first.stdoutText.contains("Interrupted before the first compile: nothing was measured; \(folder.path) removed"),
      "\(first.stdoutText)\(first.stderrText)")
    #expect(!FileManager.default.fileExists(atPath: folder.path))
    // An empty folder given with -o is left holding no run, ready for one.
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    try Data().write(to: armed)
    let given = try ProcessRunner.run(
      executable, arguments + ["-o", folder.path], environment: environment, timeout: 60)
    #expect(given.status == .exited(130))
    #expect(given.stdoutText.contains("\(folder.path) holds no run"), "\(given.stdoutText)")
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("cases").path))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".scratch").path))
    // The run goes ahead in that folder; its second compile arms the next module build, the resume's.
    let measured = try ProcessRunner.run(
      executable, arguments + ["-o", folder.path], environment: environment, timeout: 60)
    #expect(measured.status == .exited(0), "\(measured.stdoutText)\(measured.stderrText)")
    let record = try RecordStore.sweep(folder)
    var partial = record
    partial.samples.removeLast()
    partial.provenance.finishedAt = nil
    try JSONFormat.record(partial).write(
      to: folder.appendingPathComponent("run.json"), atomically: true, encoding: .utf8)
    let journal = folder.appendingPathComponent("samples.jsonl")
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
    try (lines.dropLast().joined(separator: "\n") + "\n").write(to: journal, atomically: true, encoding: .utf8)
    let resumed = try ProcessRunner.run(
      executable, ["run", "--resume", folder.path, "--quiet"], environment: environment, timeout: 60)
    #expect(resumed.status == .exited(130), "\(resumed.stdoutText)\(resumed.stderrText)")
    #expect(resumed.stdoutText.contains("Interrupted: 3 samples kept in \(folder.path)"), "\(resumed.stdoutText)")
    #expect(resumed.stdoutText.contains("Resume with: bench run --resume \(folder.path)"))
    #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent(".scratch").path))
    let completed = try ProcessRunner.run(
      executable, ["run", "--resume", folder.path, "--quiet"], environment: environment, timeout: 60)
    #expect(completed.status == .exited(0), "\(completed.stdoutText)\(completed.stderrText)")
    #expect(bench(["report", folder.path, "--check"]).status == 0)
  }

  /// A signal while nothing traps it (here while the compiler is asked its version) ended bench with no line: it
  /// now says it was interrupted.
  @Test func aSignalBeforeAnyTrapIsSaid() throws {
    let executable = try #require(BenchExecutable.path, "the bench executable is not built next to the tests")
    let temp = try TemporaryDirectory()
    let compiler = try temp.script("swiftc", "if [ \"$1\" = --version ]; then kill -INT $PPID; sleep 30; fi\nexit 1")
    let result = try ProcessRunner.run(
      executable, ["run", "--swiftc", compiler, "--depth", "1", "-o", temp.url.appendingPathComponent("run").path],
      timeout: 60)
    #expect(result.status == .exited(130), "\(result.status) \(result.stderrText)")
    #expect(result.stderrText == "bench: interrupted (SIGINT)\n")
    #expect(!FileManager.default.fileExists(atPath: temp.url.appendingPathComponent("run").path))
  }
}
