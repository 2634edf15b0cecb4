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
@Suite struct FourthHostilePassExitTests {
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

  // MARK: - Records validated on read

  /// A run made with a fake compiler, whose fingerprint is its script's.
  static func run(in temp: TemporaryDirectory, name: String = "run", compiler: FakeCompiler) throws -> URL {
    let folder = temp.url.appendingPathComponent(name)
    let outcome = bench(
      [
        "run", "--toolchain", "fake=\(compiler.path)", "--depth", "1", "--model", "unified", "--runs", "1",
        "--warmup", "0", "-o", folder.path, "--quiet",
      ])
    try #require(outcome.status == 0, "\(outcome.transcript)")
    return folder
  }

  /// `folder`'s run.json with `old` replaced by `new` everywhere (the file's layout kept), its journal removed (as a
  /// committed run has none) and its reports rendered again.
  static func edit(_ folder: URL, _ old: String, _ new: String, render: Bool = true) throws {
    let url = folder.appendingPathComponent("run.json")
    let text = try String(contentsOf: url, encoding: .utf8)
    try text.replacingOccurrences(of: old, with: new).write(to: url, atomically: true, encoding: .utf8)
    try? FileManager.default.removeItem(at: folder.appendingPathComponent("samples.jsonl"))
    if render { #expect(bench(["report", folder.path]).status == 0) }
  }

  /// measurementVersion -1, 0 and 3 were read (report rendered "Measurement version -1: …", compare only warned):
  /// every command refuses them now, as it does any value no bench writes.
  @Test(arguments: [-1, 0, 3])
  func anImpossibleMeasurementVersionIsRefused(_ version: Int) throws {
    let temp = try TemporaryDirectory()
    let valid = try Self.run(in: temp, compiler: try FakeCompiler(in: temp))
    let copy = temp.url.appendingPathComponent("copy")
    try FileManager.default.copyItem(at: valid, to: copy)
    try Self.edit(copy, "\"measurementVersion\" : 2", "\"measurementVersion\" : \(version)", render: false)
    for command in [["report", copy.path], ["compare", valid.path, copy.path], ["report", copy.path, "--check"]] {
      let outcome = bench(command)
      #expect(outcome.status == 65, "\(command): \(outcome.transcript)")
      #expect(
        outcome.errors == [
          "bench: \(copy.path)/run.json: provenance.measurementVersion is \(version): this bench reads measurement "
            + "versions 1 to 2 (a later bench measured it, or the file was edited)"
        ], "\(outcome.transcript)")
    }
  }

  /// A toolchain whose version is not what its version text says, or a fingerprint in no form bench writes, is
  /// refused when read.
  @Test func aToolchainThatContradictsItselfIsRefused() throws {
    let temp = try TemporaryDirectory()
    let valid = try Self.run(in: temp, compiler: try FakeCompiler(in: temp))
    let record = try RecordStore.sweep(valid)
    let fingerprint = try #require(record.toolchains[0].executableFingerprint)
    let cases: [(String, String, String)] = [
      (
        "\"version\":\"6.3.1\"", "\"version\":\"7.0.0\"",
        "toolchain fake claims Swift 7.0.0 where its version text says 6.3.1"
      ),
      ("\"assertionsEnabled\":false", "\"assertionsEnabled\":true", "toolchain fake claims Swift 6.3.1 (assertions)"),
      (fingerprint, "unknown", "toolchain fake's fingerprint 'unknown' is not one bench takes"),
    ]
    for (index, (old, new, expected)) in cases.enumerated() {
      let copy = temp.url.appendingPathComponent("copy\(index)")
      try FileManager.default.copyItem(at: valid, to: copy)
      try Self.edit(copy, old, new, render: false)
      let outcome = bench(["report", copy.path])
      #expect(outcome.status == 65, "\(outcome.transcript)")
      #expect(outcome.errors.first?.contains(expected) == true, "\(outcome.transcript)")
    }
  }

  /// A run.json edited with sed to claim Swift 7.0.0, then re-rendered, passed `report --check`; one renamed to
  /// swift-9.9 at a path that does not exist passed too: the samples' cache keys (which hash the compiler) now
  /// refuse both, and with no keys the compiler still here with the recorded files says its own version. compare
  /// warns, also of one fingerprint under two versions.
  @Test func aRecordClaimingAnotherCompilerIsFlagged() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let valid = try Self.run(in: temp, compiler: fake)
    #expect(bench(["report", valid.path, "--check"]).status == 0)

    let claimed = temp.url.appendingPathComponent("claimed")
    try FileManager.default.copyItem(at: valid, to: claimed)
    try Self.edit(claimed, "6.3.1", "7.0.0")
    let checked = bench(["report", claimed.path, "--check"])
    #expect(checked.status == 65, "\(checked.transcript)")
    #expect(checked.errors.first?.contains("its samples' cache keys name another source, compiler or host") == true)

