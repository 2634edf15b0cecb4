import Foundation
import Generators
import TypeCheckBenchCore

/// `bench report RUN --check` for a sweep run: how a folder differs from what this bench writes for its record.
///
/// The formats compared are those the folder holds a file of (`ReportFormat.held(in:)`), unless `--format` names
/// them: a run written before a format existed is checked without it, and one that holds any of a format's files
/// must hold all of them. The reports, run.json and `cases/reproduce.sh` are compared byte for byte (run.json in the
/// record layout, or in the pretty-printed layout bench wrote before it: the same record). A generated source (a case file, a framework
/// module) is compared byte for byte when the folder holds it; a committed run keeps its record, not its generated
/// sources, and then the source is regenerated from run.json and checked against what the run recorded of it: each
/// sample's cache key hashes the source it compiled (the case file and the modules it imports), and each module's
/// name ends with a hash of its source. So a generator change that would change a measured source is caught either
/// way.
enum RunFolderCheck {
  /// What the check found.
  struct Outcome {
    /// In path order; empty when the folder is what this bench writes.
    var differences: [RunFolderContents.Difference]
    /// How many files were compared or regenerated (the union of expected and present paths).
    var fileCount: Int
    /// How many files under `cases/` the folder holds or regenerates, `reproduce.sh` included.
    var caseFileCount: Int
    /// How many of them the folder does not hold and were regenerated from run.json and checked as measured.
    var regeneratedCount: Int
  }

  /// Compares `actual` (the folder's files by relative path, as `ReportCommand.folderFiles` reads them) with what
  /// this bench writes for `record` in `formats`, run.json always; nil `formats` are those the folder holds
  /// (`ReportFormat.held(in:)`), so a format bench gained after the run was written is not asked of it. The files of
  /// a format not compared are left out (with `formats` given, the folder may hold more), and the folder's formats
  /// are rendered together, as bench wrote them (report.md links the charts of a folder that holds them).
  /// - Throws: what rendering throws (a record that cannot be encoded).
  static func check(_ record: RunRecord, formats: Set<ReportFormat>?, actual: [String: String]) throws -> Outcome {
    let folderFormats = ReportFormat.held(in: actual.keys)
    let compared = (formats ?? folderFormats).union([.json])
    let isCompared = { (path: String) in ReportFormat(file: path).map(compared.contains) ?? true }
    let sources = RunFolderContents.Sources(of: record)
    var expected = try RunFolderContents.files(of: record, formats: compared.union(folderFormats), sources: sources)
      .filter {
        isCompared($0.key)
      }
    var actual = actual.filter { isCompared($0.key) }
    if let found = actual["run.json"], found != expected["run.json"],
      found.utf8.elementsEqual(try ReportRenderer.legacyRunJSON(record).utf8)
    {
      actual["run.json"] = expected["run.json"]
    }
    let caseFileCount = expected.keys.filter { $0.hasPrefix("cases/") }.count
    // The generated sources the folder does not hold: checked against the record instead of byte for byte.
    let regenerated = Set(
      expected.keys.filter { $0.hasPrefix("cases/") && $0.hasSuffix(".swift") && actual[$0] == nil })
    for path in regenerated { expected[path] = nil }
    var differences = RunFolderContents.differences(expected: expected, actual: actual)
    // Every measured case's samples are held to their cache keys, the files the folder holds too: a key hashes the
    // compiler (path, version text, fingerprint), the host and the measurement version as well as the source, so a
    // run.json edited to claim another compiler is caught even where the case files are kept.
    let held = Set(sources.cases.map { "cases/" + $0.fileName }).subtracting(regenerated)
    differences += measuredSourceDifferences(record, sources: sources, regenerated: regenerated, held: held)
    differences += moduleNameDifferences(record, sources: sources)
    return Outcome(
      differences: differences.sorted { $0.path < $1.path },
      fileCount: Set(expected.keys).union(actual.keys).count
        + regenerated.count,
      caseFileCount: caseFileCount, regeneratedCount: regenerated.count)
  }

  /// The case files among `regenerated` whose source is not the one their samples measured, by cache key; a case
  /// whose samples carry no cache key (measured before keys existed) cannot be checked, and its file is missing. A
  /// toolchain none of whose samples has its key while another toolchain's samples have theirs is named instead of
  /// its cases (`toolchainNotAsMeasured`): the record names another compiler than the one that measured them.
  /// `held` are case files the folder holds (compared byte for byte already): their keys are checked too, and one
  /// without keys is no difference.
  static func measuredSourceDifferences(
    _ record: RunRecord, sources: RunFolderContents.Sources, regenerated: Set<String>, held: Set<String> = []
  ) -> [RunFolderContents.Difference] {
    let host = SampleCache.Host(record.provenance)
    let toolchains = Dictionary(record.toolchains.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
    let samplesByCase = Dictionary(grouping: record.samples, by: \.caseID)
    var differences: [RunFolderContents.Difference] = []
    // Per toolchain, how many keyed samples have the key run.json's fields give, and how many do not.
    var matching: [String: Int] = [:]
    var mismatching: [String: [String]] = [:]
    for generated in sources.cases {
      let path = "cases/" + generated.fileName
      guard regenerated.contains(path) || held.contains(path), let samples = samplesByCase[generated.spec.id]
      else { continue }
      let keyed = samples.filter { $0.cacheKey != nil }
      guard !keyed.isEmpty else {
        if regenerated.contains(path) { differences.append(.init(path: path, kind: .missing)) }
        continue
      }
      let source = generated.measuredSource
      var keys: [String: String] = [:]
      for sample in keyed {
        guard let toolchain = toolchains[sample.toolchain] else {
          mismatching[sample.toolchain, default: []].append(path)
          continue
        }
        let key =
          keys[sample.toolchain]
          ?? SampleCache.key(
            source: source, toolchain: toolchain, measurementVersion: record.provenance.measurementVersion,
            host: host, metering: record.instructionMetering)
        keys[sample.toolchain] = key
        if sample.cacheKey == key {
          matching[sample.toolchain, default: 0] += 1
        } else {
          mismatching[sample.toolchain, default: []].append(path)
        }
      }
    }
    let sourcesHold = matching.values.contains { $0 > 0 }
    var notAsMeasured: Set<String> = []
    for (name, paths) in mismatching.sorted(by: { $0.key < $1.key }) {
      if sourcesHold && matching[name, default: 0] == 0, let toolchain = toolchains[name] {
        differences.append(.init(path: "run.json", kind: .toolchainNotAsMeasured(toolchain.assignmentLabel)))
      } else {
        notAsMeasured.formUnion(paths)
      }
    }
    differences += notAsMeasured.sorted().map { .init(path: $0, kind: .notAsMeasured) }
    return differences
  }

  /// The modules the run built (its module builds) that this bench does not generate for its cases.
  static func moduleNameDifferences(
    _ record: RunRecord, sources: RunFolderContents.Sources
  ) -> [RunFolderContents.Difference] {
    guard record.frameworkForm == .module, !record.moduleBuilds.isEmpty else { return [] }
    let generated = Set(sources.modules.map(\.name))
    return Set(record.moduleBuilds.map(\.module)).subtracting(generated).sorted().map {
      .init(path: "cases/\($0).swift", kind: .moduleNotGenerated)
    }
  }
}
