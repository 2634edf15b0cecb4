import Escaping
import Foundation
import TypeCheckBenchCore

/// `bench report RUN`: re-renders a run's reports from its run.json without compiling anything.
enum ReportCommand {
  struct Options: Sendable {
    /// `--format`: the formats' text, checked; read as reports and gh-benchmark by `run`.
    var format = Option(
      "--format", value: ReportFormat.namesList + ",gh-benchmark",
      default: ReportFormat.names(ReportFormat.reports), help: "Outputs to write."
    ) { text, name in
      try ValueParsers.names(
        text, flag: name, accepted: ReportFormat.allCases.map(\.rawValue) + ["gh-benchmark", "all", "markdown"])
      return text
    }
    var output = Option<String>.folder("--output", alias: "-o", help: "Write into DIR instead of the run folder.")
    var check = Flag("--check", help: "Check the folder holds what bench writes from run.json; exit 65 if not.")
  }

  static let help = """
    USAGE: bench report RUN_DIR|run.json [--format LIST] [-o DIR]
           bench report RUN_DIR --check [--format LIST]

    Rebuilds the reports from run.json, byte-identical for the same record:
    \(ReportFormat.fileList(ReportFormat.reports)).
    gh-benchmark writes github-action-benchmark's customSmallerIsBetter JSON (gh-benchmark.json).
    --check writes nothing: it re-renders the reports with this bench and compares them byte for byte with the
    folder's, run.json (either layout) and cases/reproduce.sh included. It compares the formats the folder holds a
    file of (a format's files end in .FORMAT), or those --format names, so a format added to bench since is not
    asked of an older run. It regenerates the case files and framework modules: those the folder holds are compared
    byte for byte, those it lacks (a committed run keeps none) are checked against what run.json recorded of them
    (each sample's cache key hashes the source it compiled, each module's name ends with a hash of its source). It
    checks that the sample journal (samples.jsonl, when the folder has one) holds run.json's samples. The first
    difference is named in one line (exit 65).
    `swift test` runs it on every committed run (CommittedResultsTests).
    A corpus run's report.md, summary.csv, samples.csv, verdicts.json, index.html and charts/*.svg are rebuilt the
    same way.

    EXAMPLES:
      bench report Results/reference
      bench report Results/reference/run.json --format md,svg -o /tmp/report
      bench report Results/reference --format gh-benchmark -o site/
      bench report Results/reference --check
    """

  static let command = Command(
    name: "report", summary: "Re-render a run folder's reports from its run.json, without compiling.", help: help,
    options: Options(),
    body: run)

  static func run(_ parsed: ParsedArguments<Options>, context: CommandContext) throws -> ExitStatus {
    guard parsed.positionals.count == 1 else {
      throw BenchError.usage("report: give exactly one run folder or run.json (see 'bench report --help')")
    }
    // The options are read before the record: a bad one is said first.
    _ = try (parsed.valueOrDefault(\.format), parsed[\.output])
    let stored = try RecordStore.read(URL(fileURLWithPath: parsed.positionals[0]), families: context.families)
    return try stored.kind.report(stored: stored, parsed: parsed, context: context)
  }