    let renamed = temp.url.appendingPathComponent("renamed")
    try FileManager.default.copyItem(at: valid, to: renamed)
    try Self.edit(renamed, fake.path, "/nonexistent/swift-9.9/swiftc")
    #expect(bench(["report", renamed.path, "--check"]).status == 65)

    // Without cache keys (a record from before them), the compiler answers for itself.
    let keyless = temp.url.appendingPathComponent("keyless")
    try FileManager.default.copyItem(at: claimed, to: keyless)
    let url = keyless.appendingPathComponent("run.json")
    let text = try String(contentsOf: url, encoding: .utf8)
    let withoutKeys = try NSRegularExpression(pattern: ",\"cacheKey\":\"[^\"]*\"").stringByReplacingMatches(
      in: text, range: NSRange(text.startIndex..., in: text), withTemplate: "")
    try withoutKeys.write(to: url, atomically: true, encoding: .utf8)
    #expect(bench(["report", keyless.path]).status == 0)
    let answered = bench(["report", keyless.path, "--check"])
    #expect(answered.status == 65, "\(answered.transcript)")
    #expect(
      answered.errors.first?.contains("toolchain fake claims Swift 7.0.0 (release), but \(fake.path)") == true,
      "\(answered.transcript)")
    #expect(answered.errors.first?.contains("answers Swift 6.3.1 (release)") == true, "\(answered.transcript)")

    let compared = bench(["compare", valid.path, claimed.path, "--metric", "scopes"])
    #expect(
      compared.errors.contains { $0.hasPrefix("bench: warning: toolchain fake claims Swift 7.0.0") },
      "\(compared.transcript)")
    #expect(
      compared.output.joined(separator: "\n").contains(
        "BASE's fake and NEW's fake carry one compiler fingerprint"), "\(compared.transcript)")
  }

  /// A trace row whose scope count goes down was ranked at −3 scopes, and a time of 9.2e15 ms was accepted: such rows
  /// are unreadable now, counted so, and never ranked.
  @Test func impossibleTraceRowsAreUnreadable() {
    let header = TraceRow.header + "\n"
    let open = "100,0,\"entry\",\"typecheck-expr\",\"Sema.NumConstraintScopes\",5,5,\"BinaryExpr\",\"a.swift:1:9\"\n"
    let rows = [
      "200,100,\"exit\",\"typecheck-expr\",\"Sema.NumConstraintScopes\",-3,2,\"BinaryExpr\",\"a.swift:1:9\"\n",
      "9200000000000000000,100,\"exit\",\"typecheck-expr\",\"Sema.NumLeafScopes\",1,1,\"BinaryExpr\",\"a.swift:1:9\"\n",
      "200,9200000000000000000,\"exit\",\"typecheck-expr\",\"Sema.NumLeafScopes\",1,1,\"BinaryExpr\",\"a.swift:1:9\"\n",
    ]
    for row in rows {
      let attribution = StatsTraceReader.read(utf8: Array((header + open + row).utf8))
      #expect(attribution.problems.contains(.malformedRows(count: 1, firstLine: 3)), "\(row)")
      #expect(attribution.expressions.allSatisfy { $0.scopes >= 0 && ($0.ownMicroseconds ?? 0) < 86_400_000_000 })
    }
  }

  // MARK: - Unclear messages

  /// A template importing another of the SDK's modules got "no such module" from its validity compile (exit 65):
  /// it is now refused first, naming the line and what bench replaces.
  @Test(arguments: ["import SwiftUICore", "import _MapKit_SwiftUI", "import MapKit", "import struct SwiftUI.Text"])
  func aTemplateImportBenchDoesNotReplaceIsNamed(_ line: String) throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let template = try temp.file("t.swift", "import SwiftUI\n\(line)\nlet x = {{N}}\n")
    let folder = temp.url.appendingPathComponent("run")
    let outcome = bench(
      ["run", "--template", template.path, "--param", "N=1", "--swiftc", fake.path, "-o", folder.path, "--quiet"])
    #expect(outcome.status == 64, "\(outcome.transcript)")
    #expect(
      outcome.errors == [
        "bench: \(template.path):2: `\(line)`: bench stands its miniature framework in for `import SwiftUI` and "
          + "`import Charts` lines only (its modules have names of their own), so this import of "
          + "\(line.split(separator: " ").last!.split(separator: ".")[0]) would find no such module; write "
          + "`import SwiftUI` (or `import Charts`) instead"
      ], "\(outcome.transcript)")
    #expect(!FileManager.default.fileExists(atPath: folder.path))
    #expect(fake.invocations == 0)
  }

  /// A refused toolchain name printed its letters beyond ASCII as `?` (`'?n?'`): they are shown as typed; a control
  /// character is shown escaped.
  @Test func aRefusedNameIsShownAsTyped() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let outcome = bench(["run", "--toolchain", "ünï=\(fake.path)", "--depth", "1", "--quiet"])
    #expect(outcome.status == 64)
    #expect(outcome.errors.first?.hasPrefix("bench: --toolchain: the name 'ünï' is not an identifier") == true)
    #expect(RecordID.problem("a\u{1B}[31mb", field: "run id")?.hasPrefix("run id 'a\\u{1B}[31mb'") == true)
  }

  /// `bench analyze` listed the expressions of a macro's expansion under its buffer's mangled name: they are shown
  /// at the macro's use site, with its name, as `swift demangle` reads the name ("freestanding macro expansion #1 of
  /// expect in module ArgumentParserPackageManagerTests file HelpTests.swift line 206 column 5").
  @Test func aMacroExpansionIsNamedByItsUseSite() throws {
    let name = "@__swiftmacro_33ArgumentParserPackageManagerTests0020HelpTestsswift_odAJdfMX205_4_6expectfMf_.swift"
    let buffer = try #require(MacroExpansionBuffer(path: "/tmp/x/" + name))
    #expect(buffer.macro == "expect")
    #expect(buffer.written == "#expect")
    #expect(buffer.useSite?.file == "HelpTests.swift")
    #expect(buffer.useSite?.line == 206)
    #expect(buffer.useSite?.column == 5)
    // Captured from `bench analyze` of a `@Test` whose expansion holds `#isolation`, with what swift demangle says:
    // "freestanding macro expansion #1 of isolation in module HelpTests file
    // @__swiftmacro_9HelpTests3sum4TestfMp_.swift line 4 column 99", and "peer macro @Test expansion #1 of sum".
    let nested = try #require(
      MacroExpansionBuffer(
        path: "@__swiftmacro_9HelpTests0050___swiftmacro_9HelpTests3sum4TestfMp_swift_DcHAqcvafMX3_98_9isolationfMf_"
          + ".swift"))
    #expect(nested.written == "#isolation")
    #expect(nested.useSite?.file == "@__swiftmacro_9HelpTests3sum4TestfMp_.swift")
    #expect(nested.useSite?.line == 4)
    #expect(nested.useSite?.column == 99)
    let attached = try #require(MacroExpansionBuffer(path: "@__swiftmacro_9HelpTests3sum4TestfMp_.swift"))
    #expect(attached.written == "@Test")
    #expect(attached.useSite == nil)
    #expect(MacroExpansionBuffer(path: "HelpTests.swift") == nil)
    #expect(MacroExpansionBuffer(path: "@__swiftmacro_garbage.swift") == nil)
  }

  /// A byte-identical copy of the compiler restored in place was refused on resume with no way forward. A script
  /// (up to 1 MiB) is now fingerprinted by its content (issue 39's identity check), so the restored copy is the same
  /// compiler and the run resumes at once; a large binary restored with another time gets the `touch` commands
  /// (`ToolchainClaim.resumeRefusal`).
  @Test func aRestoredCompilerIsToldHowToResume() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let folder = temp.url.appendingPathComponent("run")
    let measured = bench(
      [
        "run", "--toolchain", "fake=\(fake.path)", "--depth", "1...2", "--model", "unified", "--runs", "1",
        "--warmup", "0", "-o", folder.path, "--quiet",
      ])
    try #require(measured.status == 0, "\(measured.transcript)")
    // The last sample taken away, as if the run had stopped before it.
    var partial = try RecordStore.sweep(folder)
    partial.samples.removeLast()
    partial.provenance.finishedAt = nil
    try JSONFormat.record(partial).write(
      to: folder.appendingPathComponent("run.json"), atomically: true, encoding: .utf8)
    let journal = folder.appendingPathComponent("samples.jsonl")
    let lines = try String(contentsOf: journal, encoding: .utf8).split(separator: "\n")
    try (lines.dropLast().joined(separator: "\n") + "\n").write(to: journal, atomically: true, encoding: .utf8)
    // The script restored byte for byte: the same size, another modification time.
    let bytes = try Data(contentsOf: URL(fileURLWithPath: fake.path))
    try FileManager.default.removeItem(atPath: fake.path)
    try bytes.write(to: URL(fileURLWithPath: fake.path))
    try FileManager.default.setAttributes(
      [.posixPermissions: 0o755, .modificationDate: Date().addingTimeInterval(60)], ofItemAtPath: fake.path)
    let resumed = bench(["run", "--resume", folder.path, "--quiet"])
    #expect(resumed.status == 0, "\(resumed.transcript)")
    #expect(try RecordStore.sweep(folder).samples.count == 4)
  }
}
