import Generators

/// What a run folder holds for a record, file by file: the reports `bench report` renders from `run.json`, and the
/// `cases/` a run writes (each measured case's file, each framework module's source once, `reproduce.sh`). A
/// published run is reproducible when its folder holds exactly these bytes, less the generated sources, which a
/// committed run does not keep: `RunFolderCheck` checks those against what run.json recorded of them.
public enum RunFolderContents {
  /// The sources a run of `record` generates: the case of every case with a sample (a run writes a case's file when
  /// it first compiles it, so cases beyond a censored point have none), and in module form every module once.
  public struct Sources {
    public var form: FrameworkForm
    public var cases: [GeneratedCase]
    public var modules: [FrameworkModule]

    public init(of record: RunRecord) {
      form = record.frameworkForm
      let measured = Set(record.samples.map(\.caseID))
      cases = record.cases.filter { measured.contains($0.id) }.map {
        CaseGenerator.generate($0, form: record.frameworkForm)
      }
      modules = record.frameworkForm == .module ? CaseGenerator.modules(for: record.cases) : []
    }

    /// The files under `cases/`, keyed by path relative to the run folder: each case's, and with modules each
    /// module's source and `reproduce.sh`.
    public var files: [String: String] {
      var files: [String: String] = [:]
      for generated in cases { files["cases/" + generated.fileName] = generated.source }
      if form == .module {
        files["cases/reproduce.sh"] = ReproduceScript.text(for: modules)
        for module in modules { files["cases/" + module.fileName] = module.source }
      }
      return files
    }
  }

  /// The `cases/reproduce.sh` a run of `record` writes (in module form), without generating its cases; nil in inline
  /// form.
  public static func reproduceScript(of record: RunRecord) -> String? {
    record.frameworkForm == .module ? ReproduceScript.text(for: CaseGenerator.modules(for: record.cases)) : nil
  }

  /// The files under `cases/` a run of `record` writes (`Sources.files`).
  public static func cases(of record: RunRecord) -> [String: String] { Sources(of: record).files }

  /// Every file a run folder holds for `record`: `run.json`, the reports of `formats` and the cases (`sources`, the
  /// record's own when not given).
  /// - Throws: what rendering throws (a record that cannot be encoded).
  public static func files(
    of record: RunRecord, formats: Set<ReportFormat>, sources: Sources? = nil
  ) throws -> [String: String] {
    try ReportRenderer.render(record, formats: formats.union([.json])).files.merging(
      (sources ?? Sources(of: record)).files
    ) { $1 }
  }

  /// One way a folder's file differs from what bench writes.
  public struct Difference: Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
      /// bench writes the file; the folder lacks it.
      case missing
      /// The folder holds a file bench does not write for this record.
      case unexpected
      /// Both exist; the first differing line (1-based).
      case differs(line: Int)
      /// A case file the folder does not hold (a committed run keeps its record, not its generated sources), which
      /// this bench regenerates other than the run measured it: the samples' cache keys name another source.
      case notAsMeasured
      /// A framework module the run built that this bench does not generate: its name ends with a hash of its
      /// source, so the framework's source has changed since.
      case moduleNotGenerated
      /// run.json names a toolchain (described) none of whose samples was measured with it, while the other
      /// toolchains' samples were with theirs: their cache keys hash another compiler path, version or fingerprint.
      case toolchainNotAsMeasured(String)
    }

    /// Path relative to the run folder.
    public var path: String
    public var kind: Kind

    public init(path: String, kind: Kind) {
      self.path = path
      self.kind = kind
    }

    public var description: String {
      switch kind {
      case .missing: "\(path) is missing"
      case .unexpected: "\(path) is not a file bench writes for this record"
      case .differs(let line): "\(path) differs from what bench writes, from line \(line)"
      case .notAsMeasured:
        "\(path), as this bench generates it from run.json, differs from what the run measured: its samples' cache keys "
          + "name another source, compiler or host (the generator changed since, or run.json's toolchains, host or "
          + "measurement version were edited)"
      case .toolchainNotAsMeasured(let toolchain):
        "run.json names the toolchain \(toolchain), and none of its samples was measured with that compiler: their "
          + "cache keys hash another compiler path, version text or fingerprint (was run.json edited?)"
      case .moduleNotGenerated:
        "\(path) differs: the run built this module, and this bench generates no module of that name (its source "
          + "changed since)"
      }
    }
  }

  /// The differences between what bench writes (`expected`) and what a folder holds (`actual`), in path order,
  /// compared byte for byte (Swift's `==` on strings would call canonically equivalent spellings equal).
  public static func differences(expected: [String: String], actual: [String: String]) -> [Difference] {
    Set(expected.keys).union(actual.keys).sorted().compactMap { path in
      switch (expected[path], actual[path]) {
      case (nil, _): Difference(path: path, kind: .unexpected)
      case (_, nil): Difference(path: path, kind: .missing)
      case (let wanted?, let found?):
        wanted.utf8.elementsEqual(found.utf8)
          ? nil : Difference(path: path, kind: .differs(line: firstDifferingLine(wanted, found)))
      }
    }
  }

  /// The 1-based number of the first line at which `a` and `b` differ (one past the shorter when one is a prefix).
  static func firstDifferingLine(_ a: String, _ b: String) -> Int {
    let left = a.split(separator: "\n", omittingEmptySubsequences: false)
    let right = b.split(separator: "\n", omittingEmptySubsequences: false)
    for index in 0..<min(left.count, right.count) where !left[index].utf8.elementsEqual(right[index].utf8) {
      return index + 1
    }
    return min(left.count, right.count) + 1
  }
}
