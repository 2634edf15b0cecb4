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
  static let repository = results.deletingLastPathComponent()

  /// Every committed run folder: one holding a run.json git tracks, Results/NAME or one level down for a set of runs
  /// (Results/toolchains/nesting); outside a git checkout, each run scripts/reference-runs.sh lists (`CommittedRuns`).
  /// A run `bench run` wrote into Results/ by default is not one of them.
  static func runFolders() throws -> [URL] {
    try CommittedRuns.names(in: repository).map { results.appendingPathComponent($0) }.sorted { $0.path < $1.path }
  }

  /// A run's name: its path under Results/.
  static func name(_ folder: URL) -> String {
    String(folder.standardizedFileURL.path.dropFirst(results.standardizedFileURL.path.count + 1))
  }

  /// What `bench report RUN --check` finds wrong with a run folder, in its words, or nil: its reports and run.json are
  /// what this bench renders from run.json, byte for byte; its generated sources, which a committed run does not
  /// hold, regenerate as the run measured them (`RunFolderCheck`); a sample journal, where there is one, holds
  /// run.json's samples (`ReportCommand.check`).
  static func folderProblem(_ folder: URL) throws -> String? {
    let record = try RecordStore.sweep(folder)
    do {
      // The formats the folder holds (`bench report --check`): a format added since is not asked of it.
      _ = try ReportCommand.check(record, in: folder) { _ in }
      return nil
    } catch let error as BenchError {
      return error.description
    }
  }

  /// What is wrong with the bench revision a committed run records, or nil: a commit, never `<commit>-modified`
  /// (measured from uncommitted sources) or unknown; in a git checkout, a commit of this repository that is an
  /// ancestor of HEAD.
  static func revisionProblem(_ recorded: String?) -> String? {
    let revision = recorded ?? "unknown"
    let isCommit =
      revision.count >= 7 && revision.count <= 40 && revision.allSatisfy(\.isHexDigit)
      && revision == revision.lowercased()
    guard isCommit else { return "bench's revision is recorded as '\(revision)', not a commit" }
    guard isCheckout else { return nil }
    switch (try? git(["merge-base", "--is-ancestor", revision, "HEAD"]))?.status {
    case .exited(0)?: return nil
    case .exited(1)?: return "bench's revision \(revision) is not an ancestor of HEAD"
    default: return "bench's revision \(revision) is not a commit of this repository"
    }
  }

  /// What is wrong with the command the committed run `name` was measured with (`recorded`), or nil: it must be the
  /// command scripts/reference-runs.sh (which re-measures it) lists for it (`listed`, by name), a toolchain's path
  /// standing as its placeholder there: `@debian-6.0@` for scripts/install-toolchain.sh's wrapper of that name,
  /// `@swiftc@` for any other compiler (the measuring machine's own), and an `--sdk` set as `@sdk-FOLDER@`.
  static func commandProblem(_ name: String, _ recorded: [String], listed: [String: String]) -> String? {
    guard let arguments = listed[name] else {
      return "scripts/reference-runs.sh does not list it, so nothing re-measures it"
    }
    let command = recorded.indices.map { index in
      guard index > 0 else { return recorded[index] }
      switch recorded[index - 1] {
      case "--toolchain": return placeholder(recorded[index])
      // An imported SDK set, named by its folder: `@sdk-ios26.2@`.
      case "--sdk": return "@sdk-\(URL(fileURLWithPath: recorded[index]).lastPathComponent)@"
      default: return recorded[index]
      }
    }.joined(separator: " ")
    let listedCommand = "bench run \(arguments) --output Results/\(name) --quiet"
    return command == listedCommand
      ? nil : "it was measured with '\(command)', not with scripts/reference-runs.sh's '\(listedCommand)'"
  }

  /// `scripts/reference-runs.sh --list`: the arguments of each run it measures, by name.
  static func referenceRunsListing() throws -> [String: String] {
    let listing = try ProcessRunner.run(
      "/usr/bin/env", ["bash", repository.appendingPathComponent("scripts/reference-runs.sh").path, "--list"])
    try #require(listing.status == .exited(0), "\(listing.stderrText)")
    var listed: [String: String] = [:]
    for line in listing.stdoutText.split(separator: "\n") {
      guard let bar = line.firstIndex(of: "|") else { continue }
      listed[String(line[..<bar])] = String(line[line.index(after: bar)...])
    }
    return listed
  }

  /// Every committed run's reports and run.json are what this bench renders from run.json, byte for byte, and its
  /// generated sources regenerate as it measured them (`folderProblem`).
  @Test func everyCommittedRunIsWhatThisBenchWrites() throws {
    let folders = try Self.runFolders()
    #expect(folders.count >= 13)
    // The formats the committed runs were written in: their check compares the formats they hold, so a format added
    // since is not asked of them, while these are never lost.
    let written: Set<ReportFormat> = [.csv, .md, .json, .svg, .html]
    for folder in folders {
      let held = ReportFormat.held(in: try ReportCommand.folderFiles(folder).keys)
      #expect(held.isSuperset(of: written), "\(Self.name(folder)) holds no file of \(written.subtracting(held))")
      let problem = try Self.folderProblem(folder)
      #expect(problem == nil, "\(Self.name(folder)): \(problem ?? "")")
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
      // Bound first: Swift 6.0.3's #expect takes no `try` inside its operands.
      let layout = try ReportRenderer.runJSON(record)
      #expect(text == layout, "\(Self.name(folder)): run.json is not in the record layout")
      for (path, content) in try ReportCommand.folderFiles(folder) where !path.hasSuffix(".swift") {
        lines += content.utf8.count { $0 == UInt8(ascii: "\n") }
      }
    }
    #expect(lines < 60_000, "Results/ holds \(lines) lines besides generated sources")
  }

  /// Each committed run names the commit of this repository that measured it (`revisionProblem`).
  @Test func everyCommittedRunNamesTheCommitThatMeasuredIt() throws {
    for folder in try Self.runFolders() {
      let problem = Self.revisionProblem(try RecordStore.sweep(folder).provenance.gitRevision)
      #expect(problem == nil, "\(Self.name(folder)): \(problem ?? "")")
    }
  }

  /// Each committed run was measured with the very command scripts/reference-runs.sh lists for it (`commandProblem`).
  @Test func everyCommittedRunIsMeasuredByTheCommandReferenceRunsLists() throws {
    let listed = try Self.referenceRunsListing()
    for folder in try Self.runFolders() {
      let name = Self.name(folder)
      let problem = Self.commandProblem(name, try RecordStore.sweep(folder).provenance.commandLine, listed: listed)
      #expect(problem == nil, "\(name): \(problem ?? "")")
    }
  }

  /// The checks above fail on what they are there to catch. A copy of a committed run passes them; then each change
  /// fails the check that covers it, naming what changed: one byte of a report, a chart or the page; one byte of a
  /// generated module or case put back in the folder; a sample's cache key or a module's name in run.json that this
  /// generator no longer matches (a changed generator, seen from the record's side); a `-modified`, unknown or
  /// foreign revision (HEAD passes); a command scripts/reference-runs.sh does not list.
  @Test func aTamperedCopyOfACommittedRunFailsTheChecks() throws {
    let temp = try TemporaryDirectory()
    let name = "reference"
    let copy = temp.url.appendingPathComponent(name)
    try FileManager.default.copyItem(at: Self.results.appendingPathComponent(name), to: copy)
    #expect(try Self.folderProblem(copy) == nil)
    let record = try RecordStore.sweep(copy)
    let module = try #require(record.moduleBuilds.first?.module)
    let caseFile = try #require(record.cases.first.map { "cases/\($0.id).swift" })
    // A file changed by one byte, past any generated header; generated sources put back as `bench generate --from`
    // writes them, and removed again after.
    let sources = RunFolderContents.cases(of: record).filter { $0.key.hasSuffix(".swift") }
    for (path, text) in sources {
      try Data(text.utf8).write(to: copy.appendingPathComponent(path))
    }
    #expect(try Self.folderProblem(copy) == nil, "with its generated sources")
    for path in [
      "report.md", "summary.csv", "charts/nesting-scopes.svg", "index.html", "cases/\(module).swift", caseFile,
    ] {
      let url = copy.appendingPathComponent(path)
      let original = try Data(contentsOf: url)
      var changed = original
      changed[199] = changed[199] == UInt8(ascii: "Z") ? UInt8(ascii: "Y") : UInt8(ascii: "Z")
      try changed.write(to: url)
      let problem = try Self.folderProblem(copy)
      #expect(problem?.contains("first: \(path) differs") == true, "\(path): \(problem ?? "passed")")
      try original.write(to: url)
    }
    for path in sources.keys { try FileManager.default.removeItem(at: copy.appendingPathComponent(path)) }
    #expect(try Self.folderProblem(copy) == nil, "restored")
    // run.json with a sample's cache key or a module's name changed in its first place.
    let runJSON = copy.appendingPathComponent("run.json")
    let original = try String(contentsOf: runJSON, encoding: .utf8)
    let key = try #require(record.samples.compactMap(\.cacheKey).first)
    let changedKey = String(key.dropLast()) + (key.hasSuffix("0") ? "1" : "0")
    for (old, new) in [(key, changedKey), (module, module + "0")] {
      let range = try #require(original.range(of: old))
      try original.replacingCharacters(in: range, with: new).write(to: runJSON, atomically: true, encoding: .utf8)
      let problem = try Self.folderProblem(copy)
      #expect(
        problem?.contains("first: cases/") == true && problem?.contains(" differs") == true,
        "\(old) → \(new): \(problem ?? "passed")")
    }
    try original.write(to: runJSON, atomically: true, encoding: .utf8)
    #expect(try Self.folderProblem(copy) == nil, "restored")
    // Revisions.
    for revision in [record.provenance.gitRevision.map { $0 + "-modified" }, nil, "0123456789ab"] {
      #expect(Self.revisionProblem(revision) != nil, "\(revision ?? "nil") passed")
    }
    if Self.isCheckout {
      let head = try Self.git(["rev-parse", "--short=12", "HEAD"]).stdoutText
        .trimmingCharacters(in: .whitespacesAndNewlines)
      #expect(Self.revisionProblem(head) == nil, "HEAD (\(head))")
      #expect(Self.revisionProblem("0123456789ab")?.contains("not a commit of this repository") == true)
    }
    // Commands.
    let listed = try Self.referenceRunsListing()
    let command = record.provenance.commandLine
    #expect(Self.commandProblem(name, command, listed: listed) == nil)
    #expect(Self.commandProblem(name, command + ["--runs", "9"], listed: listed)?.contains("measured with") == true)
    #expect(Self.commandProblem("elsewhere", command, listed: listed)?.contains("does not list it") == true)
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

  /// Whether the repository is a git checkout (a source archive is not: the revisions are then only checked as
  /// commits).
  static let isCheckout = (try? git(["rev-parse", "--is-inside-work-tree"]))?.status == .exited(0)

  /// `git ARGUMENTS` run in the repository.
  static func git(_ arguments: [String]) throws -> ProcessResult {
    try ProcessRunner.run("/usr/bin/env", ["git", "-C", repository.path] + arguments)
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
