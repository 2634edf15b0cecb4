import Foundation
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// bench writes only into folders it created or that hold its marker; anything else is refused (exit 73) untouched.
@Suite struct OutputFolderTests {
  /// A folder that is not bench's: a project with a source file and a `.scratch/` of its own.
  static func projectFolder(in temp: TemporaryDirectory) throws -> URL {
    let project = temp.url.appendingPathComponent("project")
    try FileManager.default.createDirectory(
      at: project.appendingPathComponent(".scratch"), withIntermediateDirectories: true)
    try Data("let x = 1\n".utf8).write(to: project.appendingPathComponent("main.swift"))
    try Data("keep\n".utf8).write(to: project.appendingPathComponent(".scratch/notes"))
    try Data("<h1>mine</h1>\n".utf8).write(to: project.appendingPathComponent("index.html"))
    return project
  }

  /// Every file under `folder` with its contents, to prove a refused command touched nothing.
  static func snapshot(_ folder: URL) throws -> [String: Data] {
    var result: [String: Data] = [:]
    let enumerator = FileManager.default.enumerator(atPath: folder.path)
    while let path = enumerator?.nextObject() as? String {
      result[path] = FileManager.default.contents(atPath: folder.appendingPathComponent(path).path) ?? Data()
    }
    return result
  }

