import Foundation
import Generators
import TypeCheckBenchCore

extension RunCommand {
  /// The samples of the run at `url` (record and journal), for `--reuse`.
  /// - Throws: `BenchError.data` for an unreadable record, `BenchError.usage` when its `--jobs` differs from `jobs`
  ///   (wall times measured in parallel and alone do not mix).
  static func reusableSamples(
    _ url: URL, jobs: Int, families: FamilySet
  ) throws -> (path: String, samples: [TypeCheckSample]) {
    let record = try RecordStore.sweep(url, families: families)
    guard record.provenance.jobs == jobs else {
      throw BenchError.usage(
        "--reuse: \(url.path) was measured with --jobs \(record.provenance.jobs) and this run uses --jobs \(jobs); "
          + "their wall times do not mix")
    }
    var isFolder: ObjCBool = false
    let folderURL =
      FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) && isFolder.boolValue
      ? url : url.deletingLastPathComponent()
    let journal = try SampleJournal.read(RunFolder(url: folderURL).journalURL)
    return (url.path, record.samples + journal)
  }

  /// The samples of `source` that `record` can take as they are (same source, compiler, flags, host), journaled in
  /// `folder` like measured ones so that a resume of this run keeps them.
  static func reuse(
    _ source: (path: String, samples: [TypeCheckSample]), for record: RunRecord, in folder: RunFolder,
    output: (String) -> Void
  ) throws -> [TypeCheckSample] {
    let reused = SampleCache.reusable(from: source.samples, for: record, casesFolder: folder.casesURL)
    let journal = try SampleJournal(url: folder.journalURL)
    for sample in reused { try journal.append(sample) }
    output("Reusing \(reused.count) samples from \(source.path).")
    return reused
  }
}
