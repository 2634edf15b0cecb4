import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

/// A corpus run's records (`bench corpus`): a `CorpusRecord`, measured by a `CorpusPlan`, with reports of its own
/// (`CorpusReport`), compared test by test (`CorpusComparison`) and merged as shards or one run per toolchain
/// (`CorpusMerge`). A history holds none.
extension CorpusKind: RunKind {
  typealias Record = CorpusRecord
  typealias Plan = CorpusPlan

  var recordName: String? { CorpusRecord.kindName }

  var title: String { "corpus" }

  func decode(_ data: Data, file: URL, families: FamilySet) throws -> CorpusRecord {
    let record: CorpusRecord
    do {
      record = try JSONFormat.decode(CorpusRecord.self, from: data)
    } catch {
      throw BenchError.data("\(file.path): not a corpus run record this bench reads")
    }
    guard record.schemaVersion == CorpusRecord.currentSchemaVersion else {
      throw BenchError.data(
        "\(file.path): corpus schema version \(record.schemaVersion) is not supported (this bench reads "
          + "\(CorpusRecord.currentSchemaVersion))")
    }
    for id in [record.runID] + record.tests.map(\.id) + record.toolchains.map(\.name) {
      if let problem = RecordID.problem(id, field: "id") { throw BenchError.data("\(file.path): \(problem)") }
    }
    do {
      try RecordValidation.validateMeasurementVersion(
        record.provenance, readable: CorpusRecord.readableMeasurementVersions)
      try RecordValidation.validate(record.toolchains)
      for sample in record.samples { try RecordValidation.validate(sample) }
    } catch {
      throw BenchError.data("\(file.path): \(error)")
    }
    return record
  }

  func refusal(of other: any RunKind) -> String { "not a corpus run record this bench reads" }

  func historyRun(_ record: CorpusRecord) -> RunRecord? { nil }

  /// Re-renders the corpus run's reports from its run.json into its folder or `-o`; `--check` compares the folder
  /// with them (`--format` is a sweep's: a corpus run writes all of its reports).
  func report(
    _ record: CorpusRecord, from source: URL, parsed: ParsedArguments<ReportCommand.Options>, context: CommandContext
  ) throws -> ExitStatus {
    let explicit = try parsed[\.output]
    if parsed[\.check] {
      guard explicit == nil else { throw BenchError.usage("report --check writes nothing: drop -o") }
      return try check(record, from: source, output: context.output)
    }
    return try write(record, from: source, outputFolder: explicit, output: context.output)
  }

  /// `bench report RUN`: re-renders the corpus run's reports from its run.json, into `outputFolder` (`--output`, its
  /// path checked) when given.
  private func write(_ record: CorpusRecord, from source: URL, outputFolder: String?, output: (String) -> Void)
    throws -> ExitStatus
  {
    var folder = source.pathExtension == "json" ? source.deletingLastPathComponent() : source
    if let outputFolder { folder = URL(fileURLWithPath: outputFolder) }
    try OutputFolder.claim(
      folder, as: outputFolder == nil ? .run : .report, accepting: [.run, .report],
      flag: outputFolder == nil ? "report" : "--output")
    let lock = try FolderLock.take(folder)
    defer { lock.release() }
    let report = CorpusReport(record)
    let files = try report.files()
    try AtomicFile.write(files: files, in: folder)
    for line in report.headline { output(line) }
    output("Wrote \(files.count) files to \(folder.path)")
    return .success
  }

  /// `bench report RUN --check`: re-renders the corpus run's reports from its run.json and compares them byte for
  /// byte with the folder's (the cases are the test files rendered, checked by their hashes when a run resumes): the
  /// formats the folder holds a file of (`ReportFormat.held(in:)`), run.json's always.
  private func check(_ record: CorpusRecord, from source: URL, output: (String) -> Void) throws -> ExitStatus {
    let folder = source.pathExtension == "json" ? source.deletingLastPathComponent() : source
    let found = try ReportCommand.folderFiles(folder)
    let held = ReportFormat.held(in: found.keys).union([.json])
    let expected = try CorpusReport(record).files().filter { ReportFormat(file: $0.key).map(held.contains) ?? true }
    var actual = found.filter { expected[$0.key] != nil }
    // run.json in the pretty-printed layout bench wrote before the record layout is the same record.
    if let found = actual["run.json"], found.utf8.elementsEqual(try ReportRenderer.legacyRunJSON(record).utf8) {
      actual["run.json"] = expected["run.json"]
    }
    let differences = RunFolderContents.differences(expected: expected, actual: actual)
    if let first = differences.first {
      throw BenchError.data(
        "\(folder.relativePath): \(differences.count) of \(expected.count) files differ from what this bench writes "
          + "from its run.json; first: \(first)")
    }
    if let problem = try ReportCommand.journalProblem(record.samples, in: folder, exact: false) {
      throw BenchError.data("\(folder.relativePath): \(problem)")
    }
    output(
      "\(folder.relativePath): run.json and \(expected.count - 1) reports are what this bench writes from run.json")
    return .success
  }