  /// `--check`: compares the folder with what this bench writes for `record` in `formats`, or in the formats the
  /// folder holds when nil (`RunFolderCheck`).
  /// - Throws: `BenchError.data` naming the folder, how many files differ and the first difference.
  static func check(
    _ record: RunRecord, in folder: URL, formats: Set<ReportFormat>? = nil, output: (String) -> Void
  ) throws -> ExitStatus {
    let outcome: RunFolderCheck.Outcome
    do {
      outcome = try RunFolderCheck.check(record, formats: formats, actual: try folderFiles(folder))
    } catch let error as BenchError {
      throw error
    } catch {
      throw BenchError.data("\(folder.relativePath): cannot render: \(BenchError.reason(error))")
    }
    if let first = outcome.differences.first {
      // A folder without its generated files (a merge by an older bench) gets them back from its record.
      let remedy =
        first.kind == .missing && first.path.hasPrefix("cases/")
        ? "; `bench generate --from \(Escaping.shellArgument(folder.relativePath))` writes it" : ""
      throw BenchError.data(
        "\(folder.relativePath): \(outcome.differences.count) of \(outcome.fileCount) files differ from "
          + "what this bench writes from its run.json; first: \(first)\(remedy)")
    }
    if let problem = try journalProblem(record.samples, in: folder, exact: true) {
      throw BenchError.data("\(folder.relativePath): \(problem)")
    }
    if let contradiction = record.toolchains.lazy.compactMap(ToolchainClaim.contradiction).first {
      throw BenchError.data("\(folder.relativePath): \(contradiction)")
    }
    let cases = outcome.caseFileCount
    let regenerated =
      outcome.regeneratedCount == 0
      ? "" : " (\(outcome.regeneratedCount) of them regenerated, as the run measured them)"
    output(
      "\(folder.relativePath): run.json, \(outcome.fileCount - cases - 1) reports and \(cases) files in cases/\(regenerated)"
        + " are what this bench writes from run.json")
    if let sources = record.toolchains.lazy.compactMap(\.sdkSources).first {
      output(
        "Needs SwiftUI's own declarations, so not checked here: compiling the cases against them again (the module "
          + "set `bench sdk import` builds from "
          + sources.map { "\($0.module) (SHA-256 \($0.sha256))" }
          .joined(separator: ", ") + ")")
    }
    return .success
  }

  /// How the folder's sample journal (`samples.jsonl`, when there is one: committed and merged runs have none)
  /// disagrees with run.json's samples, or nil: the journal holds every sample as it was taken, run.json the first of
  /// each; `exact` also refuses journal samples run.json lacks (a corpus run prunes a scale line after its first
  /// failure, so its journal may hold more).
  /// - Throws: `BenchError.data` for a journal line that is not a sample.
  static func journalProblem(_ samples: [TypeCheckSample], in folder: URL, exact: Bool) throws -> String? {
    let url = RunFolder(url: folder).journalURL
    guard FileManager.default.fileExists(atPath: url.path) else { return nil }
    let encoder = JSONFormat.lineEncoder()
    let encoded = { (sample: TypeCheckSample) in
      String(decoding: (try? encoder.encode(sample)) ?? Data(), as: UTF8.self)
    }
    let journal = SampleKey.firstOfEach(try SampleJournal.read(url))
    func describe(_ sample: TypeCheckSample) -> String {
      "\(sample.caseID)@\(sample.toolchain) iteration \(sample.iteration)"
    }
    let journaled = Set(journal.map(encoded))
    if let missing = samples.first(where: { !journaled.contains(encoded($0)) }) {
      return "samples.jsonl lacks a sample run.json holds (\(describe(missing))): the journal does not match the record"
    }
    let recorded = Set(samples.map(encoded))
    if exact, let extra = journal.first(where: { !recorded.contains(encoded($0)) }) {
      return "samples.jsonl holds a sample run.json lacks (\(describe(extra))): the journal does not match the record"
    }
    return nil
  }

  /// Every file under `folder` by relative path, except bench's own dot files (marker, lock) and the sample
  /// journal, which repeats run.json's samples as they were taken (`journalProblem` checks it).
  static func folderFiles(_ folder: URL) throws -> [String: String] {
    guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
    else {
      throw BenchError.io("cannot read \(folder.path)")
    }
    let base = folder.standardizedFileURL.path
    var files: [String: String] = [:]
    for case let url as URL in walker {
      let path = String(url.standardizedFileURL.path.dropFirst(base.count + 1))
      if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) || path == "samples.jsonl" { continue }
      guard (try? url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile) == true else { continue }
      guard let data = FileManager.default.contents(atPath: url.path) else {
        throw BenchError.io("cannot read \(url.path)")
      }
      files[path] = String(decoding: data, as: UTF8.self)
    }
    return files
  }
}