  @Test func everyWriterRefusesAFolderThatIsNotBenchs() throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let run = try FaultInjectionTests.validRun(in: temp)
    let project = try Self.projectFolder(in: temp)
    let before = try Self.snapshot(project)
    let invocations: [[String]] = [
      ["run", "--swiftc", fake.path, "--output", project.path, "--quiet", "--depth", "1", "--runs", "1"],
      ["run", "--swiftc", fake.path, "-o", project.path, "--quiet", "--depth", "1", "--runs", "1"],
      ["report", run.path, "--output", project.path],
      ["merge", run.path, "-o", project.path],
      ["history", project.path, "--append", run.path],
      ["history", project.path],
      ["generate", "--depth", "1", "-o", project.path],
    ]
    for arguments in invocations {
      let outcome = bench(arguments)
      let command = arguments.joined(separator: " ")
      #expect(outcome.status == 73, "\(command): \(outcome.transcript)")
      #expect(outcome.errors.count == 1, "\(command): \(outcome.transcript)")
      #expect(outcome.errors.first?.contains("was not written by bench") == true, "\(command): \(outcome.transcript)")
    }
    #expect(try Self.snapshot(project) == before)
    #expect(fake.invocations == 0)
  }

  @Test func aFolderOfAnotherKindIsRefused() throws {
    let temp = try TemporaryDirectory()
    let run = try FaultInjectionTests.validRun(in: temp)
    let before = try Self.snapshot(run)
    let outcome = bench(["history", run.path, "--append", run.path])
    #expect(outcome.status == 73, "\(outcome.transcript)")
    #expect(outcome.errors.first?.contains("holds a run, not a site folder") == true, "\(outcome.transcript)")
    #expect(try Self.snapshot(run) == before)
  }

  @Test func newEmptyAndOwnFoldersAreAccepted() throws {
    let temp = try TemporaryDirectory()
    let run = try FaultInjectionTests.validRun(in: temp)
    #expect(OutputFolder.marker(in: run) == .run)
    // A new site, then the same site again (its marker), and an empty folder made beforehand.
    let site = temp.url.appendingPathComponent("deep/site")
    #expect(bench(["history", site.path, "--append", run.path]).status == 0)
    #expect(OutputFolder.marker(in: site) == .site)
    #expect(bench(["history", site.path, "--append", run.path]).status == 0)
    let empty = temp.url.appendingPathComponent("empty")
    try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
    let generated = bench(["generate", "--depth", "1", "--model", "unified", "-o", empty.path])
    #expect(generated.status == 0, "\(generated.transcript)")
    #expect(bench(["generate", "--depth", "2", "--model", "unified", "-o", empty.path]).status == 0)
    // A run re-rendered in place, and into a folder of its own.
    #expect(bench(["report", run.path]).status == 0)
    #expect(bench(["report", run.path, "-o", temp.url.appendingPathComponent("rendered").path]).status == 0)
  }

  /// An emptied git worktree (only `.git`, as the workflow's first gh-pages publication makes) is an empty folder;
  /// one file of anyone else's beside `.git` is not.
  @Test func aCheckoutHoldingOnlyGitIsEmpty() throws {
    let temp = try TemporaryDirectory()
    let run = try FaultInjectionTests.validRun(in: temp)
    let site = temp.url.appendingPathComponent("site")
    try FileManager.default.createDirectory(at: site, withIntermediateDirectories: true)
    try "gitdir: /elsewhere\n".write(to: site.appendingPathComponent(".git"), atomically: true, encoding: .utf8)
    #expect(bench(["history", site.path, "--append", run.path]).status == 0)
    #expect(OutputFolder.marker(in: site) == .site)
    let other = temp.url.appendingPathComponent("other")
    try FileManager.default.createDirectory(at: other.appendingPathComponent(".git"), withIntermediateDirectories: true)
    try "mine".write(to: other.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
    #expect(bench(["history", other.path, "--append", run.path]).status == 73)
  }

  @Test func aRunOrSiteWrittenBeforeMarkersIsStillAccepted() throws {
    let temp = try TemporaryDirectory()
    let run = try FaultInjectionTests.validRun(in: temp)
    let site = temp.url.appendingPathComponent("site")
    #expect(bench(["history", site.path, "--append", run.path]).status == 0)
    for folder in [run, site] {
      try FileManager.default.removeItem(at: folder.appendingPathComponent(OutputFolder.markerName))
    }
    #expect(bench(["report", run.path]).status == 0)
    #expect(bench(["history", site.path, "--append", run.path]).status == 0)
    #expect(OutputFolder.marker(in: run) == .run)
    #expect(OutputFolder.marker(in: site) == .site)
  }

  @Test(arguments: [
    ["run", "-o", ""], ["run", "--results", ""], ["run", "--output="], ["merge", "", "-o", "x"],
    ["merge", "a", "-o", ""], ["history", ""], ["history", "site", "--append", ""], ["report", ""],
    ["compare", "", "x"], ["generate", "-o", ""], ["compat", "-o", ""],
  ])
  func anEmptyPathIsAUsageError(_ arguments: [String]) throws {
    let outcome = bench(arguments)
    #expect(outcome.status == 64, "\(outcome.transcript)")
    #expect(outcome.errors.count == 1)
    #expect(outcome.errors.first?.contains("''") == true, "\(outcome.transcript)")
  }

  @Test(arguments: [
    ["run", "-o", "-"], ["run", "--results", "-"], ["generate", "-o", "-"], ["history", "-"], ["compat", "-o", "-"],
    ["report", "no-run", "-o", "-"], ["corpus", "tests", "-o", "-"], ["fidelity", "--results", "-"],
  ])
  func dashIsNotAnOutputFolder(_ arguments: [String]) throws {
    let temp = try TemporaryDirectory()
    let fake = try FakeCompiler(in: temp)
    let extra = arguments[0] == "run" ? ["--swiftc", fake.path, "--depth", "1"] : []
    let outcome = bench(arguments + extra)
    #expect(outcome.status == 64, "\(outcome.transcript)")
    #expect(outcome.errors.first?.contains("not standard output") == true, "\(outcome.transcript)")
    #expect(!FileManager.default.fileExists(atPath: "-"))
  }

  @Test func aBundleFolderIsClaimedAndMarked() throws {
    let temp = try TemporaryDirectory()
    let project = try Self.projectFolder(in: temp)
    #expect(throws: BenchError.self) { try OutputFolder.claim(project, as: .bundle, flag: "--bundle") }
    let bundle = temp.url.appendingPathComponent("bundle")
    #expect(try OutputFolder.claim(bundle, as: .bundle, flag: "--bundle"))
    #expect(OutputFolder.marker(in: bundle) == .bundle)
    #expect(try !OutputFolder.claim(bundle, as: .bundle, flag: "--bundle"))
  }
}
