import Foundation
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
    let warnings = outcome.output.filter { $0.contains("Bogus.Counter") }
    #expect(warnings.count == 1, "\(outcome.transcript)")
    #expect(warnings.first?.hasPrefix("warning: --counter Bogus.Counter: no compile of this run wrote it") == true)
    // The fake writes Sema.NumLeafScopes: no warning for it.
    #expect(!outcome.output.contains { $0.contains("--counter Sema.NumLeafScopes") })
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
    let result = try Self.runExecutable(
      ["generate", "--template", template.path, "--param", "N=1", "-o", temp.url.appendingPathComponent("out").path])
    #expect(result.status == .exited(64), "\(result.stderrText)")
    #expect(result.stderrText.contains("above the 4 MiB a template may be"), "\(result.stderrText)")
    #expect(!result.stderrText.contains("sweep a smaller range"), "\(result.stderrText)")
    // Refused without reading it: bench's peak memory stays far below the file's size.
    #expect(result.maxRSSBytes < 40_000_000, "peak \(result.maxRSSBytes) bytes")
  }
}
