import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

/// The one reader of run records on disk: a run folder or its run.json is decoded by the kind it names and checked,
/// and every command asks here. Every problem is one line naming the file (`BenchError.data`, exit status 65): a
/// file that cannot be read, a kind this bench does not know, a record that does not decode or check.
public enum RecordStore {
  /// The kinds a run.json may name, with the command that writes each (for messages).
  enum Kind: String {
    case sweep
    case corpus

    /// The kind `data` names: a record without `kind` is a sweep run; nil for a kind this bench does not know.
    static func named(in data: Data) -> (kind: Kind?, name: String) {
      // Records write their keys sorted, so a corpus record's `"kind"` comes within its first lines; a sweep record
      // has no such key, and is not decoded twice.
      guard data.prefix(65_536).range(of: Data("\"kind\"".utf8)) != nil else { return (.sweep, "") }
      struct Header: Decodable { var kind: String? }
      guard let name = (try? JSONFormat.decode(Header.self, from: data))?.kind else { return (.sweep, "") }
      return (name == CorpusRecord.kindName ? .corpus : nil, name)
    }
  }

  /// The run.json of `url`: the file itself, or the one in the folder `url` names.
  public static func recordURL(_ url: URL) -> URL {
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue {
      return url.appendingPathComponent("run.json")
    }
    return url
  }

  /// Reads the record of `url` (a run folder or its run.json), whatever its kind; a sweep's cases' families are
  /// among `families`.
  /// - Throws: `BenchError.data` with one line naming the file.
  public static func read(_ url: URL, families: FamilySet = .builtIn) throws -> StoredRecord {
    let file = recordURL(url)
    guard let data = FileManager.default.contents(atPath: file.path) else {
      throw BenchError.data("\(file.path): cannot read the file (missing or unreadable)")
    }
    switch Kind.named(in: data) {
    case (.sweep?, _): return StoredRecord(file: file, content: .sweep(try sweep(data, file: file, families: families)))
    case (.corpus?, _): return StoredRecord(file: file, content: .corpus(try corpus(data, file: file)))
    case (nil, let name):
      throw BenchError.data(
        "\(file.path): a record of kind '\(name)', which this bench does not read (it reads sweep and corpus runs)")
    }
  }

  /// Reads the records of `paths`, in order (the first problem throws).
  public static func read(_ paths: [String], families: FamilySet = .builtIn) throws -> [StoredRecord] {
    try paths.map { try read(URL(fileURLWithPath: $0), families: families) }
  }

  /// Reads a sweep run (`bench run`, `bench fidelity`, `bench merge` of sweeps).
  /// - Throws: `BenchError.data` with one line naming the file, also for a record of another kind.
  public static func sweep(_ url: URL, families: FamilySet = .builtIn) throws -> RunRecord {
    try sweepRecord(read(url, families: families))
  }

  /// Reads a corpus run (`bench corpus`).
  /// - Throws: `BenchError.data` with one line naming the file, also for a record of another kind.
  public static func corpus(_ url: URL) throws -> CorpusRecord {
    let stored = try read(url)
    guard let record = stored.corpus else {
      throw BenchError.data("\(stored.file.path): not a corpus run record this bench reads")
    }
    return record
  }

  /// The corpus runs among `records` when they all are, nil when none is.
  /// - Throws: `BenchError.usage(mixed)` when some are corpus runs and some are not.
  public static func corpusRuns(_ records: [StoredRecord], mixed: String) throws -> [CorpusRecord]? {
    let corpora = records.compactMap(\.corpus)
    if corpora.isEmpty { return nil }
    guard corpora.count == records.count else { throw BenchError.usage(mixed) }
    return corpora
  }

  /// The sweep run of `stored`.
  /// - Throws: `BenchError.data` naming the file when it holds another kind.
  public static func sweepRecord(_ stored: StoredRecord) throws -> RunRecord {
    guard let record = stored.sweep else {
      throw BenchError.data(
        "\(stored.file.path): a corpus run (bench corpus); bench report, compare and merge read it, this command "
          + "does not")
    }
    return record
  }

  private static func sweep(_ data: Data, file: URL, families: FamilySet) throws -> RunRecord {
    do {
      return try RecordValidation.decodeRecord(data, families: families)
    } catch {
      throw BenchError.data("\(file.path): \(error)")
    }
  }

  private static func corpus(_ data: Data, file: URL) throws -> CorpusRecord {
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
}