  /// Compares corpus runs test by test: flips and counter ratios.
  func compare(
    _ records: [CorpusRecord], parsed: ParsedArguments<CompareCommand.Options>, context: CommandContext
  ) throws -> ExitStatus {
    let sweepOptions: [PartialKeyPath<CompareCommand.Options>] = [\.bundle, \.metric, \.instructionThreshold]
    if let sweepOnly = sweepOptions.first(where: { parsed.has($0) }) {
      throw BenchError.usage(
        "\(parsed.name(sweepOnly)) applies to sweep runs; corpus runs compare verdicts and counters")
    }
    let (baseName, newName) = (try parsed[\.baseToolchain], try parsed[\.newToolchain])
    let threshold = try parsed.valueOrDefault(\.threshold)
    let format = try parsed.valueOrDefault(\.format).rawValue
    let output = context.output
    let base = records[0]
    let new = records[records.count - 1]
    func name(_ given: String?, in record: CorpusRecord, side: String) throws -> String {
      if let given {
        guard record.toolchains.contains(where: { $0.name == given }) else {
          throw BenchError.usage(
            "compare: \(side) has no toolchain '\(given)' (it has \(record.toolchains.map(\.name).joined(separator: ", ")))"
          )
        }
        return given
      }
      guard record.toolchains.count == 1 else {
        throw BenchError.usage(
          "compare: \(side) holds several toolchains; name one with --\(side.lowercased())-toolchain")
      }
      return record.toolchains[0].name
    }
    var pairs: [(String, String)] = []
    if records.count == 1 {
      guard let baseName, let newName else {
        throw BenchError.usage("compare: with one run, name both sides with --base-toolchain and --new-toolchain")
      }
      pairs = [(try name(baseName, in: base, side: "BASE"), try name(newName, in: new, side: "NEW"))]
    } else if baseName != nil || newName != nil || (base.toolchains.count == 1 && new.toolchains.count == 1) {
      pairs = [(try name(baseName, in: base, side: "BASE"), try name(newName, in: new, side: "NEW"))]
    } else {
      let newNames = Set(new.toolchains.map(\.name))
      pairs = base.toolchains.map(\.name).filter { newNames.contains($0) }.map { ($0, $0) }
      guard !pairs.isEmpty else {
        throw BenchError.usage(
          "compare: BASE and NEW share no toolchain name; name them with --base-toolchain/--new-toolchain")
      }
    }
    let comparisons = pairs.map {
      CorpusComparison(base: base, baseToolchain: $0.0, new: new, newToolchain: $0.1, threshold: threshold)
    }
    // Nothing in common is nothing compared: a CI gate given the wrong runs fails, as with sweeps.
    if let empty = comparisons.first(where: { $0.onlyInBase.count == base.tests.count }) {
      func some(_ ids: [String]) -> String { ids.first.map { ", first \($0)" } ?? "" }
      throw BenchError.data(
        "compare: BASE (\(empty.baseLabel)) and NEW (\(empty.newLabel)) have no test in common ("
          + "\(empty.onlyInBase.count) only in BASE\(some(empty.onlyInBase)); \(empty.onlyInNew.count) only in "
          + "NEW\(some(empty.onlyInNew))): nothing to compare; give runs of the same corpus")
    }
    for comparison in comparisons {
      var text =
        switch format {
        case "md": comparison.markdown()
        case "json": try JSONFormat.document(comparison)
        default: comparison.text
        }
      if text.hasSuffix("\n") { text.removeLast() }
      output(text)
    }
    let statuses = comparisons.map(\.exitStatus)
    if statuses.contains(.regression) { return .regression }
    return statuses.contains(.improvementsOnly) ? .improvementsOnly : .success
  }

  /// Merges corpus runs (shards, or one run per toolchain).
  func merge(
    _ inputs: [(label: String, record: CorpusRecord)], into destination: String,
    parsed: ParsedArguments<MergeCommand.Options>, context: CommandContext
  ) throws -> ExitStatus {
    let (allowMismatch, output) = (parsed[\.allowMismatch], context.output)
    let merged = try CompareCommand.mapCompareError {
      try CorpusMerge.merge(
        inputs, runID: RecordID.sanitized(URL(fileURLWithPath: destination).lastPathComponent),
        allowMismatch: allowMismatch)
    }
    let (folder, lock) = try MergeCommand.claimDestination(destination)
    defer { lock.release() }
    let report = CorpusReport(merged)
    let files = try report.files()
    try folder.write(files: files)
    output(
      "Merged \(inputs.count) corpus runs (\(merged.tests.count) tests, \(merged.samples.count) compiles) into \(destination)"
    )
    for line in report.headline { output(line) }
    return .success
  }
}
