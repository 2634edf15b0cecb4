import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The defects a hostile pass over bench found (issue 24), each reproduced through the command line.
@Suite struct HostilePassTests {
  /// Runs the built `bench` executable (a crash there cannot take the test process down).
  static func runExecutable(_ arguments: [String], timeout: Double = 120) throws -> ProcessResult {
    let executable = try #require(BenchExecutable.path, "the bench executable is not built next to the tests")
    return try ProcessRunner.run(executable, arguments, timeout: timeout)
  }

  // MARK: - Symbolic links as output folders

  /// `--output` (and `generate -o`, `report -o`) naming a dangling symbolic link or a loop of links is refused in one
  /// line (exit 73), where it used to overflow the stack in the folder check (SIGSEGV, exit 139).
  @Test(arguments: ["dangling", "loop"])
  func aBrokenSymbolicLinkAsOutputIsRefusedInOneLine(_ kind: String) throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let run = try FaultInjectionTests.validRun(in: temp)
    let link = temp.url.appendingPathComponent("link")
    if kind == "dangling" {
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "nowhere/x")
    } else {
      let other = temp.url.appendingPathComponent("other")
      try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: other.path)
      try FileManager.default.createSymbolicLink(atPath: other.path, withDestinationPath: link.path)
    }
    let invocations: [[String]] = [
      ["run", "--swiftc", fake.path, "--depth", "1", "--runs", "1", "--quiet", "--output", link.path],
      ["generate", "--depth", "1", "-o", link.path],
      ["report", run.path, "-o", link.path],
    ]
    for arguments in invocations {
      let result = try Self.runExecutable(arguments)
      #expect(result.status == .exited(73), "\(arguments[0]): \(result.status) \(result.stderrText)")
      let lines = result.stderrText.split(separator: "\n")
      #expect(lines.count == 1, "\(arguments[0]): \(result.stderrText)")
      #expect(lines.first?.contains("symbolic link") == true, "\(arguments[0]): \(result.stderrText)")
      #expect(lines.first?.contains(link.path) == true, "\(arguments[0]): \(result.stderrText)")
    }
    #expect(fake.invocations == 0)
    // The link is left as it was.
    #expect((try? FileManager.default.destinationOfSymbolicLink(atPath: link.path)) != nil)
  }

  /// A link to a real folder is followed: that folder is the output.
  @Test func aSymbolicLinkToAFolderIsFollowed() throws {
    let temp = try TemporaryDirectory()
    let target = temp.url.appendingPathComponent("target")
    try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
    let link = temp.url.appendingPathComponent("link")
    try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: target.path)
    let result = try Self.runExecutable(["generate", "--depth", "1", "-o", link.path])
    #expect(result.status == .exited(0), "\(result.stderrText)")
    #expect(FileManager.default.fileExists(atPath: target.appendingPathComponent("manifest.tsv").path))
  }

  // MARK: - Compare with nothing in common

  /// Two runs with no point in common compare nothing: a CI gate given the wrong runs must fail (exit 65, saying
  /// why), not pass with "0 compared".
  @Test func compareWithNoPointInCommonFails() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    var folders: [URL] = []
    for (name, model) in [("base", "per-kind"), ("new", "unified")] {
      let folder = temp.url.appendingPathComponent(name)
      let outcome = bench(
        [
          "run", "--swiftc", fake.path, "-o", folder.path, "--quiet", "--depth", "1...2", "--model", model,
          "--runs", "1", "--warmup", "0",
        ])
      #expect(outcome.status == 0, "\(outcome.transcript)")
      folders.append(folder)
    }
    let compared = bench(["compare", folders[0].path, folders[1].path])
    #expect(compared.status == 65, "\(compared.transcript)")
    #expect(compared.errors.count == 1, "\(compared.transcript)")
    #expect(compared.errors.first?.contains("no point in common") == true, "\(compared.transcript)")
    #expect(compared.errors.first?.contains("2 only in BASE") == true, "\(compared.transcript)")
    // A run compared with itself still compares.
    #expect(bench(["compare", folders[0].path, folders[0].path]).status == 0)
  }

  // MARK: - A counter no compile writes

  /// `--counter Bogus.Counter` is warned about clearly: swiftc writes only non-zero counters, so a name no compile of
  /// the run wrote is misspelt or always zero. The run still completes (a real counter may be zero throughout); the
  /// report says "never written" instead of an empty chart and "insufficient data".
  @Test func aCounterNoCompileWroteIsWarnedAbout() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let folder = temp.url.appendingPathComponent("run")
    let outcome = bench(
      [
        "run", "--swiftc", fake.path, "-o", folder.path, "--quiet", "--depth", "1...3", "--model", "unified",
        "--runs", "1", "--warmup", "0", "--counter", "Bogus.Counter", "--counter", "Sema.NumLeafScopes",
      ])
    #expect(outcome.status == 0, "\(outcome.transcript)")
    // A warning, on the error stream: the output (the run's result) never carries it.
    #expect(!outcome.output.contains { $0.contains("Bogus.Counter") }, "\(outcome.transcript)")
    let warnings = outcome.errors.filter { $0.contains("Bogus.Counter") }
    #expect(warnings.count == 1, "\(outcome.transcript)")
    #expect(warnings.first?.hasPrefix("warning: --counter Bogus.Counter: no compile of this run wrote it") == true)
    // The fake writes Sema.NumLeafScopes: no warning for it.
    #expect(!(outcome.output + outcome.errors).contains { $0.contains("--counter Sema.NumLeafScopes") })
    let report = try String(contentsOf: folder.appendingPathComponent("report.md"), encoding: .utf8)
    #expect(report.contains("Bogus.Counter never written"), "\(report)")
    let charts = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("charts").path)
    #expect(!charts.contains { $0.contains("Bogus") }, "\(charts)")
    #expect(charts.contains { $0.contains("NumLeafScopes") }, "\(charts)")
  }

  // MARK: - A huge template

  /// A template far larger than any pattern is refused by its size before it is read (it used to be read whole, at
  /// about 39 bytes of memory a byte, and then refused with advice to sweep a smaller range, which does not help).
  @Test func aHugeTemplateIsRefusedByItsSizeBeforeItIsRead() throws {
    let temp = try TemporaryDirectory()
    let template = temp.url.appendingPathComponent("huge.swift")
    // 40 MB of (sparse) zero bytes, then a placeholder.
    let handle = try FileHandle(forWritingTo: try temp.file("huge.swift", ""))
    try handle.truncate(atOffset: 40_000_000)
    try handle.seekToEnd()
    try handle.write(contentsOf: Data("let n = {{N}}\n".utf8))
    try handle.close()
    let out = temp.url.appendingPathComponent("out").path
    // A template that cannot be read at all, refused at once: the peak memory of a bench that reads nothing (on
    // Linux a child's peak counts from this test process's own resident size at the spawn).
    let baseline = try Self.runExecutable(
      ["generate", "--template", temp.url.appendingPathComponent("missing.swift").path, "--param", "N=1", "-o", out])
    let result = try Self.runExecutable(["generate", "--template", template.path, "--param", "N=1", "-o", out])
    #expect(result.status == .exited(64), "\(result.stderrText)")
    #expect(result.stderrText.contains("above the 4 MiB a template may be"), "\(result.stderrText)")
    #expect(!result.stderrText.contains("sweep a smaller range"), "\(result.stderrText)")
    // Refused without reading it: no more memory than reading nothing (reading and scanning it took ~1.5 GB).
    #expect(
      result.maxRSSBytes < baseline.maxRSSBytes + 100_000_000, "peak \(result.maxRSSBytes), \(baseline.maxRSSBytes)")
  }

  // MARK: - Item 10, the smaller ones

  /// Every exit status a command's help or summary names is in the one exit-status table (compat's 1 was not).
  @Test func everyDocumentedExitStatusIsInTheTable() throws {
    let listed = Set(ExitStatus.allCases.map(\.rawValue))
    #expect(BenchCommandLine.usage.contains(ExitStatus.paragraph()))
    let pattern = try NSRegularExpression(pattern: "[Ee]xit(?: status)? ([0-9]+)")
    for command in BenchCommandLine.commands() {
      let text = command.summary + "\n" + command.helpText
      for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
        let number = Int32((text as NSString).substring(with: match.range(at: 1)))!
        #expect(listed.contains(number), "bench \(command.name) documents exit \(number), not in the table")
      }
    }
    #expect(listed.isSuperset(of: [0, 1, 2, 4, 64, 65, 70, 73, 74, 130]))
  }

  /// `bench parse` of a file with no timing line (garbage, or a log built without the flags) exits 65.
  @Test func parseOfGarbageExitsNonZero() throws {
    let temp = try TemporaryDirectory()
    let garbage = temp.url.appendingPathComponent("garbage.bin")
    try Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }).write(to: garbage)
    let parsed = bench(["parse", garbage.path])
    #expect(parsed.status == 65, "\(parsed.transcript)")
    #expect(parsed.errors.count == 1 && parsed.errors[0].contains("no timing lines found"), "\(parsed.transcript)")
    // A real log still parses.
    let log = try temp.file("build.log", "12.50ms\t/p/a.swift:3:6\tglobal function main.(file).f()@/p/a.swift:3:6\n")
    #expect(bench(["parse", log.path]).status == 0)
  }

  /// SIGHUP (a closed terminal or SSH session) stops a run like SIGTERM: samples kept, the resume hint, exit 130.
  @Test func aHangupIsAnInterruptToo() throws {
    try FaultInjectionTests().interruptAndResume(signal: "HUP", seed: 11)
  }

  /// A crash while a template's instances are checked names the signal once.
  @Test func aTemplateCrashNamesTheSignalOnce() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp, scenario: "kill -SEGV $$")
    let template = try temp.file("t.swift", "func f() -> Int { {{N}} }\n")
    let outcome = bench(
      [
        "run", "--template", template.path, "--param", "N=1", "--swiftc", fake.path, "-o",
        temp.url.appendingPathComponent("o").path,
      ])
    #expect(outcome.status == 65, "\(outcome.transcript)")
    let line = try #require(outcome.errors.first)
    #expect(line.contains("crashed the compiler (SIGSEGV) (the instance is"), "\(line)")
    #expect(!line.contains("SIGSEGV): SIGSEGV"), "\(line)")
  }

  /// What a program that is not a compiler prints (escape sequences, a bell, raw bytes) reaches the terminal escaped,
  /// on one line.
  @Test func aNonCompilersRawOutputIsPrintedEscaped() throws {
    let temp = try TemporaryDirectory()
    let swiftc = try temp.script("swiftc", "printf '\\033[2J\\033[31mred\\007\\r\\377\\n'")
    let result = try Self.runExecutable([
      "run", "--swiftc", swiftc, "--depth", "1", "--quiet", "-o", temp.url.appendingPathComponent("o").path,
    ])
    #expect(result.status == .exited(70), "\(result.stderrText)")
    let line = result.stderrText
    #expect(!line.utf8.contains(0x1B) && !line.utf8.contains(0x07) && !line.utf8.contains(0x0D), "\(line)")
    #expect(line.contains("\\u{1B}[2J\\u{1B}[31mred\\u{7}"), "\(line)")
    #expect(line.split(separator: "\n").count == 1, "\(line)")
  }

  // MARK: - bench analyze stopped midway

  /// A fake toolchain for `bench analyze` of a package: `swift build` starts a "driver" in a session and process group
  /// of its own (as SwiftPM's build system does), writes its pid to `pidFile`, optionally interrupts bench as a
  /// terminal's Ctrl-C would, and hangs.
  static func hangingToolchain(in temp: TemporaryDirectory, pidFile: URL, interrupt: Bool) throws -> String {
    let bin = temp.url.appendingPathComponent("bin")
    try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
    let swiftc = bin.appendingPathComponent("swiftc")
    try Data("#!/bin/sh\necho 'Swift version 6.3.1 (swift-6.3.1-RELEASE)'\n".utf8).write(to: swiftc)
    let swift = bin.appendingPathComponent("swift")
    try Data(
      """
      #!/bin/sh
      setsid sh -c 'echo $$ > "\(pidFile.path)"; exec sleep 120' &
      while [ ! -s '\(pidFile.path)' ]; do sleep 0.05; done
      \(interrupt ? "kill -INT $PPID" : "")
      sleep 120

      """.utf8
    ).write(to: swift)
    for file in [swiftc, swift] {
      try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
    }
    return swiftc.path
  }

  /// The package analyze is pointed at.
  static func tinyPackage(in temp: TemporaryDirectory) throws -> URL {
    let package = temp.url.appendingPathComponent("Tiny")
    try FileManager.default.createDirectory(
      at: package.appendingPathComponent("Sources/Tiny"), withIntermediateDirectories: true)
    try Data(
      "// swift-tools-version:5.9\nimport PackageDescription\nlet package = Package(name: \"Tiny\", targets: [.target(name: \"Tiny\")])\n"
        .utf8
    ).write(to: package.appendingPathComponent("Package.swift"))
    try Data("func double(_ x: Int) -> Int { [x, x].reduce(0, +) }\n".utf8).write(
      to: package.appendingPathComponent("Sources/Tiny/Tiny.swift"))
    return package
  }

  /// Runs the executable with its temporary folder in `tmp`, so that what it leaves there can be seen.
  static func runWithTemporaryFolder(_ tmp: URL, _ arguments: [String]) throws -> ProcessResult {
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    let executable = try #require(BenchExecutable.path, "the bench executable is not built next to the tests")
    var environment = ProcessInfo.processInfo.environment
    environment["TMPDIR"] = tmp.path + "/"
    return try ProcessRunner.run(executable, arguments, environment: environment, timeout: 120)
  }

  /// `--timeout` stops every process the build started, in whatever process group, and removes the scratch folder.
  @Test func analyzeTimeoutStopsTheWholeBuildAndCleansUp() throws {
    let temp = try TemporaryDirectory()
    let pidFile = temp.url.appendingPathComponent("driver.pid")
    let swiftc = try Self.hangingToolchain(in: temp, pidFile: pidFile, interrupt: false)
    let tmp = temp.url.appendingPathComponent("tmp")
    let result = try Self.runWithTemporaryFolder(
      tmp, ["analyze", try Self.tinyPackage(in: temp).path, "--swiftc", swiftc, "--timeout", "2"])
    #expect(result.status == .exited(70), "\(result.stderrText)")
    #expect(result.stderrText.contains("timed out after 2 s"), "\(result.stderrText)")
    let driver = try #require(
      Int32(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(eventually(within: 5) { !isRunning(driver) }, "the build's driver \(driver) survived the timeout")
    if isRunning(driver) { kill(driver, SIGKILL) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path) == [], "left in TMPDIR")
  }

  /// Ctrl-C stops the whole build, removes the scratch folder and exits 130.
  @Test func analyzeInterruptedStopsTheWholeBuildAndExits130() throws {
    let temp = try TemporaryDirectory()
    let pidFile = temp.url.appendingPathComponent("driver.pid")
    let swiftc = try Self.hangingToolchain(in: temp, pidFile: pidFile, interrupt: true)
    let tmp = temp.url.appendingPathComponent("tmp")
    let result = try Self.runWithTemporaryFolder(
      tmp, ["analyze", try Self.tinyPackage(in: temp).path, "--swiftc", swiftc])
    #expect(result.status == .exited(130), "\(result.status) \(result.stderrText)")
    #expect(result.stderrText.contains("interrupted"), "\(result.stderrText)")
    let driver = try #require(
      Int32(try String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(eventually(within: 5) { !isRunning(driver) }, "the build's driver \(driver) survived the interrupt")
    if isRunning(driver) { kill(driver, SIGKILL) }
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path) == [], "left in TMPDIR")
  }

  /// A real `swift build` of a small package: bodies from the timed build, expressions ranked by scopes from the
  /// traced type-check of its target, and nothing left in the temporary folder (SwiftPM used to leave a lock file
  /// there every time).
  @Test(.enabled(if: Integration.hasCompiler, "needs an installed swiftc"))
  func analyzeOfARealPackageLeavesNothingBehind() throws {
    let temp = try TemporaryDirectory()
    let tmp = temp.url.appendingPathComponent("tmp")
    let swiftc = try #require(Integration.swiftc)
    let result = try Self.runWithTemporaryFolder(
      tmp,
      ["analyze", try Self.tinyPackage(in: temp).path, "--swiftc", swiftc, "--format", "json", "--threshold", "0"])
    #expect(result.status == .exited(0), "\(result.stderrText)")
    let json = try JSONSerialization.jsonObject(with: Data(result.stdoutText.utf8)) as? [String: Any]
    #expect((json?["bodies"] as? [Any])?.isEmpty == false)
    let scopes = json?["scopes"] as? [String: Any]
    #expect((scopes?["expressions"] as? [Any])?.isEmpty == false)
    #expect((scopes?["notes"] as? [Any])?.isEmpty == true)
    #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path) == [], "left in TMPDIR")
  }
}
