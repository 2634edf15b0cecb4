import Foundation
import TypeCheckBenchCore

/// The stages `bench run`, `bench corpus` and `bench fidelity` share, each stated once: claim a run folder and its
/// lock, give it back when nothing was measured, continue from its journal, check the compilers are the ones the
/// run started with, and write the rendered files.
extension RunFolder {
  /// Claims the folder of a new run, locked: `output` when given (new, empty or bench's and holding no run), else a
  /// new folder named `base` under `results`.
  /// - Returns: the folder, its lock (hold it until the run ends), and whether the folder existed before.
  static func claimNew(output: String?, results: String, base: String) throws -> (
    folder: RunFolder, lock: FolderLock, existed: Bool
  ) {
    let existed = output.map { FileManager.default.fileExists(atPath: $0) } ?? false
    let (folder, lock) =
      if let output {
        try use(URL(fileURLWithPath: output))
      } else {
        try create(under: URL(fileURLWithPath: results), base: base)
      }
    return (folder, lock, existed)
  }

  /// Takes back what a run that failed before its first compile made: its cases and scratch folders, and the folder
  /// itself when the run made it (`existed` false), so no run is left behind.
  func discardUnstarted(existed: Bool) {
    for leftover in [casesURL, scratchURL] { try? FileManager.default.removeItem(at: leftover) }
    if !existed { try? FileManager.default.removeItem(at: url) }
  }

  /// The samples a resumed run already has: its journal (repaired first, a torn last line removed and said so with
  /// `torn`) joined to `recorded`, the first of each. The journal is the truth: a record written at the end of an
  /// interrupted run holds the same samples. `torn` says, from the bytes removed, what follows "removed a torn last
  /// line ".
  ///
  /// A folder deleted while its run measured is written again by the run's end (run.json holds every sample), but
  /// without its journal and marker: the samples run.json holds and the journal lacks are appended to it, and the
  /// marker written, each said in one line, so that the resumed run's journal is whole (`report --check`).
  func samplesTaken(recorded: [TypeCheckSample], output: (String) -> Void, torn: (Int) -> String) throws
    -> [TypeCheckSample]
  {
    if case .truncated(let bytes) = try SampleJournal.repair(journalURL) {
      output("Repaired \(journalURL.path): removed a torn last line \(torn(bytes))")
    }
    let journaled = try SampleJournal.read(journalURL)
    let keys = Set(journaled.map(SampleKey.init))
    let missing = SampleKey.firstOfEach(recorded).filter { !keys.contains(SampleKey($0)) }
    if !missing.isEmpty {
      let journal = try SampleJournal(url: journalURL)
      for sample in missing { try journal.append(sample) }
      output(
        "Restored \(journalURL.path): \(missing.count) sample\(missing.count == 1 ? "" : "s") run.json holds "
          + "\(missing.count == 1 ? "was" : "were") missing from it")
    }
    if OutputFolder.marker(in: url) == nil {
      try OutputFolder.writeMarker(.run, in: url)
      output("Restored \(url.appendingPathComponent(OutputFolder.markerName).path), the mark of a run folder")
    }
    return SampleKey.firstOfEach(recorded + journaled)
  }

  /// Writes rendered `files` (paths relative to the folder), each atomically, in path order.
  func write(files: [String: String]) throws {
    try AtomicFile.write(files: files, in: url)
  }
}

extension ToolchainInfo {
  /// Checks that this recorded compiler is still the one at its path, for a resume: the same version text and, with
  /// `comparingFiles` when the record has a fingerprint, the same files (a compiler replaced in place, or the root
  /// behind a wrapper upgraded, is another compiler).
  /// - Throws: `BenchError.usage` naming the compiler when it changed.
  func checkUnchanged(comparingFiles: Bool) throws {
    let now = try ToolchainLocator.inspect(swiftcPath: swiftcPath, name: name, extraFlags: extraFlags)
    let sameFiles =
      !comparingFiles || executableFingerprint == nil || now.executableFingerprint == executableFingerprint
    guard now.versionText == versionText, sameFiles else {
      throw BenchError.usage(ToolchainClaim.resumeRefusal(recorded: self, now: now))
    }
  }
}
