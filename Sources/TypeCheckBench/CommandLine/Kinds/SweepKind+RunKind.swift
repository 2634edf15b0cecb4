import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

/// A sweep's records (`bench run`, `bench fidelity`): a `RunRecord`, measured by a `SweepPlan`. Fidelity stays a
/// sweep: its record is a sweep's with the claims it checks (`fidelityClaims`), measured and resumed as one, and its
/// report adds fidelity.md (docs/architecture.md says why).
extension SweepKind: RunKind {
  typealias Record = RunRecord
  typealias Plan = SweepPlan

  /// None: a sweep's run.json has never named a kind, and committed runs stay as they are.
  var recordName: String? { nil }

  var title: String { "sweep" }

  func decode(_ data: Data, file: URL, families: FamilySet) throws -> RunRecord {
    do {
      return try RecordValidation.decodeRecord(data, families: families)
    } catch {
      throw BenchError.data("\(file.path): \(error)")
    }
  }

  func refusal(of other: any RunKind) -> String {
    "a \(other.title) run (\(other.command)); bench report, compare and merge read it, this command does not"
  }

  func historyRun(_ record: RunRecord) -> RunRecord? { record }

  /// Renders the formats `--format` names (and gh-benchmark.json) from run.json into the run folder or `-o`;
  /// `--check` compares the folder with them, or with the formats it holds when `--format` is not given
  /// (`ReportCommand.check`).
  func report(
    _ record: RunRecord, from source: URL, parsed: ParsedArguments<ReportCommand.Options>, context: CommandContext
  ) throws -> ExitStatus {
    let formatText = try parsed.valueOrDefault(\.format)
    // --check compares the formats the folder holds unless --format names them.
    let checking = parsed.has(\.format)
    let explicit = try parsed[\.output]
    var names = Set(
      formatText.split(separator: ",").map {
        $0.trimmingCharacters(in: .whitespaces)
      })
    let ghBenchmark = names.remove("gh-benchmark") != nil
    var formats: Set<ReportFormat> = []
    if !names.isEmpty {
      guard let parsedFormats = ReportFormat.parseList(names.sorted().joined(separator: ",")) else {
        throw BenchError.usage(
          "--format: '\(formatText)' is not a list of "
            + (ReportFormat.allCases.map(\.rawValue) + ["gh-benchmark"]).joined(separator: ", "))
      }
      formats = parsedFormats
    }
    var folder = source
    if source.pathExtension == "json" { folder = source.deletingLastPathComponent() }
    if parsed[\.check] {
      guard explicit == nil, !ghBenchmark else {
        throw BenchError.usage("report --check writes nothing: drop -o and gh-benchmark")
      }
      return try ReportCommand.check(record, in: folder, formats: checking ? formats : nil, output: context.output)
    }
    if let explicit { folder = URL(fileURLWithPath: explicit) }
    let rendered: RenderedReport
    do {
      rendered = try ReportRenderer.render(record, formats: formats)
    } catch {
      throw BenchError.data("\(source.path): cannot render: \(BenchError.reason(error))")
    }
    var files = rendered.files
    if ghBenchmark { files["gh-benchmark.json"] = GitHubBenchmark.json(record) }
    try OutputFolder.claim(
      folder, as: explicit == nil ? .run : .report, accepting: [.run, .report],
      flag: explicit == nil ? "report" : parsed.name(\.output))
    // A run being measured there is not re-rendered under it.
    let lock = try FolderLock.take(folder)
    defer { lock.release() }
    try AtomicFile.write(files: files, in: folder)
    for line in RunReport(record).headline { context.output(line) }
    context.output("Wrote \(files.count) file\(files.count == 1 ? "" : "s") to \(folder.path)")
    return .success
  }

  /// Joins the shards of one sweep (`RecordMerge`) and writes the merged run.json, its reports and
  /// `cases/reproduce.sh`.
  func merge(
    _ inputs: [(label: String, record: RunRecord)], into destination: String,
    parsed: ParsedArguments<MergeCommand.Options>, context: CommandContext
  ) throws -> ExitStatus {
    let merged = try CompareCommand.mapCompareError {
      try RecordMerge.merge(
        inputs, runID: RecordID.sanitized(URL(fileURLWithPath: destination).lastPathComponent),
        allowMismatch: parsed[\.allowMismatch],
        allowDuplicates: parsed[\.allowDuplicates])
    }
    let (folder, lock) = try MergeCommand.claimDestination(destination)
    defer { lock.release() }
    try folder.writeReports(merged, formats: Set(ReportFormat.allCases))
    try MergeCommand.writeReproduceScript(merged, in: folder)
    context.output(
      "Merged \(inputs.count) runs (\(merged.samples.count) samples of \(merged.cases.count) cases) into \(destination)"
    )
    return .success
  }
}
