import Foundation
import Generators
import TestSupport
import Testing
import TypeCheckBenchCore

@testable import TypeCheckBench

/// The committed runs in Results/ are records: each re-renders byte for byte from its run.json, its generated sources
/// regenerate as it measured them, and it was measured in the module form with small case files.
@Suite struct CommittedResultsTests {
  static let results = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Results")

  /// Every committed run folder (one holding run.json): Results/NAME, or one level down for a set of runs
  /// (Results/toolchains/nesting).
  static func runFolders() throws -> [URL] {
    let manager = FileManager.default
    let top = try manager.contentsOfDirectory(at: results, includingPropertiesForKeys: nil)
    let nested = try top.filter { !manager.fileExists(atPath: $0.appendingPathComponent("run.json").path) }
      .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true }
      .flatMap { try manager.contentsOfDirectory(at: $0, includingPropertiesForKeys: nil) }
    return (top + nested).filter { manager.fileExists(atPath: $0.appendingPathComponent("run.json").path) }
      .sorted { $0.path < $1.path }
  }

  /// A run's name as scripts/check-results.sh gives it: its path under Results/.
  static func name(_ folder: URL) -> String {
    String(folder.standardizedFileURL.path.dropFirst(results.standardizedFileURL.path.count + 1))
  }

  /// What `bench report RUN --check` (scripts/check-results.sh) checks of each committed run, in process: its reports
  /// and run.json are what this bench renders from run.json, byte for byte, and its generated sources, which it does
  /// not hold, regenerate as the run measured them (`RunFolderCheck`).
  @Test func everyCommittedRunIsWhatThisBenchWrites() throws {
    let folders = try Self.runFolders()
    #expect(folders.count >= 13)
    for folder in folders {
      let record = try RecordStore.sweep(folder)
      let outcome = try RunFolderCheck.check(
        record, formats: Set(ReportFormat.allCases), actual: try ReportCommand.folderFiles(folder))
      #expect(
        outcome.differences.isEmpty, "\(Self.name(folder)): \(outcome.differences.first.map(\.description) ?? "")")
    }
  }

  /// A committed run holds records, not generated code: no Swift source under cases/ (git ignores them; a
  /// `bench generate --from` may have put them back in a working copy, then they are what bench writes), run.json
  /// in the record layout, and the whole of Results/ well below 60,000 lines.
  @Test func committedRunsHoldRecordsNotGeneratedSources() throws {
    var lines = 0
    for folder in try Self.runFolders() {
      let record = try RecordStore.sweep(folder)
      let text = try String(contentsOf: folder.appendingPathComponent("run.json"), encoding: .utf8)
      #expect(
        text == (try ReportRenderer.runJSON(record)), "\(Self.name(folder)): run.json is not in the record layout")
      for (path, content) in try ReportCommand.folderFiles(folder) where !path.hasSuffix(".swift") {
        lines += content.utf8.count { $0 == UInt8(ascii: "\n") }
      }
    }
    #expect(lines < 60_000, "Results/ holds \(lines) lines besides generated sources")
  }

  /// Each committed run names the commit of this repository that measured it: never `<commit>-modified` (measured
  /// from uncommitted sources) or unknown; and, in a git checkout, a commit that is an ancestor of HEAD.
  @Test func everyCommittedRunNamesTheCommitThatMeasuredIt() throws {
    let repository = Self.results.deletingLastPathComponent()
    let isCheckout = git(["rev-parse", "--is-inside-work-tree"], in: repository) == 0
    for folder in try Self.runFolders() {
      let revision = try RecordStore.sweep(folder).provenance.gitRevision ?? "unknown"
      let isCommit =
        revision.count >= 7 && revision.count <= 40 && revision.allSatisfy(\.isHexDigit)
        && revision == revision.lowercased()
      #expect(isCommit, "\(Self.name(folder)): bench's revision is recorded as '\(revision)', not a commit")
      if isCommit && isCheckout {
        #expect(
          git(["merge-base", "--is-ancestor", revision, "HEAD"], in: repository) == 0,
          "\(Self.name(folder)): bench's revision \(revision) is not an ancestor of HEAD")
      }
    }
  }

  /// Each committed run was measured with the very command scripts/reference-runs.sh (which re-measures it) lists for
  /// it, a toolchain's path standing as its placeholder there: `@debian-6.0@` for scripts/install-toolchain.sh's
  /// wrapper of that name, `@swiftc@` for any other compiler (the measuring machine's own).
  @Test func everyCommittedRunIsMeasuredByTheCommandReferenceRunsLists() throws {
    let repository = Self.results.deletingLastPathComponent()
    let listing = try ProcessRunner.run(
      "/usr/bin/env", ["bash", repository.appendingPathComponent("scripts/reference-runs.sh").path, "--list"])
    try #require(listing.status == .exited(0), "\(listing.stderrText)")
    var listed: [String: String] = [:]
    for line in listing.stdoutText.split(separator: "\n") {
      guard let bar = line.firstIndex(of: "|") else { continue }
      listed[String(line[..<bar])] = String(line[line.index(after: bar)...])
    }
    for folder in try Self.runFolders() {
      let name = Self.name(folder)
      guard let arguments = listed[name] else {
        Issue.record("\(name): scripts/reference-runs.sh does not list it, so nothing re-measures it")
        continue
      }
      let recorded = try RecordStore.sweep(folder).provenance.commandLine
      let command = recorded.indices.map { index in
        index > 0 && recorded[index - 1] == "--toolchain" ? Self.placeholder(recorded[index]) : recorded[index]
      }.joined(separator: " ")
      #expect(command == "bench run \(arguments) --output Results/\(name) --quiet", "\(name)")
    }
  }

  /// `NAME=PATH` of a `--toolchain` with the path as scripts/reference-runs.sh's placeholder for it.
  static func placeholder(_ toolchain: String) -> String {
    guard let equals = toolchain.firstIndex(of: "="), toolchain[toolchain.index(after: equals)...].hasPrefix("/")
    else { return toolchain }
    let path = toolchain[toolchain.index(after: equals)...].split(separator: "/")
    let name = toolchain[...equals]
    if path.count >= 3, path.suffix(2) == ["bin", "swiftc"], path[path.count - 3].hasPrefix("debian-6.") {
      return "\(name)@\(path[path.count - 3])@"
    }
    return path.last == "swiftc" ? "\(name)@swiftc@" : toolchain
  }

  /// The exit status of `git ARGUMENTS` run in `folder`, its output discarded.
  private func git(_ arguments: [String], in folder: URL) -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-C", folder.path] + arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return -1 }
    process.waitUntilExit()
    return process.terminationStatus
  }

  @Test func committedRunsUseTheModuleForm() throws {
    let folders = try Self.runFolders()
    #expect(!folders.isEmpty)
    for folder in folders {
      #expect(try RecordStore.sweep(folder).frameworkForm == .module, "\(Self.name(folder))")
    }
  }

  /// The case files the committed runs measured (regenerated from their records) carry no framework declaration, and
  /// the built-in families' are small.
  @Test func committedCaseFilesHoldNoFrameworkDeclaration() throws {
    for folder in try Self.runFolders() {
      let record = try RecordStore.sweep(folder)
      let caseFiles = Set(record.cases.map { "cases/" + $0.id + ".swift" })
      let files = RunFolderContents.cases(of: record)
      for (file, text) in files where caseFiles.contains(file) {
        let name = "\(Self.name(folder))/\(file)"
        #expect(!text.contains("@resultBuilder") && !text.contains("protocol View"), "\(name) carries the framework")
        // Templates are the user's text; the built-in families' cases are generated small.
        if !file.hasPrefix("cases/template-") {
          let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
          #expect(lines < 80, "\(name): \(lines) lines")
        }
      }
      // Everything else in cases/ is a module source (once each, by name) or reproduce.sh.
      for file in files.keys where !caseFiles.contains(file) {
        #expect(file.hasPrefix("cases/Mini") || file == "cases/reproduce.sh", "\(Self.name(folder))/\(file)")
      }
    }
  }
}
