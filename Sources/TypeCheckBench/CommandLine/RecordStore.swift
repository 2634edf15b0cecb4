import Escaping
import Foundation
import Generators
import TypeCheckBenchCore

/// The one reader of run records on disk: a run folder or its run.json is decoded by the kind it names, looked up in
/// the table of kinds (`BenchCommandLine.kinds`), and checked by that kind; every command asks here. Every problem is
/// one line naming the file (`BenchError.data`, exit status 65): a file that cannot be read, a kind this bench does
/// not know, a record that does not decode or check, a record of a kind the command does not read.
public enum RecordStore {
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
    let name = RecordHeader.kindName(in: data)
    guard let kind = BenchCommandLine.kinds.first(where: { $0.recordName == name }) else {
      let known = BenchCommandLine.kinds.map(\.title)
      let list = known.dropLast().joined(separator: ", ") + (known.count > 1 ? " and " : "") + (known.last ?? "")
      throw BenchError.data(
        "\(file.path): a record of kind '\(name ?? "")', which this bench does not read (it reads \(list) runs)")
    }
    return StoredRecord(file: file, kind: kind, record: try kind.decode(data, file: file, families: families))
  }

  /// Reads the records of `paths`, in order (the first problem throws).
  public static func read(_ paths: [String], families: FamilySet = .builtIn) throws -> [StoredRecord] {
    try paths.map { try read(URL(fileURLWithPath: $0), families: families) }
  }

  /// Reads a record of `kind`.
  /// - Throws: `BenchError.data` with one line naming the file, also for a record of another kind (`kind`'s refusal).
  static func read<Kind: RunKind>(_ url: URL, as kind: Kind, families: FamilySet = .builtIn) throws -> Kind.Record {
    try kind.record(of: read(url, families: families))
  }

  /// Reads a sweep run (`bench run`, `bench fidelity`, `bench merge` of sweeps).
  /// - Throws: `BenchError.data` with one line naming the file, also for a record of another kind.
  public static func sweep(_ url: URL, families: FamilySet = .builtIn) throws -> RunRecord {
    try read(url, as: SweepKind(), families: families)
  }

  /// Reads a corpus run (`bench corpus`).
  /// - Throws: `BenchError.data` with one line naming the file, also for a record of another kind.
  public static func corpus(_ url: URL) throws -> CorpusRecord {
    try read(url, as: CorpusKind())
  }

  /// The one kind of all of `records` (at least one), which a command that takes several runs reads together.
  /// - Throws: `BenchError.usage(mixed(kind))` when they are of several kinds, `kind` the one of them latest in the
  ///   table.
  static func oneKind(_ records: [StoredRecord], mixed: (any RunKind) -> String) throws -> any RunKind {
    let kinds = BenchCommandLine.kinds.filter { kind in records.contains { $0.kind.title == kind.title } }
    guard let last = kinds.last else { throw BenchError.software("no record to read") }
    guard kinds.count == 1 else { throw BenchError.usage(mixed(last)) }
    return last
  }
}
